// Whether this build runs under AddressSanitizer, for the few places that must behave differently
// there: memory recycled by hand hides the use-after-free reports ASan exists for, and a memory
// ceiling would refuse the terabytes of shadow memory ASan reserves. GCC says so with a macro,
// clang with __has_feature.
#pragma once

namespace hclschema::detail {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool k_address_sanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool k_address_sanitizer = true;
#else
inline constexpr bool k_address_sanitizer = false;
#endif
#else
inline constexpr bool k_address_sanitizer = false;
#endif

}  // namespace hclschema::detail
