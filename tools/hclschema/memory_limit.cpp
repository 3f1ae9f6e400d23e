// The command-line tool's memory ceiling (see memory_limit.hpp).
#include "memory_limit.hpp"

#include <sys/resource.h>

#include <charconv>
#include <cstdlib>
#include <string_view>

#include "util/sanitizers.hpp"

namespace hclschema::cli {

MemoryLimit apply_memory_limit() {
  MemoryLimit limit;
  limit.mib = k_default_max_memory_mib;
  if (const char* text = std::getenv("HCLSCHEMA_MAX_MEMORY_MB")) {
    const std::string_view s(text);
    uint64_t mib = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), mib);
    // From 2^44 MiB on the byte count would not fit 64 bits; no machine has that much anyway.
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || mib >= (uint64_t{1} << 44)) {
      limit.error = "HCLSCHEMA_MAX_MEMORY_MB must be a whole number of MiB (0 for no ceiling), not '" + std::string(s) + "'";
      return limit;
    }
    limit.mib = mib;
  }
  // AddressSanitizer reserves terabytes of shadow memory, which a data ceiling would refuse.
  if (limit.mib == 0 || hclschema::detail::k_address_sanitizer) return limit;
  rlimit current{};
  if (getrlimit(RLIMIT_DATA, &current) != 0) return limit;
  const auto wanted = static_cast<rlim_t>(limit.mib << 20);
  if (current.rlim_cur != RLIM_INFINITY && current.rlim_cur <= wanted) {
    limit.mib = static_cast<uint64_t>(current.rlim_cur >> 20);  // already lower: kept
    limit.applied = true;
    return limit;
  }
  rlimit lowered = current;
  lowered.rlim_cur = current.rlim_max != RLIM_INFINITY && current.rlim_max < wanted ? current.rlim_max : wanted;
  limit.applied = setrlimit(RLIMIT_DATA, &lowered) == 0;
  if (limit.applied) limit.mib = static_cast<uint64_t>(lowered.rlim_cur >> 20);
  return limit;
}

}  // namespace hclschema::cli
