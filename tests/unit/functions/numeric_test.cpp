// Table-driven tests of the numeric functions (abs, ceil, floor, log, max, min, parseint, pow,
// signum) through evaluate(): results as cty's JSON value and type, errors as diagnostic texts,
// and sensitive arguments giving sensitive results.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/eval/evaluate.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/value.hpp"
#include "unit/functions/function_test_util.hpp"

namespace {

using namespace hclschema;

// See testing_fn::table_outcome for the form of the answers.
std::string run(const std::string& text) {
  return testing_fn::table_outcome(text, {
                        {"secret", Value::number(-2).with_mark("sensitive")},
                        {"secret_str", Value::string("ff").with_mark("sensitive")}});
}

struct Case {
  const char* expr;
  const char* want;
};

class NumericFunctionsTest : public ::testing::TestWithParam<Case> {};

TEST_P(NumericFunctionsTest, Evaluates) { EXPECT_EQ(run(GetParam().expr), GetParam().want) << GetParam().expr; }

INSTANTIATE_TEST_SUITE_P(
    Table, NumericFunctionsTest,
    ::testing::Values(
        Case{"abs(-5)", "5 \"number\""}, Case{"abs(3.5)", "3.5 \"number\""}, Case{"abs(0)", "0 \"number\""},
        Case{"abs(secret)", "2 \"number\" (sensitive)"},
        Case{"abs(\"x\")", "ERROR Invalid function argument: Invalid value for \"num\" parameter: a number is required."},
        Case{"ceil(1.2)", "2 \"number\""}, Case{"ceil(-1.2)", "-1 \"number\""}, Case{"ceil(5)", "5 \"number\""},
        Case{"ceil(secret)", "-2 \"number\" (sensitive)"},
        Case{"ceil(\"a\")", "ERROR Invalid function argument: Invalid value for \"num\" parameter: a number is required."},
        Case{"floor(1.8)", "1 \"number\""}, Case{"floor(-1.2)", "-2 \"number\""},
        Case{"floor(12345678901234567890.5)", "12345678901234567890 \"number\""},
        Case{"floor(secret)", "-2 \"number\" (sensitive)"},
        Case{"floor()", "ERROR Not enough function arguments: Function \"floor\" expects 1 argument(s). Missing value for \"num\"."},
        Case{"log(8, 2)", "3 \"number\""}, Case{"log(1, 10)", "0 \"number\""},
        Case{"log(secret * -8, 2)", "4 \"number\" (sensitive)"},
        Case{"log(\"x\", 2)", "ERROR Invalid function argument: Invalid value for \"num\" parameter: a number is required."},
        Case{"max(1, 5, 3)", "5 \"number\""}, Case{"max(-1.5)", "-1.5 \"number\""}, Case{"max(2, secret)", "2 \"number\" (sensitive)"},
        Case{"max()", "ERROR Error in function call: Call to function \"max\" failed: must pass at least one number."},
        Case{"max(1, \"a\")", "ERROR Invalid function argument: Invalid value for \"numbers\" parameter: a number is required."},
        Case{"min(4, 2, 9)", "2 \"number\""}, Case{"min(3, secret)", "-2 \"number\" (sensitive)"},
        Case{"min()", "ERROR Error in function call: Call to function \"min\" failed: must pass at least one number."},
        Case{"pow(2, 10)", "1024 \"number\""}, Case{"pow(2, 0.5)", "1.4142135623730951 \"number\""},
        Case{"pow(-8, 1/3)", "ERROR Error in function call: Call to function \"pow\" failed: panic in function implementation: Float.SetFloat64(NaN)."},
        Case{"log(-1, 2)", "ERROR Error in function call: Call to function \"log\" failed: panic in function implementation: Float.SetFloat64(NaN)."},
        Case{"log(10, 3)", "2.095903274289385 \"number\""}, Case{"pow(0, -1) == 1/0", "true \"bool\""}, Case{"pow(4, 0.5)", "2 \"number\""}, Case{"pow(secret, 2)", "4 \"number\" (sensitive)"},
        Case{"pow(2)", "ERROR Not enough function arguments: Function \"pow\" expects 2 argument(s). Missing value for \"power\"."},
        Case{"signum(-7)", "-1 \"number\""}, Case{"signum(0)", "0 \"number\""}, Case{"signum(0.1)", "ERROR Error in function call: Call to function \"signum\" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807."},
        Case{"signum(12)", "1 \"number\""}, Case{"ceil(-0.5)", "0 \"number\""}, Case{"floor(-1.5)", "-2 \"number\""},
        Case{"log(100, 10)", "2 \"number\""}, Case{"pow(10, -2)", "0.01 \"number\""},
        // Go's math.Pow, not correctly rounded: binary powering for the integral part of the power,
        // exp(f*log(x)) for the fractional part, sqrt for +-0.5.
        Case{"pow(1e3, -2.5)", "0.0000000316227766016838 \"number\""},
        Case{"pow(-1e-7, 5)", "-0.000000000000000000000000000000000009999999999999996 \"number\""},
        Case{"pow(-2, 3)", "-8 \"number\""}, Case{"pow(0, 3)", "0 \"number\""}, Case{"pow(1/0, -1)", "0 \"number\""},
        Case{"signum(secret)", "-1 \"number\" (sensitive)"},
        Case{"parseint(\"100\", 10)", "100 \"number\""}, Case{"parseint(\"FF\", 16)", "255 \"number\""},
        Case{"parseint(\"-10\", 2)", "-2 \"number\""}, Case{"parseint(\"zZ\", 62)", "2231 \"number\""},
        Case{"parseint(\"123456789012345678901234567890\", 10)", "123456789012345678901234567890 \"number\""},
        Case{"parseint(secret_str, 16)", "255 \"number\" (sensitive)"},
        Case{"parseint(\"12\", 2)", "ERROR Invalid function argument: Invalid value for \"number\" parameter: cannot parse \"12\" as a base 2 integer."},
        Case{"parseint(\"\", 10)", "ERROR Invalid function argument: Invalid value for \"number\" parameter: cannot parse \"\" as a base 10 integer."},
        Case{"parseint(\"1\", 63)", "ERROR Invalid function argument: Invalid value for \"base\" parameter: base must be a whole number between 2 and 62 inclusive."},
        Case{"parseint(\"1\", 1.5)", "ERROR Invalid function argument: Invalid value for \"base\" parameter: value must be a whole number, between -9223372036854775808 and 9223372036854775807."},
        Case{"parseint(10, 10)", "ERROR Invalid function argument: Invalid value for \"number\" parameter: first argument must be a string, not number."}));

}  // namespace

namespace {

// gocty refuses a finite number beyond float64's range with the range written out in full.
TEST(NumericFunctionsTest, PowIsGoMathPow) {
  EXPECT_EQ(run("pow(10, 308)"), "10000000000000006" + std::string(292, '0') + " \"number\"");
}

TEST(NumericFunctionsTest, LogAndPowRefuseNumbersBeyondFloat64) {
  const std::string max = "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000";
  const std::string want = "value must be between -" + max + " and " + max + " inclusive.";
  EXPECT_EQ(run("log(1e400, 10)"), "ERROR Error in function call: Call to function \"log\" failed: " + want);
  EXPECT_EQ(run("pow(2, 1e400)"), "ERROR Error in function call: Call to function \"pow\" failed: " + want);
}

}  // namespace
