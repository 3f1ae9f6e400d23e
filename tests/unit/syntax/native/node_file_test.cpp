// Native nodes store no SourceFile: Expr::file() reads it from the header of the arena segment
// the node lies in (see util/arena.hpp). These tests check that every node of a parse reports its
// own file, whatever the arena went through before (large allocations spanning segments, a
// change of owner, a rewind), and that the packed node layouts keep their sizes.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "hclschema/eval.hpp"
#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"
#include "syntax/native/parser.hpp"
#include "util/arena.hpp"

namespace hclschema {
namespace {

using native::Expr;

// Every node below `e`.
void collect(const Expr& e, std::vector<const Expr*>& out) {
  out.push_back(&e);
  e.for_each_child([&](const Expr& c) { collect(c, out); });
}

void collect(const native::NativeBody& body, std::vector<const Expr*>& out, std::vector<const native::NativeBody*>* bodies = nullptr) {
  if (bodies) bodies->push_back(&body);
  for (const auto& a : body.attributes()) collect(*a.expr, out);
  for (const auto* b : body.blocks()) collect(*b->body, out, bodies);
}

TEST(ArenaSegments, EveryAllocationFindsTheOwnerOfItsSegment) {
  hclschema::detail::Arena arena;
  int a = 0, b = 0, c = 0;
  arena.set_owner(&a);
  std::vector<void*> of_a;
  for (int i = 0; i < 3000; ++i) {
    of_a.push_back(arena.allocate(static_cast<std::size_t>(8 + (i % 7) * 8), 8));
    if (i % 500 == 0) {
      // Larger than a segment: it covers segment headers, which must then never be read.
      const std::size_t big = hclschema::detail::Arena::k_segment * 2 + 24;
      std::memset(arena.allocate(big, 8), 0xab, big);
    }
  }
  for (void* p : of_a) EXPECT_EQ(hclschema::detail::Arena::owner_of(p), &a);
  // A new owner in the middle of a segment: the earlier allocations keep theirs.
  arena.set_owner(&b);
  void* first_of_b = arena.allocate(16, 8);
  EXPECT_EQ(hclschema::detail::Arena::owner_of(first_of_b), &b);
  for (void* p : of_a) EXPECT_EQ(hclschema::detail::Arena::owner_of(p), &a);
  // Rewound, the kept first chunk serves the next owner.
  arena.rewind(64 * 1024);
  arena.set_owner(&c);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(hclschema::detail::Arena::owner_of(arena.allocate(40, 8)), &c);
}

TEST(NodeFile, EveryNodeOfALargeFileReportsItsFile) {
  // Many segments' worth of nodes, with a tuple whose element pointers (8 bytes each) span
  // several segments, followed by more nodes.
  std::string text;
  for (int i = 0; i < 2000; ++i) text.append("a").append(std::to_string(i)).append(" = foo(var.x[").append(std::to_string(i)).append("], \"s${local.y}\", -1 + 2)\n");
  text += "big = [";
  for (int i = 0; i < 6000; ++i) text.append("v").append(std::to_string(i)).append(", ");
  text += "]\n";
  for (int i = 0; i < 2000; ++i) text.append("block \"l\" { b").append(std::to_string(i)).append(" = { k = [for x in y : x.z if x != null] } }\n");
  auto src = SourceFile::from_string("large.tf", text);
  auto parsed = parse_native(src);
  ASSERT_TRUE(parsed.diagnostics.empty());
  std::vector<const Expr*> nodes;
  std::vector<const native::NativeBody*> bodies;
  collect(*parsed.file->native_body(), nodes, &bodies);
  ASSERT_GT(nodes.size(), 20000u);
  for (const Expr* e : nodes) ASSERT_EQ(&e->file(), src.get()) << e->kind_name();
  ASSERT_EQ(bodies.size(), 2001u);
  for (const auto* body : bodies) ASSERT_EQ(&body->file(), src.get());
  EXPECT_EQ(nodes.back()->range().filename.str(), "large.tf");
  EXPECT_EQ(nodes.back()->range().start.line, 4001u);
}

TEST(NodeFile, NodesOfReusedTemplateParsesReportTheirOwnFile) {
  // One arena, rewound between parses of different sources, and a second one while the first is
  // alive (its own workspace).
  auto a = SourceFile::from_string("a.json", "${alpha.beta} and ${gamma[0]} %{ if d }x%{ endif }");
  auto b = SourceFile::from_string_at("b.json", "x ${delta(epsilon)}", Pos{3, 9, 40});
  for (int round = 0; round < 3; ++round) {
    Diagnostics da, db;
    native::detail::ReusedTemplateParse outer(*a, da);
    {
      native::detail::ReusedTemplateParse inner(*b, db);
      std::vector<const Expr*> nodes;
      collect(*inner.expr(), nodes);
      for (const Expr* e : nodes) EXPECT_EQ(&e->file(), b.get());
      EXPECT_EQ(inner.expr()->range().filename.str(), "b.json");
      EXPECT_EQ(inner.expr()->range().start.line, 3u);
    }
    std::vector<const Expr*> nodes;
    collect(*outer.expr(), nodes);
    for (const Expr* e : nodes) EXPECT_EQ(&e->file(), a.get());
  }
  Diagnostics db;
  native::detail::ReusedTemplateParse again(*b, db);  // the thread's workspace, now for b
  std::vector<const Expr*> nodes;
  collect(*again.expr(), nodes);
  for (const Expr* e : nodes) EXPECT_EQ(&e->file(), b.get());
}

TEST(NodeFile, JsonTemplateStringsReportTheJsonFileAndPosition) {
  // A JSON string is parsed as a native template when evaluated: the unknown variable's
  // diagnostic comes from a native node and must point into the JSON file.
  auto parsed = parse_json(SourceFile::from_string("main.tf.json", "{\n  \"a\": \"x ${nope.y}\"\n}\n"));
  ASSERT_TRUE(parsed.diagnostics.empty());
  auto attrs = parsed.file->body().just_attributes();
  ASSERT_EQ(attrs.attributes.size(), 1u);
  EvalContext ctx;
  EvalResult r = evaluate(*attrs.attributes[0].expr, &ctx);
  ASSERT_FALSE(r.diagnostics.empty());
  ASSERT_TRUE(r.diagnostics[0].subject.has_value());
  EXPECT_EQ(r.diagnostics[0].subject->filename.str(), "main.tf.json");
  EXPECT_EQ(r.diagnostics[0].subject->start.line, 2u);
  EXPECT_EQ(r.diagnostics[0].subject->start.column, 13u);  // `nope`
}

// The packed layouts (see ast.hpp); a larger size means a field lost its place in the padding.
static_assert(sizeof(native::LiteralValueExpr) == 12);
static_assert(sizeof(native::ScopeTraversalExpr) == 12);
static_assert(sizeof(native::TemplateExpr) == 12);
static_assert(sizeof(native::ObjectConsKeyExpr) == 12);
static_assert(sizeof(native::BinaryOpExpr) == 20);
static_assert(sizeof(native::TupleConsExpr) == 16);
static_assert(sizeof(native::ForExpr) == 52);
static_assert(sizeof(native::FunctionCallExpr) == 24);
static_assert(sizeof(native::ArenaTraversalStep) == 24);
static_assert(sizeof(native::NativeAttribute) == 20);
static_assert(sizeof(native::NativeBlock) == 40);
static_assert(sizeof(native::NativeBody) == 40);

}  // namespace
}  // namespace hclschema
