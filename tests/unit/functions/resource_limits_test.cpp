// Where the function library stops on purpose: inputs a few bytes long that ask for gigabytes.
// cty builds such results until memory runs out (or panics); these tests pin the errors this
// implementation answers instead, and that the checks come before any work is done.
#include <gtest/gtest.h>

#include "function_test_util.hpp"
#include "functions/format_util.hpp"

namespace hclschema {
namespace {

using testing_fn::outcome;

TEST(ResourceLimits, FormatPadsStringsToTenMillionCharactersAtMost) {
  detail::FormatVerb v;
  v.mode = 's';
  v.width = detail::k_max_pad_width;
  const auto at_limit = detail::pad_width(v, "ab");
  ASSERT_TRUE(at_limit.has_value());
  EXPECT_EQ(at_limit->size(), static_cast<size_t>(detail::k_max_pad_width));
  EXPECT_EQ(at_limit->substr(at_limit->size() - 3), " ab");
  v.width = detail::k_max_pad_width + 1;
  EXPECT_FALSE(detail::pad_width(v, "ab").has_value());
  v.width = -5;  // a width that wrapped past Go's int pads nothing, as in cty
  EXPECT_EQ(detail::pad_width(v, "ab"), "ab");
}

TEST(ResourceLimits, FormatReportsAWidthOverTheLimit) {
  EXPECT_EQ(outcome("format(\"%10000001s\", \"a\")"),
            "error: Call to function \"format\" failed: width of \"%10000001s\" at 0 is too large: text is padded to at most "
            "10000000 characters.");
  EXPECT_EQ(outcome("format(\"x%-20000000q\", \"a\")"),
            "error: Call to function \"format\" failed: width of \"%-20000000q\" at 1 is too large: text is padded to at most "
            "10000000 characters.");
  EXPECT_EQ(outcome("format(\"%30000000v\", [1])"),
            "error: Call to function \"format\" failed: width of \"%30000000v\" at 0 is too large: text is padded to at most "
            "10000000 characters.");
  // Wider than Go's int: cty panics in strings.Repeat; here the width wraps as Go's does, and
  // a wrapped width that is still positive is reported too.
  EXPECT_EQ(outcome("format(\"%99999999999999999999s\", \"a\")"),
            "error: Call to function \"format\" failed: width of \"%99999999999999999999s\" at 0 is too large: text is padded to "
            "at most 10000000 characters.");
  EXPECT_EQ(outcome("formatlist(\"%10000001s\", [\"a\"])"),
            "error: Call to function \"formatlist\" failed: error on format iteration 0: width of \"%10000001s\" at 0 is too large: text is padded to at most "
            "10000000 characters.");
}

TEST(ResourceLimits, FormatWidthsOfNumbersFollowGoFmt) {
  // The number verbs need no limit of their own: Go's fmt, which cty uses for them, refuses
  // widths and precisions past about ten million and writes no verb (the golden tests compare
  // these with the reference). Bools take no width at all.
  EXPECT_EQ(outcome("format(\"%1000000000d\", 7)"), R"x("string" "%!(NOVERB)%!(EXTRA *big.Int=7)")x");
  EXPECT_EQ(outcome("format(\"%.1000000000f\", -0.5)"), R"x("string" "%!(NOVERB)%!(EXTRA *big.Float=-0.5)")x");
  EXPECT_EQ(outcome("format(\"%1000000000t\", true)"), R"("string" "true")");
}

TEST(ResourceLimits, IndentTakesAtMostAMillionSpaces) {
  // cty builds the padding first, whatever the text: two gigabytes for indent(2147483648, "abc").
  EXPECT_EQ(outcome("length(indent(1000000, \"a\\nb\"))"), R"("number" 1000003)");
  EXPECT_EQ(outcome("indent(1000001, \"a\\nb\")"),
            "error: Invalid value for \"spaces\" parameter: indent of more than 1000000 spaces is not supported.");
  EXPECT_EQ(outcome("indent(9223372036854775807, \"abc\")"),
            "error: Invalid value for \"spaces\" parameter: indent of more than 1000000 spaces is not supported.");
}

TEST(ResourceLimits, SetproductRefusesMoreThanAMillionTuplesBeforeBuildingAny) {
  EXPECT_EQ(outcome("setproduct(range(1024), range(1024), range(1024), range(1024))"),
            "error: Call to function \"setproduct\" failed: the product would have more than 1048576 elements, the most this "
            "implementation builds.");
  EXPECT_EQ(outcome("setproduct(range(1024), range(1024), [1, 2])"),
            "error: Call to function \"setproduct\" failed: the product would have more than 1048576 elements, the most this "
            "implementation builds.");
  // An empty argument anywhere: empty at once (as cty), not after the rows of the others (a
  // billion of them here: the test would not finish).
  EXPECT_EQ(outcome("setproduct(range(1000), range(1000), range(1000), [])"), R"(["list",["tuple",["number","number","number","dynamic"]]] [])");
  EXPECT_EQ(outcome("setproduct(toset(range(1000)), range(1000), [], range(1000))"), R"(["set",["tuple",["number","number","dynamic","number"]]] [])");
}

}  // namespace
}  // namespace hclschema
