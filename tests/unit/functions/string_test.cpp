// Table-driven tests of the string functions through evaluate(): results as cty's JSON value and
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
                        {"secret", Value::string("Hello World").with_mark("sensitive")},
                        {"unknown_dyn", Value::unknown(Type::dynamic())},
                        {"unknown_str", Value::unknown(Type::string())}});
}

struct Case {
  const char* expr;
  const char* want;
};

class StringFunctionsTest : public ::testing::TestWithParam<Case> {};

TEST_P(StringFunctionsTest, Evaluates) { EXPECT_EQ(run(GetParam().expr), GetParam().want) << GetParam().expr; }

INSTANTIATE_TEST_SUITE_P(
    Table, StringFunctionsTest,
    ::testing::Values(
        Case{R"(format("Hello, %s!", "Ander"))", R"("Hello, Ander!" "string")"},
        Case{R"(format("%d items at %.2f", 3, 1.005))", R"("3 items at 1.00" "string")"},
        Case{R"(format("%5d|%-5d|%05d|%+d", 42, 42, -42, 7))", R"("   42|42   |-0042|+7" "string")"},
        Case{R"(format("%x %X %o %b %#x", 255, 255, 8, 5, 255))", R"("ff FF 10 101 0xff" "string")"},
        Case{R"(format("%q %v %v %v", "a\"b", 1.5, true, [1, "x"]))", R"("\"a\\\"b\" 1.5 true [1,\"x\"]" "string")"},
        Case{R"(format("%v %v", 1000000, null))", R"("1e+06 null" "string")"},
        Case{R"(format("%t %s %%", true, 12))", R"("true 12 %" "string")"},
        Case{R"(format("%.3s|%6s|%-4s|", "abcdef", "ab", "é"))", R"("abc|    ab|é   |" "string")"},
        Case{R"(format("%[2]s %[1]s", "a", "b"))", R"("b a" "string")"},
        Case{R"(format("%s", secret))", R"("Hello World" "string" (sensitive))"},
        Case{R"(format("%d", 1.5))", R"(ERROR Error in function call: Call to function "format" failed: unsupported value for "%d" at 0: an integer is required.)"},
        Case{R"(format("%s", null))", R"(ERROR Error in function call: Call to function "format" failed: unsupported value for "%s" at 0: null value cannot be formatted.)"},
        Case{R"(format("%s %s", "a"))", R"(ERROR Error in function call: Call to function "format" failed: not enough arguments for "%s" at 3: need index 2 but have 1 total.)"},
        Case{R"(format("x", "a"))", R"(ERROR Invalid function argument: Invalid value for "args" parameter: too many arguments; no verbs in format string.)"},
        Case{R"(format("%s", "a", "b"))", R"(ERROR Invalid function argument: Invalid value for "args" parameter: too many arguments; only 1 used by format string.)"},
        Case{R"(format("%z", 1))", R"(ERROR Error in function call: Call to function "format" failed: unsupported format verb 'z' in "%z" at offset 0.)"},
        Case{R"(format("%!", 1))", R"(ERROR Error in function call: Call to function "format" failed: unrecognized format character '!' at offset 1.)"},
        Case{R"(format("abc %"))", R"(ERROR Error in function call: Call to function "format" failed: invalid format string starting at offset 5.)"},
        Case{R"(format("%d", "x"))", R"(ERROR Error in function call: Call to function "format" failed: unsupported value for "%d" at 0: a number is required.)"},
        Case{R"(formatlist("Hello, %s!", ["Valentina", "Ander"]))", R"(["Hello, Valentina!","Hello, Ander!"] ["list","string"])"},
        Case{R"(formatlist("%s=%d", ["a", "b"], 1))", R"(["a=1","b=1"] ["list","string"])"},
        Case{R"(formatlist("%s", []))", R"([] ["list","string"])"},
        Case{R"(formatlist("%s-%s", [secret], ["x"]))", R"(["Hello World-x"] ["list","string"] (sensitive))"},
        Case{R"(formatlist("%s %s", ["a"], ["b", "c"]))", R"(ERROR Invalid function argument: Invalid value for "args" parameter: argument 2 has length 2, which is inconsistent with argument 1 of length 1.)"},
        Case{R"(formatlist("%d", ["x"]))", R"(ERROR Error in function call: Call to function "formatlist" failed: error on format iteration 0: unsupported value for "%d" at 0: a number is required.)"},
        Case{R"(upper("héllo"))", R"("HÉLLO" "string")"}, Case{R"(upper(secret))", R"("HELLO WORLD" "string" (sensitive))"},
        Case{R"(upper([]))", R"(ERROR Invalid function argument: Invalid value for "str" parameter: string required.)"},
        Case{R"(lower("ÀB"))", R"("àb" "string")"}, Case{R"(lower(secret))", R"("hello world" "string" (sensitive))"},
        Case{R"(title("hello wörld-x_y"))", R"("Hello Wörld-X_y" "string")"}, Case{R"(title(secret))", R"("Hello World" "string" (sensitive))"},
        Case{R"(strrev("abc"))", R"("cba" "string")"}, Case{"strrev(\"a\u20ddb\")", "\"ba\u20dd\" \"string\""},
        Case{R"(strrev(secret))", R"("dlroW olleH" "string" (sensitive))"},
        Case{R"(chomp("a\n\r\n"))", R"("a" "string")"}, Case{R"(chomp("a\nb"))", R"("a\nb" "string")"},
        Case{R"(chomp(secret))", R"("Hello World" "string" (sensitive))"},
        Case{R"(trimspace("  a b \n"))", R"("a b" "string")"}, Case{R"(trimspace(secret))", R"("Hello World" "string" (sensitive))"},
        Case{R"(trim("?!hi?!", "!?"))", R"("hi" "string")"}, Case{R"(trim(secret, "Hd"))", R"("ello Worl" "string" (sensitive))"},
        Case{R"(trim("x"))", R"(ERROR Not enough function arguments: Function "trim" expects 2 argument(s). Missing value for "cutset".)"},
        Case{R"(trimprefix("helloworld", "hello"))", R"("world" "string")"}, Case{R"(trimprefix("a", "b"))", R"("a" "string")"},
        Case{R"(trimprefix(secret, "Hello "))", R"("World" "string" (sensitive))"},
        Case{R"(trimsuffix("helloworld", "world"))", R"("hello" "string")"}, Case{R"(trimsuffix(secret, "World"))", R"("Hello " "string" (sensitive))"},
        Case{R"(startswith("hello", "he"))", R"(true "bool")"}, Case{R"(startswith("hello", "lo"))", R"(false "bool")"},
        Case{R"(startswith(secret, "He"))", R"(true "bool" (sensitive))"},
        Case{R"(endswith("hello", "lo"))", R"(true "bool")"}, Case{R"(endswith(secret, "x"))", R"(false "bool" (sensitive))"},
        Case{R"(strcontains("hello", "ell"))", R"(true "bool")"}, Case{R"(strcontains(secret, "z"))", R"(false "bool" (sensitive))"},
        Case{R"(strcontains("a", {}))", R"(ERROR Invalid function argument: Invalid value for "substr" parameter: string required.)"},
        Case{R"(indent(2, "a\nb"))", R"("a\n  b" "string")"}, Case{R"(indent(1, secret))", R"("Hello World" "string" (sensitive))"},
        Case{R"(indent(1.5, "a"))", R"(ERROR Error in function call: Call to function "indent" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807.)"},
        Case{R"(indent(2, "a\nb\n"))", R"("a\n  b\n  " "string")"},
        Case{R"(join(", ", ["a", "b"], ["c"]))", R"("a, b, c" "string")"}, Case{R"(join("-", [secret, "x"]))", R"("Hello World-x" "string" (sensitive))"},
        Case{R"(join(","))", R"(ERROR Error in function call: Call to function "join" failed: at least one list is required.)"},
        Case{R"(join(",", ["a", null]))", R"(ERROR Invalid function argument: Invalid value for "lists" parameter: element 1 is null; cannot concatenate null values.)"},
        Case{R"(split(",", "a,b,,c"))", R"(["a","b","","c"] ["list","string"])"}, Case{R"(split(",", ""))", R"([""] ["list","string"])"},
        Case{R"(split(" ", secret))", R"(["Hello","World"] ["list","string"] (sensitive))"},
        Case{R"(substr("hello world", 1, 4))", R"("ello" "string")"}, Case{R"(substr("hello", -3, -1))", R"("llo" "string")"},
        Case{R"(substr("hello", 10, 2))", R"("" "string")"}, Case{R"(substr(secret, 0, 5))", R"("Hello" "string" (sensitive))"},
        Case{R"(substr("a", 0.5, 1))", R"(ERROR Error in function call: Call to function "substr" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807.)"},
        Case{R"(substr("hello", -1, 0))", R"("o" "string")"}, Case{R"(substr("hello", 0, 0))", R"("" "string")"},
        Case{R"(substr("hello", -10, 2))", R"("he" "string")"}, Case{R"(substr("hello", 5, 2))", R"("" "string")"},
        Case{"substr(\"a\u20ddbc\", 0, 2)", "\"a\u20ddb\" \"string\""},
        Case{R"(upper("straße"))", R"("STRAßE" "string")"},
        Case{R"(upper(unknown_dyn))", R"(unknown "string")"}, Case{R"(substr(unknown_dyn, 0, 1))", R"(unknown "string")"},
        Case{R"(trim(unknown_dyn, "x"))", R"(unknown "string")"}, Case{R"(format("%s", unknown_dyn))", R"(unknown "dynamic")"}, Case{R"(split(",", unknown_str))", R"(unknown ["list","string"])"},
        Case{R"(regex(unknown_str, "x"))", R"(unknown "dynamic")"}, Case{R"(regexall(unknown_str, "x"))", R"(unknown ["list","dynamic"])"},
        Case{R"(format("%s", unknown_str))", R"(unknown "string")"}, Case{R"(formatlist("%s", ["a", unknown_str]))", R"(unknown ["list","string"])"},
        Case{R"(join(",", ["a", unknown_str]))", R"(unknown "string")"},
        Case{R"(title("ǆa 'quoted' don't"))", R"("ǅa 'Quoted' Don'T" "string")"},
        Case{R"(split("", "abc"))", R"(["a","b","c"] ["list","string"])"},
        Case{R"x(regex("(a)|(b)", "b"))x", R"([null,"b"] ["tuple",["string","string"]])"},
        Case{R"(regexall("a*", "baaac"))", R"(["","aaa",""] ["list","string"])"},
        Case{R"(format("%[0]s", "a"))", R"(ERROR Error in function call: Call to function "format" failed: unrecognized format character '0' at offset 2.)"},
        Case{R"(format("%.2f|%f", 1/0, -1/0))", R"("+Inf|-Inf" "string")"},
        Case{R"(format("%f %e %g %E %G", 3.14159, 1234.5678, 0.000012345, 1234.5678, 1e30))", R"("3.141590 1.234568e+03 1.2345e-05 1.234568E+03 1E+30" "string")"},
        Case{R"(format("%.0f %.1e %10.3f|%-10.2f|%+.2f|%010.2f", 2.5, 15, 3.14159, 2.5, 2, -2.5))", R"("2 1.5e+01      3.142|2.50      |+2.00|-000002.50" "string")"},
        Case{R"(format("%d %5.3d %.0d|%x|%05x", -0, 7, 0, -255, -255))", R"("0   007 |-ff|-00ff" "string")"},
        Case{R"(format("%o %#o %#o %#b", 0, 0, 8, 5))", R"("0 00 010 0b101" "string")"},
        Case{R"(format("%v %v %v %v", 100000, 0.0001, 0.00001, {a = 1}))", R"("100000 0.0001 1e-05 {\"a\":1}" "string")"},
        Case{R"(replace("1 + 2 + 3", "+", "-"))", R"("1 - 2 - 3" "string")"},
        Case{R"(replace("hello world", "/w.*d/", "everybody"))", R"("hello everybody" "string")"},
        Case{R"(replace("a1b22", "/([0-9]+)/", "[$1]"))", R"("a[1]b[22]" "string")"},
        Case{R"(replace(secret, "World", "there"))", R"("Hello there" "string" (sensitive))"},
        Case{R"(replace("a", "/(/", "x"))", "ERROR Error in function call: Call to function \"replace\" failed: error parsing regexp: missing closing ): `(`."},
        Case{R"(regex("[a-z]+", "53453453.345345aaabbbccc23454"))", R"("aaabbbccc" "string")"},
        Case{R"x(regex("(\\d\\d)-(\\d\\d)", "ab 12-34"))x", R"(["12","34"] ["tuple",["string","string"]])"},
        Case{R"x(regex("(?P<k>\\w+)=(?P<v>\\w+)", "a=b"))x", R"({"k":"a","v":"b"} ["object",{"k":"string","v":"string"}])"},
        Case{R"(regex("W.*", secret))", R"("World" "string" (sensitive))"},
        Case{R"(regex("z", "abc"))", R"(ERROR Error in function call: Call to function "regex" failed: pattern did not match any part of the given string.)"},
        Case{R"x(regex("(?P<k>a)(b)", "ab"))x", R"(ERROR Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: cannot mix both named and unnamed capture groups.)"},
        Case{R"(regexall("[a-z]+", "1234abcd5678efgh9"))", R"(["abcd","efgh"] ["list","string"])"},
        Case{R"(regexall("x", "abc"))", R"([] ["list","string"])"},
        Case{R"(regexall("o", secret))", R"(["o","o"] ["list","string"] (sensitive))"},
        Case{R"(regexall("[", "a"))", "ERROR Invalid function argument: Invalid value for \"pattern\" parameter: invalid regexp pattern: missing closing ] in [."},
        // Go has no \C (any byte), which RE2 accepts; \Q...\E quotes it.
        Case{R"(regex("\\C", "a"))", "ERROR Invalid function argument: Invalid value for \"pattern\" parameter: invalid regexp pattern: invalid escape sequence in \\C."},
        Case{R"(regex("a\\Q\\C\\E", "a\\C"))", R"("a\\C" "string")"},
        Case{R"(replace("abc", "/\\C/", "x"))", "ERROR Error in function call: Call to function \"replace\" failed: error parsing regexp: invalid escape sequence: `\\C`."},
        // Go's unicode.ToTitle has no simple titlecase for ß.
        Case{R"(title("ßa straße"))", R"("ßa Straße" "string")"},
        // Without list arguments formatlist is format() in a list, errors unprefixed.
        Case{R"(formatlist("%s-%d"))", "ERROR Error in function call: Call to function \"formatlist\" failed: not enough arguments for \"%s\" at 0: need index 1 but have 0 total."},
        Case{R"(formatlist("x"))", R"(["x"] ["list","string"])"},
        Case{R"(formatlist("%d", ["x"]))", "ERROR Error in function call: Call to function \"formatlist\" failed: error on format iteration 0: unsupported value for \"%d\" at 0: a number is required."},
        // %d prints the integer the 512-bit binary float holds.
        Case{R"(length(format("%d", 1e400)))", R"(401 "number")"},
        Case{R"(substr(format("%d", 1e400), 150, 12))", R"("000000996190" "string")"},
        Case{R"(format("%d", 12345678901234567890123))", R"("12345678901234567890123" "string")"}));

}  // namespace
