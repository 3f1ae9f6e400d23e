// Literal values evaluated by eval_node's own short path (src/eval/evaluate.cpp: the other node
// kinds go on to eval_node_rest): null, the bools, numbers (short and long, with exponent and
// fraction), as a whole expression and inside tuples, parentheses, operators and objects, next to
// node kinds that take the longer way.
#include <gtest/gtest.h>

#include <string>

#include "hclschema/eval.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/value/json.hpp"

namespace {

using namespace hclschema;

std::string eval_json(const std::string& src) {
  auto p = parse_expression(src, "t.hcl");
  EXPECT_TRUE(p.diagnostics.empty()) << src;
  const EvalResult r = evaluate(*p.expr, nullptr);
  EXPECT_TRUE(r.diagnostics.empty()) << src;
  auto j = value_to_json(r.value, r.value.type());
  return j ? *j : "?";
}

TEST(LiteralNodes, EveryKindAloneAndNested) {
  EXPECT_EQ(eval_json("null"), "null");
  EXPECT_EQ(eval_json("true"), "true");
  EXPECT_EQ(eval_json("false"), "false");
  EXPECT_EQ(eval_json("42"), "42");
  EXPECT_EQ(eval_json("1.5e3"), "1500");
  EXPECT_EQ(eval_json("123456789012345678901234567890"), "123456789012345678901234567890");
  EXPECT_EQ(eval_json("[null, true, 3, \"s\", [false]]"), "[null,true,3,\"s\",[false]]");
  EXPECT_EQ(eval_json("(7)"), "7");
  EXPECT_EQ(eval_json("-3"), "-3");
  EXPECT_EQ(eval_json("2 * (3 + 4)"), "14");
  EXPECT_EQ(eval_json("!false"), "true");
  EXPECT_EQ(eval_json("{a = 1, b = [true, null]}"), "{\"a\":1,\"b\":[true,null]}");
  EXPECT_EQ(eval_json("[1, 2, 3][1]"), "2");
  EXPECT_EQ(eval_json("true ? 1 : 2"), "1");
}

}  // namespace
