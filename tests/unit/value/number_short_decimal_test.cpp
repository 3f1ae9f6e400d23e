// Number::parse's fast path for short decimals (detail::parse_short_decimal) gives the very number
// MPFR's own correctly rounded conversion gives at 512 bits: same bits, same sign of zero, and the
// small form exactly when the value is an int64 other than -0 (as BigNumber::make decides).
#include <gtest/gtest.h>

#include <mpfr.h>

#include <random>
#include <string>
#include <vector>

#include "hclschema/value/number.hpp"
#include "value/big_number.hpp"

namespace hclschema {
namespace {

// The general path's answer for the same text, straight from mpfr_strtofr.
void expect_same_as_mpfr(const std::string& text) {
  const auto fast = detail::parse_short_decimal(text);
  ASSERT_TRUE(fast) << text;
  mpfr_t x;
  mpfr_init2(x, detail::number_precision);
  mpfr_strtofr(x, text.c_str(), nullptr, 10, MPFR_RNDN);
  const bool small = mpfr_integer_p(x) && !(mpfr_zero_p(x) && mpfr_signbit(x)) && mpfr_fits_slong_p(x, MPFR_RNDN);
  EXPECT_EQ(fast->is_small(), small) << text;
  if (fast->is_small()) {
    EXPECT_EQ(*fast->small_value(), mpfr_get_si(x, MPFR_RNDN)) << text;
  } else if (!small) {
    EXPECT_TRUE(mpfr_equal_p(fast->big()->v, x)) << text;
    EXPECT_EQ(mpfr_signbit(fast->big()->v), mpfr_signbit(x)) << text;
  }
  mpfr_clear(x);
  // And Number::parse takes the same answer.
  const auto parsed = Number::parse(text);
  ASSERT_TRUE(parsed) << text;
  EXPECT_EQ(parsed->to_string(), fast->to_string()) << text;
  EXPECT_EQ(Number::compare(*parsed, *fast), 0) << text;
}

TEST(NumberShortDecimal, TakesShortDecimalsOnly) {
  for (const char* text : {"3.5", "-22.04", "0.5", "3.14159", "+1.25", "-0.0", "0.0", "3.0", "1234567890.123456789",
                           "0.1", "999999999999999999.0", "0.000000000000000001", "9999999999.999999999", "3.5e2",
                           "1e-3", "1.5e3", "1.5E+3", "-0", "7e19", "7e-19", "1.5e19" /* 10^18 in all */}) {
    EXPECT_TRUE(detail::parse_short_decimal(text)) << text;
  }
  for (const char* text : {"", "3.", ".5", "1.5p3", "Inf", "-", "+.", "1.2.3", "1,5", "1e", "1e+", "1e20", "1e-20",
                           "12345678901234567890.0" /* 20 digits */, "12345678901234567890e-1",
                           "0.12345678901234567890", "1.5 ", " 1.5", "--1.5", "1e00001", "0x10"}) {
    EXPECT_FALSE(detail::parse_short_decimal(text)) << text;
  }
}

TEST(NumberShortDecimal, SameNumberAsMpfr) {
  for (const char* text : {"3.5", "-22.04", "0.5", "3.14159", "+1.25", "-0.0", "0.0", "3.0", "-3.000", "0.1", "0.2",
                           "0.3", "1234567890.123456789", "999999999999999999.0", "0.000000000000000001",
                           "1844674407.370955161", "1.000000000000000001", "9999999999.999999999", "3.5e2", "1e-3",
                           "1.5e3", "-0", "-0e5", "7e19", "7e-19", "9999999999999999999e19", "9999999999999999999e-19",
                           "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                           "922337203685477580.8e1", "1.5e-0", "25e-1"}) {
    expect_same_as_mpfr(text);
  }
  std::mt19937_64 rng(99);
  for (int round = 0; round < 20000; ++round) {
    const int total = 1 + static_cast<int>(rng() % 19);  // 1..19 digits
    const int fraction = static_cast<int>(rng() % static_cast<uint64_t>(total));
    std::string text = rng() % 3 == 0 ? "-" : "";
    for (int i = 0; i < total; ++i) {
      if (fraction > 0 && i == total - fraction) text += '.';
      // Zeros and nines are the interesting digits for rounding.
      const uint64_t r = rng() % 4;
      text += r == 0 ? '0' : r == 1 ? '9' : static_cast<char>('0' + rng() % 10);
    }
    if (rng() % 2) {
      const long net = -19 + static_cast<long>(rng() % 39);  // the power of ten in all, within ±19
      text += "e" + std::to_string(net + fraction);
    } else if (fraction == 0) {
      continue;  // a plain integer: the int64 path's, not this one's
    }
    expect_same_as_mpfr(text);
  }
}

TEST(NumberShortDecimal, RecentTextsGiveTheSameNumberAgain) {
  // The fast path keeps the last numbers it parsed by their text (32 slots): a pool of 100 texts,
  // parsed in random order again and again, so that texts hit, miss and evict each other, each
  // answer against MPFR; and texts of the longest accepted form.
  std::mt19937_64 rng(5);
  std::vector<std::string> pool;
  for (int i = 0; i < 100; ++i) {
    std::string text = std::to_string(rng() % 100000) + "." + std::to_string(rng() % 1000);
    if (i % 3 == 0) text = "-" + text;
    if (i % 5 == 0) text += "e" + std::to_string(static_cast<int>(rng() % 7) - 3);
    pool.push_back(text);
  }
  pool.push_back("-9999999999.999999999e-10");
  pool.push_back("+9999999999.999999999e+10");
  for (int round = 0; round < 3000; ++round) expect_same_as_mpfr(pool[rng() % pool.size()]);
}

}  // namespace
}  // namespace hclschema
