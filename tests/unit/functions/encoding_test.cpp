// Table-driven tests of the encoding functions through evaluate(): results as cty's JSON value and
// type, errors as diagnostic texts, and sensitive arguments giving sensitive results.
#include <gtest/gtest.h>

#include <string>

#include "hclschema/eval/evaluate.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/value.hpp"
#include "unit/functions/function_test_util.hpp"

namespace {

using namespace hclschema;

// See testing_fn::table_outcome for the form of the answers.
std::string run(const std::string& text) {
  return testing_fn::table_outcome(text, {
                        {"secret", Value::string("aGk=").with_mark("sensitive")},
                        {"bad_secret", Value::string("!!").with_mark("sensitive")},
                        {"secret_csv", Value::string("k\nv").with_mark("sensitive")},
                        {"unknown", Value::unknown(Type::string())},
                        {"unknown_secret", Value::unknown(Type::string()).with_mark("sensitive")}});
}

struct Case {
  const char* expr;
  const char* want;
};

class EncodingFunctionsTest : public ::testing::TestWithParam<Case> {};

TEST_P(EncodingFunctionsTest, Evaluates) { EXPECT_EQ(run(GetParam().expr), GetParam().want) << GetParam().expr; }

INSTANTIATE_TEST_SUITE_P(
    Table, EncodingFunctionsTest,
    ::testing::Values(
        Case{R"(csvdecode("a,b\n1,2\n3,\"x,\"\"y\"\"\"\n"))", R"([{"a":"1","b":"2"},{"a":"3","b":"x,\"y\""}] ["list",["object",{"a":"string","b":"string"}]])"},
        Case{R"(csvdecode("a,b\r\n\r\n1,2"))", R"([{"a":"1","b":"2"}] ["list",["object",{"a":"string","b":"string"}]])"},
        Case{R"(csvdecode("a\n"))", R"([] ["list",["object",{"a":"string"}]])"},
        Case{R"(csvdecode(secret_csv))", R"([{"k":"v"}] ["list",["object",{"k":"string"}]] (sensitive))"},
        Case{R"(csvdecode(""))", R"(ERROR Error in function call: Call to function "csvdecode" failed: missing header line.)"},
        Case{R"(csvdecode("a,a\n1,2"))", R"(ERROR Error in function call: Call to function "csvdecode" failed: duplicate column name "a".)"},
        Case{R"(csvdecode("a,b\n1\n"))", R"(ERROR Error in function call: Call to function "csvdecode" failed: CSV parse error on line 2: wrong number of fields.)"},
        Case{R"(csvdecode("a\nx\"y\n"))", R"(ERROR Error in function call: Call to function "csvdecode" failed: CSV parse error on line 2: bare " in non-quoted-field.)"},
        Case{R"(csvdecode("a\n\"x\"y\n"))", R"(ERROR Error in function call: Call to function "csvdecode" failed: CSV parse error on line 2: extraneous or missing " in quoted-field.)"},
        Case{R"(base64encode("Hello World"))", R"("SGVsbG8gV29ybGQ=" "string")"}, Case{R"(base64encode("ab"))", R"("YWI=" "string")"},
        Case{R"(base64encode(""))", R"("" "string")"}, Case{R"(base64encode(secret))", R"("YUdrPQ==" "string" (sensitive))"},
        Case{R"(base64encode({}))", R"(ERROR Invalid function argument: Invalid value for "str" parameter: string required.)"},
        Case{R"(base64decode("SGVsbG8gV29ybGQ="))", R"("Hello World" "string")"}, Case{R"(base64decode(secret))", R"("hi" "string" (sensitive))"},
        Case{R"(base64decode("abc"))", R"(ERROR Error in function call: Call to function "base64decode" failed: failed to decode base64 data "abc".)"},
        Case{R"(base64decode(bad_secret))", R"(ERROR Error in function call: Call to function "base64decode" failed: failed to decode base64 data (sensitive value).)"},
        Case{R"(base64decode("/w=="))", R"(ERROR Error in function call: Call to function "base64decode" failed: the result of decoding the provided string is not valid UTF-8.)"},
        Case{R"(urlencode("Hello World?/ä"))", R"("Hello+World%3F%2F%C3%A4" "string")"}, Case{R"(urlencode(secret))", R"("aGk%3D" "string" (sensitive))"},
        Case{R"(urlencode([]))", R"(ERROR Invalid function argument: Invalid value for "str" parameter: string required.)"},
        Case{R"(jsonencode({a = 1, b = ["x", true]}))", R"("{\"a\":1,\"b\":[\"x\",true]}" "string")"},
        Case{R"(jsonencode(null))", R"("null" "string")"}, Case{R"(jsonencode(secret))", R"("\"aGk=\"" "string" (sensitive))"},
        Case{R"(jsonencode([unknown]))", R"(unknown "string")"},
        Case{R"(jsonencode())", R"(ERROR Not enough function arguments: Function "jsonencode" expects 1 argument(s). Missing value for "val".)"},
        Case{R"(jsondecode("{\"a\": [1, \"x\"], \"b\": null}"))", R"({"a":[1,"x"],"b":null} ["object",{"a":["tuple",["number","string"]],"b":"dynamic"}])"},
        Case{R"(jsondecode("12345678901234567890.5"))", R"(12345678901234567890.5 "number")"},
        Case{R"(jsondecode(jsonencode(secret)))", R"("aGk=" "string" (sensitive))"},
        Case{R"(jsondecode(unknown))", R"(unknown "dynamic")"},
        Case{R"(base64decode(unknown_secret))", R"(unknown "string" (sensitive))"},
        Case{R"(base64decode("YWI=\r\nYw=="))", R"(ERROR Error in function call: Call to function "base64decode" failed: failed to decode base64 data "YWI=\r\nYw==".)"},
        Case{R"(base64decode("YW\nI="))", R"("ab" "string")"},
        Case{R"(csvdecode(unknown))", R"(unknown "dynamic")"}));

TEST(EncodingFunctionsTest, JsondecodeRejectsBadJson) {
  std::string got = run(R"(jsondecode("{"))");
  EXPECT_EQ(got.rfind("ERROR ", 0), 0u) << got;
}

// cty reads one value with Go's json.Decoder and refuses more data after it: Go's texts.
TEST(EncodingFunctionsTest, JsondecodeSaysWhatGoSays) {
  const Case cases[] = {
      {R"(jsondecode(""))", "EOF"},
      {R"(jsondecode("{"))", "EOF"},
      {R"(jsondecode("[1,"))", "EOF"},
      {R"(jsondecode("tru"))", "unexpected EOF"},
      {R"(jsondecode("\"abc"))", "unexpected EOF"},
      {R"(jsondecode("-"))", "unexpected EOF"},
      {R"(jsondecode("a"))", "invalid character 'a' looking for beginning of value"},
      {R"(jsondecode(" \t x \n"))", "invalid character 'x' looking for beginning of value"},
      {R"(jsondecode("é"))", "invalid character 'Ã' looking for beginning of value"},
      {R"(jsondecode("[1,]"))", "invalid character ']' looking for beginning of value"},
      {R"(jsondecode("[1 2]"))", "invalid character '2' after array element"},
      {R"(jsondecode("{1: 2}"))", "invalid character '1'"},
      {R"(jsondecode("{\"a\" 1}"))", "invalid character '1' after object key"},
      {R"(jsondecode("{\"a\": 1 \"b\"}"))", "invalid character '\"' after object key:value pair"},
      {R"(jsondecode("{\"a\": 1, 2}"))", "invalid character '2' looking for beginning of object key string"},
      {R"(jsondecode("\"\\x\""))", "invalid character 'x' in string escape code"},
      {R"(jsondecode("\"\\u12g4\""))", "invalid character 'g' in \\u hexadecimal character escape"},
      {R"(jsondecode("\"a\tb\""))", "invalid character '\\t' in string literal"},
      {R"(jsondecode("ff"))", "invalid character 'f' in literal false (expecting 'a')"},
      {R"(jsondecode("nul1"))", "invalid character '1' in literal null (expecting 'l')"},
      {R"(jsondecode("-x"))", "invalid character 'x' in numeric literal"},
      {R"(jsondecode("1.x"))", "invalid character 'x' after decimal point in numeric literal"},
      {R"(jsondecode("1ex"))", "invalid character 'x' in exponent of numeric literal"},
      {R"(jsondecode("1 2"))", "extraneous data after JSON object"},
      {R"(jsondecode("01"))", "extraneous data after JSON object"},
      {R"(jsondecode("[1] x"))", "extraneous data after JSON object"},
  };
  for (const auto& c : cases)
    EXPECT_EQ(run(c.expr), std::string("ERROR Error in function call: Call to function \"jsondecode\" failed: ") + c.want + ".") << c.expr;
  // A closing bracket after the value is not "more data" to Go's Decoder.More.
  EXPECT_EQ(run(R"(jsondecode("1]"))"), R"(1 "number")");
  EXPECT_EQ(run(R"(jsondecode("[1]}"))"), R"([1] ["tuple",["number"]])");
}

}  // namespace
