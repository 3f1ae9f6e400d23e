// The parser takes tokens from the lexer a batch at a time (Lexer::next_batch), ahead of what it
// has looked at. That must not show: the tokens are the lexer's one-by-one stream, a batch stops
// after eof and after a token the lexer reports, and the parser drops the diagnostics of such a
// token it never looked at (it stopped before), as if it had been pulled one token at a time.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/parse.hpp"
#include "syntax/native/lexer.hpp"
#include "syntax/native/parser.hpp"

namespace hclschema::native::detail {
namespace {

std::vector<std::string> summaries(const Diagnostics& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags) out.push_back(d.summary + " @" + std::to_string(d.subject ? d.subject->start.byte : 0));
  return out;
}

// Batches of every size give the tokens and diagnostics of next() called token by token.
TEST(TokenBatch, BatchesAreTheOneByOneStream) {
  const std::string inputs[] = {
      "a = 1\nb = \"x${y}z\" # c\n",
      "a = `x` ; b = 'y' & c | d ~ e ^ f\n\t\tg = 1 ** 2\n",
      "t = <<EOT\n  line ${x}\n  %{ if y }a%{ endif }\nEOT\nq = \"\\u00e9\xFF\"\n",
      std::string(200, 'a') + " = [" + std::string(100, '1') + "]\n",
      // plain strings, stored with their closing quote when the batch has room, else through quoted mode
      "l = [\"a\", \"\", \"bc\", \"\", \"d\"]\nm = \"\"\nn = \"" + std::string(40, 'x') + "\" \"y\\n\" \"\xC3\xA9\" \"z",
      "",
  };
  for (const std::string& text : inputs) {
    auto file = SourceFile::from_string("t.tf", text);
    Diagnostics one_diags;
    Lexer one(*file, one_diags);
    std::vector<Token> want;
    for (;;) {
      Token t = one.next();
      want.push_back(t);
      if (t.type == TokenType::eof) break;
    }
    for (uint32_t size : {1u, 2u, 3u, 4u, 5u, 7u, 32u, 1000u}) {
      Diagnostics diags;
      Lexer batched(*file, diags);
      std::vector<Token> got;
      Token buf[1000];
      for (;;) {
        size_t before = diags.size();
        uint32_t n = batched.next_batch(buf, size);
        ASSERT_GE(n, 1u);
        ASSERT_LE(n, size);
        for (uint32_t i = 0; i < n; ++i) {
          got.push_back(buf[i]);
          // Only the last token of a batch may be eof or reported; a batch adds diagnostics only
          // when its last token is a reported one.
          if (i + 1 < n) {
            EXPECT_NE(buf[i].type, TokenType::eof);
            EXPECT_LT(buf[i].type, TokenType::bitwise_and);
          }
        }
        if (buf[n - 1].type < TokenType::bitwise_and) {
          EXPECT_EQ(diags.size(), before);
        }
        if (buf[n - 1].type == TokenType::eof) break;
      }
      ASSERT_EQ(got.size(), want.size()) << text << " batch " << size;
      for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i].type, want[i].type) << i;
        EXPECT_EQ(got[i].span, want[i].span) << i;
      }
      EXPECT_EQ(summaries(diags), summaries(one_diags)) << text << " batch " << size;
    }
  }
}

// A whole file is read to its end: every diagnostic of the lexer comes first in the parse's.
TEST(TokenBatch, AFileParseReportsEveryLexerDiagnostic) {
  std::string text;
  for (int i = 0; i < 80; ++i) text += "a" + std::to_string(i) + " = " + (i % 9 == 0 ? "`x`" : i % 13 == 0 ? "1 ; 2" : "\"v\"") + "\n";
  auto file = SourceFile::from_string("t.tf", text);
  Diagnostics lex_diags;
  Lexer lexer(*file, lex_diags);
  while (lexer.next().type != TokenType::eof) {
  }
  ParseResult parsed = parse_native(file);
  ASSERT_GE(parsed.diagnostics.size(), lex_diags.size());
  EXPECT_FALSE(lex_diags.empty());
  Diagnostics head(parsed.diagnostics.begin(), parsed.diagnostics.begin() + static_cast<std::ptrdiff_t>(lex_diags.size()));
  EXPECT_EQ(summaries(head), summaries(lex_diags));
}

// An expression parse stops at the first extra token: a reported token after it, lexed ahead in
// the same batch, must not add its diagnostic; one the parser looked at must.
TEST(TokenBatch, AnExpressionParseStopsWhereItStopped) {
  auto parse = [](const std::string& text) { return summaries(parse_expression_source(SourceFile::from_string("e.hcl", text)).diagnostics); };
  EXPECT_EQ(parse("1 2 ;"), (std::vector<std::string>{"Extra characters after expression @2"}));
  EXPECT_EQ(parse("1 ;"), (std::vector<std::string>{"Invalid character @2", "Extra characters after expression @2"}));
  std::string many = "[";
  for (int i = 0; i < 1000; ++i) many += std::to_string(i) + ", ";  // several of the parser's batches
  many += "0] x `y`";
  const std::string at = std::to_string(many.find(" x") + 1);
  EXPECT_EQ(parse(many), (std::vector<std::string>{"Extra characters after expression @" + at}));
  EXPECT_EQ(parse("a ; `b`"), (std::vector<std::string>{"Invalid character @2", "Extra characters after expression @2"}));
  // A reported token right after an opening quote ends its batch, and the quoted-string fast path
  // asks for the next batch before the token is looked at; that batch ends with a backtick the
  // parser never reaches (the template is given up): only the first keeps its diagnostic.
  EXPECT_EQ(parse("[\"\xFF\"] x `y`"), (std::vector<std::string>{"Invalid character encoding @2", "Unterminated template string @2"}));
  EXPECT_EQ(parse("[\"a\xFF\"] x `y`"), (std::vector<std::string>{"Invalid character encoding @3", "Unterminated template string @3"}));
  EXPECT_EQ(parse("f(\"\xFF\") x `y` `z`"), (std::vector<std::string>{"Invalid character encoding @3", "Unterminated template string @3"}));
  EXPECT_EQ(parse("[\"\n\"] x `y`"), (std::vector<std::string>{"Invalid multi-line string @2", "Unterminated template string @2"}));
}

}  // namespace
}  // namespace hclschema::native::detail
