// Native parser: every expression form, body structure, ranges, and error recovery.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"
#include "syntax/native/parser.hpp"
#include "unit/syntax/native/tree_text.hpp"

namespace hclschema {
namespace {

using native::NativeBody;

ParseResult parse(std::string text, ParseOptions options = {}) {
  return parse_native(SourceFile::from_string("test.hcl", std::move(text)), options);
}

std::string summaries(const Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags) {
    if (!out.empty()) out += "; ";
    out += d.summary;
    if (d.subject) out += "@" + std::to_string(d.subject->start.line) + ":" + std::to_string(d.subject->start.column);
  }
  return out;
}

// ---- expressions ---------------------------------------------------------------------------------

struct ExprCase {
  const char* source;  // the right-hand side of `a = ...`
  const char* tree;    // tree_text of the parsed expression
};

class ExpressionForms : public ::testing::TestWithParam<ExprCase> {};

TEST_P(ExpressionForms, ParsesToTheReferenceTreeShape) {
  const auto& c = GetParam();
  auto result = parse(std::string("a = ") + c.source + "\n");
  ASSERT_FALSE(has_errors(result.diagnostics)) << c.source << ": " << summaries(result.diagnostics);
  const auto* body = result.file->native_body();
  ASSERT_NE(body, nullptr);
  ASSERT_EQ(body->attributes().size(), 1u);
  EXPECT_EQ(testing::tree_text(*body->attributes()[0].expr), c.tree) << c.source;
}

INSTANTIATE_TEST_SUITE_P(
    Parser, ExpressionForms,
    ::testing::Values(
        // literals and keywords
        ExprCase{"1", "Num1"}, ExprCase{"1.5e10", "Num1.5e10"}, ExprCase{"true", "true"}, ExprCase{"false", "false"}, ExprCase{"null", "null"},
        // strings and escapes
        ExprCase{R"("hello")", R"(Template(Lit"hello"))"}, ExprCase{R"("")", R"(Template(Lit""))"},
        ExprCase{R"("a\nb\t\"\\")", "Template(Lit\"a\nb\t\"\\\")"}, ExprCase{R"("\u00e9\U0001F600")", "Template(Lit\"\xC3\xA9\xF0\x9F\x98\x80\")"},
        // the reference splits literal text at each template escape
        ExprCase{R"("$${x} %%{y}")", R"(Template(Lit"${" Lit"x} " Lit"%{" Lit"y}"))"},
        // templates
        ExprCase{R"("${x}")", "Wrap(Trav[x])"}, ExprCase{R"("a${x}b")", R"(Template(Lit"a" Trav[x] Lit"b"))"},
        ExprCase{R"("a ${~ x ~} b")", R"(Template(Lit"a" Trav[x] Lit"b"))"},
        ExprCase{R"("%{ if c }yes%{ else }no%{ endif }")", R"(Template(Cond(Trav[c] Template(Lit"yes") Template(Lit"no"))))"},
        ExprCase{R"("%{ if c }yes%{ endif }")", R"(Template(Cond(Trav[c] Template(Lit"yes") Template(Lit""))))"},
        ExprCase{R"("%{ for x in xs }${x},%{ endfor }")", R"(Template(Join(For:x(Trav[xs] Template(Trav[x] Lit",")))))"},
        ExprCase{R"("%{ for k, v in m }${k}%{ endfor }")", R"(Template(Join(For:k,v(Trav[m] Template(Trav[k])))))"},
        ExprCase{"<<EOT\nhello\n  ${x}\nEOT", "Template(Lit\"hello\n\" Lit\"  \" Trav[x] Lit\"\n\")"},
        ExprCase{"<<-EOT\n    a\n      b\n    EOT", "Template(Lit\"a\n\" Lit\"  b\n\")"},
        // collections
        ExprCase{"[]", "Tuple()"}, ExprCase{"[1, 2,]", "Tuple(Num1 Num2)"}, ExprCase{"[\n1,\n2\n]", "Tuple(Num1 Num2)"},
        ExprCase{"{}", "Object()"}, ExprCase{"{ a = 1, b : 2 }", "Object(Key(Trav[a]) Num1 Key(Trav[b]) Num2)"},
        ExprCase{"{\n a = 1\n \"b\" = 2\n (c) = 3\n}", R"(Object(Key(Trav[a]) Num1 Key(Template(Lit"b")) Num2 KeyExpr(Paren(Trav[c])) Num3))"},
        // traversals, indexes and splats
        ExprCase{"var.x.y", "Trav[var.x.y]"}, ExprCase{"a[0]", "Trav[a[0]]"}, ExprCase{"a[\"k\"]", "Trav[a[\"k\"]]"},
        ExprCase{"a.0", "Trav[a[0]]"}, ExprCase{"a[b]", "Index(Trav[a] Trav[b])"}, ExprCase{"a[b].c", "Rel(Index(Trav[a] Trav[b]) .c)"},
        ExprCase{"f(x).y", "Rel(Call:f(Trav[x]) .y)"}, ExprCase{"(a).b", "Rel(Paren(Trav[a]) .b)"},
        ExprCase{"a.*.b", "Splat(Trav[a] Rel(Item .b))"}, ExprCase{"a.*", "Splat(Trav[a] Item)"},
        ExprCase{"a[*].b[0]", "Splat(Trav[a] Rel(Item .b[0]))"}, ExprCase{"a[*]", "Splat(Trav[a] Item)"},
        // function calls
        ExprCase{"f()", "Call:f()"}, ExprCase{"f(1, 2)", "Call:f(Num1 Num2)"}, ExprCase{"f(xs...)", "Call:f...(Trav[xs])"},
        ExprCase{"f(\n1,\n2,\n)", "Call:f(Num1 Num2)"}, ExprCase{"provider::aws::arn_parse(x)", "Call:provider::aws::arn_parse(Trav[x])"},
        // for expressions
        ExprCase{"[for x in xs : x]", "For:x(Trav[xs] Trav[x])"}, ExprCase{"[for i, x in xs : x if i > 0]", "For:i,x(Trav[xs] Trav[x] Bin>(Trav[i] Num0))"},
        ExprCase{"{for k, v in m : k => v}", "For:k,v(Trav[m] Trav[k] Trav[v])"}, ExprCase{"{for k, v in m : v => k...}", "For:k,v...(Trav[m] Trav[v] Trav[k])"},
        // operators and precedence
        ExprCase{"1 + 2 * 3", "Bin+(Num1 Bin*(Num2 Num3))"}, ExprCase{"1 - 2 - 3", "Bin-(Bin-(Num1 Num2) Num3)"},
        ExprCase{"a || b && c", "Bin||(Trav[a] Bin&&(Trav[b] Trav[c]))"}, ExprCase{"a == b != c", "Bin!=(Bin==(Trav[a] Trav[b]) Trav[c])"},
        ExprCase{"a < b", "Bin<(Trav[a] Trav[b])"}, ExprCase{"a <= b", "Bin<=(Trav[a] Trav[b])"}, ExprCase{"a >= b", "Bin>=(Trav[a] Trav[b])"},
        ExprCase{"a % b / c", "Bin/(Bin%(Trav[a] Trav[b]) Trav[c])"}, ExprCase{"-a.b", "Neg(Trav[a.b])"}, ExprCase{"!a", "Not(Trav[a])"},
        ExprCase{"(1 + 2) * 3", "Bin*(Paren(Bin+(Num1 Num2)) Num3)"}, ExprCase{"a ? b : c", "Cond(Trav[a] Trav[b] Trav[c])"},
        ExprCase{"a ? b : c ? d : e", "Cond(Trav[a] Trav[b] Cond(Trav[c] Trav[d] Trav[e]))"}, ExprCase{"- - 1", "Neg(Neg(Num1))"}));

// ---- bodies --------------------------------------------------------------------------------------

TEST(Parser, BodiesHoldAttributesAndBlocksInSourceOrder) {
  auto r = parse("# comment\na = 1\n// another\nb = 2 /* inline */\nresource \"aws_instance\" web {\n  ami = \"x\"\n  nested {}\n}\nempty {}\n");
  ASSERT_TRUE(r.diagnostics.empty()) << summaries(r.diagnostics);
  const auto* body = r.file->native_body();
  ASSERT_EQ(body->attributes().size(), 2u);
  EXPECT_EQ(body->attributes()[0].name(), "a");
  EXPECT_EQ(body->attributes()[1].name(), "b");
  ASSERT_EQ(body->blocks().size(), 2u);
  const auto& block = *body->blocks()[0];
  EXPECT_EQ(block.type(), "resource");
  ASSERT_EQ(block.labels().size(), 2u);
  EXPECT_EQ(block.labels()[0], "aws_instance");
  EXPECT_EQ(block.labels()[1], "web");
  EXPECT_EQ(block.body->attributes().size(), 1u);
  EXPECT_EQ(block.body->blocks().size(), 1u);
  EXPECT_EQ(body->blocks()[1]->type(), "empty");
}

TEST(Parser, OneLineBlocksTakeASingleAttribute) {
  auto r = parse("b { a = 1 }\n");
  ASSERT_TRUE(r.diagnostics.empty()) << summaries(r.diagnostics);
  EXPECT_EQ(r.file->native_body()->blocks()[0]->body->attributes()[0].name(), "a");
  EXPECT_EQ(summaries(parse("b { a = 1, c = 2 }\n").diagnostics), "Invalid single-argument block definition@1:10");
  EXPECT_EQ(summaries(parse("b { a = 1\n}\n").diagnostics), "Invalid single-argument block definition@1:10");
  EXPECT_EQ(summaries(parse("b { c {} }\n").diagnostics), "Argument definition required@1:5");
}

TEST(Parser, RangesAreExactInLinesColumnsAndBytes) {
  auto r = parse("x = 1\nlabel = \"é${v}\"\n");
  ASSERT_TRUE(r.diagnostics.empty());
  const auto& attr = r.file->native_body()->attributes()[1];
  Range range = attr.expr->range();
  EXPECT_EQ(range.start.line, 2u);
  EXPECT_EQ(range.start.column, 9u);
  EXPECT_EQ(range.start.byte, 14u);
  EXPECT_EQ(range.end.column, 16u);  // é counts as one column though it is two bytes
  EXPECT_EQ(range.end.byte, 22u);
  EXPECT_EQ(r.file->source().range(attr.span()).start.column, 1u);
}

TEST(Parser, CrlfLineEndingsAreAccepted) {
  auto r = parse("a = 1\r\nb {\r\n  c = \"x\"\r\n}\r\n");
  EXPECT_TRUE(r.diagnostics.empty()) << summaries(r.diagnostics);
  EXPECT_EQ(r.file->native_body()->blocks()[0]->body->attributes()[0].expr->range().start.line, 3u);
}

// ---- errors and recovery -------------------------------------------------------------------------

struct ErrorCase {
  const char* source;
  const char* diagnostics;  // summaries@line:column, in order
};

class ErrorForms : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(ErrorForms, ReportTheReferenceDiagnostics) {
  const auto& c = GetParam();
  auto result = parse(c.source);
  EXPECT_EQ(summaries(result.diagnostics), c.diagnostics) << c.source;
  ASSERT_NE(result.file, nullptr);
  ASSERT_NE(result.file->native_body(), nullptr);
}

INSTANTIATE_TEST_SUITE_P(
    Parser, ErrorForms,
    ::testing::Values(ErrorCase{"a = 1 b = 2\n", "Missing newline after argument@1:7"},
                      ErrorCase{"a = 1, b = 2\n", "Unexpected comma after argument@1:6"},
                      ErrorCase{"a = 1\na = 2\n", "Attribute redefined@2:1"}, ErrorCase{"a\n", "Argument or block definition required@1:1"},
                      ErrorCase{"\"a\" = 1\n", "Invalid argument name@1:1"}, ErrorCase{"b {\n", "Unclosed configuration block@1:3"},
                      ErrorCase{"b = {\n", "Missing expression@2:1"},
                      ErrorCase{"b = [1\n", "Unterminated tuple constructor expression@1:5"}, ErrorCase{"a =\n", "Invalid expression@1:4"},
                      ErrorCase{"a = ", "Missing expression@1:5"}, ErrorCase{"b \"x\" = {}\n", "Invalid block definition@1:7"},
                      ErrorCase{"b \"x\"\n{}\n", "Invalid block definition@1:6"}, ErrorCase{"b {} c = 1\n", "Missing newline after block definition@1:6"},
                      ErrorCase{"a = f(1 2)\n", "Missing argument separator@1:9"}, ErrorCase{"a = f(x..., y)\n", "Missing closing parenthesis@1:8"},
                      ErrorCase{"a = (1\n", "Unbalanced parentheses@2:1"}, ErrorCase{"a = x[1\n", "Missing close bracket on index@2:1"},
                      ErrorCase{"a = x.\n", "Invalid attribute name@1:7"}, ErrorCase{"a = x.1.2\n", "Invalid legacy index syntax@1:7"},
                      // One number token that is no number (the scanner reads these whole, as hclsyntax's).
                      ErrorCase{"a = 2.5.0\n", "Invalid number literal@1:5"}, ErrorCase{"a = [1e3.0]\n", "Invalid number literal@1:6"},
                      ErrorCase{"a = [for x in y : x if]\n", "Invalid expression@1:23"},
                      ErrorCase{"a = [for in y : x]\n", "Invalid 'for' expression@1:13"},
                      ErrorCase{"a = [for k, v in y : k => v]\n", "Invalid 'for' expression@1:22"},
                      ErrorCase{"a = {for v in y : v}\n", "Invalid 'for' expression@1:19"},
                      ErrorCase{"a = [for v in y : v...]\n", "Invalid 'for' expression@1:20"},
                      ErrorCase{"a = \"${x\"\n", "Invalid multi-line string@1:10; Unclosed template interpolation sequence@1:6"},
                      ErrorCase{"a = \"%{ if x }y\"\n", "Unexpected end of template@1:16"},
                      ErrorCase{"a = \"%{ endif }\"\n", "Unexpected endif directive@1:6"},
                      ErrorCase{"a = \"%{ iff x }\"\n", "Invalid template control keyword@1:9"},
                      ErrorCase{"a = \"\\q\"\n", "Invalid escape sequence@1:6"}, ErrorCase{"a = \"\\u12\"\n", "Invalid escape sequence@1:6"},
                      ErrorCase{"a = \"\\uD800\"\n", "Invalid escape sequence@1:6"}, ErrorCase{"b \"${x}\" {}\n", "Invalid string literal@1:4"},
                      ErrorCase{"a = 1 ? 2\n", "Missing false expression in conditional@1:10"},
                      ErrorCase{"a = {x y}\n", "Missing key/value separator@1:8"}, ErrorCase{"a = {x}\n", "Missing key/value separator@1:7"},
                      ErrorCase{"a = {x = 1 y = 2}\n", "Missing attribute separator@1:12"},
                      ErrorCase{"a = provider::(1)\n", "Missing function name@1:15"},
                      ErrorCase{"a = provider::ns::fn + 1\n", "Missing open parenthesis@1:22"}));

TEST(Parser, RecoversToReportSeveralIndependentErrors) {
  // As in the reference, a syntax error puts the parser in recovery mode, which silences later
  // errors of the same kinds; errors of other kinds are still all reported.
  auto r = parse("a = 1\na = 2\nb \"x\" = {}\nc = \"\\q\"\nd = \"%{ endif }\"\ne = 5\n");
  EXPECT_EQ(summaries(r.diagnostics),
            "Attribute redefined@2:1; Invalid block definition@3:7; Invalid escape sequence@4:6; Unexpected endif directive@5:6");
  // The attribute after the errors is still parsed.
  bool found_e = false;
  for (const auto& attr : r.file->native_body()->attributes()) found_e |= attr.name() == "e";
  EXPECT_TRUE(found_e);
}

TEST(Parser, DeepNestingIsADiagnosticNotAStackOverflow) {
  for (const char* open_close : {"[]", "()", "{}"}) {
    std::string deep = "a = " + std::string(100000, open_close[0]) + "1" + std::string(100000, open_close[1]) + "\n";
    if (open_close[0] == '{') deep = "a = " + std::string(100000, '[') + "{x=1}" + std::string(100000, ']') + "\n";
    auto r = parse(deep);
    ASSERT_TRUE(has_errors(r.diagnostics)) << open_close;
    EXPECT_EQ(r.diagnostics.front().summary, "Nesting too deep");
  }
  std::string blocks;
  for (int i = 0; i < 100000; ++i) blocks += "b {\n";
  for (int i = 0; i < 100000; ++i) blocks += "}\n";
  auto r = parse(blocks);
  ASSERT_TRUE(has_errors(r.diagnostics));
  EXPECT_EQ(r.diagnostics.front().summary, "Nesting too deep");
  std::string templates = "a = ";
  for (int i = 0; i < 50000; ++i) templates += "\"${";
  templates += "1";
  for (int i = 0; i < 50000; ++i) templates += "}\"";
  r = parse(templates + "\n");
  ASSERT_TRUE(has_errors(r.diagnostics));
}

TEST(Parser, NestingWithinTheLimitParses) {
  std::string deep = "a = " + std::string(200, '[') + "1" + std::string(200, ']') + "\n";
  EXPECT_TRUE(parse(deep).diagnostics.empty());
  ParseOptions tight;
  tight.max_nesting_depth = 10;
  EXPECT_TRUE(has_errors(parse(deep, tight).diagnostics));
}

TEST(Parser, FilesOverTheSizeLimitAreRefused) {
  ParseOptions small;
  small.max_file_size = 8;
  auto r = parse("a = 1234567890\n", small);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "File too large");
  EXPECT_EQ(r.file->native_body()->attributes().size(), 0u);
}

TEST(Parser, VariablesLeaveOutForVariablesAndLiteralKeys) {
  auto r = parse("a = [for x in var.list : x + local.y if x != z]\nb = { key = var.v, (var.k) = 1 }\n");
  ASSERT_TRUE(r.diagnostics.empty()) << summaries(r.diagnostics);
  auto vars = r.file->native_body()->attributes()[0].expr->variables();
  ASSERT_EQ(vars.size(), 3u);
  EXPECT_EQ(root_name(vars[0]), "var");
  EXPECT_EQ(root_name(vars[1]), "local");
  EXPECT_EQ(root_name(vars[2]), "z");
  auto vars_b = r.file->native_body()->attributes()[1].expr->variables();
  ASSERT_EQ(vars_b.size(), 2u);
  EXPECT_EQ(vars_b[0][1].name, "v");
  EXPECT_EQ(vars_b[1][1].name, "k");
}

// variable_nodes() walks every node kind's children through the node classes' own for_each_child
// (no std::function): each kind with children must be reached, in variables()'s order.
TEST(Parser, VariableNodesReachEveryKindOfChildInVariablesOrder) {
  auto r = parse(
      "a = f(a1, b1 ? c1 : d1[e1], [g1], {k = h1, (i1) = 1}, [for x in j1 : x + k1 if x != l1], m1[*].z,\n"
      "      -n1, o1 * p1, \"${q1}\", \"${r1}x\", (s1).t[u1], f(v1).w, {for y, z in w1 : y => z...},\n"
      "      \"%{for q in x1}${q}${y1}%{endfor}\", try(z1))\n");
  ASSERT_TRUE(r.diagnostics.empty()) << summaries(r.diagnostics);
  const native::Expr& e = *r.file->native_body()->attributes()[0].expr;
  const auto vars = e.variables();
  const auto nodes = e.variable_nodes();
  std::string names, from_nodes;
  for (const auto& t : vars) names += std::string(root_name(t)) + " ";
  for (const auto* n : nodes) from_nodes += std::string(n->traversal().first_text()) + " ";
  EXPECT_EQ(names, "a1 b1 c1 d1 e1 g1 h1 i1 j1 k1 l1 m1 n1 o1 p1 q1 r1 s1 u1 v1 w1 x1 y1 z1 ");
  EXPECT_EQ(from_nodes, names);
}

// ---- the syntax-neutral body views -----------------------------------------------------------------

TEST(NativeBody, ContentSelectsBySchemaAndReportsTheRest) {
  auto r = parse("name = \"x\"\nport = 1\nservice \"a\" {}\nunknown {}\nsise = 2\n");
  ASSERT_TRUE(r.diagnostics.empty());
  BodySchema schema{{{"name", true}, {"port", false}, {"size", true}}, {{"service", {"name"}}}};
  auto content = r.file->body().content(schema);
  EXPECT_EQ(content.content.attributes.size(), 2u);
  ASSERT_EQ(content.content.blocks.size(), 1u);
  EXPECT_EQ(content.content.blocks[0].labels, std::vector<std::string>{"a"});
  std::string all;
  for (const auto& d : content.diagnostics) all += d.summary + ": " + d.detail + "\n";
  EXPECT_NE(all.find("Missing required argument: The argument \"size\" is required, but no definition was found."), std::string::npos) << all;
  EXPECT_NE(all.find("Unsupported block type: Blocks of type \"unknown\" are not expected here."), std::string::npos) << all;
  EXPECT_NE(all.find("Unsupported argument: An argument named \"sise\" is not expected here. Did you mean \"size\"?"), std::string::npos) << all;
}

TEST(NativeBody, PartialContentLeavesTheRestInRemain) {
  auto r = parse("a = 1\nb = 2\nblk {}\n");
  auto partial = r.file->body().partial_content(BodySchema{{{"a", false}}, {}});
  EXPECT_TRUE(partial.diagnostics.empty());
  EXPECT_EQ(partial.content.attributes.size(), 1u);
  auto rest = partial.remain->content(BodySchema{{{"b", true}}, {{"blk", {}}}});
  EXPECT_TRUE(rest.diagnostics.empty());
  EXPECT_EQ(rest.content.attributes.size(), 1u);
  EXPECT_EQ(rest.content.blocks.size(), 1u);
  auto again = partial.remain->content(BodySchema{{{"b", false}}, {}});
  ASSERT_EQ(again.diagnostics.size(), 1u);  // the block is still there, "a" is not
  EXPECT_EQ(again.diagnostics[0].summary, "Unsupported block type");
}

TEST(NativeBody, LabelCountsAreChecked) {
  auto r = parse("svc {}\nsvc \"a\" \"b\" {}\n");
  auto content = r.file->body().content(BodySchema{{}, {{"svc", {"name"}}}});
  ASSERT_EQ(content.diagnostics.size(), 2u);
  EXPECT_EQ(content.diagnostics[0].summary, "Missing name for svc");
  EXPECT_EQ(content.diagnostics[0].detail, "All svc blocks must have 1 labels (name).");
  EXPECT_EQ(content.diagnostics[1].summary, "Extraneous label for svc");
  EXPECT_EQ(content.diagnostics[1].detail, "Only 1 labels (name) are expected for svc blocks.");
}

TEST(NativeBody, JustAttributesRejectsBlocks) {
  auto r = parse("a = 1\nb {}\n");
  auto attrs = r.file->body().just_attributes();
  EXPECT_EQ(attrs.attributes.size(), 1u);
  ASSERT_EQ(attrs.diagnostics.size(), 1u);
  EXPECT_EQ(attrs.diagnostics[0].summary, "Unexpected \"b\" block");
}

}  // namespace
}  // namespace hclschema

namespace hclschema {
namespace {

TEST(ParserEntryPoints, WholeExpressionIgnoresNewlinesAndRejectsTrailingText) {
  auto ok = native::detail::parse_expression_source(SourceFile::from_string("e.hcl", "[\n  1,\n  2\n]"));
  ASSERT_TRUE(ok.diagnostics.empty()) << summaries(ok.diagnostics);
  EXPECT_EQ(testing::tree_text(*ok.expr), "Tuple(Num1 Num2)");
  auto extra = native::detail::parse_expression_source(SourceFile::from_string("e.hcl", "1 2"));
  EXPECT_EQ(summaries(extra.diagnostics), "Extra characters after expression@1:3");
}

TEST(ParserEntryPoints, BareTemplates) {
  auto t = native::detail::parse_template_source(SourceFile::from_string("t.tmpl", "Hello ${name}!"));
  ASSERT_TRUE(t.diagnostics.empty());
  EXPECT_EQ(testing::tree_text(*t.expr), R"(Template(Lit"Hello " Trav[name] Lit"!"))");
  auto wrap = native::detail::parse_template_source(SourceFile::from_string("t.tmpl", "${x}"));
  EXPECT_EQ(testing::tree_text(*wrap.expr), "Wrap(Trav[x])");
}

}  // namespace
}  // namespace hclschema

namespace hclschema {
namespace {

// start_range() answers as hclsyntax's StartRange does, node kind by node kind.
TEST(ParserStartRanges, FollowTheReference) {
  auto r = parse("a = \"x${y}\"\nb = p + q\nc = (z)\nd = f(1)\ne = [1]\nf = -n\ng = k ? 1 : 2\n");
  ASSERT_TRUE(r.diagnostics.empty());
  auto start_col = [&](size_t i) { return r.file->native_body()->attributes()[static_cast<uint32_t>(i)].expr->start_range(); };
  EXPECT_EQ(start_col(0).start.column, 6u);  // a template: its first part, inside the quote
  EXPECT_EQ(start_col(0).end.column, 7u);
  EXPECT_EQ(start_col(1).end.column, 6u);    // a binary operation: its left operand
  EXPECT_EQ(start_col(2).start.column, 6u);  // parentheses: the inner expression
  EXPECT_EQ(start_col(3).end.column, 7u);    // a call: name through "("
  EXPECT_EQ(start_col(4).end.column, 6u);    // a tuple: "["
  EXPECT_EQ(start_col(5).end.column, 6u);    // a unary operation: its symbol
  EXPECT_EQ(start_col(6).end.column, 6u);    // a conditional: its condition
}

}  // namespace
}  // namespace hclschema
