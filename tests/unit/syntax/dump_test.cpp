// Tests of the JSON dump of parsed files (src/syntax/dump.cpp): the CLI's shallow shape and the
// deep trees the golden tests compare with the reference.
#include "syntax/dump.hpp"

#include <gtest/gtest.h>

#include <string>

#include "hclschema/parse.hpp"

namespace {

using hclschema::SourceFile;
using hclschema::detail::DumpOptions;
using hclschema::detail::dump_file;
using nlohmann::json;

json dump(const std::string& name, const std::string& text, bool deep) {
  auto parsed = hclschema::parse_source(SourceFile::from_string(name, text));
  return dump_file(*parsed.file, parsed.diagnostics, DumpOptions{deep});
}

json range(uint32_t sl, uint32_t sc, uint32_t sb, uint32_t el, uint32_t ec, uint32_t eb, const std::string& file = "t.hcl") {
  return {{"filename", file},
          {"start", {{"line", sl}, {"column", sc}, {"byte", sb}}},
          {"end", {{"line", el}, {"column", ec}, {"byte", eb}}}};
}

TEST(SyntaxDump, ShallowFileShape) {
  const json d = dump("t.hcl", "a = f(1)\nb \"x\" y {\n  c = [1]\n}\n", false);
  const json expected = {
      {"filename", "t.hcl"},
      {"diagnostics", json::array()},
      {"body",
       {{"attributes", {{"a", {{"range", range(1, 1, 0, 1, 9, 8)}, {"expr", {{"kind", "FunctionCallExpr"}, {"range", range(1, 5, 4, 1, 9, 8)}}}}}}},
        {"blocks",
         {{{"type", "b"},
           {"labels", {"x", "y"}},
           {"range", range(2, 1, 9, 4, 2, 30)},
           {"body",
            {{"attributes", {{"c", {{"range", range(3, 3, 21, 3, 10, 28)}, {"expr", {{"kind", "TupleConsExpr"}, {"range", range(3, 7, 25, 3, 10, 28)}}}}}}},
             {"blocks", json::array()}}}}}}}},
  };
  EXPECT_EQ(d, expected) << d.dump(2);
}

TEST(SyntaxDump, DiagnosticsUseTheValidateShape) {
  const json d = dump("t.hcl", "a = 1\na = 2\n", false);
  ASSERT_EQ(d["diagnostics"].size(), 1u);
  const json& diag = d["diagnostics"][0];
  EXPECT_EQ(diag["severity"], "error");
  EXPECT_EQ(diag["summary"], "Attribute redefined");
  EXPECT_EQ(diag["range"], range(2, 1, 6, 2, 2, 7));
  // Like the reference, the first definition is the one in the body.
  EXPECT_EQ(d["body"]["attributes"]["a"]["range"], range(1, 1, 0, 1, 6, 5));
}

TEST(SyntaxDump, DeepAddsChildrenInWalkOrder) {
  const json d = dump("t.hcl", "a = x ? -y : f(z, w...)\n", true);
  const json& cond = d["body"]["attributes"]["a"]["expr"];
  EXPECT_EQ(cond["kind"], "ConditionalExpr");
  ASSERT_EQ(cond["children"].size(), 3u);
  EXPECT_EQ(cond["children"][0]["kind"], "ScopeTraversalExpr");
  EXPECT_EQ(cond["children"][1]["kind"], "UnaryOpExpr");
  EXPECT_EQ(cond["children"][1]["op"], "-");
  const json& call = cond["children"][2];
  EXPECT_EQ(call["kind"], "FunctionCallExpr");
  EXPECT_EQ(call["name"], "f");
  EXPECT_EQ(call["expand_final"], true);
  ASSERT_EQ(call["children"].size(), 2u);
  EXPECT_EQ(call["children"][1]["traversal"][0]["name"], "w");
  EXPECT_EQ(d["body"]["attributes"]["a"]["name_range"], range(1, 1, 0, 1, 2, 1));
}

TEST(SyntaxDump, LeavesHaveNoChildrenKey) {
  const json d = dump("t.hcl", "a = 1\n", true);
  const json& lit = d["body"]["attributes"]["a"]["expr"];
  EXPECT_FALSE(lit.contains("children"));
  EXPECT_EQ(lit["value_type"], "number");
  EXPECT_FALSE(lit.contains("value"));  // the reference keeps no number text to compare
}

TEST(SyntaxDump, ShallowOmitsDetails) {
  const json d = dump("t.hcl", "a = x + 1\nb \"l\" {\n}\n", false);
  const json& expr = d["body"]["attributes"]["a"]["expr"];
  EXPECT_EQ(expr.size(), 2u) << expr.dump();  // kind and range only
  EXPECT_FALSE(d["body"]["attributes"]["a"].contains("name_range"));
  EXPECT_FALSE(d["body"]["blocks"][0].contains("label_ranges"));
}

struct LiteralCase {
  std::string source;
  json value_type;
  json value;  // null when no "value" key is expected
};

class SyntaxDumpLiteral : public ::testing::TestWithParam<LiteralCase> {};

TEST_P(SyntaxDumpLiteral, ValueTypeAndValue) {
  const auto& c = GetParam();
  const json d = dump("t.hcl", "a = " + c.source + "\n", true);
  json lit = d["body"]["attributes"]["a"]["expr"];
  // A quoted string is a template of literal parts.
  if (lit["kind"] == "TemplateExpr") lit = lit["children"][0];
  EXPECT_EQ(lit["kind"], "LiteralValueExpr") << d.dump();
  EXPECT_EQ(lit["value_type"], c.value_type);
  if (c.value.is_null())
    EXPECT_FALSE(lit.contains("value"));
  else
    EXPECT_EQ(lit["value"], c.value);
}

INSTANTIATE_TEST_SUITE_P(Forms, SyntaxDumpLiteral,
                         ::testing::Values(LiteralCase{"null", "null", nullptr}, LiteralCase{"true", "bool", true},
                                           LiteralCase{"false", "bool", false}, LiteralCase{"1.5e3", "number", nullptr},
                                           LiteralCase{"\"a\\tb\\u00e9\"", "string", "a\tb\xC3\xA9"}));

TEST(SyntaxDump, TraversalSteps) {
  const json d = dump("t.hcl", "a = v.b[0][\"k\"].c\n", true);
  const json& t = d["body"]["attributes"]["a"]["expr"]["traversal"];
  ASSERT_EQ(t.size(), 5u) << t.dump();
  EXPECT_EQ(t[0], (json{{"kind", "root"}, {"name", "v"}, {"range", range(1, 5, 4, 1, 6, 5)}}));
  EXPECT_EQ(t[1]["kind"], "attr");
  EXPECT_EQ(t[1]["name"], "b");
  EXPECT_EQ(t[2], (json{{"kind", "index"}, {"key_type", "number"}, {"range", range(1, 8, 7, 1, 11, 10)}}));
  EXPECT_EQ(t[3]["key_type"], "string");
  EXPECT_EQ(t[3]["key"], "k");
  EXPECT_EQ(t[4]["name"], "c");
}

TEST(SyntaxDump, RelativeTraversalHasSourceChild) {
  const json d = dump("t.hcl", "a = f(x).y\n", true);
  const json& e = d["body"]["attributes"]["a"]["expr"];
  EXPECT_EQ(e["kind"], "RelativeTraversalExpr");
  EXPECT_EQ(e["children"][0]["kind"], "FunctionCallExpr");
  EXPECT_EQ(e["traversal"][0]["kind"], "attr");
}

TEST(SyntaxDump, ForExpressionDetails) {
  const json d = dump("t.hcl", "a = {for k, v in m : v => k... if k}\nb = [for x in xs : x]\n", true);
  const json& obj = d["body"]["attributes"]["a"]["expr"];
  EXPECT_EQ(obj["key_var"], "k");
  EXPECT_EQ(obj["val_var"], "v");
  EXPECT_EQ(obj["group"], true);
  EXPECT_EQ(obj["children"].size(), 4u);  // coll, key, val, cond
  const json& tup = d["body"]["attributes"]["b"]["expr"];
  EXPECT_EQ(tup["key_var"], "");
  EXPECT_EQ(tup["group"], false);
  EXPECT_EQ(tup["children"].size(), 2u);  // coll, val
}

TEST(SyntaxDump, ObjectKeysAndOperators) {
  const json d = dump("t.hcl", "a = {k = 1, (p) = 2}\nb = 1 <= 2\n", true);
  const json& items = d["body"]["attributes"]["a"]["expr"]["children"];
  ASSERT_EQ(items.size(), 4u);  // key, value, key, value
  EXPECT_EQ(items[0]["kind"], "ObjectConsKeyExpr");
  EXPECT_EQ(items[0]["force_non_literal"], false);
  EXPECT_EQ(items[0]["children"][0]["kind"], "ScopeTraversalExpr");
  EXPECT_EQ(items[2]["force_non_literal"], true);
  EXPECT_EQ(d["body"]["attributes"]["b"]["expr"]["op"], "<=");
}

TEST(SyntaxDump, BlockLabelRanges) {
  const json d = dump("t.hcl", "b \"x\" y {\n}\n", true);
  const json& blk = d["body"]["blocks"][0];
  EXPECT_EQ(blk["label_ranges"], (json{range(1, 3, 2, 1, 6, 5), range(1, 7, 6, 1, 8, 7)}));
}

TEST(SyntaxDump, InvalidUtf8BecomesReplacementCharacters) {
  // HCL's JSON syntax accepts any bytes in a property name. The dump has one U+FFFD per bad byte,
  // as the reference's Go encoding does, and stays serializable.
  const json d = dump("t.json", "{\"k\xff\xfe\xc3\": 1}", false);
  ASSERT_EQ(d["body"]["attributes"].size(), 1u) << d.dump(-1, ' ', false, json::error_handler_t::replace);
  EXPECT_EQ(d["body"]["attributes"].begin().key(), "k\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_NO_THROW((void)d["body"].dump());
}

TEST(SyntaxDump, ValidUtf8IsKeptAsIs) {
  const json d = dump("t.hcl", "a = \"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\"\n", true);
  EXPECT_EQ(d["body"]["attributes"]["a"]["expr"]["children"][0]["value"], "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
}

TEST(SyntaxDump, JsonFileIsViewedAsAttributes) {
  const json d = dump("t.json", "{\"a\": 1, \"b\": {\"c\": \"x\"}, \"//\": \"comment\"}", true);
  EXPECT_EQ(d["filename"], "t.json");
  EXPECT_EQ(d["body"]["blocks"], json::array());
  const json& attrs = d["body"]["attributes"];
  EXPECT_EQ(attrs.size(), 2u) << attrs.dump();
  EXPECT_EQ(attrs["a"]["expr"], (json{{"kind", "JSONNumber"}, {"range", range(1, 7, 6, 1, 8, 7, "t.json")}}));
  EXPECT_EQ(attrs["b"]["expr"]["kind"], "JSONObject");
  EXPECT_FALSE(attrs["b"]["expr"].contains("children"));  // JSON nodes are not expanded
  EXPECT_EQ(attrs["a"]["name_range"], range(1, 2, 1, 1, 5, 4, "t.json"));
}

TEST(SyntaxDump, JsonFileKeepsOnlyParseDiagnostics) {
  // A root that is not an object is a parse error; just_attributes' own complaint is not repeated.
  const json d = dump("t.json", "\"x\"", false);
  ASSERT_EQ(d["diagnostics"].size(), 1u) << d.dump();
  EXPECT_EQ(d["diagnostics"][0]["summary"], "Root value must be object");
}

}  // namespace
