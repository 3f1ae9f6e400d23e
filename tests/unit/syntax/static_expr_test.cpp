// Static analysis of expressions: which shapes count as keywords, calls, lists and maps in each
// syntax, with the ranges and diagnostics HCL gives.
#include <gtest/gtest.h>

#include <map>

#include "hclschema/eval.hpp"
#include "hclschema/static_expr.hpp"

namespace {

using namespace hclschema;

ParsedExpression native(const std::string& text) {
  ParsedExpression p = parse_expression(text, "s.hcl");
  EXPECT_FALSE(has_errors(p.diagnostics)) << text;
  return p;
}

// The attributes of a JSON document, by name.
struct JsonAttrs {
  ParseResult parsed;
  std::map<std::string, const Expression*> by_name;
};
JsonAttrs json_attrs(const std::string& text) {
  JsonAttrs out{parse_json(SourceFile::from_string("s.json", text)), {}};
  for (const auto& a : out.parsed.file->body().just_attributes().attributes) out.by_name[std::string(a.name)] = a.expr;
  return out;
}

TEST(StaticExpr, Keywords) {
  const std::pair<const char*, const char*> cases[] = {
      {"string", "string"}, {"null", "null"}, {"true", "true"}, {"false", "false"}, {"a-b", "a-b"},
      {"a.b", ""},          {"a[0]", ""},     {"(a)", ""},       {"\"a\"", ""},      {"1", ""},
      {"a()", ""},          {"[a]", ""},
  };
  for (const auto& [text, want] : cases) EXPECT_EQ(expr_as_keyword(*native(text).expr), want) << text;
  auto j = json_attrs(R"({"k": "string", "dotted": "a.b", "num": 1, "arr": ["string"], "spaced": " string "})");
  EXPECT_EQ(expr_as_keyword(*j.by_name["k"]), "string");
  EXPECT_EQ(expr_as_keyword(*j.by_name["dotted"]), "");
  EXPECT_EQ(expr_as_keyword(*j.by_name["num"]), "");
  EXPECT_EQ(expr_as_keyword(*j.by_name["arr"]), "");
  EXPECT_EQ(expr_as_keyword(*j.by_name["spaced"]), "string");
}

TEST(StaticExpr, ObjectKeysAreKeywordsUnlessParenthesised) {
  auto p = native("{a = 1, (b) = 2, \"c\" = 3, d.e = 4}");
  StaticMapResult m = expr_map(*p.expr);
  ASSERT_TRUE(m.items);
  ASSERT_EQ(m.items->size(), 4u);
  EXPECT_EQ(expr_as_keyword(*(*m.items)[0].key), "a");
  EXPECT_EQ(expr_as_keyword(*(*m.items)[1].key), "");
  EXPECT_EQ(expr_as_keyword(*(*m.items)[2].key), "");
  EXPECT_EQ(expr_as_keyword(*(*m.items)[3].key), "");
}

TEST(StaticExpr, CallsWithNameAndArgumentRanges) {
  auto p = native("list( string , number...)");
  StaticCallResult c = expr_call(*p.expr);
  ASSERT_TRUE(c.call);
  EXPECT_TRUE(c.diagnostics.empty());
  EXPECT_EQ(c.call->name, "list");
  EXPECT_EQ(c.call->name_range.start.column, 1);
  EXPECT_EQ(c.call->name_range.end.column, 5);
  EXPECT_EQ(c.call->args_range.start.column, 5);
  EXPECT_EQ(c.call->args_range.end.column, 26);
  ASSERT_EQ(c.call->arguments.size(), 2u);
  EXPECT_EQ(expr_as_keyword(*c.call->arguments[1]), "number");
  EXPECT_EQ(expr_call(*native("provider::ns::fn(1)").expr).call->name, "provider::ns::fn");
}

TEST(StaticExpr, NotACallSaysSoAtTheStart) {
  auto p = native("[a, b]");
  StaticCallResult c = expr_call(*p.expr);
  EXPECT_FALSE(c.call);
  ASSERT_EQ(c.diagnostics.size(), 1u);
  EXPECT_EQ(c.diagnostics[0].summary, "Invalid expression");
  EXPECT_EQ(c.diagnostics[0].detail, "A static function call is required.");
  EXPECT_EQ(c.diagnostics[0].subject->end.column, 2);  // the start range: just "["
  EXPECT_FALSE(expr_call(*native("(list(string))").expr).call);  // parentheses are not seen through
}

TEST(StaticExpr, JsonStringsHoldCalls) {
  auto j = json_attrs(R"J({"t": "map(string)", "bad": "map(", "n": 5})J");
  StaticCallResult c = expr_call(*j.by_name["t"]);
  ASSERT_TRUE(c.call);
  EXPECT_EQ(c.call->name, "map");
  EXPECT_EQ(c.call->name_range.filename, "s.json");
  EXPECT_EQ(c.call->name_range.start.column, 7);  // at the string's opening quote, as HCL
  ASSERT_EQ(c.call->arguments.size(), 1u);
  EXPECT_EQ(expr_as_keyword(*c.call->arguments[0]), "string");
  EXPECT_FALSE(expr_call(*j.by_name["bad"]).call);
  EXPECT_FALSE(expr_call(*j.by_name["n"]).call);
}

TEST(StaticExpr, ListsAndMaps) {
  StaticListResult l = expr_list(*native("[a, 1, \"x\"]").expr);
  ASSERT_TRUE(l.elements);
  EXPECT_EQ(l.elements->size(), 3u);
  StaticListResult not_list = expr_list(*native("{}").expr);
  EXPECT_FALSE(not_list.elements);
  EXPECT_EQ(not_list.diagnostics.at(0).detail, "A static list expression is required.");
  StaticMapResult not_map = expr_map(*native("[]").expr);
  EXPECT_FALSE(not_map.items);
  EXPECT_EQ(not_map.diagnostics.at(0).detail, "A static map expression is required.");
  auto j = json_attrs(R"({"arr": [1, "two"], "obj": {"k": "string", "k2": 1}})");
  StaticListResult jl = expr_list(*j.by_name["arr"]);
  ASSERT_TRUE(jl.elements);
  EXPECT_EQ(jl.elements->size(), 2u);
  StaticMapResult jm = expr_map(*j.by_name["obj"]);
  ASSERT_TRUE(jm.items);
  ASSERT_EQ(jm.items->size(), 2u);
  EXPECT_EQ(expr_as_keyword(*(*jm.items)[0].key), "k");
  EXPECT_EQ((*jm.items)[0].key->range().start.column, 29);  // the key's token, quotes included
  EXPECT_EQ(expr_as_keyword(*(*jm.items)[0].value), "string");
}

TEST(StaticExpr, ValidIdentifiers) {
  for (const char* ok : {"a", "a_b", "a-b", "_x", "\u00e9t\u00e9", "x1"}) EXPECT_TRUE(is_valid_identifier(ok)) << ok;
  for (const char* bad : {"", "1a", "a b", "a.b", "-a", "a\n", "\"a\""}) EXPECT_FALSE(is_valid_identifier(bad)) << bad;
}

}  // namespace
