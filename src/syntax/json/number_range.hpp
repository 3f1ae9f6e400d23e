// Whether a syntactically valid JSON number is also one the reference can represent.
//
// The reference converts every number to a 512-bit binary float (cty.ParseNumberVal), which fails
// when the binary exponent does not fit in 32 bits, or the decimal exponent not in 64 bits; such a
// number is then an "Invalid JSON number". We keep the text, but reject exactly the same numbers.
#pragma once

#include <cstddef>
#include <string_view>

namespace hclschema::json::detail {

/// `text` must already match JSON's number grammar.
[[nodiscard]] bool number_in_range(std::string_view text);

/// number_in_range without its shortcut for numbers that have no exponent (for tests).
[[nodiscard]] bool number_in_range_exact(std::string_view text);

/// The longest number text without an exponent that number_in_range accepts without looking.
inline constexpr std::size_t kNoExponentAlwaysInRange = 100'000'000;

}  // namespace hclschema::json::detail
