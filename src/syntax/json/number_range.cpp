// The reference's number range limits; see number_range.hpp.
#include "syntax/json/number_range.hpp"

#include <cmath>
#include <cstdint>
#include <string>

#include <gmp.h>

namespace hclschema::json::detail {

bool number_in_range(std::string_view text) {
  // Without an exponent part the decimal exponent is 0 and the binary one is at most the
  // mantissa's bit length (below 3.33 bits per digit) and at least minus its fraction digits: in
  // range for any text up to 10^8 bytes. Almost every number is so; the rest takes the full path.
  if (text.size() > kNoExponentAlwaysInRange) return number_in_range_exact(text);
  for (char c : text)  // numbers are short: a plain loop beats two memchr calls
    if ((c | 0x20) == 'e') return number_in_range_exact(text);
  return true;
}

bool number_in_range_exact(std::string_view text) {
  size_t i = 0;
  if (i < text.size() && text[i] == '-') ++i;
  std::string_view int_part, frac_part, exp_part;
  size_t start = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  int_part = text.substr(start, i - start);
  if (i < text.size() && text[i] == '.') {
    start = ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    frac_part = text.substr(start, i - start);
  }
  bool exp_negative = false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) exp_negative = text[i++] == '-';
    exp_part = text.substr(i);
  }

  // The decimal exponent must fit in an int64, even when the mantissa is zero.
  // Accumulated negatively so that INT64_MIN itself fits.
  int64_t neg_exp = 0;
  for (char c : exp_part) {
    const int digit = c - '0';
    if (neg_exp < (INT64_MIN + digit) / 10) return false;
    neg_exp = neg_exp * 10 - digit;
  }
  if (!exp_negative && neg_exp == INT64_MIN) return false;
  const int64_t exp = exp_negative ? neg_exp : -neg_exp;

  // The mantissa is all digits taken as one integer; zero is always representable.
  std::string digits = std::string(int_part) + std::string(frac_part);
  size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return true;
  digits.erase(0, first);

  // Binary exponent = bit length of the mantissa - fractional digits + decimal exponent.
  // Lengths are far below 2^40, so an exponent beyond that decides alone (and keeps the sums
  // below in int64).
  constexpr int64_t kHuge = int64_t{1} << 40;
  if (exp > kHuge || exp < -kHuge) return false;
  const int64_t base = exp - static_cast<int64_t>(frac_part.size());
  constexpr int64_t kMin = INT32_MIN, kMax = INT32_MAX;
  // Bounds on the bit length from the digit count; exact (GMP) only when they disagree.
  const double d = static_cast<double>(digits.size());
  const auto lo = static_cast<int64_t>(std::floor((d - 1) * std::log2(10.0)));  // a little below the truth
  const auto hi = static_cast<int64_t>(std::ceil(d * std::log2(10.0))) + 1;       // a little above it
  if (base + lo >= kMin && base + hi <= kMax) return true;
  if (base + hi < kMin || base + lo > kMax) return false;
  mpz_t m;
  mpz_init(m);
  mpz_set_str(m, digits.c_str(), 10);
  const auto bits = static_cast<int64_t>(mpz_sizeinbase(m, 2));
  mpz_clear(m);
  return base + bits >= kMin && base + bits <= kMax;
}

}  // namespace hclschema::json::detail
