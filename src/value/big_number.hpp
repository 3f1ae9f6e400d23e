// The MPFR side of Number (private): a 512-bit binary float, as go-cty's big.Float values.
#pragma once

#include <mpfr.h>

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

}  // namespace hclschema::detail
