// Function messages never show a sensitive argument (eval/sensitive_redaction.hpp): the value is
// replaced by "(sensitive value)" wherever the message quotes or names it, and nothing else of
// the message changes; a message that may quote a piece of a sensitive argument is not shown.
#include <gtest/gtest.h>

#include "eval/sensitive_redaction.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"

namespace hclschema {
namespace {

using eval_detail::hide_sensitive_texts;
using eval_detail::k_withheld_function_message;
using eval_detail::safe_function_message;

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

TEST(SensitiveRedaction, APieceQuotingMessageIsWithheldUnlessItQuotesTheValueWhole) {
  const std::vector<Value> args = {secret(Value::string("x[abc")), Value::string("text")};
  const std::vector<const Value*> pieces_of = {&args[0]};
  EXPECT_EQ(safe_function_message("missing closing ]: `[abc`", args, pieces_of), k_withheld_function_message);
  EXPECT_EQ(safe_function_message("bad pattern \"x[abc\"", args, pieces_of), "bad pattern \"(sensitive value)\"");
  // The argument named is not sensitive: only whole values are replaced, as for any message.
  const std::vector<const Value*> plain = {&args[1]};
  EXPECT_EQ(safe_function_message("missing closing ]: `[abc` in text", args, plain), "missing closing ]: `[abc` in text");
  EXPECT_EQ(safe_function_message("x[abc and text", args, {}), "(sensitive value) and text");
}

// Evaluates `expr` with `secret` bound to a sensitive string; the one diagnostic's detail.
std::string detail_with_secret(const std::string& expr, const std::string& secret_text) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.set_variable("secret", secret(Value::string(secret_text)));
  auto parsed = parse_expression(expr);
  const EvalResult r = evaluate(*parsed.expr, &ctx);
  EXPECT_EQ(r.diagnostics.size(), 1u) << expr;
  return r.diagnostics.empty() ? std::string() : r.diagnostics[0].detail;
}

TEST(SensitiveRedaction, FunctionsWhoseMessagesQuotePiecesDoNotShowThem) {
  const std::string withheld(k_withheld_function_message);
  // Each of these messages would quote a piece of the secret: a bracket, a letter, a column name.
  EXPECT_EQ(detail_with_secret("regex(secret, \"s\")", "x[abc"), "Invalid value for \"pattern\" parameter: " + withheld + ".");
  EXPECT_EQ(detail_with_secret("regexall(secret, \"s\")", "y[ab"), "Invalid value for \"pattern\" parameter: " + withheld + ".");
  EXPECT_EQ(detail_with_secret("replace(\"s\", secret, \"y\")", "/x[ab/"), "Call to function \"replace\" failed: " + withheld + ".");
  EXPECT_EQ(detail_with_secret("jsondecode(secret)", "{qq"), "Call to function \"jsondecode\" failed: " + withheld + ".");
  EXPECT_EQ(detail_with_secret("csvdecode(secret)", "col9,col9\n1,2\n"), "Call to function \"csvdecode\" failed: " + withheld + ".");
  EXPECT_EQ(detail_with_secret("format(secret, 1)", "ab%!cd"), "Call to function \"format\" failed: " + withheld + ".");
  EXPECT_EQ(detail_with_secret("formatlist(secret, [1])", "ab%!cd"), "Call to function \"formatlist\" failed: " + withheld + ".");
}

TEST(SensitiveRedaction, MessagesWithoutPiecesOfTheSecretStay) {
  // A format error that quotes nothing of the format string, and a pattern error about a pattern
  // that is not sensitive, are shown as the reference words them.
  EXPECT_EQ(detail_with_secret("format(secret, 1)", "abc"), "Invalid value for \"args\" parameter: too many arguments; no verbs in format string.");
  EXPECT_EQ(detail_with_secret("regex(\"[\", secret)", "abc"),
            "Invalid value for \"pattern\" parameter: invalid regexp pattern: missing closing ] in [.");
  // A message that quotes the value whole still shows the rest of itself.
  EXPECT_EQ(detail_with_secret("regexall(secret, \"s\")", "x(ab"),
            "Invalid value for \"pattern\" parameter: invalid regexp pattern: missing closing ) in (sensitive value).");
  EXPECT_EQ(detail_with_secret("parseint(secret, 10)", "zzz"), "Invalid value for \"number\" parameter: cannot parse \"(sensitive value)\" as a base 10 integer.");
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

// A `for` body sees a sensitive collection's elements without the mark, as in hclsyntax (only the
// result is marked), so messages about them are kept from quoting them all the same.
TEST(SensitiveRedaction, MessagesInsideAForOverASensitiveCollectionDoNotShowItsElements) {
  EXPECT_EQ(detail_with_secret("[for x in jsondecode(secret) : parseint(x, 10)]", "[\"tok-XYZZY\"]"),
            "Invalid value for \"number\" parameter: cannot parse \"(sensitive value)\" as a base 10 integer.");
  EXPECT_EQ(detail_with_secret("[for x in jsondecode(secret) : regex(x, \"s\")]", "[\"x[XYZZY\"]"),
            "Invalid value for \"pattern\" parameter: " + std::string(k_withheld_function_message) + ".");
  const std::string duplicate = detail_with_secret("{for k, v in jsondecode(secret) : lower(k) => v}", R"({"Tok_XYZZY": 1, "tok_xyzzy": 2})");
  EXPECT_EQ(duplicate,
            "Two different items produced the key (sensitive value) in this 'for' expression. If duplicates are expected, use the "
            "ellipsis (...) after the value expression to enable grouping by key.");
  EXPECT_EQ(detail_with_secret("[for x in jsondecode(secret) : x if parseint(x, 10) > 0]", "[\"tok-XYZZY\"]"),
            "Invalid value for \"number\" parameter: cannot parse \"(sensitive value)\" as a base 10 integer.");
  // A nested `for` over an element, which is not marked itself.
  EXPECT_EQ(detail_with_secret("[for x in jsondecode(secret) : {for y in x : y => 1}]", R"([["tok-XYZZY", "tok-XYZZY"]])"),
            "Two different items produced the key (sensitive value) in this 'for' expression. If duplicates are expected, use the "
            "ellipsis (...) after the value expression to enable grouping by key.");
  // A key written in the configuration is shown, as the reference shows it.
  EXPECT_EQ(detail_with_secret("{for k, v in jsondecode(secret) : \"c\" => v}", R"({"a": 1, "b": 2})"),
            "Two different items produced the key \"c\" in this 'for' expression. If duplicates are expected, use the "
            "ellipsis (...) after the value expression to enable grouping by key.");
  // The same body over a collection that is not sensitive quotes as the reference does.
  EXPECT_EQ(detail_with_secret("[for x in [\"tok\"] : parseint(x, 10)]", "unused"),
            "Invalid value for \"number\" parameter: cannot parse \"tok\" as a base 10 integer.");
}

// Results are the reference's: the mark is on the result, not on what the body derived, so
// nonsensitive() of the result leaves nothing marked.
TEST(SensitiveRedaction, AForOverASensitiveCollectionMarksOnlyItsResult) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.set_variable("secret", secret(Value::string(R"(["a", "b"])")));
  auto parsed = parse_expression("nonsensitive([for x in jsondecode(secret) : upper(x)])");
  ASSERT_TRUE(parsed.expr);
  const EvalResult r = evaluate(*parsed.expr, &ctx);
  ASSERT_TRUE(r.diagnostics.empty());
  EXPECT_FALSE(r.value.contains_marked());
  EXPECT_TRUE(raw_equals(r.value, Value::tuple({Value::string("A"), Value::string("B")})));
}

}  // namespace
}  // namespace hclschema
