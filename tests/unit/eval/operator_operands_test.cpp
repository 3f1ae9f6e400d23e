// Operators: eval_detail::apply_binary's two ways (unmarked operands used as they are, marked ones
// unmarked and the union of their marks put on the result, not on a failure's unknown), and the
// evaluator's operands, used as they are where the conversion to the operator's operand type is
// the identity and converted otherwise (a string to a number, a number to a bool: an error).
#include <gtest/gtest.h>

#include <string>

#include "eval/operations.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/value.hpp"

namespace {

using namespace hclschema;
using native::Operation;

Value num(const std::string& text) { return Value::number(*Number::parse(text)); }

TEST(ApplyBinary, UnmarkedOperands) {
  auto r = eval_detail::apply_binary(Operation::add, num("2"), num("3"));
  EXPECT_FALSE(r.summary);
  EXPECT_TRUE(raw_equals(r.value, num("5")));
  r = eval_detail::apply_binary(Operation::less_than, num("2"), num("3"));
  EXPECT_TRUE(raw_equals(r.value, Value::boolean(true)));
  r = eval_detail::apply_binary(Operation::logical_and, Value::boolean(true), Value::boolean(false));
  EXPECT_TRUE(raw_equals(r.value, Value::boolean(false)));
  r = eval_detail::apply_binary(Operation::divide, num("0"), num("0"));
  ASSERT_TRUE(r.summary);
  EXPECT_EQ(*r.summary, "Operation failed");
  EXPECT_TRUE(raw_equals(r.value, Value::unknown(Type::number())));
  r = eval_detail::apply_binary(Operation::add, Value::null(Type::number()), num("1"));
  ASSERT_TRUE(r.summary);
  EXPECT_EQ(r.detail, "Error during operation: argument must not be null.");
  r = eval_detail::apply_binary(Operation::greater_than, Value::unknown(Type::number()), num("1"));
  EXPECT_FALSE(r.summary);
  EXPECT_TRUE(raw_equals(r.value, Value::unknown(Type::boolean())));
}

TEST(ApplyBinary, MarkedOperandsMarkTheResultNotAFailure) {
  const Value two = num("2").with_mark(sensitive_mark);
  const Value three = num("3").with_mark("other");
  auto r = eval_detail::apply_binary(Operation::multiply, two, three);
  EXPECT_FALSE(r.summary);
  EXPECT_TRUE(r.value.has_mark(sensitive_mark));
  EXPECT_TRUE(r.value.has_mark("other"));
  EXPECT_TRUE(raw_equals(r.value.unmarked(), num("6")));
  r = eval_detail::apply_binary(Operation::greater_than_or_equal, num("2"), three);
  EXPECT_TRUE(raw_equals(r.value, Value::boolean(false).with_mark("other")));
  r = eval_detail::apply_binary(Operation::logical_or, Value::boolean(false).with_mark(sensitive_mark), Value::boolean(true));
  EXPECT_TRUE(raw_equals(r.value, Value::boolean(true).with_mark(sensitive_mark)));
  r = eval_detail::apply_binary(Operation::divide, num("0").with_mark(sensitive_mark), num("0"));
  ASSERT_TRUE(r.summary);
  EXPECT_FALSE(r.value.is_marked());
  EXPECT_TRUE(raw_equals(r.value, Value::unknown(Type::number())));
  // Unknown marked operands: an unknown without marks, as before.
  r = eval_detail::apply_binary(Operation::add, Value::unknown(Type::number()).with_mark(sensitive_mark), num("1"));
  EXPECT_TRUE(raw_equals(r.value, Value::unknown(Type::number())));
  // Equality keeps its marks.
  r = eval_detail::apply_binary(Operation::not_equal, two, num("2"));
  EXPECT_TRUE(raw_equals(r.value, Value::boolean(false).with_mark(sensitive_mark)));
}

EvalResult eval_in(const std::string& text, const EvalContext& ctx) {
  auto parsed = parse_expression(text, "t.hcl");
  EXPECT_FALSE(has_errors(parsed.diagnostics)) << text;
  return evaluate(*parsed.expr, &ctx);
}

// Operands of the operator's type, of another type that converts, and of one that does not.
TEST(OperatorOperands, UsedAsTheyAreOrConverted) {
  EvalContext ctx;
  ctx.set_variable("n", num("4"));
  ctx.set_variable("s", Value::string("5"));
  ctx.set_variable("b", Value::boolean(true));
  ctx.set_variable("secret", num("7").with_mark(sensitive_mark));
  ctx.set_variable("u", Value::unknown(Type::dynamic()));
  ctx.set_variable("l", Value::list(Type::number(), {num("1")}));
  struct Case {
    std::string text, want;
  };
  for (const Case& c : {Case{"n + 1", "5"}, Case{"s + n", "9"}, Case{"n * \"2\"", "8"}, Case{"-s", "-5"}, Case{"!b", "false"},
                        Case{"b && \"true\"", "true"}, Case{"n == 4", "true"}, Case{"s == 5", "false"}, Case{"l == l", "true"},
                        Case{"secret - 2", "5"}, Case{"!(secret > 1)", "false"}}) {
    SCOPED_TRACE(c.text);
    auto r = eval_in(c.text, ctx);
    EXPECT_FALSE(has_errors(r.diagnostics));
    EXPECT_EQ(value_to_json(r.value.unmarked_deep(), r.value.type()).value_or("?"), c.want);
    EXPECT_EQ(r.value.is_marked(), c.text.find("secret") != std::string::npos);
  }
  auto u = eval_in("u + n", ctx);
  EXPECT_FALSE(has_errors(u.diagnostics));
  EXPECT_TRUE(raw_equals(u.value, Value::unknown(Type::number())));
  auto bad = eval_in("l + b", ctx);
  ASSERT_EQ(bad.diagnostics.size(), 2u);
  EXPECT_EQ(bad.diagnostics[0].detail, "Unsuitable value for left operand: number required.");
  EXPECT_EQ(bad.diagnostics[1].detail, "Unsuitable value for right operand: number required.");
  EXPECT_TRUE(raw_equals(bad.value, Value::unknown(Type::number())));
  auto not_bool = eval_in("!n", ctx);
  ASSERT_EQ(not_bool.diagnostics.size(), 1u);
  EXPECT_EQ(not_bool.diagnostics[0].detail, "Unsuitable value for unary operand: bool required.");
  auto words = eval_in("s && b", ctx);
  ASSERT_EQ(words.diagnostics.size(), 1u);
  EXPECT_EQ(words.diagnostics[0].summary, "Invalid operand");
}

}  // namespace

namespace {

// unknown_operation (the evaluator's short cut before apply_binary) holds exactly where
// apply_binary answers an unmarked unknown of the operator's result type without error: every
// binary operator on every pair of operands of these kinds (null, unknown, known, marked unknown,
// marked known, of the operator's operand type).
TEST(ApplyBinary, UnknownOperationIsApplyBinarysUnknownAnswer) {
  const Operation ops[] = {Operation::logical_or,  Operation::logical_and, Operation::equal,    Operation::not_equal,
                           Operation::greater_than, Operation::greater_than_or_equal, Operation::less_than,
                           Operation::less_than_or_equal, Operation::add, Operation::subtract, Operation::multiply,
                           Operation::divide, Operation::modulo};
  for (const Operation op : ops) {
    const Type t = eval_detail::operand_type(op).is_dynamic() ? Type::number() : eval_detail::operand_type(op);
    const Value known = t == Type::boolean() ? Value::boolean(true) : num("3");
    const Value operands[] = {Value::null(t),  Value::unknown(t), known, Value::unknown(t).with_mark(sensitive_mark),
                              known.with_mark(sensitive_mark), Value::unknown(Type::dynamic())};
    for (const Value& a : operands)
      for (const Value& b : operands) {
        const auto r = eval_detail::apply_binary(op, a, b);
        const bool unknown_answer = !r.summary && raw_equals(r.value, Value::unknown(eval_detail::result_type(op)));
        const bool is_equality = op == Operation::equal || op == Operation::not_equal;
        if (eval_detail::unknown_operation(op, a, b)) {
          EXPECT_TRUE(unknown_answer) << static_cast<int>(op);
        } else if (!is_equality) {
          // Otherwise a null operand's error, or a known result.
          EXPECT_TRUE(r.summary.has_value() || r.value.is_known()) << static_cast<int>(op);
        }
      }
  }
  // The evaluator's answers through the short cut.
  EvalContext ctx;
  ctx.set_variable("u", Value::unknown(Type::dynamic()));
  ctx.set_variable("n", Value::unknown(Type::number()));
  for (const char* src : {"u > 2", "n + 1", "2 * n", "u || true", "n < u"}) {
    auto p = parse_expression(src, "t.hcl");
    const EvalResult r = evaluate(*p.expr, &ctx);
    EXPECT_TRUE(r.diagnostics.empty()) << src;
    EXPECT_FALSE(r.value.is_known()) << src;
  }
  auto p = parse_expression("u + null", "t.hcl");
  EXPECT_EQ(evaluate(*p.expr, &ctx).diagnostics.size(), 1u);  // a null operand is an error still
}

}  // namespace

namespace {

// unknown_comparison (the evaluator's short cut for == and !=) holds only where apply_binary
// answers an unmarked unknown bool without error: both operators on every pair of operands among
// unknowns of dynamic and of primitive type, known strings, numbers and bools, nulls, marked ones,
// and collections (never taken for those: their elements could hold marks).
TEST(ApplyBinary, UnknownComparisonIsApplyBinarysUnknownAnswer) {
  const Value operands[] = {Value::unknown(Type::dynamic()),
                            Value::unknown(Type::string()),
                            Value::string("prod"),
                            num("2"),
                            Value::boolean(false),
                            Value::null(Type::dynamic()),
                            Value::null(Type::string()),
                            Value::unknown(Type::dynamic()).with_mark(sensitive_mark),
                            Value::string("x").with_mark(sensitive_mark),
                            Value::tuple({Value::string("a").with_mark(sensitive_mark)}),
                            Value::tuple({Value::unknown(Type::dynamic())}),
                            Value::object({{"a", Value::unknown(Type::dynamic())}})};
  int taken = 0;
  for (const Operation op : {Operation::equal, Operation::not_equal})
    for (const Value& a : operands)
      for (const Value& b : operands) {
        if (!eval_detail::unknown_comparison(op, a, b)) continue;
        ++taken;
        const auto r = eval_detail::apply_binary(op, a, b);
        EXPECT_FALSE(r.summary.has_value());
        EXPECT_TRUE(raw_equals(r.value, Value::unknown(Type::boolean())));
      }
  EXPECT_EQ(taken, 2 * (2 * 7 - 1));  // the dynamic unknown with each of the 7 flat unmarked values, both ways
  EXPECT_FALSE(eval_detail::unknown_comparison(Operation::add, operands[0], operands[2]));
  // Through the evaluator: unknown, and a marked operand's marks kept on the result.
  EvalContext ctx;
  ctx.set_variable("env", Value::unknown(Type::dynamic()));
  ctx.set_variable("secret", Value::string("s").with_mark(sensitive_mark));
  for (const char* src : {"env == \"prod\"", "env != null", "null == env", "env == env"}) {
    auto p = parse_expression(src, "t.hcl");
    const EvalResult r = evaluate(*p.expr, &ctx);
    EXPECT_TRUE(r.diagnostics.empty()) << src;
    EXPECT_TRUE(raw_equals(r.value, Value::unknown(Type::boolean()))) << src;
  }
  auto p = parse_expression("env == secret", "t.hcl");
  EXPECT_TRUE(evaluate(*p.expr, &ctx).value.has_mark(sensitive_mark));
}

}  // namespace

namespace {

// The operand and result types of every operator (inline in operations.hpp).
TEST(ApplyBinary, OperandAndResultTypes) {
  using O = Operation;
  for (const O op : {O::logical_or, O::logical_and, O::logical_not}) {
    EXPECT_EQ(eval_detail::operand_type(op), Type::boolean());
    EXPECT_EQ(eval_detail::result_type(op), Type::boolean());
  }
  for (const O op : {O::equal, O::not_equal}) {
    EXPECT_TRUE(eval_detail::operand_type(op).is_dynamic());
    EXPECT_EQ(eval_detail::result_type(op), Type::boolean());
  }
  for (const O op : {O::greater_than, O::greater_than_or_equal, O::less_than, O::less_than_or_equal}) {
    EXPECT_EQ(eval_detail::operand_type(op), Type::number());
    EXPECT_EQ(eval_detail::result_type(op), Type::boolean());
  }
  for (const O op : {O::add, O::subtract, O::multiply, O::divide, O::modulo, O::negate}) {
    EXPECT_EQ(eval_detail::operand_type(op), Type::number());
    EXPECT_EQ(eval_detail::result_type(op), Type::number());
  }
}

}  // namespace
