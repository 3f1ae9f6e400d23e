// cty numbers: arbitrary-precision binary floating point with 512-bit mantissas, as go-cty's
// big.Float values. Integers that fit in an int64 take a fast path that never allocates; anything
// else (fractions, huge integers, -0, infinities) lives in an opaque shared big representation.
#pragma once

#include <compare>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "hclschema/value/payload_ref.hpp"

namespace hclschema {

class Number {
 public:
  Number() = default;  // 0
  Number(int64_t v) : small_(v) {}  // NOLINT: implicit on purpose, numbers are values

  // cty.ParseNumberVal: decimal text ([sign] digits [. digits] [e [sign] digits], or Inf/inf with
  // an optional sign), rounded to nearest even at 512 bits. nullopt on bad text.
  static std::optional<Number> parse(std::string_view text);
  static Number from_double(double v);
  static Number infinity(bool negative);

  // Decimal text as cty's JSON encoding and string conversion write it (big.Float Text('f', -1)):
  // the shortest digits that identify the number at its precision, no exponent; "-0", "+Inf",
  // "-Inf". A number of more than max_digits digits (too_long_to_write_out) is written with an
  // exponent instead, as big.Float's Text('e', -1) ("1e+20000000"): its full text would take up
  // to 646 million bytes. The JSON encoding and the conversion to string refuse such a number.
  std::string to_string() const;
  // The most digits a number's decimal text may have to be written out in full: 1e19999999 and
  // 1e-19999999 have 20 million (counting the 0 before the point).
  static constexpr uint64_t max_digits = 20'000'000;
  // The digits to_string's decimal text has, or would have beyond max_digits: before the point
  // (at least one) and after it, not the sign; 0 for an infinity. Microseconds whatever the size.
  uint64_t digit_count() const;
  bool too_long_to_write_out() const;
  // big.Float.String(): %.10g, used by cty to order sets of structured values.
  std::string to_g10_string() const;

  bool is_small() const { return !big_; }  // the allocation-free fast path
  std::optional<int64_t> small_value() const { return big_ ? std::nullopt : std::optional<int64_t>(small_); }
  bool is_integer() const;   // big.Float.IsInt: false for infinities
  bool is_infinity() const;
  bool is_negative() const;  // sign bit (true for -0)
  bool is_zero() const;
  std::optional<int64_t> to_int64() const;  // exact integers in range only
  double to_double() const;

  // cty's arithmetic (stdlib Add, Subtract, ...), rounded to nearest even at 512 bits. Operations
  // without a number as answer (inf - inf, 0 * inf, 0/0) give cty's message instead. divide: x/0
  // is an infinity. modulo: x % 0 is x; otherwise x - y*trunc(x/y).
  struct Result;
  static Result add(const Number& a, const Number& b);
  static Result subtract(const Number& a, const Number& b);
  static Result multiply(const Number& a, const Number& b);
  static Result divide(const Number& a, const Number& b);
  static Result modulo(const Number& a, const Number& b);
  Number negate() const;
  Number absolute() const;

  // Numeric order; -0 == 0.
  static int compare(const Number& a, const Number& b);
  friend bool operator==(const Number& a, const Number& b) { return compare(a, b) == 0; }
  friend std::strong_ordering operator<=>(const Number& a, const Number& b) { return compare(a, b) <=> 0; }

  const detail::BigNumber* big() const;  // internal use

 private:
  explicit Number(detail::PayloadRef<detail::BigNumber> big) : big_(std::move(big)) {}
  friend struct detail::BigNumber;
  int64_t small_ = 0;
  detail::PayloadRef<detail::BigNumber> big_;
};

struct Number::Result {
  std::optional<Number> value;
  std::string error;  // cty's message when value is empty
};

}  // namespace hclschema
