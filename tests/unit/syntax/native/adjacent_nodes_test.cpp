// Two node pairs are laid out next to each other instead of linked by a pointer (see ast.hpp): an
// object key right after the bare name or literal it wraps, and a quoted string's one literal part
// right after its template. Either way the tree reads the same as with the pointer, which is what
// the parser falls back to for any other key.
#include <gtest/gtest.h>

#include <string>

#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"

namespace hclschema {
namespace {

using native::Expr;
using native::LiteralValueExpr;
using native::NodeKind;
using native::ObjectConsExpr;
using native::ObjectConsKeyExpr;
using native::ScopeTraversalExpr;
using native::TemplateExpr;

const Expr* only_attribute(const ParseResult& parsed) {
  EXPECT_TRUE(parsed.diagnostics.empty());
  return parsed.file->native_body()->attributes()[0].expr;
}

bool lies_right_after(const void* first, const void* second) {
  return static_cast<const char*>(first) + sizeof(Expr) == static_cast<const char*>(second);
}

TEST(AdjacentNodes, KeysFollowWhatTheyWrapWhenTheyCan) {
  const ParseResult parsed = parse_native(SourceFile::from_string(
      "keys.hcl", "x = { bare = 1, dotted.name = 2, 7 = 3, \"quoted\" = 4, (paren) = 5, a[0] = 6, \"esc\\n\" = 7, true = 8 }\n"));
  ASSERT_TRUE(parsed.diagnostics.empty());
  const auto& obj = static_cast<const ObjectConsExpr&>(*parsed.file->native_body()->attributes()[0].expr);
  ASSERT_EQ(obj.items().size(), 8u);
  const struct {
    NodeKind wrapped_kind;
    bool follows;
    const char* source;
  } expect[] = {
      {NodeKind::scope_traversal, true, "bare"},    // read back from the source
      {NodeKind::scope_traversal, true, "dotted.name"},
      {NodeKind::literal_value, true, "7"},          // the literal's text is the source's
      {NodeKind::template_expr, false, "\"quoted\""}, // a template keeps its part after it
      {NodeKind::parentheses, false, "(paren)"},
      {NodeKind::scope_traversal, false, "a[0]"},    // an index step is stored
      {NodeKind::template_expr, false, "\"esc\\n\""},
      {NodeKind::literal_value, true, "true"},
  };
  const std::string_view text = parsed.file->source().text();
  for (size_t i = 0; i < 8; ++i) {
    const auto& key = static_cast<const ObjectConsKeyExpr&>(*obj.items()[static_cast<uint32_t>(i)].key);
    ASSERT_EQ(key.kind, NodeKind::object_cons_key);
    const Expr* wrapped = key.wrapped();
    EXPECT_EQ(wrapped->kind, expect[i].wrapped_kind) << i;
    EXPECT_EQ(key.follows_wrapped(), expect[i].follows) << i;
    EXPECT_EQ(lies_right_after(wrapped, &key), expect[i].follows) << i;
    EXPECT_EQ(text.substr(wrapped->span.begin, wrapped->span.end - wrapped->span.begin), expect[i].source) << i;
    EXPECT_EQ(key.span, wrapped->span) << i;
  }
  const auto& dotted = static_cast<const ScopeTraversalExpr&>(*static_cast<const ObjectConsKeyExpr&>(*obj.items()[1].key).wrapped());
  ASSERT_EQ(dotted.traversal().size(), 2u);
  EXPECT_EQ(dotted.traversal()[1].name(), "name");
}

TEST(AdjacentNodes, AKeyWhoseNameIsNotTheLastAllocationKeepsItsPointer) {
  // A name with a literal index folded in allocates stored steps after its node: the key cannot sit
  // right after the node, and must still find it.
  const ParseResult parsed = parse_native(SourceFile::from_string("k.hcl", "x = { a.b[\"c\"] = 1 }\n"));
  const Expr* e = only_attribute(parsed);
  const auto& key = static_cast<const ObjectConsKeyExpr&>(*static_cast<const ObjectConsExpr&>(*e).items()[0].key);
  EXPECT_FALSE(key.follows_wrapped());
  ASSERT_EQ(key.wrapped()->kind, NodeKind::scope_traversal);
  EXPECT_EQ(static_cast<const ScopeTraversalExpr&>(*key.wrapped()).traversal().size(), 3u);
}

TEST(AdjacentNodes, AQuotedStringsOneLiteralFollowsItsTemplate) {
  const struct {
    const char* rhs;
    const char* value;
  } cases[] = {
      {"\"plain\"", "plain"},
      {"\"tab\\tand \\\"quote\\\"\"", "tab\tand \"quote\""},  // decoded: its text is stored after the literal
      {"\"caf\xC3\xA9\"", "caf\xC3\xA9"},
      {"\"\"", ""},
  };
  for (const auto& c : cases) {
    const ParseResult parsed = parse_native(SourceFile::from_string("t.hcl", std::string("x = ") + c.rhs + "\n"));
    const Expr* e = only_attribute(parsed);
    ASSERT_EQ(e->kind, NodeKind::template_expr) << c.rhs;
    const auto& t = static_cast<const TemplateExpr&>(*e);
    ASSERT_EQ(t.parts().size(), 1u) << c.rhs;
    const Expr* part = t.parts()[0];
    if (std::string(c.rhs) == "\"\"") {
      EXPECT_FALSE(t.sole_part_follows());  // no literal token: the general path
    } else {
      EXPECT_TRUE(t.sole_part_follows()) << c.rhs;
      EXPECT_TRUE(lies_right_after(&t, part)) << c.rhs;
    }
    ASSERT_EQ(part->kind, NodeKind::literal_value) << c.rhs;
    EXPECT_EQ(static_cast<const LiteralValueExpr&>(*part).text(), c.value) << c.rhs;
    size_t visited = 0;
    for (const Expr* p : t.parts()) {
      EXPECT_EQ(p, part);
      ++visited;
    }
    EXPECT_EQ(visited, 1u);
  }
}

TEST(AdjacentNodes, TemplatesOfSeveralPartsKeepTheirArray) {
  const ParseResult parsed = parse_native(SourceFile::from_string("t.hcl", "x = \"a${b}c\"\n"));
  const Expr* e = only_attribute(parsed);
  ASSERT_EQ(e->kind, NodeKind::template_expr);
  const auto& t = static_cast<const TemplateExpr&>(*e);
  EXPECT_FALSE(t.sole_part_follows());
  ASSERT_EQ(t.parts().size(), 3u);
  EXPECT_EQ(t.parts()[0]->kind, NodeKind::literal_value);
  EXPECT_EQ(t.parts()[1]->kind, NodeKind::scope_traversal);
  EXPECT_EQ(t.parts()[2]->kind, NodeKind::literal_value);
  std::vector<NodeKind> kinds;
  for (const Expr* p : t.parts()) kinds.push_back(p->kind);
  EXPECT_EQ(kinds, (std::vector<NodeKind>{NodeKind::literal_value, NodeKind::scope_traversal, NodeKind::literal_value}));
}

}  // namespace
}  // namespace hclschema
