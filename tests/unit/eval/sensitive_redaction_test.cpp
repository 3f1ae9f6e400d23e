// Function messages never show a sensitive argument (eval/sensitive_redaction.hpp): the value is
// replaced by "(sensitive value)" wherever the message quotes or names it, and nothing else of
// the message changes.
#include <gtest/gtest.h>

#include "eval/sensitive_redaction.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"

namespace hclschema {
namespace {

using eval_detail::hide_sensitive_texts;

Value secret(Value v) { return v.with_mark(sensitive_mark); }

TEST(SensitiveRedaction, ReplacesASensitiveStringWhereverItStandsAlone) {
  const std::vector<Value> args = {secret(Value::string("s3cr3t")), Value::number(10)};
  EXPECT_EQ(hide_sensitive_texts("cannot parse \"s3cr3t\" as a base 10 integer", args),
            "cannot parse \"(sensitive value)\" as a base 10 integer");
  EXPECT_EQ(hide_sensitive_texts("s3cr3t: bad, and s3cr3t again", args), "(sensitive value): bad, and (sensitive value) again");
  // Inside a longer word it is not the value.
  EXPECT_EQ(hide_sensitive_texts("xs3cr3tx", args), "xs3cr3tx");
}

TEST(SensitiveRedaction, QuotedFormsNestedValuesAndNumbers) {
  const std::vector<Value> args = {secret(Value::tuple({Value::string("a\"b\nc"), Value::number(Number::parse("12345").value())}))};
  // Go's %q form of the string, as messages quote it, and a number inside a sensitive tuple.
  EXPECT_EQ(hide_sensitive_texts("bad value \"a\\\"b\\nc\" and 12345", args), "bad value \"(sensitive value)\" and (sensitive value)");
  EXPECT_EQ(hide_sensitive_texts("index 123456", args), "index 123456");
}

TEST(SensitiveRedaction, ShortValuesOnlyInTheirQuotedForm) {
  const std::vector<Value> args = {secret(Value::string("a"))};
  EXPECT_EQ(hide_sensitive_texts("a set or a list is required", args), "a set or a list is required");
  EXPECT_EQ(hide_sensitive_texts("no attribute \"a\"", args), "no attribute (sensitive value)");
}

TEST(SensitiveRedaction, NothingSensitiveNothingChanged) {
  const std::vector<Value> args = {Value::string("s3cr3t")};
  EXPECT_EQ(hide_sensitive_texts("cannot parse \"s3cr3t\"", args), "cannot parse \"s3cr3t\"");
}

TEST(SensitiveRedaction, ThroughACallTheDiagnosticHidesTheValue) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.set_variable("key", secret(Value::string("10.0.0.0/99")));
  auto parsed = parse_expression("cidrhost(key, 1)");
  const EvalResult r = evaluate(*parsed.expr, &ctx);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].detail, "Invalid value for \"prefix\" parameter: invalid CIDR expression: invalid CIDR address: (sensitive value).");
  EXPECT_EQ(r.diagnostics[0].detail.find("10.0.0.0"), std::string::npos);
}

// Not a function message: the evaluator's own "Duplicate object key" names the key, unless it is
// sensitive (hclsyntax names it either way).
TEST(SensitiveRedaction, ADuplicateForKeyThatIsSensitiveIsNotShown) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.set_variable("secret", secret(Value::string("s3cr3t-XYZZY-value")));
  auto parsed = parse_expression("{for k in [secret, upper(secret), secret] : k => 1}");
  ASSERT_TRUE(parsed.expr);
  auto r = evaluate(*parsed.expr, &ctx);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Duplicate object key");
  EXPECT_EQ(r.diagnostics[0].detail,
            "Two different items produced the key (sensitive value) in this 'for' expression. If duplicates are expected, use the "
            "ellipsis (...) after the value expression to enable grouping by key.");
  // A key that is not sensitive is shown, as hclsyntax shows it.
  auto plain = parse_expression("{for k in [\"a\", \"a\"] : k => 1}");
  ASSERT_TRUE(plain.expr);
  auto p = evaluate(*plain.expr, &ctx);
  ASSERT_EQ(p.diagnostics.size(), 1u);
  EXPECT_NE(p.diagnostics[0].detail.find("produced the key \"a\" in"), std::string::npos) << p.diagnostics[0].detail;
}

}  // namespace
}  // namespace hclschema
