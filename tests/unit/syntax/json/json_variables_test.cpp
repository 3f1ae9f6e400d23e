// JSON syntax: strings are templates, so their interpolations are the expression's variables.
#include <gtest/gtest.h>

#include "hclschema/parse.hpp"

namespace hclschema {
namespace {

std::vector<Traversal> variables_of(const std::string& json, const std::string& attr) {
  auto r = parse_json(SourceFile::from_string("v.json", json));
  EXPECT_FALSE(has_errors(r.diagnostics));
  auto attrs = r.file->body().just_attributes();
  for (const auto& a : attrs.attributes)
    if (a.name == attr) return a.expr->variables();
  ADD_FAILURE() << "no attribute " << attr;
  return {};
}

TEST(JsonVariables, StringsAreTemplates) {
  auto vars = variables_of(R"({"a": "x-${var.name}-${local.n[0]}"})", "a");
  ASSERT_EQ(vars.size(), 2u);
  EXPECT_EQ(root_name(vars[0]), "var");
  EXPECT_EQ(vars[0][1].name, "name");
  EXPECT_EQ(root_name(vars[1]), "local");
  // Positions continue from just after the opening quote.
  EXPECT_EQ(vars[0][0].range.start, (Pos{1, 12, 11}));
}

TEST(JsonVariables, PositionsPointAtTheRawBytesAfterEscapes) {
  // The template is parsed from the decoded text; "\u0041" is six raw bytes for one decoded byte,
  // so the reference's positions (counted over the decoded text) would be five bytes early here.
  auto vars = variables_of(R"({"a": "\u0041${var.b}"})", "a");
  ASSERT_EQ(vars.size(), 1u);
  EXPECT_EQ(vars[0][0].range.start, (Pos{1, 16, 15}));
  EXPECT_EQ(vars[0][1].range.end, (Pos{1, 21, 20}));
  // An invalid byte decodes to three bytes of U+FFFD but is one byte in the file.
  auto bad = variables_of(std::string("{\"a\": \"\xFF${x}\"}"), "a");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0][0].range.start.byte, 10u);  // the x after the bad byte and "${"
}

TEST(JsonVariables, ArraysObjectsAndKeysContribute) {
  auto vars = variables_of(R"({"a": ["${x}", {"${k}": "${v}"}, 1, true, null]})", "a");
  ASSERT_EQ(vars.size(), 3u);
  EXPECT_EQ(root_name(vars[0]), "x");
  EXPECT_EQ(root_name(vars[1]), "k");
  EXPECT_EQ(root_name(vars[2]), "v");
}

TEST(JsonVariables, LiteralTextAndBrokenTemplatesHaveNone) {
  EXPECT_TRUE(variables_of(R"({"a": "plain", "b": "$${escaped}", "c": "${unclosed"})", "a").empty());
  EXPECT_TRUE(variables_of(R"({"a": "plain", "b": "$${escaped}", "c": "${unclosed"})", "b").empty());
  EXPECT_TRUE(variables_of(R"({"a": "plain", "b": "$${escaped}", "c": "${unclosed"})", "c").empty());
}

TEST(JsonVariables, ForVariablesAreNotFree) {
  auto vars = variables_of(R"({"a": "%{ for x in xs }${x}${y}%{ endfor }"})", "a");
  ASSERT_EQ(vars.size(), 2u);
  EXPECT_EQ(root_name(vars[0]), "xs");
  EXPECT_EQ(root_name(vars[1]), "y");
}

}  // namespace
}  // namespace hclschema
