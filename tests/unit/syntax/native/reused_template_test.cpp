// ReusedTemplateParse (the template parse JSON strings use, on one reused arena and scratch per
// thread) against parse_template_source (a File, arena and parser of its own): the same trees,
// ranges and diagnostics, string after string, whatever the previous string left behind.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"
#include "syntax/native/parser.hpp"
#include "unit/syntax/native/tree_text.hpp"
#include "util/arena.hpp"

namespace hclschema {
namespace {

std::string pos_text(const Pos& p) { return std::to_string(p.line) + ":" + std::to_string(p.column) + "@" + std::to_string(p.byte); }

std::string range_text(const std::optional<Range>& r) {
  if (!r) return "-";
  return r->filename.str() + "[" + pos_text(r->start) + "-" + pos_text(r->end) + "]";
}

// Everything a caller can see of a parse: the tree, the root's ranges, every diagnostic in full.
std::string outcome(const native::Expr* expr, const Diagnostics& diags) {
  std::string out = expr ? testing::tree_text(*expr) + " " + range_text(expr->range()) + " " + range_text(expr->start_range()) : "(null)";
  for (const auto& d : diags)
    out += "\n" + std::to_string(static_cast<int>(d.severity)) + " " + d.summary + " | " + d.detail + " | " + range_text(d.subject) + " | " +
           range_text(d.context);
  return out;
}

std::string fresh(const std::shared_ptr<const SourceFile>& src) {
  auto parsed = native::detail::parse_template_source(src);
  return outcome(parsed.expr, parsed.diagnostics);
}

std::string reused(const std::shared_ptr<const SourceFile>& src) {
  Diagnostics diags;
  native::detail::ReusedTemplateParse parsed(*src, diags);
  return outcome(parsed.expr(), diags);
}

// Templates of every shape, valid or not: the scratch stacks, the lexer's mode stacks and the
// arena are left in every state a parse can leave them in before the next string comes.
std::vector<std::string> cases() {
  std::vector<std::string> v = {
      "",
      "plain",
      "${x}",
      "Hello ${name}!",
      "${var.vpc_config_0.cidr_block}-${count.index}",
      "${can(cidrhost(var.vpc.cidr_block, 0)) && length(var.vpc.azs) > 0}",
      "${alltrue([for s in var.subnets : can(regex(\"^a\", s.name))])}",
      "${map(object({ a = string, b = optional(number, 20) }))}",
      "${{for k, v in var.m : k => v if v != null}}",
      "${a[0].b[*].c}${d.*.e} and ${f[\"g\"]}",
      "%{ if x }yes%{ else }no%{ endif }",
      "%{ for i, v in xs ~}\n  ${i}=${v}\n%{~ endfor }",
      "a $${literal} and %%{also}",
      "line one\nline two ${x}\r\nthree",
      "${\"nested ${y}\"}",
      "${x",                  // unclosed interpolation
      "${x y}",               // extra characters
      "${x:y}",               // a colon
      "%{ iff x }%{ endif }",  // bad keyword (with a suggestion)
      "%{ if x }no end",      // unclosed if
      "%{ endfor }",          // stray end
      "${1 + }",              // missing operand
      "${a & b; c}",          // characters the scanner reports
      "${`x`}",
      std::string("bad \xff byte ${x}"),
      std::string("${\"\xc3\"}"),
      "é ${ü} x\u0301 ${y}",  // columns in grapheme clusters
      "${[[[[[[[[[[1]]]]]]]]]]}",
      "${f(a, b...)}",
      "${x ? y : z}",
      "${-a * !b % c}",
      "${x}}}",
      "${<<EOT\nheredoc ${h}\nEOT\n}",
  };
  // Longer than the arena's kept chunk: the reused arena grows, then drops the extra memory.
  std::string long_text;
  for (int i = 0; i < 4000; ++i) long_text += "part ${var.item_" + std::to_string(i) + ".name} ";
  v.push_back(long_text);
  v.push_back("${x}");  // and a short one again afterwards
  return v;
}

TEST(ReusedTemplateParse, SameOutcomeAsAFreshParse) {
  const auto all = cases();
  // Twice through, so every case also follows every other one's leftovers.
  for (int round = 0; round < 2; ++round) {
    for (const auto& text : all) {
      auto src = SourceFile::from_string("t.json", text);
      EXPECT_EQ(reused(src), fresh(src)) << text.substr(0, 80);
    }
  }
}

TEST(ReusedTemplateParse, PositionsFromAnOrigin) {
  // As JSON strings are parsed: positioned just after their opening quote.
  for (const auto& text : cases()) {
    auto src = SourceFile::from_string_at("main.tf.json", text, Pos{7, 12, 345});
    EXPECT_EQ(reused(src), fresh(src)) << text.substr(0, 80);
  }
}

TEST(ReusedTemplateParse, TwoAliveAtOnceKeepTheirOwnTrees) {
  auto a = SourceFile::from_string("a.json", "${alpha.beta} and ${gamma}");
  auto b = SourceFile::from_string("b.json", "%{ if delta }${epsilon[0]}%{ endif }");
  const std::string expect_a = fresh(a), expect_b = fresh(b);
  Diagnostics da, db;
  {
    native::detail::ReusedTemplateParse outer(*a, da);
    {
      native::detail::ReusedTemplateParse inner(*b, db);  // the thread's workspace is busy
      EXPECT_EQ(outcome(inner.expr(), db), expect_b);
      EXPECT_EQ(outcome(outer.expr(), da), expect_a);
    }
    EXPECT_EQ(outcome(outer.expr(), da), expect_a);  // the inner one's going freed none of these nodes
  }
  EXPECT_EQ(reused(a), expect_a);  // and the workspace is free again
  EXPECT_EQ(reused(b), expect_b);
}

TEST(ReusedTemplateParse, DiagnosticsInTheSameOrderAsParseTemplateText) {
  // The scanner's diagnostics go in front of those already in the vector, the parser's after
  // them, exactly as parse_template_text puts them (callers pass an empty vector).
  auto src = SourceFile::from_string("t.json", "${a & b ? }");
  auto earlier = Diagnostic{Severity::warning, "earlier", "", std::nullopt, std::nullopt, {}};
  Diagnostics reused_diags{earlier};
  native::detail::ReusedTemplateParse parsed(*src, reused_diags);
  File file(src, Syntax::native);
  Diagnostics text_diags{earlier};
  const auto* expr = native::detail::parse_template_text(file, text_diags, 0, static_cast<uint32_t>(src->text().size()));
  EXPECT_EQ(outcome(parsed.expr(), reused_diags), outcome(expr, text_diags));
  ASSERT_GE(reused_diags.size(), 3u);  // the scanner's, the earlier one, the parser's
  EXPECT_EQ(reused_diags[0].summary, "Unsupported operator");
  EXPECT_EQ(reused_diags[1].summary, "earlier");
}

TEST(ArenaRewind, KeepsASmallFirstChunkAndDropsTheRest) {
  hclschema::detail::Arena arena;
  void* first = arena.allocate(100, 8);
  const std::size_t one_chunk = arena.reserved();
  for (int i = 0; i < 100; ++i) (void)arena.allocate(4096, 8);  // several more chunks
  EXPECT_GT(arena.reserved(), one_chunk);
  arena.rewind(one_chunk);
  EXPECT_EQ(arena.reserved(), one_chunk);
  EXPECT_EQ(arena.allocate(100, 8), first);  // the same memory, from its start
}

TEST(ArenaRewind, GivesBackWhatALargeAllocationTouched) {
  hclschema::detail::Arena arena;
  (void)arena.allocate(1 << 20, 8);
  EXPECT_GE(arena.reserved(), std::size_t{1} << 20);
  arena.rewind(64 * 1024);
  EXPECT_EQ(arena.reserved(), 64u * 1024);
  arena.rewind(0);
  EXPECT_EQ(arena.reserved(), 0u);
  void* p = arena.allocate(64, 8);  // and it still allocates afterwards
  EXPECT_NE(p, nullptr);
  EXPECT_LT(arena.reserved(), std::size_t{1} << 20);
}

}  // namespace
}  // namespace hclschema
