// Where a literal node keeps its text (LiteralValueExpr::TextAt, ast.hpp): the source at its
// span when the text is that (numbers, keywords, strings without escapes), a pointer after the
// node otherwise (decoded escapes, NFC-normalised text, heredoc lines whose indentation was
// flushed), nowhere when empty. Whichever it is, text() and evaluation must give the literal's
// own text.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/eval.hpp"
#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"

namespace hclschema {
namespace {

using native::LiteralValueExpr;
using native::NodeKind;
using TextAt = LiteralValueExpr::TextAt;

// Every literal node below `e`, in walk order.
void literals(const native::Expr& e, std::vector<const LiteralValueExpr*>& out) {
  if (e.kind == NodeKind::literal_value) out.push_back(static_cast<const LiteralValueExpr*>(&e));
  e.for_each_child([&](const native::Expr& c) { literals(c, out); });
}

TEST(LiteralText, TextAtChoosesTheSpanOnlyForTheSourceTextItself) {
  const char* source = "abc = \"abc\"";
  EXPECT_EQ(LiteralValueExpr::text_at(source, ByteSpan{7, 10}, std::string_view(source + 7, 3)), TextAt::span);
  // Equal characters elsewhere (a decoded copy) are not the source's.
  const std::string copy = "abc";
  EXPECT_EQ(LiteralValueExpr::text_at(source, ByteSpan{7, 10}, copy), TextAt::after_node);
  // The source's text but not all of the span (a quoted literal spanning its quotes).
  EXPECT_EQ(LiteralValueExpr::text_at(source, ByteSpan{6, 11}, std::string_view(source + 7, 3)), TextAt::after_node);
  EXPECT_EQ(LiteralValueExpr::text_at(source, ByteSpan{7, 10}, std::string_view{}), TextAt::none);
}

TEST(LiteralText, EachLiteralReadsItsOwnText) {
  const struct {
    const char* rhs;
    std::vector<std::string> texts;  // of the literals below the attribute, in walk order
  } cases[] = {
      {"12.50", {"12.50"}},
      {"true", {"true"}},
      {"null", {"null"}},
      {"\"plain\"", {"plain"}},
      {"\"tab\\there\"", {"tab\there"}},                  // an escape: decoded, stored
      {"\"e\\u0301\"", {"\xC3\xA9"}},                      // NFC-normalised: stored
      {"\"\"", {""}},                                     // empty
      {"\"a${1}b\"", {"a", "1", "b"}},
      {"\"$${x}\"", {"${", "x}"}},                       // an escaped interpolation (two parts, as hclsyntax)
      {"<<-EOT\n    one\n      two\n    EOT", {"one\n", "  two\n"}},  // flushed heredoc lines
  };
  for (const auto& c : cases) {
    auto r = parse_native(SourceFile::from_string("lit.hcl", std::string("x = ") + c.rhs + "\n"));
    ASSERT_TRUE(r.diagnostics.empty()) << c.rhs;
    std::vector<const LiteralValueExpr*> found;
    literals(*r.file->native_body()->attributes()[0].expr, found);
    std::vector<std::string> texts;
    for (const auto* l : found) texts.emplace_back(l->text());
    EXPECT_EQ(texts, c.texts) << c.rhs;
  }
}

TEST(LiteralText, StoredAndSourceTextsEvaluateAlike) {
  for (const auto& [rhs, want] : std::vector<std::pair<std::string, std::string>>{
           {"\"abc\"", "abc"}, {"\"a\\\"b\"", "a\"b"}, {"\"x${\"y\\n\"}\"", "xy\n"}, {"\"x${1.50}\"", "x1.5"}}) {
    auto r = parse_native(SourceFile::from_string("lit.hcl", "x = " + rhs + "\n"));
    ASSERT_TRUE(r.diagnostics.empty()) << rhs;
    const auto v = evaluate(*r.file->native_body()->attributes()[0].expr, nullptr);
    ASSERT_TRUE(v.diagnostics.empty()) << rhs;
    EXPECT_EQ(v.value.as_string(), want) << rhs;
  }
}

}  // namespace
}  // namespace hclschema
