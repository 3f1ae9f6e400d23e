// The evaluation work budget (src/eval/work_budget.hpp, EvalContext::work_limit): an expression
// whose work multiplies stops with one "Evaluation too expensive" error at the loop, splat or call
// that overdrew the budget, quickly and with an unknown value; work under the limit evaluates as
// before; nested work (inner loops, try() and can() arguments) counts; a limit of 0 is none.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"

namespace hclschema {
namespace {

// The 10^9-iteration bomb of the brief: little memory, hours of CPU without a budget.
const std::string k_nested_for = "[for a in range(1024) : [for b in range(1024) : [for c in range(1024) : 1 if false]]]";

EvalContext context_with_limit(std::optional<uint64_t> limit) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.work_limit = limit;
  ctx.set_variable("xs", Value::tuple({Value::number(Number(int64_t{1})), Value::number(Number(int64_t{2}))}));
  // Collections that cost no function call to make: the tests below count every unit.
  std::vector<Value> k64;
  for (int64_t i = 0; i < 64; ++i) k64.push_back(Value::number(Number(i)));
  ctx.set_variable("k64", Value::list(Type::number(), std::move(k64)));
  ctx.set_variable("long", Value::string(std::string(1'000'000, 'x')));  // 15,625 units of 64 bytes
  return ctx;
}

struct Evaluated {
  ParsedExpression parsed;
  EvalResult result;
};

Evaluated eval(const std::string& text, const EvalContext& ctx) {
  Evaluated e{parse_expression(text, "budget.hcl"), {}};
  EXPECT_TRUE(e.parsed.expr) << text;
  EXPECT_TRUE(e.parsed.diagnostics.empty()) << text;
  if (e.parsed.expr) e.result = evaluate(*e.parsed.expr, &ctx);
  return e;
}

// One "Evaluation too expensive" error whose subject is `where`, its first occurrence in the
// expression from byte `from` on (with `within`, any part of it: the loop or a call in it, whichever
// overdrew the budget); the value unknown of dynamic type.
void expect_too_expensive(const std::string& text, const EvalContext& ctx, const std::string& where, size_t from = 0,
                          bool within = false) {
  auto e = eval(text, ctx);
  const EvalResult& r = e.result;
  ASSERT_EQ(r.diagnostics.size(), 1u) << text;
  const Diagnostic& d = r.diagnostics[0];
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.summary, "Evaluation too expensive");
  EXPECT_NE(d.detail.find("more than the limit of " + std::to_string(ctx.effective_work_limit()) + " units of work"), std::string::npos)
      << d.detail;
  EXPECT_NE(d.detail.find("protects against"), std::string::npos) << d.detail;
  ASSERT_TRUE(d.subject.has_value());
  EXPECT_EQ(d.subject->filename, "budget.hcl");
  const size_t at = text.find(where, from);
  ASSERT_NE(at, std::string::npos) << where;
  if (within) {
    EXPECT_GE(d.subject->start.byte, at) << text;
    EXPECT_LE(d.subject->end.byte, at + where.size()) << text;
  } else {
    EXPECT_EQ(d.subject->start.byte, at) << text;
    EXPECT_EQ(d.subject->end.byte, at + where.size()) << text;
    EXPECT_EQ(d.subject->start.column, at + 1);
  }
  EXPECT_EQ(d.subject->start.line, 1u);
  EXPECT_FALSE(r.value.is_known());
  EXPECT_TRUE(r.value.type().is_dynamic());
}

TEST(EvaluateWorkBudget, NestedForStopsAtTheInnermostLoopQuickly) {
  EvalContext ctx = context_with_limit(100'000);
  const auto start = std::chrono::steady_clock::now();
  expect_too_expensive(k_nested_for, ctx, "[for c in range(1024) : 1 if false]", 0, true);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST(EvaluateWorkBudget, TheDefaultLimitStopsTheBombToo) {
  EvalContext ctx = context_with_limit(std::nullopt);
  EXPECT_EQ(ctx.effective_work_limit(), EvalContext::default_work_limit);
  const auto start = std::chrono::steady_clock::now();
  expect_too_expensive(k_nested_for, ctx, "[for c in range(1024) : 1 if false]", 0, true);
  // About a second in a release build; far more under sanitizers, still far below the 10^9 steps.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(120));
}

TEST(EvaluateWorkBudget, WorkJustUnderTheLimitEvaluates) {
  // 2 + 2 * 2 iterations: the outer loop's, then each inner loop's.
  EvalContext ctx = context_with_limit(6);
  auto e = eval("[for a in xs : [for b in xs : a * b]]", ctx);
  EXPECT_TRUE(e.result.diagnostics.empty());
  ASSERT_TRUE(e.result.value.is_known());
  EXPECT_EQ(e.result.value.length(), 2u);
  EvalContext tighter = context_with_limit(5);
  expect_too_expensive("[for a in xs : [for b in xs : a * b]]", tighter, "[for b in xs : a * b]");
}

TEST(EvaluateWorkBudget, InnerLoopsAndObjectForsCount) {
  // Each loop alone is small; together they are 64 + 64 * (64 + 64 * 64). The limit runs out in
  // an innermost loop of the 13th outer iteration.
  EvalContext ctx = context_with_limit(50'100);
  expect_too_expensive("{for a in k64 : a => [for b in k64 : {for c in k64 : c => b}]}", ctx, "{for c in k64 : c => b}");
}

TEST(EvaluateWorkBudget, TemplateForDirectivesCount) {
  EvalContext ctx = context_with_limit(10'000);
  expect_too_expensive("[for a in range(1024) : \"%{for c in range(1024)}${c}%{endfor}\"]", ctx,
                       "%{for c in range(1024)}${c}%{endfor}");
}

TEST(EvaluateWorkBudget, TemplateTextAfterAnUnknownPartCounts) {
  // A template's text is charged per 64 bytes; once a part is unknown the text is no longer laid
  // out (the result is an unknown string), but what follows is charged all the same: 64 copies
  // of the long string, whether it comes before the unknown, after it, or both.
  EvalContext ctx = context_with_limit(40'000);
  ctx.set_variable("u", Value::unknown(Type::string()));
  for (const std::string t : {"\"${long}${u}\"", "\"${u}${long}\"", "\"${u}${long}${u}\"", "\"${u}-${long}\""})
    expect_too_expensive("[for a in k64 : " + t + "]", ctx, t, 0, true);
  // Under the limit, the same template is an unknown string.
  auto e = eval("[for a in xs : \"${u}${long}\"]", ctx);
  EXPECT_TRUE(e.result.diagnostics.empty());
  ASSERT_TRUE(e.result.value.is_known());
  EXPECT_FALSE(e.result.value.elements()[0].is_known());
  EXPECT_EQ(e.result.value.elements()[0].type(), Type::string());
}

TEST(EvaluateWorkBudget, SplatElementsCount) {
  EvalContext ctx = context_with_limit(4'000);
  expect_too_expensive("[for a in k64 : k64[*]]", ctx, "k64[*]");
}

TEST(EvaluateWorkBudget, FunctionResultsAndArgumentsCount) {
  EvalContext ctx = context_with_limit(10'000);
  // range() returns 1024 elements per call.
  expect_too_expensive("[for a in range(20) : range(1024)]", ctx, "range(1024)");
  // A long string is charged per 64 bytes where a function returns it...
  expect_too_expensive("format(\"%1000000s\", \"x\")", ctx, "format(\"%1000000s\", \"x\")");
  // ...and where a function is given it, however small its result.
  EvalContext roomy = context_with_limit(40'000);
  expect_too_expensive("[for a in k64 : length(long)]", roomy, "length(long)");
}

TEST(EvaluateWorkBudget, NumbersOfVeryManyDigitsCountWhereTheyMayBeWrittenOut) {
  // 1e9999999 as text is ten million digits, seconds of work: stopped before it is written.
  EvalContext ctx = context_with_limit(std::nullopt);
  expect_too_expensive("tostring(1e9999999)", ctx, "tostring(1e9999999)");
  expect_too_expensive("upper(1e9999999)", ctx, "upper(1e9999999)");  // converted to the string parameter
  expect_too_expensive("\"x${1e9999999}\"", ctx, "1e9999999");
  // An operand (the eval fuzz target's timeout, fuzz/corpus/eval/timeout_huge_number_operand.hcl:
  // cidrsubnets(4e444444444 * 1) wrote 444 million digits).
  expect_too_expensive("cidrsubnets(4e444444444 * 1)", ctx, "4e444444444 * 1");
  // Wherever the evaluator itself writes one out: an object or for key, a conditional's result, a
  // %{for} element, an index key.
  expect_too_expensive("{(1e9999999) = 1}", ctx, "(1e9999999)");
  expect_too_expensive("[for x in [1e9999999] : [for i in range(1024) : {for j in [x] : j => i}]]", ctx, "j", 60);
  expect_too_expensive("true ? 1e9999999 : \"a\"", ctx, "true ? 1e9999999 : \"a\"");
  expect_too_expensive("\"%{for x in [1e9999999]}${x}%{endfor}\"", ctx, "x", 20);  // the interpolation
  expect_too_expensive("[for k in [1e9999999] : {a = 1}[k]]", ctx, "{a = 1}[k]");
  // An index key of a map or object is not written out when it cannot name a key (none as long):
  // the lookup fails at once, as it would have after minutes (a static traversal's key is not
  // charged).
  auto m = eval("[for x in [{a = 1}] : x[4e444444444]]", ctx);
  ASSERT_EQ(m.result.diagnostics.size(), 1u);
  EXPECT_EQ(m.result.diagnostics[0].summary, "Invalid index");
  EXPECT_EQ(m.result.diagnostics[0].detail,
            "The given key does not identify an element in this collection value. An object only supports looking up attributes by "
            "name, not by numeric index.");
  auto tm = eval("tomap({a = 1})[4e444444444]", ctx);
  ASSERT_EQ(tm.result.diagnostics.size(), 1u);
  EXPECT_EQ(tm.result.diagnostics[0].detail, "The given key does not identify an element in this collection value.");
  // On an unknown map or object, an unknown, as after writing the number out (the eval fuzz target's
  // second timeout: a splat works out its element type on an unknown element,
  // fuzz/corpus/eval/timeout_huge_number_key_unknown.hcl).
  EvalContext unknowns = context_with_limit(std::nullopt);
  unknowns.set_variable("um", Value::unknown(Type::map(Type::number())));
  unknowns.set_variable("uo", Value::unknown(Type::object({{"a", Type::string()}})));
  auto um = eval("um[4e444444444]", unknowns);
  EXPECT_TRUE(um.result.diagnostics.empty());
  EXPECT_FALSE(um.result.value.is_known());
  EXPECT_EQ(um.result.value.type(), Type::number());
  auto uo = eval("uo[4e444444444]", unknowns);
  EXPECT_TRUE(uo.result.diagnostics.empty());
  EXPECT_FALSE(uo.result.value.is_known());
  EXPECT_TRUE(uo.result.value.type().is_dynamic());
  // 1e99999 (about 332,000 bits): 1.66 million units, within a limit of 2 million, not of 1.
  EvalContext two = context_with_limit(2'000'000);
  auto e = eval("length(tostring(1e99999))", two);
  EXPECT_TRUE(e.result.diagnostics.empty());
  EXPECT_EQ(e.result.value.as_number().to_int64(), 100'000);
  EvalContext one = context_with_limit(1'000'000);
  expect_too_expensive("length(tostring(1e99999))", one, "tostring(1e99999)");
  // Ordinary numbers, however many, cost nothing of their own.
  // (The call counts 32, its result of some 330 characters 5 more, and 5 again as an operand.)
  EXPECT_TRUE(eval("tostring(1e300 * 123456789.123456789) != \"\"", context_with_limit(50)).result.diagnostics.empty());
}

TEST(EvaluateWorkBudget, TryAndCanShareTheBudget) {
  // Each try() argument alone is 1024 iterations, under the limit; all of them are not.
  EvalContext ctx = context_with_limit(100'000);
  expect_too_expensive("[for a in range(1024) : try([for c in range(1024) : c if false], 0)]", ctx, "try([for c in range(1024) : c if false], 0)", 0,
                       true);
  expect_too_expensive("[for a in range(1024) : can([for c in range(1024) : c if false])]", ctx, "can([for c in range(1024) : c if false])", 0, true);
}

TEST(EvaluateWorkBudget, ErrorsInLoopsCount) {
  // One "Unsupported attribute" per iteration: memory as well as time. 64 + 64 * 64 iterations
  // alone are under the limit; with the errors they are not.
  EvalContext ctx = context_with_limit(10'000);
  EXPECT_TRUE(eval("[for a in k64 : [for c in k64 : c]]", ctx).result.diagnostics.empty());
  expect_too_expensive("[for a in k64 : [for c in k64 : c.x]]", ctx, "[for c in k64 : c.x]");
}

TEST(EvaluateWorkBudget, ZeroMeansNoLimit) {
  EvalContext ctx = context_with_limit(0);
  // 2^20 iterations: over the small limits above, done here.
  auto e = eval("length([for a in range(1024) : [for b in range(1024) : b if b == a]])", ctx);
  EXPECT_TRUE(e.result.diagnostics.empty());
  ASSERT_TRUE(e.result.value.is_known());
  EXPECT_EQ(e.result.value.as_number().to_int64(), 1024);
}

TEST(EvaluateWorkBudget, AChildContextTakesItsParentsLimit) {
  EvalContext parent = context_with_limit(50);
  EvalContext child(&parent);
  EXPECT_EQ(child.effective_work_limit(), 50u);
  expect_too_expensive("[for a in k64 : a]", child, "[for a in k64 : a]");
  child.work_limit = 0;
  EXPECT_EQ(eval("length([for a in k64 : a])", child).result.diagnostics.size(), 0u);
}

TEST(EvaluateWorkBudget, EachEvaluationHasItsOwnBudget) {
  // 64 iterations, and length() given 64 elements: 128 of 200, each time.
  EvalContext ctx = context_with_limit(200);
  for (int i = 0; i < 3; ++i) {
    auto e = eval("length([for a in k64 : a])", ctx);
    EXPECT_TRUE(e.result.diagnostics.empty()) << i;
  }
  // And one that ran out, inside try(), leaves nothing behind for the next.
  expect_too_expensive("[for a in k64 : try([for c in k64 : c], 0)]", ctx, "[for c in k64 : c]");
  EXPECT_TRUE(eval("try([for a in k64 : a], 0)", ctx).result.diagnostics.empty());
}

}  // namespace
}  // namespace hclschema
