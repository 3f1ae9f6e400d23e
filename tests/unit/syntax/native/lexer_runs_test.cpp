// The lexer finds identifiers, quoted literal text and heredoc text 16 bytes at a time (SSE2), with
// a load that ends exactly at the end of the text for the last bytes, and skips blanks with a
// one-space shortcut before eight-at-a-time. These tests put each kind of run at every length
// and offset around those boundaries, with every byte that ends it, at the end of the text and
// in texts shorter than 16 bytes, and check the tokens against what the run must be; next() and
// next_batch() must agree on all of them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "golden/lex/token_names.hpp"
#include "syntax/native/lexer.hpp"

namespace hclschema::native::detail {
namespace {

struct Lexed {
  TokenType type;
  std::string text;
  bool operator==(const Lexed&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Lexed& t) { return os << testing::token_name(t.type) << '"' << t.text << '"'; }

/// Every token up to eof (excluded), pulled one at a time; the same stream pulled in batches of 5
/// must be equal (the batch path scans normal mode in a loop of its own).
std::vector<Lexed> lex(const std::string& text, Lexer::Start start = Lexer::Start::config) {
  auto file = SourceFile::from_string("runs.hcl", text);
  std::vector<Lexed> one, batched;
  {
    Diagnostics diags;
    Lexer lexer(*file, diags, start);
    for (Token t = lexer.next(); t.type != TokenType::eof; t = lexer.next()) one.push_back({t.type, std::string(file->slice(t.span))});
  }
  {
    Diagnostics diags;
    Lexer lexer(*file, diags, start);
    Token buf[5];
    for (bool done = false; !done;) {
      uint32_t n = lexer.next_batch(buf, 5);
      for (uint32_t i = 0; i < n; ++i) {
        if (buf[i].type == TokenType::eof) {
          done = true;
          break;
        }
        batched.push_back({buf[i].type, std::string(file->slice(buf[i].span))});
      }
    }
  }
  EXPECT_EQ(one, batched) << "next() and next_batch() differ on: " << text;
  return one;
}

std::string letters(size_t n) {
  std::string s;
  const char alphabet[] = "abcXYZ_-019";
  for (size_t i = 0; i < n; ++i) s += i == 0 ? 'k' : alphabet[i % (sizeof alphabet - 1)];
  return s;
}

// An identifier of every length from 1 to 40 after every prefix length from 0 to 17, ended by each
// kind of byte that cannot continue it, or by the end of the text.
TEST(LexerRuns, IdentifiersAtEveryLengthAndOffset) {
  const std::string enders[] = {"", " ", "=", ".", "\n", "(", "\"", "$", "\x80", "\xFF", "~", "@", "[", "`", "{", "/", ":"};
  for (size_t pad = 0; pad <= 17; ++pad) {
    for (size_t len = 1; len <= 40; ++len) {
      for (const std::string& end : enders) {
        const std::string ident = letters(len);
        const std::string text = std::string(pad, ' ') + ident + end;
        std::vector<Lexed> got = lex(text);
        ASSERT_FALSE(got.empty()) << text;
        EXPECT_EQ(got[0], (Lexed{TokenType::ident, ident})) << "pad " << pad << " len " << len << " end '" << end << "'";
        if (!end.empty() && end != " ") {
          ASSERT_GE(got.size(), 2u) << text;
          EXPECT_EQ(got[1].text.substr(0, 1), end.substr(0, 1)) << text;
        }
      }
    }
  }
}

// Every byte value right after an identifier of length 15, 16 and 17 (and in the middle of the
// 16-byte block): exactly letters, digits, '_' and '-' continue it; non-ASCII bytes stop the
// 16-byte run and are then judged as characters (a lone byte never continues an identifier).
TEST(LexerRuns, EveryByteAfterAnIdentifier) {
  for (size_t len : {1u, 7u, 15u, 16u, 17u, 31u}) {
    for (int c = 0; c < 256; ++c) {
      const std::string ident = letters(len);
      const std::string text = ident + static_cast<char>(c) + "zz";
      std::vector<Lexed> got = lex(text);
      ASSERT_FALSE(got.empty());
      const bool continues = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
      if (continues)
        EXPECT_EQ(got[0], (Lexed{TokenType::ident, text})) << "byte " << c << " len " << len;
      else
        EXPECT_EQ(got[0], (Lexed{TokenType::ident, ident})) << "byte " << c << " len " << len;
    }
  }
}

// A non-ASCII letter continues an identifier wherever it falls relative to a 16-byte block,
// including split across two blocks and as the last bytes of the text; a non-letter ends it.
TEST(LexerRuns, NonAsciiLettersAcrossBlocks) {
  for (size_t len = 1; len <= 34; ++len) {
    const std::string head = letters(len);
    EXPECT_EQ(lex(head + "\xC3\xA9" "x"), (std::vector<Lexed>{{TokenType::ident, head + "\xC3\xA9" "x"}})) << len;  // é
    EXPECT_EQ(lex(head + "\xC3\xA9"), (std::vector<Lexed>{{TokenType::ident, head + "\xC3\xA9"}})) << len;
    EXPECT_EQ(lex(head + "\xE2\x82\xAC"), (std::vector<Lexed>{{TokenType::ident, head}, {TokenType::invalid, "\xE2\x82\xAC"}})) << len;  // €
    EXPECT_EQ(lex(head + "\xC3"), (std::vector<Lexed>{{TokenType::ident, head}, {TokenType::bad_utf8, "\xC3"}})) << len;  // cut short
  }
}

// Quoted literal text of every length and offset, ended by each byte that ends a literal run:
// the closing quote, a template sequence, a line end, the end of the text; an escape or a
// non-ASCII character inside it at every position does not end it.
TEST(LexerRuns, QuotedLiteralsAtEveryLengthAndOffset) {
  for (size_t pad = 0; pad <= 17; ++pad) {
    for (size_t len = 1; len <= 40; ++len) {
      std::string body;
      for (size_t i = 0; i < len; ++i) body += static_cast<char>('a' + i % 26);
      const std::string lead = "x = " + std::string(pad, ' ') + "\"";
      const std::vector<Lexed> head = {{TokenType::ident, "x"}, {TokenType::equal, "="}, {TokenType::o_quote, "\""}};
      auto with = [&](std::vector<Lexed> tail) {
        std::vector<Lexed> all = head;
        all.insert(all.end(), tail.begin(), tail.end());
        return all;
      };
      EXPECT_EQ(lex(lead + body + "\""), with({{TokenType::quoted_lit, body}, {TokenType::c_quote, "\""}})) << pad << ' ' << len;
      EXPECT_EQ(lex(lead + body), with({{TokenType::quoted_lit, body}})) << pad << ' ' << len;  // unterminated at the end
      EXPECT_EQ(lex(lead + body + "${a}\""),
                with({{TokenType::quoted_lit, body}, {TokenType::template_interp, "${"}, {TokenType::ident, "a"}, {TokenType::template_seq_end, "}"},
                      {TokenType::c_quote, "\""}}))
          << pad << ' ' << len;
      EXPECT_EQ(lex(lead + body + "%x\""), with({{TokenType::quoted_lit, body}, {TokenType::quoted_lit, "%"}, {TokenType::quoted_lit, "x"}, {TokenType::c_quote, "\""}}))
          << pad << ' ' << len;
      EXPECT_EQ(lex(lead + body + "\n"), with({{TokenType::quoted_lit, body}, {TokenType::quoted_newline, "\n"}})) << pad << ' ' << len;
      EXPECT_EQ(lex(lead + body + "\r\"").at(4), (Lexed{TokenType::quoted_newline, "\r"})) << pad << ' ' << len;
      for (size_t at = 0; at <= len; ++at) {
        for (const std::string inner : {"\\n", "\\\"", "\\\\", "\xC3\xA9", "\xE2\x82\xAC"}) {
          const std::string lit = body.substr(0, at) + inner + body.substr(at);
          EXPECT_EQ(lex(lead + lit + "\""), with({{TokenType::quoted_lit, lit}, {TokenType::c_quote, "\""}})) << pad << ' ' << len << ' ' << at;
        }
        // A bad byte ends the literal and is a token of its own; a backslash before a line end too.
        const std::string bad = body.substr(0, at) + "\xFF" + body.substr(at);
        std::vector<Lexed> want_bad = head;
        if (at > 0) want_bad.push_back({TokenType::quoted_lit, body.substr(0, at)});
        want_bad.push_back({TokenType::bad_utf8, "\xFF"});
        if (at < len) want_bad.push_back({TokenType::quoted_lit, body.substr(at)});
        want_bad.push_back({TokenType::c_quote, "\""});
        EXPECT_EQ(lex(lead + bad + "\""), want_bad) << pad << ' ' << len << ' ' << at;
      }
      // A backslash as the last byte of the text stays out of the literal.
      EXPECT_EQ(lex(lead + body + "\\"), with({{TokenType::quoted_lit, body}, {TokenType::invalid, "\\"}})) << pad << ' ' << len;
    }
  }
}

// Heredoc and bare-template lines of every length: the text up to and including the line end is
// one literal; a template sequence or a non-ASCII character anywhere in it behaves as before.
TEST(LexerRuns, HeredocAndBareLinesAtEveryLength) {
  for (size_t len = 0; len <= 40; ++len) {
    std::string line;
    for (size_t i = 0; i < len; ++i) line += static_cast<char>('a' + i % 26);
    EXPECT_EQ(lex("x = <<EOT\n" + line + "\nEOT\n"),
              (std::vector<Lexed>{{TokenType::ident, "x"},
                                  {TokenType::equal, "="},
                                  {TokenType::o_heredoc, "<<EOT\n"},
                                  {TokenType::string_lit, line + "\n"},
                                  {TokenType::c_heredoc, "EOT"},
                                  {TokenType::newline, "\n"}}))
        << len;
    if (len > 0) {
      EXPECT_EQ(lex(line, Lexer::Start::template_text), (std::vector<Lexed>{{TokenType::string_lit, line}})) << len;
    }
    EXPECT_EQ(lex(line + "\xC3\xA9" + line + "\n", Lexer::Start::template_text), (std::vector<Lexed>{{TokenType::string_lit, line + "\xC3\xA9" + line + "\n"}}))
        << len;
    std::vector<Lexed> want;
    if (len > 0) want.push_back({TokenType::string_lit, line});
    want.insert(want.end(), {{TokenType::template_interp, "${"}, {TokenType::ident, "y"}, {TokenType::template_seq_end, "}"}, {TokenType::string_lit, line + "\r\n"}});
    EXPECT_EQ(lex(line + "${y}" + line + "\r\n", Lexer::Start::template_text), want) << len;
  }
}

// Blanks before a token: none, one (the shortcut), runs of every length of spaces and tabs mixed,
// and blanks running to the end of the text.
TEST(LexerRuns, BlankRuns) {
  for (size_t len = 0; len <= 20; ++len) {
    for (const char* unit : {" ", "\t", " \t", "\t "}) {
      std::string blanks;
      while (blanks.size() < len) blanks += unit;
      EXPECT_EQ(lex("a" + blanks + "=" + blanks + "b" + blanks),
                (std::vector<Lexed>{{TokenType::ident, "a"}, {TokenType::equal, "="}, {TokenType::ident, "b"}}))
          << len << " '" << unit << "'";
    }
  }
}

}  // namespace
}  // namespace hclschema::native::detail