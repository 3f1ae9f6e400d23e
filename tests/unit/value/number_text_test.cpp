// Number::to_string and to_g10_string of numbers from 2^4608 up or below 2^-3584 compute the leading digits
// (MPFR's conversion to 200 digits) and write the rest as zeros: the same text, byte for byte, as
// computing every digit exactly (detail::to_string_all_digits), and fast whatever the exponent.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "hclschema/value/number.hpp"
#include "value/big_number.hpp"

namespace hclschema {
namespace {

Number parse(const std::string& text) {
  auto n = Number::parse(text);
  EXPECT_TRUE(n) << text;
  return n ? *n : Number();
}

void expect_same_as_all_digits(const Number& n, const std::string& what) {
  EXPECT_EQ(n.to_string(), detail::to_string_all_digits(n)) << what;
  EXPECT_EQ(n.to_g10_string(), detail::to_g10_string_all_digits(n)) << what;
}

TEST(NumberText, LeadingDigitsGiveTheExactText) {
  // Random significands of 1 to 160 digits with decimal exponents from ±1100 to ±3500 (across the
  // threshold at 1e1387; past the one at 1e-1079), both signs: the shortest-digit search stops at different places.
  std::mt19937_64 rng(20261203);
  for (int i = 0; i < 300; ++i) {
    std::string digits(1 + rng() % 160, '0');
    for (char& c : digits) c = static_cast<char>('0' + rng() % 10);
    digits[0] = static_cast<char>('1' + rng() % 9);
    const long exp = 1100 + static_cast<long>(rng() % 2400);
    const std::string text = (rng() % 2 ? "-" : "") + digits + "e" + (rng() % 2 ? "-" : "") + std::to_string(exp);
    expect_same_as_all_digits(parse(text), text);
  }
}

TEST(NumberText, LeadingDigitsAtPowersOfTwoAndHalfwayCases) {
  // A power of two has a narrower interval below than above it (the search's inclusive/exclusive
  // bounds); 2^n ± one ulp and values whose digits end in 5 exercise the rounding ties.
  for (long e : {3600L, 4609L, 5000L, 7777L}) {
    for (const char* sign : {"", "-"}) {
      for (const char* form : {"1p", "1p-", "3p", "3p-", "1.5p", "0.75p-"}) {
        const std::string text = std::string(sign) + form + std::to_string(e);
        const Number n = parse(text);
        expect_same_as_all_digits(n, text);
        const Number ulp = parse(std::string("1p") + std::to_string(e - 520));
        expect_same_as_all_digits(*Number::add(n, ulp).value, text + " + ulp");
        expect_same_as_all_digits(*Number::subtract(n, ulp).value, text + " - ulp");
      }
    }
  }
  for (const char* text : {"5e1300", "25e-1300", "125e1400", "1.0000000005e2000", "9.9999999995e-2000",
                           "99999999999999999999999999999999999999999999999999999999999999999999999999999999e1500"})
    expect_same_as_all_digits(parse(text), text);
}

// Ten million digits: these took seconds each (100 million: minutes) before, as GMP's conversion
// of the whole integer, three times; ctest's timeout catches a regression.
TEST(NumberText, TenMillionDigits) {
  const std::string big = parse("1e9999999").to_string();
  ASSERT_EQ(big.size(), 10000000u);
  EXPECT_EQ(big[0], '1');
  EXPECT_EQ(big.find_first_not_of('0', 1), std::string::npos);

  const std::string neg = parse("-1.5e9999999").to_string();
  ASSERT_EQ(neg.size(), 10000001u);
  EXPECT_EQ(neg.substr(0, 3), "-15");
  EXPECT_EQ(neg.find_first_not_of('0', 3), std::string::npos);

  const std::string small = parse("1e-9999999").to_string();
  ASSERT_EQ(small.size(), 10000001u);
  EXPECT_EQ(small.substr(0, 2), "0.");
  EXPECT_EQ(small.find_first_not_of('0', 2), small.size() - 1);
  EXPECT_EQ(small.back(), '1');

  EXPECT_EQ(parse("1e99999999").to_g10_string(), "1e+99999999");
  EXPECT_EQ(parse("-2.5e-99999999").to_g10_string(), "-2.5e-99999999");
}

// Past Number::max_digits (20 million) digits, to_string writes an exponent: the full text of the
// largest numbers would be 646 million bytes.
TEST(NumberText, PastTheDigitLimitAnExponent) {
  EXPECT_EQ(parse("1e19999999").digit_count(), 20'000'000u);
  EXPECT_FALSE(parse("1e19999999").too_long_to_write_out());
  EXPECT_EQ(parse("1e-19999999").digit_count(), 20'000'000u);  // "0." and 19,999,999 digits
  EXPECT_FALSE(parse("-1e-19999999").too_long_to_write_out());
  EXPECT_EQ(parse("1e20000000").digit_count(), 20'000'001u);
  EXPECT_TRUE(parse("1e20000000").too_long_to_write_out());
  EXPECT_TRUE(parse("1e-20000000").too_long_to_write_out());
  EXPECT_EQ(parse("1e20000000").to_string(), "1e+20000000");
  EXPECT_EQ(parse("-1.5e20000000").to_string(), "-1.5e+20000000");
  EXPECT_EQ(parse("1.25e-20000000").to_string(), "1.25e-20000000");
  EXPECT_EQ(parse("1.25e-20000000").digit_count(), 20'000'003u);  // 0. then 19,999,999 zeros and 125
  // The largest exponent big.Float has (2^(2^31 - 1), 646 million digits).
  const Number largest = parse("1p2147483646");
  EXPECT_EQ(largest.digit_count(), 646'456'993u);
  EXPECT_EQ(largest.to_string().substr(0, 10), "4.40403262");  // 10^0.64385052797...
  EXPECT_NE(largest.to_string().find("e+646456992"), std::string::npos) << largest.to_string();
  // Ordinary numbers: their text's digits.
  EXPECT_EQ(Number(int64_t{-123}).digit_count(), 3u);
  EXPECT_EQ(parse("-0.0025").digit_count(), 5u);
  EXPECT_EQ(parse("1e30").digit_count(), 31u);
  EXPECT_EQ(Number::infinity(false).digit_count(), 0u);
  EXPECT_FALSE(Number::infinity(true).too_long_to_write_out());
}

}  // namespace
}  // namespace hclschema
