// The MPFR side of Number (private): a 512-bit binary float, as go-cty's big.Float values.
#pragma once

#include <mpfr.h>

#include <optional>
#include <string>
#include <string_view>

#include "hclschema/value/number.hpp"

namespace hclschema::detail {

inline constexpr mpfr_prec_t number_precision = 512;

struct BigNumber : PayloadHeader {
  mpfr_t v;
  BigNumber() { mpfr_init2(v, number_precision); }
  ~BigNumber() { mpfr_clear(v); }
  BigNumber(const BigNumber&) = delete;
  BigNumber& operator=(const BigNumber&) = delete;

  // Wraps an MPFR result, falling back to the allocation-free form for exact int64 integers.
  static Number make(const mpfr_t x);
  // Loads any Number into an initialised 512-bit MPFR variable.
  static void load(const Number& n, mpfr_t out);
};

// Number::parse's fast path for short decimals ("3.5", "-22.04", "1.5e3": [sign] digits [. digits]
// [e [sign] digits], 19 digits at most, a power of ten within ±19 in all), the same Number as the
// general MPFR parse; nullopt for any other text.
std::optional<Number> parse_short_decimal(std::string_view text);

// Whether n is beyond 2^±4608, so that its decimal text (over 1300 digits) is much larger than
// the number: the JSON encoding counts the digits of such numbers against Number::max_digits.
bool has_long_text(const Number& n);

// Number::to_string and to_g10_string computing every decimal digit of the number, as they do
// for ordinary numbers, even for one past 2^4608 or below 2^-3584 of which they otherwise compute the
// leading digits: for tests that check the two ways give the same text.
std::string to_string_all_digits(const Number& n);
std::string to_g10_string_all_digits(const Number& n);

}  // namespace hclschema::detail
