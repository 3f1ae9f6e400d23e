// Unit tests of number_in_range's shortcut (numbers without an exponent are in range without the
// full computation): it must agree with the full computation on both sides of the shortcut.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "syntax/json/number_range.hpp"

namespace {

using hclschema::json::detail::kNoExponentAlwaysInRange;
using hclschema::json::detail::number_in_range;
using hclschema::json::detail::number_in_range_exact;

TEST(JsonNumberRange, ShortcutAgreesWithTheFullComputation) {
  std::vector<std::string> cases = {"0", "-0", "1", "-1", "12345678901234567890", "0.5", "-0.000000000001", "1.50e+3", "1e2147483647",
                                    "1e-2147483648", "0e99999999999999999999", "1E10", "-2.5E-10", "123.456", "9007199254740993"};
  // Long mantissas and fractions, well within the shortcut's limit.
  cases.push_back(std::string(5000, '9'));
  cases.push_back("0." + std::string(5000, '0') + "1");
  cases.push_back("1" + std::string(3000, '0') + "e-3000");
  for (const std::string& c : cases) EXPECT_EQ(number_in_range(c), number_in_range_exact(c)) << c.substr(0, 40);
}

TEST(JsonNumberRange, NumbersWithoutExponentAreInRangeUpToTheLimit) {
  // The shortcut's claim at its limit: the longest mantissa and the longest fraction it covers.
  const std::string digits(kNoExponentAlwaysInRange, '9');
  EXPECT_TRUE(number_in_range_exact(digits));
  std::string fraction = "0." + std::string(kNoExponentAlwaysInRange - 3, '0') + "1";
  EXPECT_TRUE(number_in_range_exact(fraction));
}

TEST(JsonNumberRange, ExponentsStillDecide) {
  EXPECT_FALSE(number_in_range("1e2147483647"));
  EXPECT_FALSE(number_in_range("1E99999999999999999999"));
  EXPECT_TRUE(number_in_range("1e10"));
}

}  // namespace
