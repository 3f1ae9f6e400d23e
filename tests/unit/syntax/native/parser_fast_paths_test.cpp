// The native parser's fast paths and their general counterparts, side by side: a term with no
// traversal step after it (returned at once; a name still gets its root step) and one with
// steps; an operand with no operator after it and one with operators; the token scan answering
// from tokens already lexed and the scan that has to ask the lexer for more (at every batch
// boundary, with comments and newlines there).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"
#include "unit/syntax/native/tree_text.hpp"

namespace hclschema {
namespace {

ParseResult parse(std::string text) { return parse_native(SourceFile::from_string("fast.hcl", std::move(text))); }

std::string cols(const Range& r) { return std::to_string(r.start.column) + "-" + std::to_string(r.end.column); }

struct TermCase {
  const char* source;  // the right-hand side of `a = ...`
  const char* tree;
  const char* range;  // columns of the whole expression
};

// Each case as `a = SOURCE`: no diagnostic, the expected tree and the expression's columns.
void expect_trees(const std::vector<TermCase>& cases) {
  for (const auto& c : cases) {
    auto r = parse(std::string("a = ") + c.source + "\n");
    ASSERT_TRUE(r.diagnostics.empty()) << c.source;
    const auto& attr = r.file->native_body()->attributes()[0];
    EXPECT_EQ(testing::tree_text(*attr.expr), c.tree) << c.source;
    EXPECT_EQ(cols(attr.expr->range()), c.range) << c.source;
  }
}

TEST(ParserFastPaths, TermsWithAndWithoutTraversalSteps) {
  const std::vector<TermCase> cases = {
      // names alone: the root step still reaches the arena, wherever the term ends
      {"x", "Trav[x]", "5-6"},
      {"x + y", "Bin+(Trav[x] Trav[y])", "5-10"},
      {"x ? y : z", "Cond(Trav[x] Trav[y] Trav[z])", "5-14"},
      {"f(x, y)", "Call:f(Trav[x] Trav[y])", "5-12"},
      {"[x, y]", "Tuple(Trav[x] Trav[y])", "5-11"},
      {"{ k = v }", "Object(Key(Trav[k]) Trav[v])", "5-14"},
      {"(x)", "Paren(Trav[x])", "5-8"},
      {"-x", "Neg(Trav[x])", "5-7"},
      {"\"${x}\"", "Wrap(Trav[x])", "5-11"},
      // names with steps, and terms that are not names, with and without steps
      {"x.y", "Trav[x.y]", "5-8"},
      {"x[0]", "Trav[x[0]]", "5-9"},
      {"x.y + z[1].w", "Bin+(Trav[x.y] Trav[z[1].w])", "5-17"},
      {"f(x.y)[0]", "Rel(Call:f(Trav[x.y]) [0])", "5-14"},
      {"f(x)", "Call:f(Trav[x])", "5-9"},
      {"1", "Num1", "5-6"},
      {"[x][0]", "Rel(Tuple(Trav[x]) [0])", "5-11"},
      {"x.*.y", "Splat(Trav[x] Rel(Item .y))", "5-10"},
      {"x[*].y + w", "Bin+(Splat(Trav[x] Rel(Item .y)) Trav[w])", "5-15"},
      {"[for v in xs : v.n]", "For:v(Trav[xs] Trav[v.n])", "5-24"},
  };
  expect_trees(cases);
}

TEST(ParserFastPaths, OperandsWithAndWithoutOperators) {
  const std::vector<TermCase> cases = {
      {"a", "Trav[a]", "5-6"},
      {"a * b + c", "Bin+(Bin*(Trav[a] Trav[b]) Trav[c])", "5-14"},
      {"a + b * c - d", "Bin-(Bin+(Trav[a] Bin*(Trav[b] Trav[c])) Trav[d])", "5-18"},
      {"a || b && c == d", "Bin||(Trav[a] Bin&&(Trav[b] Bin==(Trav[c] Trav[d])))", "5-21"},
      {"a < b == c > d", "Bin==(Bin<(Trav[a] Trav[b]) Bin>(Trav[c] Trav[d]))", "5-19"},
      {"f(a + b, c)", "Call:f(Bin+(Trav[a] Trav[b]) Trav[c])", "5-16"},
      {"a ? b + c : d * e", "Cond(Trav[a] Bin+(Trav[b] Trav[c]) Bin*(Trav[d] Trav[e]))", "5-22"},
      {"(a) + (b)", "Bin+(Paren(Trav[a]) Paren(Trav[b]))", "5-14"},
      {"-a * b", "Bin*(Neg(Trav[a]) Trav[b])", "5-11"},
      {"[a, b * 2]", "Tuple(Trav[a] Bin*(Trav[b] Num2))", "5-15"},
  };
  expect_trees(cases);
  // An operand that failed stops there, with or without an operator after it.
  EXPECT_EQ(parse("a = (\n").diagnostics.empty(), false);
  EXPECT_EQ(parse("a = ( + 1\n").diagnostics.empty(), false);
}

// Many attributes, each with a comment after it (a newline in a body) and a call whose arguments
// span lines and comments (insignificant there): the lexer's batches end at every kind of token.
TEST(ParserFastPaths, TokenScanAcrossLexerBatches) {
  for (int pad = 0; pad < 40; ++pad) {  // shifts where the lexer's batches (512 tokens) end: 1,800 tokens, 30 an attribute
    std::string text(static_cast<size_t>(pad), '\n');
    const int n = 60;
    for (int i = 0; i < n; ++i) {
      text += "v" + std::to_string(i) + " = f(# c\n  x" + std::to_string(i) + ", // d\n  /* e */ y.z, \"s\", \"t${u}\"\n) # tail\n";
      text += "w" + std::to_string(i) + " = \"plain\"\n";
      if (i % 7 == 0) text += "// line\n\n";
    }
    auto r = parse(text);
    ASSERT_TRUE(r.diagnostics.empty()) << pad;
    const auto& attrs = r.file->native_body()->attributes();
    ASSERT_EQ(attrs.size(), static_cast<uint32_t>(2 * n)) << pad;
    for (int i = 0; i < n; ++i) {
      const auto& v = attrs[static_cast<uint32_t>(2 * i)];
      const auto& w = attrs[static_cast<uint32_t>(2 * i + 1)];
      EXPECT_EQ(v.name(), "v" + std::to_string(i));
      EXPECT_EQ(testing::tree_text(*v.expr), "Call:f(Trav[x" + std::to_string(i) + R"(] Trav[y.z] Template(Lit"s") Template(Lit"t" Trav[u])))") << pad << " " << i;
      EXPECT_EQ(w.name(), "w" + std::to_string(i));
      EXPECT_EQ(testing::tree_text(*w.expr), R"(Template(Lit"plain"))") << pad << " " << i;
      EXPECT_EQ(w.expr->range().end.column, w.name().size() + 11);  // just after the closing quote
      EXPECT_EQ(w.span().end, w.expr->span.end);  // the attribute ends at the closing quote (prev_span)
    }
  }
}

// After a read, the next buffered token becomes the cached answer when it counts in both newline
// modes, and stays it when an opening bracket changes the mode; a newline or comment next is
// scanned for in the mode that applies when the parser looks (skipped inside brackets, a
// newline in a body, a line comment counting as one).
TEST(ParserFastPaths, NextTokenAcrossNewlineModes) {
  const std::vector<TermCase> cases = {
      {"(1)", "Paren(Num1)", "5-8"},
      {"(\n1\n)", "Paren(Num1)", "5-2"},
      {"( # c\n 1 // d\n + 2 /* e */ )", "Paren(Bin+(Num1 Num2))", "5-15"},
      {"[\n1, # x\n2\n]", "Tuple(Num1 Num2)", "5-2"},
      {"{ k = (1\n) }", "Object(Key(Trav[k]) Paren(Num1))", "5-4"},
      {"{\n k = [1,\n 2] # c\n j = 3 }", "Object(Key(Trav[k]) Tuple(Num1 Num2) Key(Trav[j]) Num3)", "5-9"},
      {"f(\n)", "Call:f()", "5-2"},
      {"f(x\n,\ny)", "Call:f(Trav[x] Trav[y])", "5-3"},
  };
  expect_trees(cases);
  // A line comment ends an attribute as a newline would; a block comment does not.
  auto r = parse("a = 1 # c\nb = (2) // d\nc = [3] /* e */\n");
  ASSERT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.file->native_body()->attributes().size(), 3u);
  EXPECT_FALSE(parse("a = 1 /* e */ b = 2\n").diagnostics.empty());
}

// Template literals are normalised to NFC: text the quick check proves NFC (ASCII, and non-ASCII
// such as "é" precomposed, "→", "─") is taken as it is; anything else goes through utf8proc
// (a decomposed "e" + U+0301 becomes "é"), in quoted strings and heredocs alike.
TEST(ParserFastPaths, LiteralsInNormalFormC) {
  const std::vector<TermCase> cases = {
      {"\"caf\xC3\xA9 \xE2\x86\x92 \xE2\x94\x80\"", "Template(Lit\"caf\xC3\xA9 \xE2\x86\x92 \xE2\x94\x80\")", "5-15"},
      {"\"cafe\xCC\x81\"", "Template(Lit\"caf\xC3\xA9\")", "5-11"},
      {"\"x${y}cafe\xCC\x81\"", "Template(Lit\"x\" Trav[y] Lit\"caf\xC3\xA9\")", "5-16"},
      {"\"x${y}caf\xC3\xA9\"", "Template(Lit\"x\" Trav[y] Lit\"caf\xC3\xA9\")", "5-16"},
  };
  expect_trees(cases);
  for (const char* body : {"cafe\xCC\x81", "caf\xC3\xA9"}) {
    auto r = parse(std::string("a = <<EOT\n") + body + " ${y}\nEOT\n");
    ASSERT_TRUE(r.diagnostics.empty()) << body;
    EXPECT_EQ(testing::tree_text(*r.file->native_body()->attributes()[0].expr), "Template(Lit\"caf\xC3\xA9 \" Trav[y] Lit\"\n\")") << body;
  }
}

// Keywords are told apart by length and one word comparison (is_word), and attribute names by
// length, first byte, then the rest: each keyword against names that differ from it in length,
// in the first byte or in a later one. Attributes are written in place on the body's stack.
TEST(ParserFastPaths, KeywordsAndNamesOfTheSameLength) {
  const std::vector<TermCase> cases = {
      {"true", "true", "5-9"},
      {"false", "false", "5-10"},
      {"null", "null", "5-9"},
      {"tru", "Trav[tru]", "5-8"},
      {"trues", "Trav[trues]", "5-10"},
      {"trUe", "Trav[trUe]", "5-9"},
      {"xrue", "Trav[xrue]", "5-9"},
      {"fals", "Trav[fals]", "5-9"},
      {"falsy", "Trav[falsy]", "5-10"},
      {"nul1", "Trav[nul1]", "5-9"},
      {"nulls", "Trav[nulls]", "5-10"},
      {"[for v in xs : v]", "For:v(Trav[xs] Trav[v])", "5-22"},
      {"[fox, in]", "Tuple(Trav[fox] Trav[in])", "5-14"},
      {"[fo, for_]", "Tuple(Trav[fo] Trav[for_])", "5-15"},
      {"{form = 1}", "Object(Key(Trav[form]) Num1)", "5-15"},
      {"[for v in xs : v if v]", "For:v(Trav[xs] Trav[v] Trav[v])", "5-27"},
  };
  expect_trees(cases);
  // Near misses of 'in', 'if' and the template directives are errors.
  auto diag = [](std::string text) {
    auto r = parse(std::move(text));
    return r.diagnostics.empty() ? std::string() : r.diagnostics[0].summary + ": " + r.diagnostics[0].detail;
  };
  EXPECT_EQ(diag("a = [for v ix xs : v]\n"), "Invalid 'for' expression: For expression requires the 'in' keyword after its name declarations.");
  EXPECT_EQ(diag("a = [for v in xs : v iff v]\n"), "Invalid 'for' expression: Extra characters after the end of the 'for' expression.");
  EXPECT_EQ(diag("a = \"%{if x}a%{else}b%{endif}\"\n"), "");
  EXPECT_EQ(diag("a = \"%{for v in x}a%{endfor}\"\n"), "");
  EXPECT_EQ(diag("a = \"%{for v ix x}a%{endfor}\"\n"), "Invalid 'for' directive: For directive requires 'in' keyword after names.");
  for (const char* word : {"iff", "elsa", "endiff", "endfox", "fob", "Else"}) {
    auto r = parse(std::string("a = \"%{") + word + "}\"\n");
    ASSERT_FALSE(r.diagnostics.empty()) << word;
    EXPECT_EQ(r.diagnostics[0].summary, "Invalid template control keyword") << word;
  }
  // Attribute names: the same length and first byte (ab, ac), another first byte (bb), and a
  // repeat of each: only the repeats are redefinitions.
  auto r = parse("ab = 1\nac = 2\nbb = 3\nab = 4\nbb = 5\nabc = 6\n");
  ASSERT_EQ(r.diagnostics.size(), 2u);
  EXPECT_EQ(r.diagnostics[0].summary, "Attribute redefined");
  EXPECT_EQ(r.diagnostics[0].subject->start.line, 4);
  EXPECT_EQ(r.diagnostics[1].subject->start.line, 5);
  // The first of each name stays (the attribute is written in place and dropped when redefined).
  const auto& attrs = r.file->native_body()->attributes();
  ASSERT_EQ(attrs.size(), 4u);
  const char* kept[][2] = {{"ab", "Num1"}, {"ac", "Num2"}, {"bb", "Num3"}, {"abc", "Num6"}};
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(attrs[i].name(), kept[i][0]);
    EXPECT_EQ(testing::tree_text(*attrs[i].expr), kept[i][1]) << kept[i][0];
  }
  // A single-line block's attribute, and a redefinition that is the body's last item.
  auto one = parse("b { x = 1 }\nc {\n  y = 2\n  y = 3\n}\n");
  ASSERT_EQ(one.diagnostics.size(), 1u);
  const auto& blocks = one.file->native_body()->blocks();
  ASSERT_EQ(blocks.size(), 2u);
  ASSERT_EQ(blocks[0]->body->attributes().size(), 1u);
  EXPECT_EQ(blocks[0]->body->attributes()[0].name(), "x");
  ASSERT_EQ(blocks[1]->body->attributes().size(), 1u);
  EXPECT_EQ(testing::tree_text(*blocks[1]->body->attributes()[0].expr), "Num2");
}

// Quoted templates are told apart by a branch before parse_expression_term's switch, heredocs
// through the switch: both kinds of template term, alone and as operands.
TEST(ParserFastPaths, QuotedAndHeredocTerms) {
  const std::vector<TermCase> cases = {
      {"\"a\"", "Template(Lit\"a\")", "5-8"},
      {"\"\"", "Template(Lit\"\")", "5-7"},
      {"\"a${b}\"", "Template(Lit\"a\" Trav[b])", "5-12"},
      {"\"${b}\"", "Wrap(Trav[b])", "5-11"},
      {"x == \"a\"", "Bin==(Trav[x] Template(Lit\"a\"))", "5-13"},
      {"[\"a\", <<EOT\nb\nEOT\n]", "Tuple(Template(Lit\"a\") Template(Lit\"b\n\"))", "5-2"},
  };
  expect_trees(cases);
  for (const char* heredoc : {"<<EOT\n  x ${y}\nEOT\n", "<<-EOT\n  x ${y}\nEOT\n"}) {
    auto r = parse(std::string("a = ") + heredoc);
    ASSERT_TRUE(r.diagnostics.empty()) << heredoc;
    EXPECT_EQ(testing::tree_text(*r.file->native_body()->attributes()[0].expr),
              heredoc[2] == '-' ? "Template(Lit\"x \" Trav[y] Lit\"\n\")" : "Template(Lit\"  x \" Trav[y] Lit\"\n\")")
        << heredoc;
  }
}

}  // namespace
}  // namespace hclschema
