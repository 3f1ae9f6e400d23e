// Go's math.Pow, Exp and Log on amd64, in float64 steps (see go_math.hpp).
#include "functions/go_math.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace hclschema::detail {

namespace {

double from_bits(uint64_t b) {
  double d = 0;
  std::memcpy(&d, &b, sizeof d);
  return d;
}
uint64_t to_bits(double d) {
  uint64_t b = 0;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

}  // namespace

// The Shibata / SLEEF method: reduce by k*ln2 (in two parts), divide by 16, a Taylor polynomial
// for e^r - 1, square back up four times via (e^r - 1)(e^r + 1), scale by 2^k.
double go_exp(double x) {
  if (std::isnan(x) || x == HUGE_VAL) return x;
  if (x == -HUGE_VAL) return 0;
  if (x > 7.09782712893384e+02) return HUGE_VAL;
  constexpr double log2e = 1.4426950408889634073599246810018920;
  constexpr double ln2_hi = 0.69314718055966295651160180568695068359375;
  constexpr double ln2_lo = 0.28235290563031577122588448175013436025525412068e-12;
  // CVTSD2SL rounds to nearest even (and gives INT32_MIN out of range).
  double scaled = x * log2e;
  int32_t k = (std::fabs(scaled) < 2147483647.0) ? static_cast<int32_t>(std::nearbyint(scaled)) : INT32_MIN;
  double kd = k;
  double r = std::fma(-ln2_hi, kd, x);
  r = std::fma(-ln2_lo, kd, r);
  r *= 0.0625;
  double p = 2.4801587301587301587e-5;
  p = std::fma(p, r, 1.9841269841269841270e-4);
  p = std::fma(p, r, 1.3888888888888888889e-3);
  p = std::fma(p, r, 8.3333333333333333333e-3);
  p = std::fma(p, r, 4.1666666666666666667e-2);
  p = std::fma(p, r, 1.6666666666666666667e-1);
  p = std::fma(p, r, 0.5);
  p = std::fma(p, r, 1.0);
  r *= p;
  r *= r + 2.0;
  r *= r + 2.0;
  r *= r + 2.0;
  r = std::fma(r, r + 2.0, 1.0);
  int64_t biased = static_cast<int64_t>(k) + 0x3FF;
  if (biased <= 0) {
    if (biased < -52) return 0;
    r *= from_bits(static_cast<uint64_t>(biased + 0x3FE) << 52);
    biased = 1;
  } else if (biased >= 0x7FF) {
    return HUGE_VAL;
  }
  return r * from_bits(static_cast<uint64_t>(biased) << 52);
}

// FreeBSD's e_log.c as Go's assembly has it: the mantissa and exponent straight from the bits.
double go_log(double x) {
  uint64_t bits = to_bits(x);
  if ((bits & ~(uint64_t{1} << 63)) == 0) return -HUGE_VAL;
  if (static_cast<int64_t>(bits) < 0) return std::nan("");
  if (bits >= 0x7FF0000000000000ULL) return x;
  double f1 = from_bits((bits & 0x000FFFFFFFFFFFFFULL) | 0x3FE0000000000000ULL);
  double k = static_cast<double>(static_cast<int>((bits >> 52) & 0x7FF) - 0x3FE);
  if (!(0.70710678118654752440 < f1)) {  // CMPSD's "not less than": f1 <= sqrt(2)/2
    k -= 1;
    f1 *= 2;
  }
  double f = f1 - 1;
  double s = f / (2.0 + f);
  double s2 = s * s;
  double s4 = s2 * s2;
  double t1 = 1.479819860511658591e-01 * s4;
  t1 += 1.818357216161805012e-01;
  t1 *= s4;
  t1 += 2.857142874366239149e-01;
  t1 *= s4;
  t1 += 6.666666666666735130e-01;
  t1 = s2 * t1;
  double t2 = 1.531383769920937332e-01 * s4;
  t2 += 2.222219843214978396e-01;
  t2 *= s4;
  t2 += 3.999999999940941908e-01;
  t2 = s4 * t2;
  double big_r = t1 + t2;
  double hfsq = 0.5 * f;
  hfsq *= f;
  double a = s * (hfsq + big_r);
  a += k * 1.90821492927058770002e-10;
  double b = hfsq - a;
  b -= f;
  return k * 6.93147180369123816490e-01 - b;
}

double go_pow(double x, double y) {
  auto is_odd_int = [](double v) {
    if (std::fabs(v) >= 0x1p53) return false;
    double i = 0;
    return std::modf(v, &i) == 0 && std::fmod(i, 2) != 0;
  };
  if (y == 0 || x == 1) return 1;
  if (y == 1) return x;
  if (std::isnan(x) || std::isnan(y)) return std::nan("");
  if (x == 0) {
    if (y < 0) return is_odd_int(y) ? std::copysign(HUGE_VAL, x) : HUGE_VAL;
    return is_odd_int(y) ? x : 0;
  }
  if (std::isinf(y)) {
    if (x == -1) return 1;
    return (std::fabs(x) < 1) == (y > 0) ? 0 : HUGE_VAL;
  }
  if (std::isinf(x)) {
    if (x < 0) return go_pow(1 / x, -y);
    return y < 0 ? 0 : HUGE_VAL;
  }
  if (y == 0.5) return std::sqrt(x);
  if (y == -0.5) return 1 / std::sqrt(x);
  double whole = 0;
  double frac = std::modf(std::fabs(y), &whole);
  if (frac != 0 && x < 0) return std::nan("");
  if (whole >= 0x1p63) {
    if (x == -1) return 1;
    return (std::fabs(x) < 1) == (y > 0) ? 0 : HUGE_VAL;
  }
  double mant = 1;  // the answer is mant * 2^exp
  long exp = 0;
  if (frac != 0) {
    if (frac > 0.5) {
      frac -= 1;
      whole += 1;
    }
    mant = go_exp(frac * go_log(x));
  }
  int xe_int = 0;
  double xm = std::frexp(x, &xe_int);
  long xe = xe_int;
  for (auto i = static_cast<int64_t>(whole); i != 0; i >>= 1) {
    if (xe < -(1L << 12) || (1L << 12) < xe) {
      // Certain overflow or underflow: ldexp below saturates.
      exp += xe;
      break;
    }
    if (i & 1) {
      mant *= xm;
      exp += xe;
    }
    xm *= xm;
    xe <<= 1;
    if (xm < 0.5) {
      xm += xm;
      --xe;
    }
  }
  if (y < 0) {
    mant = 1 / mant;
    exp = -exp;
  }
  // Go's Ldexp takes any int; clamp so the C one sees the same saturation.
  if (exp > 100000) exp = 100000;
  if (exp < -100000) exp = -100000;
  return std::ldexp(mant, static_cast<int>(exp));
}

}  // namespace hclschema::detail
