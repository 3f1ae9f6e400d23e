// The 12-byte node header (ast.hpp): nodes are only 4-aligned, so what a node stores after itself
// (a decoded text, a rebuilt call name) must read back from any address; what the source already
// says is read from it (a for expression's variable names, a constructor's "[" or "{", the ends of
// a for expression's opener and closer); and the count of an array of children is a byte unless
// it is long, when it is stored before the array.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>

#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"

namespace hclschema {
namespace {

using native::Expr;
using native::ForExpr;
using native::LiteralValueExpr;
using native::NodeKind;
using native::TemplateExpr;
using native::TemplateJoinExpr;
using native::TupleConsExpr;

const Expr* only_attribute(const ParseResult& parsed) {
  EXPECT_TRUE(parsed.diagnostics.empty());
  return parsed.file->native_body()->attributes()[0].expr;
}

TEST(PackedFields, TextStoredAfterANodeReadsBackAtAnyFourByteAlignment) {
  // Escaped strings store their decoded text after the literal; with a 12-byte traversal between
  // them, the literals land at both residues modulo 8.
  std::string rhs = "[";
  for (int i = 0; i < 16; ++i) rhs += "a, \"s" + std::to_string(i) + "\\t\", ";
  rhs += "]";
  const ParseResult parsed = parse_native(SourceFile::from_string("t.hcl", "x = " + rhs + "\n"));
  const auto& tuple = static_cast<const TupleConsExpr&>(*only_attribute(parsed));
  std::set<std::uintptr_t> residues;
  int i = 0;
  for (const Expr* e : tuple.exprs()) {
    if (e->kind != NodeKind::template_expr) continue;
    const auto& literal = static_cast<const LiteralValueExpr&>(*static_cast<const TemplateExpr&>(*e).parts()[0]);
    ASSERT_TRUE(literal.text_after_node());
    EXPECT_EQ(literal.text(), "s" + std::to_string(i++) + "\t");
    residues.insert(reinterpret_cast<std::uintptr_t>(&literal) % 8);
  }
  EXPECT_EQ(i, 16);
  EXPECT_EQ(residues, (std::set<std::uintptr_t>{0, 4}));
}

TEST(PackedFields, ForVariableNamesAreReadFromTheSource) {
  const struct {
    const char* rhs;
    const char* key_var;
    const char* val_var;
  } cases[] = {
      {"[for v in xs : v]", "", "v"},
      {"{for k, v in m : k => v}", "k", "v"},
      {"[for   key_1 ,  vàl in m : vàl]", "key_1", "vàl"},
  };
  for (const auto& c : cases) {
    const ParseResult parsed = parse_native(SourceFile::from_string("f.hcl", std::string("x = ") + c.rhs + "\n"));
    const Expr* e = only_attribute(parsed);
    ASSERT_EQ(e->kind, NodeKind::for_expr) << c.rhs;
    const auto& f = static_cast<const ForExpr&>(*e);
    EXPECT_EQ(f.key_var(), c.key_var) << c.rhs;
    EXPECT_EQ(f.val_var(), c.val_var) << c.rhs;
  }
  // A template's %{for} directive makes a ForExpr too.
  const ParseResult directive = parse_native(SourceFile::from_string("d.hcl", "x = \"%{ for k, v in m }${k}%{ endfor }\"\n"));
  const Expr* t = only_attribute(directive);
  ASSERT_EQ(t->kind, NodeKind::template_expr);
  const Expr* join = static_cast<const TemplateExpr&>(*t).parts()[0];
  ASSERT_EQ(join->kind, NodeKind::template_join);
  const auto& f = static_cast<const ForExpr&>(*static_cast<const TemplateJoinExpr&>(*join).tuple);
  EXPECT_EQ(f.key_var(), "k");
  EXPECT_EQ(f.val_var(), "v");
}

TEST(PackedFields, ConstructorsOpenWithTheirFirstByte) {
  const ParseResult parsed = parse_native(SourceFile::from_string("c.hcl", "x = [ 1 ]\ny = {\n  a = 1 }\n"));
  ASSERT_TRUE(parsed.diagnostics.empty());
  const auto attrs = parsed.file->native_body()->attributes();
  const auto& tuple = static_cast<const TupleConsExpr&>(*attrs[0].expr);
  EXPECT_EQ(tuple.open_span(), (ByteSpan{4, 5}));
  const auto& object = static_cast<const native::ObjectConsExpr&>(*attrs[1].expr);
  EXPECT_EQ(object.open_span(), (ByteSpan{14, 15}));
  EXPECT_EQ(object.start_range().start.line, 2u);
  EXPECT_EQ(object.start_range().end.column, 6u);
}

TEST(PackedFields, ForOpenersAndClosersSpanTheirTokens) {
  const ParseResult parsed = parse_native(SourceFile::from_string("f.hcl", "x = [for v in xs : v]\ny = \"%{ for v in xs }${v}%{ endfor }\"\n"));
  ASSERT_TRUE(parsed.diagnostics.empty());
  const std::string_view text = parsed.file->source().text();
  auto slice = [&](ByteSpan s) { return text.substr(s.begin, s.end - s.begin); };
  const auto attrs = parsed.file->native_body()->attributes();
  const auto& tuple_for = static_cast<const ForExpr&>(*attrs[0].expr);
  EXPECT_EQ(slice(tuple_for.open_span()), "[");
  EXPECT_EQ(slice(tuple_for.close_span()), "]");
  const Expr* join = static_cast<const TemplateExpr&>(*attrs[1].expr).parts()[0];
  const auto& directive_for = static_cast<const ForExpr&>(*static_cast<const TemplateJoinExpr&>(*join).tuple);
  EXPECT_EQ(slice(directive_for.open_span()), "%{ for v in xs }");
  EXPECT_EQ(slice(directive_for.close_span()), "%{ endfor }");
}

// Arrays of up to 254 children keep their count in a header byte; from 255 on it is stored.
TEST(PackedFields, LongArraysOfChildrenKeepTheirCount) {
  for (const uint32_t n : {0u, 1u, 254u, 255u, 256u, 1000u}) {
    std::string args, items, parts;
    for (uint32_t i = 0; i < n; ++i) {
      const std::string v = std::to_string(i);
      args += (i ? ", " : "") + v;
      items += "k" + v + " = " + v + "\n";
      parts += "${a}" + v;  // an interpolation and a literal: two parts each
    }
    const std::string src = "c = f(" + args + ")\nt = [" + args + "]\no = {\n" + items + "}\np = \"x${a}" + parts + "\"\n";
    const ParseResult parsed = parse_native(SourceFile::from_string("long.hcl", src));
    ASSERT_TRUE(parsed.diagnostics.empty()) << n;
    const auto attrs = parsed.file->native_body()->attributes();
    const auto& call = static_cast<const native::FunctionCallExpr&>(*attrs[0].expr);
    ASSERT_EQ(call.args().size(), n);
    if (n > 0) {
      EXPECT_EQ(static_cast<const LiteralValueExpr&>(*call.args()[n - 1]).text(), std::to_string(n - 1));
    }
    const auto& tuple = static_cast<const TupleConsExpr&>(*attrs[1].expr);
    ASSERT_EQ(tuple.exprs().size(), n);
    uint32_t seen = 0;
    for (const Expr* e : tuple.exprs()) EXPECT_EQ(static_cast<const LiteralValueExpr&>(*e).text(), std::to_string(seen++));
    EXPECT_EQ(seen, n);
    const auto& object = static_cast<const native::ObjectConsExpr&>(*attrs[2].expr);
    ASSERT_EQ(object.items().size(), n);
    if (n > 0) {
      EXPECT_EQ(static_cast<const LiteralValueExpr&>(*object.items()[n - 1].value).text(), std::to_string(n - 1));
    }
    const auto& tmpl = static_cast<const TemplateExpr&>(*attrs[3].expr);
    ASSERT_EQ(tmpl.parts().size(), 2 + 2 * n);  // "x", a, then a and the number for each
    EXPECT_EQ(tmpl.parts()[1]->kind, NodeKind::scope_traversal);
    if (n > 0) {
      EXPECT_EQ(static_cast<const LiteralValueExpr&>(*tmpl.parts()[2 * n + 1]).text(), std::to_string(n - 1));
    }
  }
}

}  // namespace
}  // namespace hclschema
