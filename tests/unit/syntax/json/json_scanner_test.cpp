// The JSON scanner's many-bytes-at-a-time loops (whitespace runs, string bodies; blocks of 16 with
// SSE2, words of 8, then bytes) against a plain byte-by-byte scanner written here as the
// definition: the same tokens, spans and plain-ASCII flags on tricky texts, at every offset and
// length, so every byte lands in every lane of a block and of a word, and near the end of the
// text, where the block loop hands over to the word loop and that to the byte loop.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "syntax/json/scanner.hpp"

namespace {

using hclschema::json::detail::Scanner;
using hclschema::json::detail::Token;
using hclschema::json::detail::TokenType;

// The definition: one byte at a time, as the scanner was first written.
std::vector<Token> reference_tokens(std::string_view text) {
  std::vector<Token> out;
  auto size = static_cast<uint32_t>(text.size());
  uint32_t pos = 0;
  auto is_number_byte = [](unsigned char c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; };
  auto is_alpha = [](unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  for (;;) {
    while (pos < size && (text[pos] == ' ' || text[pos] == '\n' || text[pos] == '\r' || text[pos] == '\t')) ++pos;
    if (pos >= size) {
      out.push_back({TokenType::eof, {size, size}});
      return out;
    }
    const uint32_t start = pos;
    const auto first = static_cast<unsigned char>(text[pos]);
    TokenType single = TokenType::eof;
    switch (first) {
      case '{': single = TokenType::brace_open; break;
      case '}': single = TokenType::brace_close; break;
      case '[': single = TokenType::bracket_open; break;
      case ']': single = TokenType::bracket_close; break;
      case ',': single = TokenType::comma; break;
      case ':': single = TokenType::colon; break;
      case '=': single = TokenType::equals; break;
      default: break;
    }
    if (single != TokenType::eof) {
      ++pos;
      out.push_back({single, {start, pos}});
      continue;
    }
    if (first == '"') {
      ++pos;
      bool escaping = false, plain = true, backslash = false;
      while (pos < size) {
        auto b = static_cast<unsigned char>(text[pos]);
        if (b == '\\') {
          escaping = !escaping;
          plain = false;
          backslash = true;
          ++pos;
        } else if (b == '"') {
          ++pos;
          if (!escaping) break;
          escaping = false;
        } else if (b < 32) {
          break;
        } else {
          if (b >= 0x80) plain = false;
          ++pos;
          escaping = false;
        }
      }
      out.push_back({TokenType::string, {start, pos}, plain, backslash});
      continue;
    }
    if (is_number_byte(first) && first != 'e' && first != 'E') {
      while (pos < size && is_number_byte(static_cast<unsigned char>(text[pos]))) ++pos;
      out.push_back({TokenType::number, {start, pos}});
      continue;
    }
    if (is_alpha(first)) {
      while (pos < size && (is_alpha(static_cast<unsigned char>(text[pos])) || text[pos] == '_')) ++pos;
      out.push_back({TokenType::keyword, {start, pos}});
      continue;
    }
    ++pos;
    out.push_back({TokenType::invalid, {start, pos}});
    out.push_back({TokenType::eof, {pos, pos}});
    return out;
  }
}

std::vector<Token> scanner_tokens(std::string_view text) {
  std::vector<Token> out;
  Scanner s(text);
  for (;;) {
    out.push_back(s.next());
    if (out.back().type == TokenType::eof) break;
  }
  // eof repeats forever, at the same place.
  const Token again = s.next();
  EXPECT_EQ(again.type, TokenType::eof);
  EXPECT_EQ(again.span.begin, out.back().span.begin);
  return out;
}

void expect_same_tokens(std::string_view text) {
  const auto want = reference_tokens(text);
  const auto got = scanner_tokens(text);
  ASSERT_EQ(got.size(), want.size()) << testing::PrintToString(std::string(text));
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(got[i].type, want[i].type) << i << " in " << testing::PrintToString(std::string(text));
    EXPECT_EQ(got[i].span.begin, want[i].span.begin) << i << " in " << testing::PrintToString(std::string(text));
    EXPECT_EQ(got[i].span.end, want[i].span.end) << i << " in " << testing::PrintToString(std::string(text));
    if (want[i].type == TokenType::string) {
      EXPECT_EQ(got[i].plain_ascii, want[i].plain_ascii) << i << " in " << testing::PrintToString(std::string(text));
      EXPECT_EQ(got[i].backslash, want[i].backslash) << i << " in " << testing::PrintToString(std::string(text));
    }
  }
}

// Every substring (every start, every length) of `text`: each byte meets every lane position
// and the end of the text.
void expect_same_on_every_slice(const std::string& text) {
  for (size_t begin = 0; begin < text.size(); ++begin)
    for (size_t end = begin; end <= text.size(); ++end) expect_same_tokens(std::string_view(text).substr(begin, end - begin));
}

TEST(JsonScanner, PrettyPrintedIndentation) {
  expect_same_on_every_slice("{\n                  \"a\":\t\t 1,\r\n        \"bb\" :[ true ,null]\n\n   \t}\n  ");
}

TEST(JsonScanner, StringBodies) {
  expect_same_on_every_slice(R"({"plain text that is long enough": "x", "esc\"aped \\": "\\\\\"", "\u00e9\ud83d\ude00"})");
}

TEST(JsonScanner, NonAsciiAndControlBytes) {
  std::string text = "[\"caf\xC3\xA9 au lait \xFF\xFE\", \"tab\there\", \"nl\nx\", \"cr\rx\", \"\x7F\x80\x1F\x20\"]";
  expect_same_on_every_slice(text);
  // A NUL inside a string ends it like any control byte.
  expect_same_on_every_slice(std::string("  \"abcdefgh\0ijklmnop\"  ", 23));
}

TEST(JsonScanner, BackslashBeforeTheEndOrAControlByte) {
  expect_same_on_every_slice("\"abcdefg\\\"hijklmn\\\\\" \"x\\\ny\" \"12345678\\");
  expect_same_on_every_slice("\"\\\t\" \"\\\\\\\"\\\\\" ");
}

TEST(JsonScanner, NumbersKeywordsAndInvalidBytes) {
  expect_same_on_every_slice("[-1.5e+3, 0, true, false_x, null, NaN, e5, 12ab] #");
  expect_same_on_every_slice("{\"a\" = 1} @ \"never\"");
}

// The whitespace fast paths: a token straight after a token, after one space (then a token, a
// space, a newline or a control byte), and newlines skipped inside a word with the spaces around
// them, while a tab or carriage return in the word still stops it.
TEST(JsonScanner, WhitespaceFastPaths) {
  expect_same_on_every_slice("{\"a\":\"b\",\"c\": 1 , \"d\" :  [ ]  ,\n\"e\": \n null}");
  for (size_t indent = 0; indent < 20; ++indent) {
    for (const char* gap : {"\n", "\n\n", "\r\n", "\n\t", " \n", "\n\x01", "\n\x0B"}) {
      const std::string text = "[1," + std::string(gap) + std::string(indent, ' ') + "2," + std::string(indent, ' ') + gap + "3]";
      expect_same_on_every_slice(text);
    }
  }
}

// Every single byte value inside a string and outside one, in each lane of a 16-byte block (and
// so of a word), with a whole block after it.
TEST(JsonScanner, EveryByteInEveryLane) {
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    for (size_t lane = 0; lane < 17; ++lane) {
      std::string in_string = "\"" + std::string(lane, 'a') + c + std::string(18, 'b') + "\" ";
      expect_same_tokens(in_string);
      std::string spaces = std::string(lane, ' ') + c + std::string(18, ' ') + "1";
      expect_same_tokens(spaces);
    }
  }
}

// The string loop's stop test may mark lanes above the first true stop (a borrow out of a
// matching lane): every pair of a byte that stops (or nearly stops) a string body and any byte
// after it, in every lane, must still give the reference's token.
TEST(JsonScanner, StringStopFollowedByAnyByte) {
  for (const int first : {0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF}) {
    for (int second = 0; second < 256; ++second) {
      for (size_t lane = 0; lane < 16; ++lane) {
        const std::string text = "\"" + std::string(lane, 'a') + static_cast<char>(first) + static_cast<char>(second) + "bbbbbbbbbbbbbbbbbb\" 1";
        expect_same_tokens(text);
      }
    }
  }
}

}  // namespace
