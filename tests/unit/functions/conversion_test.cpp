// Tests of the conversion functions (to*, sensitive/nonsensitive/issensitive, try, can) through evaluate().
#include <gtest/gtest.h>

#include "function_test_util.hpp"

namespace hclschema {
namespace {

using testing_fn::Case;
using testing_fn::outcome;

TEST(ConversionFunctionsTest, Table) {
  const std::vector<Case> cases = {
      {"tobool(\"true\")", R"("bool" true)"},
      {"tobool(null)", R"("bool" null)"},
      {"tobool(\"yes\")", "error: Invalid value for \"v\" parameter: cannot convert \"yes\" to bool; only the strings \"true\" or \"false\" are allowed."},
      {"tobool(\"a\\tb\u00e9\")", "error: Invalid value for \"v\" parameter: cannot convert \"a\\tb\u00e9\" to bool; only the strings \"true\" or \"false\" are allowed."},  // Go's %q
      {"tobool(1)", "error: Invalid value for \"v\" parameter: cannot convert number to bool."},
      {"tonumber(\"1.5\")", R"("number" 1.5)"},
      {"tonumber(\"x\")", "error: Invalid value for \"v\" parameter: cannot convert \"x\" to number; given string must be a decimal representation of a number."},
      {"tostring(12)", R"("string" "12")"},
      {"tostring(true)", R"("string" "true")"},
      {"tostring([])", "error: Invalid value for \"v\" parameter: cannot convert tuple to string."},
      {"tolist([\"a\", \"b\"])", R"(["list","string"] ["a","b"])"},
      {"tolist([\"a\", 1])", R"(["list","string"] ["a","1"])"},
      {"tolist(\"a\")", "error: Invalid value for \"v\" parameter: cannot convert string to list of any single type."},
      {"tolist([1, [1]])", "error: Invalid value for \"v\" parameter: cannot convert tuple to list of any single type."},
      {"tostring(\"x\")", R"("string" "x")"},
      {"tobool(false)", R"("bool" false)"},
      {"tonumber(2)", R"("number" 2)"},
      {"tolist(tolist([\"a\"]))", R"(["list","string"] ["a"])"},
      {"toset(toset([\"a\"]))", R"(["set","string"] ["a"])"},
      {"tomap(tomap({a = 1}))", R"(["map","number"] {"a":1})"},
      {"toset([\"b\", \"a\", \"b\"])", R"(["set","string"] ["a","b"])"},
      {"tomap({a = 1, b = \"x\"})", R"(["map","string"] {"a":"1","b":"x"})"},
      {"tomap(\"a\")", "error: Invalid value for \"v\" parameter: cannot convert string to map of any single type."},
      {"sensitive(1)", R"("number" 1)"},
      {"issensitive(1)", R"("bool" false)"},
      {"nonsensitive(1)", "error: Invalid value for \"value\" parameter: the given value is not sensitive, so this call is redundant."},
      {"try([1][5], \"fallback\")", R"("string" "fallback")"},
      {"try(tonumber(\"x\"), 2)", R"("number" 2)"},
      {"try(1, 2)", R"("number" 1)"},
      {"can([1][0])", R"("bool" true)"},
      {"can([1][5])", R"("bool" false)"},
      {"can(tobool(\"x\"))", R"("bool" false)"},
  };
  for (const auto& c : cases) EXPECT_EQ(outcome(c.expr), c.want) << c.expr;
}

TEST(ConversionFunctionsTest, TryWithNoSuccessListsEveryFailure) {
  auto r = testing_fn::run("try([1][5], tonumber(\"x\"))");
  ASSERT_TRUE(has_errors(r.diagnostics));
  const auto& d = r.diagnostics.front();
  EXPECT_EQ(d.summary, "Error in function call");
  EXPECT_EQ(d.detail.rfind("Call to function \"try\" failed: no expression succeeded:\n- Invalid index (at <expr>:1,8-11)\n", 0), 0u)
      << d.detail;
  EXPECT_NE(d.detail.find("- Invalid function argument (at <expr>:1,23-24)"), std::string::npos) << d.detail;
  EXPECT_NE(d.detail.find("\n\nAt least one expression must produce a successful result."), std::string::npos) << d.detail;
}

// hclsyntax's ranges: a call failure points at the name and its parenthesis, an argument that came
// from `...` at the whole expanding expression.
TEST(ConversionFunctionsTest, CallDiagnosticRanges) {
  auto subject = [](const std::string& text) -> std::pair<size_t, size_t> {
    auto r = testing_fn::run(text);
    if (r.diagnostics.empty() || !r.diagnostics.front().subject) return {99, 99};
    const auto& s = *r.diagnostics.front().subject;
    return {s.start.byte, s.end.byte};
  };
  EXPECT_EQ(subject("try(nosuch)"), std::make_pair(size_t{0}, size_t{4}));
  EXPECT_EQ(subject("try()"), std::make_pair(size_t{0}, size_t{4}));
  EXPECT_EQ(subject("try(nosuch, also_missing)"), std::make_pair(size_t{0}, size_t{4}));
  EXPECT_EQ(subject("abs([1, 2]...)"), std::make_pair(size_t{4}, size_t{10}));      // too many arguments
  EXPECT_EQ(subject("abs([\"a\"]...)"), std::make_pair(size_t{4}, size_t{9}));       // argument type
  EXPECT_EQ(subject("slice([[1], 5, 1]...)"), std::make_pair(size_t{6}, size_t{17}));  // argument error from the call
  EXPECT_EQ(subject("abs(true)"), std::make_pair(size_t{4}, size_t{8}));            // a written argument: itself
  EXPECT_EQ(subject("abs(1, [1, 2])"), std::make_pair(size_t{7}, size_t{8}));       // ... or its first token
}

TEST(ConversionFunctionsTest, TryAndCanWithUnknowns) {
  const auto& ctx = testing_fn::sensitive_context();
  EXPECT_EQ(outcome("try(unk, \"x\")", &ctx), R"(unknown "dynamic")");
  EXPECT_EQ(outcome("can(unk)", &ctx), R"(unknown "bool")");
  EXPECT_EQ(outcome("try(nosuch, \"x\")", &ctx), R"("string" "x")");
  EXPECT_EQ(outcome("can(nosuch)", &ctx), R"("bool" false)");
  // As HCL's tryfunc: a traversal that fails does not count as depending on an unknown, even when
  // it fails on one (an unknown string has no attributes either), so the expression is tried.
  EXPECT_EQ(outcome("try(unk.attr, \"x\")", &ctx), R"("string" "x")");
  EXPECT_EQ(outcome("can(unk.attr)", &ctx), R"("bool" false)");
  // A failing traversal does not make the expression depend on unknowns.
  EXPECT_EQ(outcome("try(smap.nokey, \"x\")", &ctx), R"("string" "x")");
  EXPECT_EQ(outcome("can(slist[7])", &ctx), R"("bool" false)");
  EXPECT_EQ(outcome("can(slist[0])", &ctx), R"("bool" true)");
}

// try() and can() step through an unknown as hcl.GetAttr and hcl.Index do (tryfunc's
// dependsOnUnknowns takes each traversal with TraverseAbs): what passes over the unknown leaves the
// expression undecided; a step that fails on it (a null key, a missing attribute of an unknown
// object, an attribute of an unknown list) makes it fail like any other error.
TEST(ConversionFunctionsTest, TryAndCanStepThroughUnknownsAsTraversalsDo) {
  const std::vector<std::pair<std::string, Value>> vars = {
      {"u", Value::unknown(Type::dynamic())},
      {"o", Value::unknown(Type::object({{"a", Type::string()}}))},
      {"l", Value::unknown(Type::list(Type::string()))},
      {"s", Value::unknown(Type::dynamic()).with_mark(sensitive_mark)}};
  EXPECT_EQ(testing_fn::table_outcome("can(u.a.b)", vars), R"(unknown "bool")");
  EXPECT_EQ(testing_fn::table_outcome("can(u.a[null])", vars), R"(false "bool")");
  EXPECT_EQ(testing_fn::table_outcome("try(u[null], \"x\")", vars), R"("x" "string")");
  EXPECT_EQ(testing_fn::table_outcome("can(o.a)", vars), R"(unknown "bool")");
  EXPECT_EQ(testing_fn::table_outcome("can(o.b)", vars), R"(false "bool")");
  EXPECT_EQ(testing_fn::table_outcome("can(l[0])", vars), R"(unknown "bool")");
  EXPECT_EQ(testing_fn::table_outcome("can(l[\"0\"])", vars), R"(unknown "bool")");  // the key converts to a number
  EXPECT_EQ(testing_fn::table_outcome("can(l.a)", vars), R"(false "bool")");
  EXPECT_EQ(testing_fn::table_outcome("can(s.a)", vars), R"(unknown "bool")");
}

// try() and can() first follow each variable's traversal through its value (unmarked): a step into
// a value only that unmarked copy owned read freed memory (AddressSanitizer; found by the eval fuzz
// target, fuzz/corpus/eval/crash_try_sensitive_traversal.hcl).
TEST(ConversionFunctionsTest, TryAndCanFollowTraversalsThroughSensitiveValues) {
  const Value secret = Value::string("tok").with_mark(sensitive_mark);
  const std::vector<std::pair<std::string, Value>> vars = {
      {"secrets", Value::object({{"token", secret}, {"list", Value::tuple({secret, Value::tuple({secret})})}})}};
  EXPECT_EQ(testing_fn::table_outcome("try(secrets.token, \"x\")", vars), R"("tok" "string" (sensitive))");
  EXPECT_EQ(testing_fn::table_outcome("try(secrets.token[5], \"x\")", vars), R"("x" "string")");
  EXPECT_EQ(testing_fn::table_outcome("can(secrets.list[1][0])", vars), R"(true "bool")");
  EXPECT_EQ(testing_fn::table_outcome("can(secrets.list[2])", vars), R"(false "bool")");
  EXPECT_EQ(testing_fn::table_outcome("try(secrets[\"list\"][0], 1)", vars), R"("tok" "string" (sensitive))");
}

// try() and can() find the variables of a native expression in its tree (not through
// variables()'s copies): an unknown anywhere in the expression, through any traversal step that
// succeeds, leaves the answer undecided; a name bound by a for expression, a literal object key, or
// a traversal that fails on a known value does not.
TEST(ConversionFunctionsTest, TryAndCanFindUnknownsThroughEveryKindOfStep) {
  const Value unk = Value::unknown(Type::string());
  const std::vector<std::pair<std::string, Value>> vars = {
      {"obj", Value::object({{"known", Value::string("k")}, {"u", unk}, {"list", Value::tuple({Value::string("a"), unk})}})},
      {"u", unk},
      {"n", Value::null(Type::dynamic())}};
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"can(obj.known)", R"(true "bool")"},
      {"can(obj.u)", R"(unknown "bool")"},
      {"can(obj[\"u\"])", R"(unknown "bool")"},
      {"can(obj.list[1])", R"(unknown "bool")"},
      {"can(obj.list[0])", R"(true "bool")"},
      {"can(obj.list.1)", R"(unknown "bool")"},    // legacy index step
      {"can(obj.list[5])", R"(false "bool")"},     // fails: not counted
      {"can(obj.nokey.u)", R"(false "bool")"},     // fails at the first step
      {"can(n.a)", R"(false "bool")"},            // a step into null fails
      {"can(obj.list[*])", R"(unknown "bool")"},  // a splat step: the value so far
      {"can(obj)", R"(unknown "bool")"},
      {"can([for u in [1] : u])", R"(true "bool")"},  // `u` is the for expression's
      {"can([for x in [1] : x if u != \"\"])", R"(unknown "bool")"},
      {"can({ u = 1 })", R"(true "bool")"},   // a literal key
      {"can({ (u) = 1 })", R"(unknown "bool")"},
      {"can(upper(u))", R"(unknown "bool")"},
      {"can(\"${u}x\")", R"(unknown "bool")"},
      {"can(true ? 1 : u)", R"(unknown "bool")"},
      {"try(obj.known, u)", R"("k" "string")"},
      {"try(obj.u, 1)", R"(unknown "dynamic")"},
  };
  for (const auto& [text, want] : cases) EXPECT_EQ(testing_fn::table_outcome(text, vars), want) << text;
}

// An unknown of dynamic type (`[for z in var.zones : z]` while var.zones is unknown) converted by
// a to* function: Terraform's own to* functions (internal/lang/funcs/conversion.go) let the
// dynamic argument through to their type function (AllowDynamicType), which answers the wanted
// type, so the result is an unknown of that type: `toset` gives an unknown set(dynamic). This
// knowingly differs from go-cty's stdlib.MakeToFunc (which the eval benchmark's reference uses):
// without AllowDynamicType, cty's function machinery answers an unknown of dynamic type there.
TEST(ConversionFunctionsTest, UnknownOfDynamicTypeTakesTheWantedTypeAsInTerraform) {
  const std::vector<std::pair<std::string, Value>> vars = {{"dyn", Value::unknown(Type::dynamic())}};
  EXPECT_EQ(testing_fn::table_outcome("toset(dyn)", vars), R"(unknown ["set","dynamic"])");
  EXPECT_EQ(testing_fn::table_outcome("tolist(dyn)", vars), R"(unknown ["list","dynamic"])");
  EXPECT_EQ(testing_fn::table_outcome("tomap(dyn)", vars), R"(unknown ["map","dynamic"])");
  EXPECT_EQ(testing_fn::table_outcome("tostring(dyn)", vars), R"(unknown "string")");
  EXPECT_EQ(testing_fn::table_outcome("tonumber(dyn)", vars), R"(unknown "number")");
  EXPECT_EQ(testing_fn::table_outcome("tobool(dyn)", vars), R"(unknown "bool")");
  EXPECT_EQ(testing_fn::table_outcome("toset([for z in dyn : z])", vars), R"(unknown ["set","dynamic"])");
}

// As Terraform's to* functions (which take marked arguments): a sensitive value is not shown when
// it does not convert, and a collection keeps each element's own mark.
TEST(ConversionFunctionsTest, SensitiveValuesAreNotShownAndElementsKeepTheirMarks) {
  EXPECT_EQ(outcome("tonumber(sensitive(\"abc\"))"), "error: Invalid value for \"v\" parameter: cannot convert this sensitive string to number.");
  EXPECT_EQ(outcome("tobool(sensitive(\"yes\"))"), "error: Invalid value for \"v\" parameter: cannot convert this sensitive string to bool.");
  EXPECT_EQ(outcome("tonumber(\"abc\")"),
            "error: Invalid value for \"v\" parameter: cannot convert \"abc\" to number; given string must be a decimal representation of a number.");
  EXPECT_EQ(outcome("issensitive(tonumber(sensitive(\"12\")))"), R"("bool" true)");
  EXPECT_EQ(outcome("issensitive(tolist([sensitive(\"a\"), \"b\"]))"), R"("bool" false)");
  EXPECT_EQ(outcome("issensitive(tolist([sensitive(\"a\"), \"b\"])[0])"), R"("bool" true)");
  EXPECT_EQ(outcome("issensitive(tolist([sensitive(\"a\"), \"b\"])[1])"), R"("bool" false)");
}

TEST(ConversionFunctionsTest, Sensitivity) {
  const auto& ctx = testing_fn::sensitive_context();
  EXPECT_TRUE(testing_fn::sensitive_result("sensitive(\"x\")"));
  EXPECT_TRUE(testing_fn::sensitive_result("sensitive(secret)"));
  EXPECT_FALSE(testing_fn::sensitive_result("nonsensitive(secret)"));
  EXPECT_EQ(outcome("nonsensitive(secret)", &ctx), R"("string" "s3cr3t")");
  EXPECT_EQ(outcome("issensitive(secret)", &ctx), R"("bool" true)");
  EXPECT_EQ(outcome("issensitive(sensitive(1))", &ctx), R"("bool" true)");
  EXPECT_EQ(outcome("issensitive(\"a\")", &ctx), R"("bool" false)");
  EXPECT_EQ(outcome("issensitive(unk)", &ctx), R"(unknown "bool")");
  for (const char* e : {"tobool(sensitive(\"true\"))", "tonumber(sensitive(\"2\"))", "tostring(snum)",
                        "tolist(slist)", "toset(slist)", "tomap(smap)", "try(secret, 1)"}) {
    EXPECT_TRUE(testing_fn::sensitive_result(e)) << e;
  }
}

}  // namespace
}  // namespace hclschema
