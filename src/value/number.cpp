// Number: int64 fast path plus 512-bit MPFR values, with go-cty's parsing, arithmetic and decimal
// formatting (big.Float's Text('f', -1) shortest digits and Text('g', 10)).
#include "hclschema/value/number.hpp"

#include <gmp.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "util/thread_table_drain.hpp"
#include "value/big_number.hpp"

namespace hclschema {

namespace detail {

namespace {
// big.Float's exponent range is that of an int32; MPFR's default is wider, so narrow it once.
struct ExponentRange {
  ExponentRange() {
    mpfr_set_emin(std::numeric_limits<int32_t>::min());
    mpfr_set_emax(std::numeric_limits<int32_t>::max());
  }
};
const ExponentRange exponent_range;

// A scratch MPFR variable on the stack for one computation.
struct Scratch {
  mpfr_t v;
  Scratch() { mpfr_init2(v, number_precision); }
  ~Scratch() { mpfr_clear(v); }
};
}  // namespace

Number BigNumber::make(const mpfr_t x) {
  if (mpfr_integer_p(x) && !(mpfr_zero_p(x) && mpfr_signbit(x)) && mpfr_fits_slong_p(x, MPFR_RNDN))
    return Number(static_cast<int64_t>(mpfr_get_si(x, MPFR_RNDN)));
  auto* big = new BigNumber();
  auto ref = PayloadRef<BigNumber>::adopt(big);  // owned from here on, before anything can throw
  mpfr_set(big->v, x, MPFR_RNDN);
  return Number(std::move(ref));
}

void free_payload(const PayloadHeader* header, const BigNumber*) { delete static_cast<const BigNumber*>(header); }

void BigNumber::load(const Number& n, mpfr_t out) {
  if (const BigNumber* b = n.big()) {
    mpfr_set(out, b->v, MPFR_RNDN);
  } else {
    mpfr_set_si(out, static_cast<long>(*n.small_value()), MPFR_RNDN);
  }
}

namespace {

// Go's math/big decimal: the value is 0.mant × 10^exp, mant without trailing zeros.
struct Decimal {
  std::string mant;
  long exp = 0;

  char at(long i) const { return (i >= 0 && i < static_cast<long>(mant.size())) ? mant[i] : '0'; }
  void trim() {
    while (!mant.empty() && mant.back() == '0') mant.pop_back();
    if (mant.empty()) exp = 0;
  }
  void round_down(long n) {
    if (n < 0 || n >= static_cast<long>(mant.size())) return;
    mant.resize(n);
    trim();
  }
  void round_up(long n) {
    if (n < 0 || n >= static_cast<long>(mant.size())) return;
    while (n > 0 && mant[n - 1] >= '9') --n;
    if (n == 0) {
      mant = "1";
      ++exp;
      return;
    }
    ++mant[n - 1];
    mant.resize(n);
  }
  // Half to even on the exact digits.
  void round(long n) {
    if (n < 0 || n >= static_cast<long>(mant.size())) return;
    bool up = (mant[n] == '5' && n + 1 == static_cast<long>(mant.size()))
                  ? (n > 0 && ((mant[n - 1] - '0') & 1) != 0)
                  : mant[n] >= '5';
    if (up) round_up(n); else round_down(n);
  }
};

// Exact decimal digits of |m| × 2^e2.
Decimal decimal_of_exact(const mpz_t m, long e2) {
  Decimal d;
  if (mpz_sgn(m) == 0) return d;
  mpz_t n;
  mpz_init(n);
  mpz_abs(n, m);
  if (e2 >= 0) {
    mpz_mul_2exp(n, n, static_cast<mp_bitcnt_t>(e2));
  } else {
    mpz_t p;
    mpz_init(p);
    mpz_ui_pow_ui(p, 5, static_cast<unsigned long>(-e2));
    mpz_mul(n, n, p);
    mpz_clear(p);
  }
  std::string s(mpz_sizeinbase(n, 10) + 2, '\0');
  mpz_get_str(s.data(), 10, n);
  s.resize(std::char_traits<char>::length(s.c_str()));
  mpz_clear(n);
  d.exp = static_cast<long>(s.size()) + (e2 < 0 ? e2 : 0);
  d.mant = std::move(s);
  d.trim();
  return d;
}

// How many leading digits the shortest-digit search and the rounding below ever read: a 512-bit
// number is identified by at most 155 significant digits, so the digits of x and of the bounds
// half an ulp either side of it differ by index 157 at the latest, and rounding reads one more.
constexpr long k_leading_digits = 200;

// The first k_leading_digits digits of |m| × 2^e2 with the right decimal exponent, then a '1' in
// place of the digits after them: for a number m × 2^e2 with |e2| > 4096 (many_digits), they are never all
// zeros (the exact digits, over 1233 of them, end in at most 220 zeros when e2 > 0, as only 5^220
// divides a 512-bit m, and in at most 512 when e2 < 0), so the Decimal reads as the exact one at
// every index below k_leading_digits, and its length says as the exact one's does that more
// digits follow (the shortest-digit search and the rounding ask no more). Writing out every digit
// of 1e9999999 takes seconds (GMP's base conversion of 33 million bits, three times); MPFR's
// correctly rounded conversion to 200 digits, rounding toward zero, takes microseconds whatever
// the exponent.
Decimal decimal_of_leading(const mpz_t m, long e2) {
  Decimal d;
  if (mpz_sgn(m) == 0) return d;
  // The bounds half an ulp from a number at the end of the exponent range lie just outside it.
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t x;
  mpfr_init2(x, std::max<mpfr_prec_t>(static_cast<mpfr_prec_t>(mpz_sizeinbase(m, 2)), MPFR_PREC_MIN));
  mpfr_set_z_2exp(x, m, e2, MPFR_RNDN);  // exact: as many bits as m has
  mpfr_abs(x, x, MPFR_RNDN);
  mpfr_exp_t exp10 = 0;
  char* digits = mpfr_get_str(nullptr, &exp10, 10, k_leading_digits, x, MPFR_RNDZ);
  mpfr_clear(x);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  d.mant = digits;
  mpfr_free_str(digits);
  d.exp = static_cast<long>(exp10);
  d.mant.push_back('1');
  return d;
}

// Whether a number m × 2^e2 (m of at most 512 bits) has so many digits that only its leading
// ones are computed: |e2| > 4096, so from 2^4608 (1e1387) up or below 2^-3584 (1e-1079).
bool many_digits(long e2) { return e2 > 4096 || e2 < -4096; }

thread_local bool all_digits_for_test = false;

// The digits of |m| × 2^e2 as far as the shortest-digit search and rounding read them.
Decimal decimal_of(const mpz_t m, long e2) {
  return many_digits(e2) && !all_digits_for_test ? decimal_of_leading(m, e2) : decimal_of_exact(m, e2);
}

Decimal decimal_of_small(int64_t v) {
  Decimal d;
  if (v == 0) return d;
  uint64_t u = v < 0 ? uint64_t(0) - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  d.mant = std::to_string(u);
  d.exp = static_cast<long>(d.mant.size());
  d.trim();
  return d;
}

// big.Float's shortest decimal that still identifies x at its precision (Go's roundShortest).
Decimal shortest_decimal(const mpfr_t x) {
  mpz_t m, t;
  mpz_init(m);
  mpz_init(t);
  long e = mpfr_get_z_2exp(m, x);  // x = m × 2^e, m with exactly the precision's bits
  mpz_abs(m, m);
  Decimal d = decimal_of(m, e);
  // Half an ulp either side: (2m ± 1) × 2^(e-1).
  mpz_mul_2exp(m, m, 1);
  mpz_sub_ui(t, m, 1);
  Decimal lower = decimal_of(t, e - 1);
  mpz_add_ui(t, m, 1);
  Decimal upper = decimal_of(t, e - 1);
  bool inclusive = mpz_tstbit(m, 1) == 0;
  mpz_clear(m);
  mpz_clear(t);
  for (long i = 0; i < static_cast<long>(d.mant.size()); ++i) {
    char l = lower.at(i), u = upper.at(i), c = d.mant[i];
    bool okdown = l != c || (inclusive && i + 1 == static_cast<long>(lower.mant.size()));
    bool okup = c != u && (inclusive || c + 1 < u || i + 1 < static_cast<long>(upper.mant.size()));
    if (okdown && okup) { d.round(i + 1); break; }
    if (okdown) { d.round_down(i + 1); break; }
    if (okup) { d.round_up(i + 1); break; }
  }
  return d;
}

std::string format_f(const Decimal& d, long prec) {
  std::string out;
  if (d.exp > 0) {
    long m = std::min<long>(static_cast<long>(d.mant.size()), d.exp);
    out.append(d.mant, 0, m);
    out.append(d.exp - m, '0');
  } else {
    out.push_back('0');
  }
  if (prec > 0) {
    // The digits at d.exp .. d.exp + prec - 1: zeros before the mantissa (a number below 0.1
    // has millions of them when its exponent is in the millions), its digits, zeros after.
    out.reserve(out.size() + 1 + static_cast<size_t>(prec));
    out.push_back('.');
    const long size = static_cast<long>(d.mant.size());
    const long lead = std::min(std::max<long>(-d.exp, 0), prec);
    out.append(static_cast<size_t>(lead), '0');
    const long from = d.exp + lead, to = std::min(d.exp + prec, size);
    if (from < to) out.append(d.mant, static_cast<size_t>(from), static_cast<size_t>(to - from));
    out.append(static_cast<size_t>(prec - lead - std::max<long>(to - from, 0)), '0');
  }
  return out;
}

std::string format_e(const Decimal& d, long prec) {
  std::string out(1, d.mant.empty() ? '0' : d.mant[0]);
  if (prec > 0) {
    out.push_back('.');
    for (long i = 1; i <= prec; ++i) out.push_back(d.at(i));
  }
  out.push_back('e');
  long exp = d.mant.empty() ? 0 : d.exp - 1;
  out.push_back(exp < 0 ? '-' : '+');
  if (exp < 0) exp = -exp;
  std::string digits = std::to_string(exp);
  if (digits.size() < 2) out.push_back('0');
  return out + digits;
}

// The digits format_f writes for d at its full precision: the integer part (at least "0") and
// the fraction.
uint64_t digit_count(const Decimal& d) {
  const long size = static_cast<long>(d.mant.size());
  return static_cast<uint64_t>(std::max<long>(d.exp, 1)) + static_cast<uint64_t>(std::max<long>(size - d.exp, 0));
}

// Go's number grammar for base 10 (no prefixes, no underscores, no binary exponents).
bool valid_decimal_text(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  size_t digits = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E' || s[i] == 'p' || s[i] == 'P')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t exp_digits = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  return i == s.size();
}

using Op = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);
Number big_op(Op op, const Number& a, const Number& b) {
  Scratch x, y;
  BigNumber::load(a, x.v);
  BigNumber::load(b, y.v);
  op(x.v, x.v, y.v, MPFR_RNDN);
  return BigNumber::make(x.v);
}

}  // namespace

// A short decimal ([sign] digits [. digits] [e [sign] digits], at most 19 significant digits and a
// net power of ten within ±19, such as "3.5", "-22.04" or "1.5e3") without mpfr_strtofr, which
// converts through a digit buffer and allocations. Its value is the integer of its digits, exact
// in a uint64, times or divided by a power of ten that is exact in a uint64 too: a product is
// exact at 512 bits, and MPFR's division is correctly rounded as strtofr's conversion is, so the
// one rounding of the exact quotient to 512 bits, to nearest even, gives the same number. Anything
// else is nullopt, for the general path.
std::optional<Number> parse_short_decimal(std::string_view s) {
  static constexpr uint64_t powers_of_ten[20] = {1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
                                                 10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
                                                 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
                                                 100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
                                                 100000000000000000ULL, 1000000000000000000ULL,
                                                 10000000000000000000ULL};
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  uint64_t mantissa = 0;
  size_t digits = 0;
  auto take_digits = [&] {  // the number of digits taken; the mantissa is only kept up to 19 of them
    const size_t start = i;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++digits)
      if (digits < 19) mantissa = mantissa * 10 + static_cast<uint64_t>(s[i] - '0');
    return i - start;
  };
  if (take_digits() == 0) return std::nullopt;
  long power = 0;  // of ten
  if (i < s.size() && s[i] == '.') {
    ++i;
    const size_t fraction_digits = take_digits();
    if (fraction_digits == 0) return std::nullopt;
    power = -static_cast<long>(fraction_digits);
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool exponent_negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) exponent_negative = s[i++] == '-';
    long exponent = 0;
    size_t exponent_digits = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9' && exponent_digits < 4; ++i, ++exponent_digits)
      exponent = exponent * 10 + (s[i] - '0');
    if (exponent_digits == 0) return std::nullopt;
    power += exponent_negative ? -exponent : exponent;
  }
  if (i != s.size() || digits > 19 || power < -19 || power > 19) return std::nullopt;
  // The same literal is parsed at every evaluation of its expression: the last numbers this thread
  // parsed here are kept by their text (at most 32 bytes: 19 digits, a sign, a point and an
  // exponent of at most four digits with its sign and letter fit), and a number is immutable.
  struct Recent {
    char text[32];
    size_t size = 0;
    Number value;
  };
  // (On the heap, made on the thread's first use: util/thread_table_drain.hpp.)
  constinit thread_local hclschema::detail::ThreadHeapObject<std::array<Recent, 32>> recent;
  uint64_t h = s.size();
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001B3ULL;
  Recent& slot = recent.get()[(h ^ (h >> 29)) % 32];
  if (slot.size == s.size() && std::memcmp(slot.text, s.data(), s.size()) == 0) return slot.value;
  Scratch x;
  mpfr_set_ui(x.v, static_cast<unsigned long>(mantissa), MPFR_RNDN);
  if (power > 0) mpfr_mul_ui(x.v, x.v, static_cast<unsigned long>(powers_of_ten[power]), MPFR_RNDN);  // exact
  if (power < 0) mpfr_div_ui(x.v, x.v, static_cast<unsigned long>(powers_of_ten[-power]), MPFR_RNDN);
  if (negative) mpfr_neg(x.v, x.v, MPFR_RNDN);
  Number n = BigNumber::make(x.v);
  if (s.size() <= sizeof(slot.text)) {
    std::memcpy(slot.text, s.data(), s.size());
    slot.size = s.size();
    slot.value = n;
  }
  return n;
}

namespace {
// Sets all_digits_for_test for one call.
template <class F>
std::string with_all_digits(F f) {
  all_digits_for_test = true;
  std::string s = f();
  all_digits_for_test = false;
  return s;
}
}  // namespace

std::string to_string_all_digits(const Number& n) {
  return with_all_digits([&] { return n.to_string(); });
}
std::string to_g10_string_all_digits(const Number& n) {
  return with_all_digits([&] { return n.to_g10_string(); });
}

}  // namespace detail

using detail::BigNumber;

std::optional<Number> Number::parse(std::string_view text) {
  // Fast path: a plain integer of up to 18 digits cannot overflow an int64.
  {
    size_t i = 0;
    bool neg = false;
    if (!text.empty() && (text[0] == '+' || text[0] == '-')) neg = text[0] == '-', i = 1;
    if (text.size() > i && text.size() - i <= 18) {
      int64_t v = 0;
      size_t j = i;
      for (; j < text.size() && text[j] >= '0' && text[j] <= '9'; ++j) v = v * 10 + (text[j] - '0');
      if (j == text.size() && !(neg && v == 0)) return Number(neg ? -v : v);
    }
  }
  if (auto n = detail::parse_short_decimal(text)) return n;
  if (text == "Inf" || text == "inf" || text == "+Inf" || text == "+inf") return infinity(false);
  if (text == "-Inf" || text == "-inf") return infinity(true);
  if (!detail::valid_decimal_text(text)) return std::nullopt;
  detail::Scratch x;
  // big.Float also takes a binary exponent ("1.5p3" is 1.5 × 2^3) even in base 10.
  size_t p = text.find_first_of("pP");
  std::string s(text.substr(0, p));
  mpfr_strtofr(x.v, s.c_str(), nullptr, 10, MPFR_RNDN);
  if (p != std::string_view::npos) {
    std::string_view e = text.substr(p + 1);
    long exp = 0;
    bool neg = !e.empty() && e[0] == '-';
    if (!e.empty() && (e[0] == '+' || e[0] == '-')) e.remove_prefix(1);
    for (char c : e) exp = std::min<long>(exp * 10 + (c - '0'), 1L << 40);
    mpfr_mul_2si(x.v, x.v, neg ? -exp : exp, MPFR_RNDN);
  }
  return BigNumber::make(x.v);
}

Number Number::from_double(double v) {
  detail::Scratch x;
  mpfr_set_d(x.v, v, MPFR_RNDN);
  return BigNumber::make(x.v);
}

Number Number::infinity(bool negative) {
  detail::Scratch x;
  mpfr_set_inf(x.v, negative ? -1 : 1);
  return BigNumber::make(x.v);
}

std::string Number::to_string() const {
  if (!big_) return std::to_string(small_);
  const mpfr_t& x = big_->v;
  if (mpfr_inf_p(x)) return mpfr_signbit(x) ? "-Inf" : "+Inf";
  std::string sign = mpfr_signbit(x) ? "-" : "";
  if (mpfr_zero_p(x)) return sign + "0";
  detail::Decimal d = detail::shortest_decimal(x);
  if (detail::digit_count(d) > max_digits) return sign + detail::format_e(d, static_cast<long>(d.mant.size()) - 1);
  long prec = std::max<long>(static_cast<long>(d.mant.size()) - d.exp, 0);
  return sign + detail::format_f(d, prec);
}

bool Number::too_long_to_write_out() const {
  // Below 2^(2^25) and above 2^-(2^25), a number has at most 10.1 million digits before its point
  // and 155 significant ones after its zeros: no need to find its shortest digits.
  if (!big_ || !mpfr_regular_p(big_->v)) return false;
  const mpfr_exp_t e = mpfr_get_exp(big_->v);
  if (e < (mpfr_exp_t(1) << 25) && e > -(mpfr_exp_t(1) << 25)) return false;
  return digit_count() > max_digits;
}

bool detail::has_long_text(const Number& n) {
  const BigNumber* b = n.big();
  if (!b || !mpfr_regular_p(b->v)) return false;
  const mpfr_exp_t e = mpfr_get_exp(b->v);
  return e > 4608 || e < -4608;
}

uint64_t Number::digit_count() const {
  if (!big_) return std::to_string(small_).size() - (small_ < 0 ? 1 : 0);
  const mpfr_t& x = big_->v;
  if (mpfr_inf_p(x)) return 0;
  if (mpfr_zero_p(x)) return 1;
  return detail::digit_count(detail::shortest_decimal(x));
}

std::string Number::to_g10_string() const {
  std::string sign;
  detail::Decimal d;
  if (!big_) {
    if (small_ < 0) sign = "-";
    d = detail::decimal_of_small(small_);
  } else {
    const mpfr_t& x = big_->v;
    if (mpfr_inf_p(x)) return mpfr_signbit(x) ? "-Inf" : "+Inf";
    if (mpfr_signbit(x)) sign = "-";
    if (!mpfr_zero_p(x)) {
      mpz_t m;
      mpz_init(m);
      long e = mpfr_get_z_2exp(m, x);
      d = detail::decimal_of(m, e);
      mpz_clear(m);
    }
  }
  long prec = 10;
  d.round(prec);
  long eprec = prec;
  long n = static_cast<long>(d.mant.size());
  if (eprec > n && n >= d.exp) eprec = n;
  long exp = d.exp - 1;
  if (exp < -4 || exp >= eprec) {
    if (prec > n) prec = n;
    return sign + detail::format_e(d, prec - 1);
  }
  if (prec > d.exp) prec = n;
  return sign + detail::format_f(d, std::max<long>(prec - d.exp, 0));
}

const detail::BigNumber* Number::big() const { return big_.get(); }

bool Number::is_integer() const { return !big_ || mpfr_integer_p(big_->v); }
bool Number::is_infinity() const { return big_ && mpfr_inf_p(big_->v); }
bool Number::is_negative() const { return big_ ? mpfr_signbit(big_->v) != 0 : small_ < 0; }
bool Number::is_zero() const { return big_ ? mpfr_zero_p(big_->v) != 0 : small_ == 0; }

std::optional<int64_t> Number::to_int64() const {
  if (!big_) return small_;
  if (mpfr_zero_p(big_->v)) return 0;  // -0
  return std::nullopt;  // make() keeps every other int64-sized integer on the fast path
}

double Number::to_double() const { return big_ ? mpfr_get_d(big_->v, MPFR_RNDN) : static_cast<double>(small_); }

Number::Result Number::add(const Number& a, const Number& b) {
  if (!a.big_ && !b.big_) {
    int64_t r;
    if (!__builtin_add_overflow(a.small_, b.small_, &r)) return {Number(r), {}};
  }
  if (a.is_infinity() && b.is_infinity() && a.is_negative() != b.is_negative())
    return {std::nullopt, "can't compute sum of opposing infinities"};
  return {detail::big_op(mpfr_add, a, b), {}};
}

Number::Result Number::subtract(const Number& a, const Number& b) {
  if (!a.big_ && !b.big_) {
    int64_t r;
    if (!__builtin_sub_overflow(a.small_, b.small_, &r)) return {Number(r), {}};
  }
  if (a.is_infinity() && b.is_infinity() && a.is_negative() == b.is_negative())
    return {std::nullopt, "can't subtract infinity from itself"};
  return {detail::big_op(mpfr_sub, a, b), {}};
}

Number::Result Number::multiply(const Number& a, const Number& b) {
  if (!a.big_ && !b.big_) {
    int64_t r;
    // A zero product of a negative factor is -0 in big.Float, which needs the big form.
    if (!__builtin_mul_overflow(a.small_, b.small_, &r) && !(r == 0 && (a.small_ < 0 || b.small_ < 0)))
      return {Number(r), {}};
  }
  if ((a.is_infinity() && b.is_zero()) || (a.is_zero() && b.is_infinity()))
    return {std::nullopt, "can't multiply zero by infinity"};
  return {detail::big_op(mpfr_mul, a, b), {}};
}

Number::Result Number::divide(const Number& a, const Number& b) {
  if (!a.big_ && !b.big_ && b.small_ != 0 && a.small_ != 0 &&
      !(a.small_ == std::numeric_limits<int64_t>::min() && b.small_ == -1) && a.small_ % b.small_ == 0)
    return {Number(a.small_ / b.small_), {}};
  if ((a.is_zero() && b.is_zero()) || (a.is_infinity() && b.is_infinity()))
    return {std::nullopt, "can't divide zero by zero or infinity by infinity"};
  return {detail::big_op(mpfr_div, a, b), {}};
}

Number::Result Number::modulo(const Number& a, const Number& b) {
  if (b.is_zero()) return {a, {}};
  if (!a.big_ && !b.big_ && !(a.small_ == std::numeric_limits<int64_t>::min() && b.small_ == -1))
    return {Number(a.small_ % b.small_), {}};
  // cty means infinities to give an infinity here, but its check never matches and big.Float
  // fails instead; we report the failure the reference reports for the finite cases.
  if (a.is_infinity() || b.is_infinity()) return {std::nullopt, "can't use modulo with zero and infinity"};
  detail::Scratch x, y, q;
  BigNumber::load(a, x.v);
  BigNumber::load(b, y.v);
  mpfr_div(q.v, x.v, y.v, MPFR_RNDN);
  mpfr_trunc(q.v, q.v);
  if (mpfr_zero_p(q.v)) mpfr_set_zero(q.v, 1);  // big.Float.Int gives an unsigned zero
  mpfr_mul(q.v, y.v, q.v, MPFR_RNDN);
  mpfr_sub(q.v, x.v, q.v, MPFR_RNDN);
  return {BigNumber::make(q.v), {}};
}

Number Number::negate() const {
  if (!big_ && small_ != 0 && small_ != std::numeric_limits<int64_t>::min()) return Number(-small_);
  detail::Scratch x;
  BigNumber::load(*this, x.v);
  mpfr_neg(x.v, x.v, MPFR_RNDN);
  return BigNumber::make(x.v);
}

Number Number::absolute() const {
  if (!big_ && small_ != std::numeric_limits<int64_t>::min()) return Number(small_ < 0 ? -small_ : small_);
  detail::Scratch x;
  BigNumber::load(*this, x.v);
  mpfr_abs(x.v, x.v, MPFR_RNDN);
  return BigNumber::make(x.v);
}

int Number::compare(const Number& a, const Number& b) {
  if (!a.big_ && !b.big_) return a.small_ < b.small_ ? -1 : a.small_ > b.small_ ? 1 : 0;
  if (a.big_ && b.big_) return mpfr_cmp(a.big_->v, b.big_->v);
  if (a.big_) return mpfr_cmp_si(a.big_->v, static_cast<long>(b.small_));
  return -mpfr_cmp_si(b.big_->v, static_cast<long>(a.small_));
}

}  // namespace hclschema
