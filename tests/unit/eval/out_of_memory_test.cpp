// evaluate() when memory runs out: the expression gets a "Not enough memory" error at its range
// and an unknown value, instead of the exception (or the process) going down. The allocation
// failure is simulated by a function whose implementation throws what operator new and the
// standard containers throw.
#include <gtest/gtest.h>

#include <new>
#include <stdexcept>
#include <string>

#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"

namespace hclschema {
namespace {

template <class Exception>
Function throwing_function() {
  FunctionSpec spec;
  spec.params = {FunctionParam{"n", Type::number()}};
  spec.return_type = [](const std::vector<Value>&) { return FunctionOutcome<Type>::ok(Type::string()); };
  spec.impl = [](const std::vector<Value>&, const Type&) -> FunctionOutcome<Value> {
    if constexpr (std::is_same_v<Exception, std::length_error>) throw std::length_error("vector too long");
    else throw Exception();
  };
  return Function(std::move(spec));
}

void expect_not_enough_memory(const std::string& text, const EvalContext& ctx) {
  auto parsed = parse_expression(text, "bomb.hcl");
  ASSERT_TRUE(parsed.expr) << text;
  const EvalResult r = evaluate(*parsed.expr, &ctx);
  ASSERT_EQ(r.diagnostics.size(), 1u) << text;
  const Diagnostic& d = r.diagnostics[0];
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.summary, "Not enough memory");
  EXPECT_EQ(d.detail, "Evaluating this expression needs more memory than is available: a value it builds, or one on the way, is too large.");
  ASSERT_TRUE(d.subject.has_value());
  EXPECT_EQ(d.subject->filename, "bomb.hcl");
  EXPECT_EQ(d.subject->start.byte, 0u);  // the whole expression, where it is written
  EXPECT_EQ(d.subject->end.byte, text.size());
  EXPECT_FALSE(r.value.is_known());
  EXPECT_TRUE(r.value.type().is_dynamic());
}

TEST(EvaluateOutOfMemory, BadAllocBecomesADiagnosticAtTheExpression) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.set_function("grow", throwing_function<std::bad_alloc>());
  // Deep inside other values: everything built so far is released on the way out.
  expect_not_enough_memory("[for i in range(10) : { k = \"v${i}\", big = grow(i) }]", ctx);
  expect_not_enough_memory("grow(1)", ctx);
}

TEST(EvaluateOutOfMemory, LengthErrorIsTheSameCase) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.set_function("grow", throwing_function<std::length_error>());
  expect_not_enough_memory("upper(grow(1))", ctx);
}

TEST(EvaluateOutOfMemory, TheNextEvaluationWorksNormally) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.set_function("grow", throwing_function<std::bad_alloc>());
  expect_not_enough_memory("join(\",\", [grow(1)])", ctx);
  auto parsed = parse_expression("join(\",\", [for i in range(3) : tostring(i)])");
  const EvalResult r = evaluate(*parsed.expr, &ctx);
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.value.as_string(), "0,1,2");
}

}  // namespace
}  // namespace hclschema
