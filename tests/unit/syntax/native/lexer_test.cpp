// Unit tests of the native lexer: every token kind, every mode, every error form, as hclsyntax's
// scanner produces them (each expectation here was checked against the Go scanner; the golden
// tests in tests/golden/lex compare whole files mechanically).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "golden/lex/token_names.hpp"
#include "syntax/native/lexer.hpp"

namespace hclschema::native::detail {
namespace {

using testing::token_name;

std::string escape(std::string_view s) {
  std::string out;
  for (unsigned char c : s) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      default:
        if (c < 0x20 || c >= 0x80) {
          static const char* hex = "0123456789abcdef";
          out += "\\x";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

/// The token stream as `kind"text" kind"text" ...`, up to and including eof.
std::string render(std::string_view text, Lexer::Start start = Lexer::Start::config, Diagnostics* diags_out = nullptr) {
  auto file = SourceFile::from_string("test.hcl", std::string(text));
  Diagnostics diags;
  Lexer lexer(*file, diags, start);
  std::string out;
  for (int guard = 0; guard < 100000; ++guard) {
    Token t = lexer.next();
    if (!out.empty()) out += ' ';
    out += token_name(t.type);
    if (t.type == TokenType::eof) break;
    out += '"' + escape(file->slice(t.span)) + '"';
  }
  if (diags_out) *diags_out = diags;
  return out;
}

struct Case {
  const char* name;
  std::string input;
  std::string expected;
};

class LexerConfigTest : public ::testing::TestWithParam<Case> {};
TEST_P(LexerConfigTest, Tokens) { EXPECT_EQ(GetParam().expected, render(GetParam().input)) << GetParam().name; }

// clang-format off
INSTANTIATE_TEST_SUITE_P(Normal, LexerConfigTest, ::testing::Values(
  Case{"attribute", "a = 1\n", R"T(ident"a" equal"=" number_lit"1" newline"\n" eof)T"},
  Case{"brackets", "{}[]()", R"T(o_brace"{" c_brace"}" o_brack"[" c_brack"]" o_paren"(" c_paren")" eof)T"},
  Case{"arithmetic", "* / + - %", R"T(star"*" slash"/" plus"+" minus"-" percent"%" eof)T"},
  Case{"comparison", "= == != < <= > >=",
       R"T(equal"=" equal_op"==" not_equal"!=" less_than"<" less_than_eq"<=" greater_than">" greater_than_eq">=" eof)T"},
  Case{"logic", "&& || !", R"T(and_op"&&" or_op"||" bang"!" eof)T"},
  Case{"punctuation", ". , ... => ? : ::",
       R"T(dot"." comma"," ellipsis"..." fat_arrow"=>" question"?" colon":" double_colon"::" eof)T"},
  Case{"longest match", "::: .... ==> <<= !==",
       R"T(double_colon"::" colon":" ellipsis"..." dot"." equal_op"==" greater_than">" less_than"<" less_than_eq"<=" not_equal"!=" equal"=" eof)T"},
  Case{"two dots", "a..b", R"T(ident"a" dot"." dot"." ident"b" eof)T"},
  Case{"provider function", "provider::aws::arn(x)",
       R"T(ident"provider" double_colon"::" ident"aws" double_colon"::" ident"arn" o_paren"(" ident"x" c_paren")" eof)T"},
  Case{"star star is two stars", "a ** b", R"T(ident"a" star"*" star"*" ident"b" eof)T"},
  Case{"spaces and tabs are skipped", " \t a\t\tb", R"T(ident"a" ident"b" eof)T"},
  Case{"crlf newline", "a\r\nb", R"T(ident"a" newline"\r\n" ident"b" eof)T"},
  Case{"lone cr is invalid", "a\rb", R"T(ident"a" invalid"\r" ident"b" eof)T"},
  Case{"empty", "", "eof"},
  Case{"bom skipped", "\xEF\xBB\xBF" "a", R"T(ident"a" eof)T"},
  Case{"second bom invalid", "\xEF\xBB\xBF\xEF\xBB\xBF" "a", R"T(invalid"\xef\xbb\xbf" ident"a" eof)T"}
));

INSTANTIATE_TEST_SUITE_P(Numbers, LexerConfigTest, ::testing::Values(
  Case{"integer", "42", R"T(number_lit"42" eof)T"},
  Case{"decimal", "12.5", R"T(number_lit"12.5" eof)T"},
  Case{"exponents", "1e3 1E+3 1e-3", R"T(number_lit"1e3" number_lit"1E+3" number_lit"1e-3" eof)T"},
  Case{"several dots", "1.2.3 1..2", R"T(number_lit"1.2.3" number_lit"1..2" eof)T"},
  Case{"trailing dot", "1.", R"T(number_lit"1" dot"." eof)T"},
  Case{"dot then exponent", "1.e5", R"T(number_lit"1.e5" eof)T"},
  Case{"bare exponent", "1e 1e+", R"T(number_lit"1" ident"e" number_lit"1" ident"e" plus"+" eof)T"},
  Case{"repeated exponent", "2e5e+1", R"T(number_lit"2e5e+1" eof)T"},
  Case{"underscore", "1_000", R"T(number_lit"1" ident"_000" eof)T"},
  Case{"dot attribute", "3.x", R"T(number_lit"3" dot"." ident"x" eof)T"}
));

INSTANTIATE_TEST_SUITE_P(Identifiers, LexerConfigTest, ::testing::Values(
  Case{"ascii", "a a_b _x x1", R"T(ident"a" ident"a_b" ident"_x" ident"x1" eof)T"},
  Case{"dashes", "a-b a--b a- a-1", R"T(ident"a-b" ident"a--b" ident"a-" ident"a-1" eof)T"},
  Case{"dash cannot start", "-a", R"T(minus"-" ident"a" eof)T"},
  Case{"latin", "\xC3\xA9t\xC3\xA9", R"T(ident"\xc3\xa9t\xc3\xa9" eof)T"},
  Case{"combining mark continues", "e\xCC\x81", R"T(ident"e\xcc\x81" eof)T"},
  Case{"combining mark cannot start", "\xCC\x81", R"T(invalid"\xcc\x81" eof)T"},
  Case{"cjk", "\xE5\xA4\x89\xE6\x95\xB0", R"T(ident"\xe5\xa4\x89\xe6\x95\xb0" eof)T"},
  Case{"four byte letter", "\xF0\x9D\x90\x80" "bc", R"T(ident"\xf0\x9d\x90\x80bc" eof)T"},
  Case{"other id start", "\xE2\x84\x98", R"T(ident"\xe2\x84\x98" eof)T"},
  Case{"other id continue", "x\xC2\xB7y", R"T(ident"x\xc2\xb7y" eof)T"},
  Case{"pattern syntax letter", "x\xE2\xB8\xAF", R"T(ident"x" invalid"\xe2\xb8\xaf" eof)T"},
  Case{"emoji", "\xF0\x9F\x98\x80", R"T(invalid"\xf0\x9f\x98\x80" eof)T"},
  Case{"digits continue", "a\xD9\xA1", R"T(ident"a\xd9\xa1" eof)T"}
));

INSTANTIATE_TEST_SUITE_P(Comments, LexerConfigTest, ::testing::Values(
  Case{"hash includes newline", "# x\ny", R"T(comment"# x\n" ident"y" eof)T"},
  Case{"slashes include crlf", "// x\r\ny", R"T(comment"// x\r\n" ident"y" eof)T"},
  Case{"lone cr stays inside", "# a\rb\nc", R"T(comment"# a\rb\n" ident"c" eof)T"},
  Case{"at eof", "# x", R"T(comment"# x" eof)T"},
  Case{"just hash", "#", R"T(comment"#" eof)T"},
  Case{"block", "/* a\nb */c", R"T(comment"/* a\nb */" ident"c" eof)T"},
  Case{"empty block", "/**/", R"T(comment"/**/" eof)T"},
  Case{"block ends at first close", "/* a */ b */", R"T(comment"/* a */" ident"b" star"*" slash"/" eof)T"},
  Case{"star slash after opener", "/*/ x */", R"T(comment"/*/ x */" eof)T"},
  Case{"unterminated block", "/* a\nb", R"T(slash"/" star"*" ident"a" newline"\n" ident"b" eof)T"},
  Case{"unterminated then terminated", "/* /* a */", R"T(comment"/* /* a */" eof)T"},
  Case{"slash alone", "a / b", R"T(ident"a" slash"/" ident"b" eof)T"}
));

INSTANTIATE_TEST_SUITE_P(Invalid, LexerConfigTest, ::testing::Values(
  Case{"bitwise", "& | ^ ~", R"T(bitwise_and"&" bitwise_or"|" bitwise_xor"^" bitwise_not"~" eof)T"},
  Case{"quote-like", "' `", R"T(apostrophe"'" backtick"`" eof)T"},
  Case{"semicolon", "a;", R"T(ident"a" semicolon";" eof)T"},
  Case{"other ascii", "$ @ \\ \x01", R"T(invalid"$" invalid"@" invalid"\\" invalid"\x01" eof)T"},
  Case{"nul", std::string("a\0b", 3), R"T(ident"a" invalid"\x00" ident"b" eof)T"},
  Case{"curly quotes", "\xE2\x80\x9C" "x" "\xE2\x80\x9D", R"T(invalid"\xe2\x80\x9c" ident"x" invalid"\xe2\x80\x9d" eof)T"},
  Case{"bad bytes", "\xFF\x80\xF8", R"T(bad_utf8"\xff" bad_utf8"\x80" bad_utf8"\xf8" eof)T"},
  Case{"overlong is one invalid character", "\xC0\x80", R"T(invalid"\xc0\x80" eof)T"},
  Case{"surrogate is one invalid character", "\xED\xA0\x80", R"T(invalid"\xed\xa0\x80" eof)T"},
  Case{"beyond unicode", "\xF4\x90\x80\x80", R"T(invalid"\xf4\x90\x80\x80" eof)T"},
  Case{"truncated sequence", "\"\xE2\x80\"", R"T(o_quote"\"" bad_utf8"\xe2" bad_utf8"\x80" c_quote"\"" eof)T"},
  Case{"ideographic space", "\xE3\x80\x80", R"T(invalid"\xe3\x80\x80" eof)T"}
));

INSTANTIATE_TEST_SUITE_P(Quoted, LexerConfigTest, ::testing::Values(
  Case{"simple", R"("abc")", R"T(o_quote"\"" quoted_lit"abc" c_quote"\"" eof)T"},
  Case{"empty", R"("")", R"T(o_quote"\"" c_quote"\"" eof)T"},
  Case{"escapes stay in literal", R"("a\"b\\c\n")", R"T(o_quote"\"" quoted_lit"a\\\"b\\\\c\\n" c_quote"\"" eof)T"},
  Case{"interpolation", R"("a${b}c")",
       R"T(o_quote"\"" quoted_lit"a" template_interp"${" ident"b" template_seq_end"}" quoted_lit"c" c_quote"\"" eof)T"},
  Case{"strip markers", R"("${~ b ~}")", R"T(o_quote"\"" template_interp"${~" ident"b" template_seq_end"~}" c_quote"\"" eof)T"},
  Case{"directive", R"("%{if a}x%{~endif}")",
       R"T(o_quote"\"" template_control"%{" ident"if" ident"a" template_seq_end"}" quoted_lit"x" template_control"%{~" ident"endif" template_seq_end"}" c_quote"\"" eof)T"},
  Case{"escaped sequences", R"("$${a}%%{b}")",
       R"T(o_quote"\"" quoted_lit"$${" quoted_lit"a}" quoted_lit"%%{" quoted_lit"b}" c_quote"\"" eof)T"},
  Case{"escaped with tilde", R"("$${~x")", R"T(o_quote"\"" quoted_lit"$${~" quoted_lit"x" c_quote"\"" eof)T"},
  Case{"lone dollar splits literal", R"("a$b")", R"T(o_quote"\"" quoted_lit"a" quoted_lit"$" quoted_lit"b" c_quote"\"" eof)T"},
  Case{"double dollar", R"("$$")", R"T(o_quote"\"" quoted_lit"$" quoted_lit"$" c_quote"\"" eof)T"},
  Case{"percent", R"("100%")", R"T(o_quote"\"" quoted_lit"100" quoted_lit"%" c_quote"\"" eof)T"},
  Case{"newline inside", "\"a\nb\"", R"T(o_quote"\"" quoted_lit"a" quoted_newline"\n" quoted_lit"b" c_quote"\"" eof)T"},
  Case{"run of line ends is one token", "\"\r\n\n\"", R"T(o_quote"\"" quoted_newline"\r\n\n" c_quote"\"" eof)T"},
  Case{"backslash before newline", "\"a\\\nb\"",
       R"T(o_quote"\"" quoted_lit"a" invalid"\\" quoted_newline"\n" quoted_lit"b" c_quote"\"" eof)T"},
  Case{"backslash before bad byte", "\"\\\xFF\"", R"T(o_quote"\"" invalid"\\" bad_utf8"\xff" c_quote"\"" eof)T"},
  Case{"backslash with multibyte", "\"\\\xC3\xA9\"", R"T(o_quote"\"" quoted_lit"\\\xc3\xa9" c_quote"\"" eof)T"},
  Case{"bad byte inside", "\"a\xFF" "b\"", R"T(o_quote"\"" quoted_lit"a" bad_utf8"\xff" quoted_lit"b" c_quote"\"" eof)T"},
  Case{"unterminated", "\"abc", R"T(o_quote"\"" quoted_lit"abc" eof)T"},
  Case{"dollar at eof", "\"a$", R"T(o_quote"\"" quoted_lit"a" invalid"$" eof)T"},
  Case{"percent at eof", "\"%", R"T(o_quote"\"" invalid"%" eof)T"},
  Case{"backslash at eof", "\"a\\", R"T(o_quote"\"" quoted_lit"a" invalid"\\" eof)T"},
  Case{"brace inside interpolation", R"("${ {a=1} }")",
       R"T(o_quote"\"" template_interp"${" o_brace"{" ident"a" equal"=" number_lit"1" c_brace"}" template_seq_end"}" c_quote"\"" eof)T"},
  Case{"nested quotes", R"("${"${a}"}")",
       R"T(o_quote"\"" template_interp"${" o_quote"\"" template_interp"${" ident"a" template_seq_end"}" c_quote"\"" template_seq_end"}" c_quote"\"" eof)T"},
  Case{"unbalanced tilde brace", R"("${ { ~} }")",
       R"T(o_quote"\"" template_interp"${" o_brace"{" template_seq_end"~}" template_seq_end"}" c_quote"\"" eof)T"},
  Case{"stray close braces", R"(} "${a}" ~})",
       R"T(c_brace"}" o_quote"\"" template_interp"${" ident"a" template_seq_end"}" c_quote"\"" template_seq_end"~}" eof)T"}
));

INSTANTIATE_TEST_SUITE_P(Heredoc, LexerConfigTest, ::testing::Values(
  Case{"basic", "a = <<EOT\nhello\nEOT\n",
       R"T(ident"a" equal"=" o_heredoc"<<EOT\n" string_lit"hello\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"flush with indented marker", "<<-EOT\n  x\n  EOT  \n",
       R"T(o_heredoc"<<-EOT\n" string_lit"  x\n" c_heredoc"  EOT  " newline"\n" eof)T"},
  Case{"crlf", "<<EOT\r\nx\r\nEOT\r\n",
       R"T(o_heredoc"<<EOT\r\n" string_lit"x\r\n" c_heredoc"EOT" newline"\r\n" eof)T"},
  Case{"empty lines", "<<EOT\n\n\nEOT\n", R"T(o_heredoc"<<EOT\n" string_lit"\n" string_lit"\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"empty heredoc", "<<EOT\nEOT\n", R"T(o_heredoc"<<EOT\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"interpolation", "<<EOT\na${b}c\nEOT\n",
       R"T(o_heredoc"<<EOT\n" string_lit"a" template_interp"${" ident"b" template_seq_end"}" string_lit"c\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"marker after interpolation is text", "<<EOT\n${a}EOT\nEOT\n",
       R"T(o_heredoc"<<EOT\n" template_interp"${" ident"a" template_seq_end"}" string_lit"EOT\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"marker with more text", "<<EOT\nEOTX\n EOT x\nEOT\n",
       R"T(o_heredoc"<<EOT\n" string_lit"EOTX\n" string_lit" EOT x\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"unicode spaces around marker", "<<EOT\n\xC2\xA0" "EOT\xE3\x80\x80\n",
       R"T(o_heredoc"<<EOT\n" c_heredoc"\xc2\xa0EOT\xe3\x80\x80" newline"\n" eof)T"},
  Case{"escaped sequences", "<<EOT\n$${a}%%{b}\nEOT\n",
       R"T(o_heredoc"<<EOT\n" string_lit"$${" string_lit"a}" string_lit"%%{" string_lit"b}\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"escape then line end", "<<EOT\n$${\nEOT\n", R"T(o_heredoc"<<EOT\n" string_lit"$${\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"dollar and letters", "<<EOT\n$bc\nEOT\n",
       R"T(o_heredoc"<<EOT\n" string_lit"$" string_lit"bc\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"dollar and one byte before line end", "<<EOT\n$b\nEOT\n",
       R"T(o_heredoc"<<EOT\n" string_lit"$b" string_lit"\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"dollar and one byte before crlf", "<<EOT\n$b\r\nEOT\n",
       R"T(o_heredoc"<<EOT\n" string_lit"$b" string_lit"\r\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"dollar before line end", "<<EOT\n$\nEOT\n",
       R"T(o_heredoc"<<EOT\n" string_lit"$" string_lit"\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"dollar newline newline", "<<EOT\n$\n\nEOT\n",
       R"T(o_heredoc"<<EOT\n" string_lit"$\n" string_lit"\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"dollar before crlf", "<<EOT\n$\r\nEOT\n",
       R"T(o_heredoc"<<EOT\n" string_lit"$\r" string_lit"\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"three dollars", "<<EOT\n$$$\nEOT\n",
       R"T(o_heredoc"<<EOT\n" string_lit"$" string_lit"$$" string_lit"\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"dollar then bad byte before line end", "<<EOT\n$\xC3\nEOT\n",
       R"T(o_heredoc"<<EOT\n" string_lit"$\xc3" string_lit"\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"dollar at eof", "<<EOT\nab$", R"T(o_heredoc"<<EOT\n" string_lit"ab" invalid"$" eof)T"},
  Case{"dollar letter at eof", "<<EOT\n$b", R"T(o_heredoc"<<EOT\n" string_lit"$" string_lit"b" eof)T"},
  Case{"lone cr swallows the rest", "<<EOT\nab\rc\nEOT\nx = 1\n",
       R"T(o_heredoc"<<EOT\n" string_lit"ab" invalid"\rc\nEOT\nx = 1\n" eof)T"},
  Case{"bad byte", "<<EOT\n\xC3\xA9\xFF\nEOT\n",
       R"T(o_heredoc"<<EOT\n" string_lit"\xc3\xa9" bad_utf8"\xff" string_lit"\n" c_heredoc"EOT" newline"\n" eof)T"},
  Case{"unterminated", "<<EOT\nabc\n", R"T(o_heredoc"<<EOT\n" string_lit"abc\n" eof)T"},
  Case{"marker without line end", "<<EOT\nabc\nEOT", R"T(o_heredoc"<<EOT\n" string_lit"abc\n" string_lit"EOT" eof)T"},
  Case{"nested", "<<A\n${<<B\nx\nB\n}\nA\n",
       R"T(o_heredoc"<<A\n" template_interp"${" o_heredoc"<<B\n" string_lit"x\n" c_heredoc"B" newline"\n" template_seq_end"}" string_lit"\n" c_heredoc"A" newline"\n" eof)T"},
  Case{"inner opener is text", "<<A\n<<B\nB\nA\n",
       R"T(o_heredoc"<<A\n" string_lit"<<B\n" string_lit"B\n" c_heredoc"A" newline"\n" eof)T"},
  Case{"in quoted interpolation", "\"${<<EOT\nx\nEOT\n}\"",
       R"T(o_quote"\"" template_interp"${" o_heredoc"<<EOT\n" string_lit"x\n" c_heredoc"EOT" newline"\n" template_seq_end"}" c_quote"\"" eof)T"},
  Case{"dash in marker", "<<-EOT-\nEOT-\n", R"T(o_heredoc"<<-EOT-\n" c_heredoc"EOT-" newline"\n" eof)T"},
  Case{"unicode marker", "<<\xC3\x89OT\n\xC3\x89OT\n", R"T(o_heredoc"<<\xc3\x89OT\n" c_heredoc"\xc3\x89OT" newline"\n" eof)T"},
  Case{"not an opener: text after marker", "<<EOT x\n", R"T(less_than"<" less_than"<" ident"EOT" ident"x" newline"\n" eof)T"},
  Case{"not an opener: no marker", "<<\n", R"T(less_than"<" less_than"<" newline"\n" eof)T"},
  Case{"not an opener: at eof", "<<EOT", R"T(less_than"<" less_than"<" ident"EOT" eof)T"},
  Case{"not an opener: two dashes", "<<--X\n", R"T(less_than"<" less_than"<" minus"-" minus"-" ident"X" newline"\n" eof)T"}
));
// clang-format on

class LexerTemplateTest : public ::testing::TestWithParam<Case> {};
TEST_P(LexerTemplateTest, Tokens) {
  EXPECT_EQ(GetParam().expected, render(GetParam().input, Lexer::Start::template_text)) << GetParam().name;
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Bare, LexerTemplateTest, ::testing::Values(
  Case{"lines", "abc\ndef", R"T(string_lit"abc\n" string_lit"def" eof)T"},
  Case{"crlf lines", "a\r\nb\n\n", R"T(string_lit"a\r\n" string_lit"b\n" string_lit"\n" eof)T"},
  Case{"interpolation", "a${b}c", R"T(string_lit"a" template_interp"${" ident"b" template_seq_end"}" string_lit"c" eof)T"},
  Case{"directive", "%{if a}x%{endif}",
       R"T(template_control"%{" ident"if" ident"a" template_seq_end"}" string_lit"x" template_control"%{" ident"endif" template_seq_end"}" eof)T"},
  Case{"escapes", "$${x}%%{~y", R"T(string_lit"$${" string_lit"x}" string_lit"%%{~" string_lit"y" eof)T"},
  Case{"dollar splits", "a$b", R"T(string_lit"a" string_lit"$" string_lit"b" eof)T"},
  Case{"dollar at end is text", "a$", R"T(string_lit"a" string_lit"$" eof)T"},
  Case{"percent at end is text", "%", R"T(string_lit"%" eof)T"},
  Case{"dollar letter newline", "$b\n", R"T(string_lit"$b" string_lit"\n" eof)T"},
  Case{"lone cr makes the rest text", "x\ry${z}", R"T(string_lit"x" string_lit"\ry${z}" eof)T"},
  Case{"brace outside sequence is text", "a}b", R"T(string_lit"a}b" eof)T"},
  Case{"closing brace after sequence", "${x}}", R"T(template_interp"${" ident"x" template_seq_end"}" string_lit"}" eof)T"},
  Case{"nested braces", "${ {} }", R"T(template_interp"${" o_brace"{" c_brace"}" template_seq_end"}" eof)T"},
  Case{"bad byte", "\xFF\n", R"T(bad_utf8"\xff" string_lit"\n" eof)T"},
  Case{"unterminated sequence", "${a", R"T(template_interp"${" ident"a" eof)T"},
  Case{"quoted string in sequence", "${\"\r", R"T(template_interp"${" o_quote"\"" quoted_newline"\r" eof)T"},
  Case{"heredoc error inside is invalid", "${<<EOT\na\rb",
       R"T(template_interp"${" o_heredoc"<<EOT\n" string_lit"a" invalid"\rb" eof)T"},
  Case{"empty", "", "eof"}
));
// clang-format on

// --- Diagnostics ------------------------------------------------------------------------------

struct DiagCase {
  const char* name;
  std::string input;
  // summary, detail, subject begin byte, subject end byte, for each diagnostic in order
  std::vector<std::tuple<std::string, std::string, uint32_t, uint32_t>> expected;
};

class LexerDiagnosticTest : public ::testing::TestWithParam<DiagCase> {};
TEST_P(LexerDiagnosticTest, Diagnostics) {
  Diagnostics diags;
  render(GetParam().input, Lexer::Start::config, &diags);
  ASSERT_EQ(GetParam().expected.size(), diags.size()) << GetParam().name;
  for (size_t i = 0; i < diags.size(); ++i) {
    auto [summary, detail, begin, end] = GetParam().expected[i];
    EXPECT_EQ(Severity::error, diags[i].severity);
    EXPECT_EQ(summary, diags[i].summary) << GetParam().name << " #" << i;
    EXPECT_EQ(detail, diags[i].detail) << GetParam().name << " #" << i;
    ASSERT_TRUE(diags[i].subject.has_value());
    EXPECT_EQ(begin, diags[i].subject->start.byte) << GetParam().name << " #" << i;
    EXPECT_EQ(end, diags[i].subject->end.byte) << GetParam().name << " #" << i;
    EXPECT_EQ("test.hcl", diags[i].subject->filename);
  }
}

const std::string k_invalid = "Invalid character";
const std::string k_unused = "This character is not used within the language.";
const std::string k_bitwise = "Bitwise operators are not supported.";
const std::string k_backtick =
    "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".";
const std::string k_apostrophe = "Single quotes are not valid. Use double quotes (\") to enclose strings.";

// clang-format off
INSTANTIATE_TEST_SUITE_P(All, LexerDiagnosticTest, ::testing::Values(
  DiagCase{"clean input", "a = \"${b}\"\n", {}},
  DiagCase{"bitwise suggestions", "& | ~ ^",
    {{"Unsupported operator", k_bitwise + " Did you mean boolean AND (\"&&\")?", 0, 1},
     {"Unsupported operator", k_bitwise + " Did you mean boolean OR (\"||\")?", 2, 3},
     {"Unsupported operator", k_bitwise + " Did you mean boolean NOT (\"!\")?", 4, 5},
     {"Unsupported operator", k_bitwise, 6, 7}}},
  DiagCase{"bitwise told four times", "& & & & & &",
    {{"Unsupported operator", k_bitwise + " Did you mean boolean AND (\"&&\")?", 0, 1},
     {"Unsupported operator", k_bitwise + " Did you mean boolean AND (\"&&\")?", 2, 3},
     {"Unsupported operator", k_bitwise + " Did you mean boolean AND (\"&&\")?", 4, 5},
     {"Unsupported operator", k_bitwise + " Did you mean boolean AND (\"&&\")?", 6, 7}}},
  DiagCase{"backticks: first and third", "` ` ` ` `", {{k_invalid, k_backtick, 0, 1}, {k_invalid, k_backtick, 4, 5}}},
  DiagCase{"apostrophes: first and third", "' ' ' ' '", {{k_invalid, k_apostrophe, 0, 1}, {k_invalid, k_apostrophe, 4, 5}}},
  DiagCase{"semicolon once", "a; b;",
    {{k_invalid, "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.", 1, 2}}},
  DiagCase{"bad utf-8 once", "\xFF \xFE",
    {{"Invalid character encoding", "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.", 0, 1}}},
  DiagCase{"every invalid character", "$ @", {{k_invalid, k_unused, 0, 1}, {k_invalid, k_unused, 2, 3}}},
  DiagCase{"curly quotes", "\xE2\x80\x9Cx\xE2\x80\x9D",
    {{k_invalid, "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\".", 0, 3},
     {k_invalid, "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\".", 4, 7}}},
  DiagCase{"every quoted newline", "\"a\nb\r\n\"",
    {{"Invalid multi-line string", "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.", 2, 3},
     {"Invalid multi-line string", "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.", 4, 6}}},
  DiagCase{"rest of heredoc after lone cr", "<<EOT\na\rb\n", {{k_invalid, k_unused, 7, 10}}},
  DiagCase{"tabs are not reported", "\ta = 1\n", {}},
  DiagCase{"star star is not reported", "a ** b", {}}
));
// clang-format on

// --- API behaviour ------------------------------------------------------------------------------

TEST(Lexer, EofRepeatsAtTheEnd) {
  auto file = SourceFile::from_string("t", "a");
  Diagnostics diags;
  Lexer lexer(*file, diags);
  EXPECT_EQ(TokenType::ident, lexer.next().type);
  for (int i = 0; i < 3; ++i) {
    Token t = lexer.next();
    EXPECT_EQ(TokenType::eof, t.type);
    EXPECT_EQ((ByteSpan{1, 1}), t.span);
  }
}

TEST(Lexer, ScansOnlyTheGivenRange) {
  // Offsets stay file offsets; nothing past `end` is read, so the "${" after it is not seen.
  auto file = SourceFile::from_string("t", "xx a ${b} yy");
  Diagnostics diags;
  Lexer lexer(*file, diags, Lexer::Start::template_text, 3, 6);
  Token t = lexer.next();
  EXPECT_EQ(TokenType::string_lit, t.type);
  EXPECT_EQ((ByteSpan{3, 5}), t.span);
  t = lexer.next();
  EXPECT_EQ(TokenType::string_lit, t.type);  // a lone "$" at the end of a bare template is text
  EXPECT_EQ((ByteSpan{5, 6}), t.span);
  EXPECT_EQ((ByteSpan{6, 6}), lexer.next().span);
}

TEST(Lexer, RangeBeyondTheTextIsClamped) {
  auto file = SourceFile::from_string("t", "a");
  Diagnostics diags;
  Lexer lexer(*file, diags, Lexer::Start::config, 5, 100);
  Token t = lexer.next();
  EXPECT_EQ(TokenType::eof, t.type);
  EXPECT_EQ((ByteSpan{1, 1}), t.span);
}

TEST(Lexer, ByteOrderMarkAtTheStartOfTheRange) {
  auto file = SourceFile::from_string("t", "x=\xEF\xBB\xBFy");
  Diagnostics diags;
  Lexer lexer(*file, diags, Lexer::Start::config, 2);
  Token t = lexer.next();
  EXPECT_EQ(TokenType::ident, t.type);
  EXPECT_EQ((ByteSpan{5, 6}), t.span);
}

TEST(Lexer, DiagnosticRangeHasLineAndColumn) {
  auto file = SourceFile::from_string("main.tf", "a = 1\nb = 2;\n");
  Diagnostics diags;
  Lexer lexer(*file, diags);
  while (lexer.next().type != TokenType::eof) {
  }
  ASSERT_EQ(1u, diags.size());
  EXPECT_EQ("main.tf", diags[0].subject->filename);
  EXPECT_EQ(2u, diags[0].subject->start.line);
  EXPECT_EQ(6u, diags[0].subject->start.column);
  EXPECT_EQ(7u, diags[0].subject->end.column);
}

TEST(Lexer, DeepNestingDoesNotCrash) {
  // The mode stack lives on the heap: 100000 nested interpolations and brackets are fine.
  constexpr int depth = 100000;
  std::string text;
  for (int i = 0; i < depth; ++i) text += "\"${";
  text += "x";
  for (int i = 0; i < depth; ++i) text += "}\"";
  text += std::string(depth, '[') + std::string(depth, ']') + "<<A\n" + std::string(depth, '{');
  auto file = SourceFile::from_string("t", text);
  Diagnostics diags;
  Lexer lexer(*file, diags);
  size_t seq_ends = 0, c_quotes = 0, tokens = 0;
  for (Token t = lexer.next(); t.type != TokenType::eof; t = lexer.next()) {
    ++tokens;
    seq_ends += t.type == TokenType::template_seq_end;
    c_quotes += t.type == TokenType::c_quote;
  }
  EXPECT_EQ(size_t(depth), seq_ends);
  EXPECT_EQ(size_t(depth), c_quotes);
  // 4 per quoted level, x, the brackets, the heredoc opener and its one unterminated line of braces
  EXPECT_EQ(size_t(depth) * 6 + 3, tokens);
  EXPECT_TRUE(diags.empty());
}

TEST(Lexer, ManyUnterminatedBlockCommentsStayFast) {
  // Each "/*" looks for its "*/"; once none is left, later ones must not search again.
  std::string text;
  for (int i = 0; i < 200000; ++i) text += "/* a";
  auto file = SourceFile::from_string("t", text);
  Diagnostics diags;
  Lexer lexer(*file, diags);
  size_t tokens = 0;
  while (lexer.next().type != TokenType::eof) ++tokens;
  EXPECT_EQ(600000u, tokens);  // slash, star, ident each time
}

}  // namespace
}  // namespace hclschema::native::detail
