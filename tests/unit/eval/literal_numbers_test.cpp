// literal_number (src/eval/literal_numbers.hpp): the value of a number literal is Value::number of
// Number::parse for every text, whether read by its integer short cut (up to 18 digits) or not:
// leading zeros, 18 and 19 digits (past an int64's 18 safe ones), fractions, exponents.
#include "eval/literal_numbers.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "hclschema/value.hpp"

namespace hclschema::eval_detail {
namespace {

TEST(LiteralNumbers, GivesWhatNumberParseGives) {
  std::mt19937 rng(11);
  const char* tails[] = {"", "", "", ".5", ".25", "e3", "e-2", "E+1", ".0"};
  for (int round = 0; round < 20000; ++round) {
    std::string text(1 + rng() % 24, '0');
    for (char& c : text) c = static_cast<char>('0' + rng() % 10);
    if (round % 7 == 0) text = "0" + text;  // a leading zero
    text += tails[rng() % std::size(tails)];
    const Value got = literal_number(text);
    const auto want = Number::parse(text);
    ASSERT_TRUE(want) << text;
    ASSERT_EQ(got.type(), Type::number()) << text;
    ASSERT_TRUE(got.is_known() && !got.is_null()) << text;
    ASSERT_EQ(got.as_number(), *want) << text;
    ASSERT_EQ(got.as_number().is_small(), want->is_small()) << text;
  }
}

TEST(LiteralNumbers, EdgesOfTheIntegerShortCut) {
  EXPECT_EQ(*literal_number("0").as_number().small_value(), 0);
  EXPECT_EQ(*literal_number("007").as_number().small_value(), 7);
  EXPECT_EQ(*literal_number("999999999999999999").as_number().small_value(), 999999999999999999);  // 18 digits
  // 19 and 20 digits go through Number::parse: one still an int64, one past it.
  EXPECT_EQ(*literal_number("9223372036854775807").as_number().small_value(), INT64_MAX);
  const Value big = literal_number("99999999999999999999");
  EXPECT_FALSE(big.as_number().is_small());
  EXPECT_EQ(big.as_number().to_string(), "99999999999999999999");
  // Not a number (the parser never makes such a literal): an unknown number, as before.
  const Value bad = literal_number("1x");
  EXPECT_FALSE(bad.is_known());
  EXPECT_EQ(bad.type(), Type::number());
  EXPECT_FALSE(literal_number("").is_known());
}

}  // namespace
}  // namespace hclschema::eval_detail
