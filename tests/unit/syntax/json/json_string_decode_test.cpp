// decode_string validates and decodes in one pass, with runs of plain text found a word at a time.
// This checks it against the two-pass definition written here (encoding/json's validity state
// machine for the error offset, then a byte-by-byte decode): the same error offset, or the same
// decoded text, for every short token over an alphabet of the interesting bytes, and for longer
// tokens with each interesting sequence at every offset (so in every lane of a word and at the end).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "syntax/json/string_decode.hpp"

namespace {

using hclschema::json::detail::decode_string;

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

int32_t read_u4(std::string_view s, size_t i) {
  if (i + 4 > s.size()) return -1;
  int32_t v = 0;
  for (size_t k = 0; k < 4; ++k) {
    const int h = hex_value(s[i + k]);
    if (h < 0) return -1;
    v = v * 16 + h;
  }
  return v;
}

// encoding/json's validity scanner: the offset of the error (bytes consumed, the bad one included).
std::optional<uint32_t> reference_validate(std::string_view token) {
  enum class State { in_string, escape, u1, u2, u3, u4, done } state = State::in_string;
  const auto n = static_cast<uint32_t>(token.size());
  for (uint32_t i = 1; i < n; ++i) {
    const auto c = static_cast<unsigned char>(token[i]);
    switch (state) {
      case State::in_string:
        if (c == '"') state = State::done;
        else if (c == '\\') state = State::escape;
        else if (c < 0x20) return i + 1;
        break;
      case State::escape:
        if (c == 'u') state = State::u1;
        else if (std::string_view("\"\\/bfnrt").find(static_cast<char>(c)) != std::string_view::npos) state = State::in_string;
        else return i + 1;
        break;
      case State::u1: case State::u2: case State::u3: case State::u4:
        if (hex_value(static_cast<char>(c)) < 0) return i + 1;
        state = state == State::u1 ? State::u2 : state == State::u2 ? State::u3 : state == State::u3 ? State::u4 : State::in_string;
        break;
      case State::done:
        return i + 1;
    }
  }
  if (state != State::done) return n;
  return std::nullopt;
}

std::optional<uint32_t> reference_decode(std::string_view token, std::string& out) {
  if (auto err = reference_validate(token)) return err;
  out.clear();
  const std::string_view body = token.substr(1, token.size() - 2);
  size_t i = 0;
  while (i < body.size()) {
    const auto c = static_cast<unsigned char>(body[i]);
    if (c == '\\') {
      const char e = body[i + 1];
      if (e == 'u') {
        auto cp = static_cast<uint32_t>(read_u4(body, i + 2));
        i += 6;
        if (cp >= 0xD800 && cp < 0xE000) {
          if (cp < 0xDC00 && i + 1 < body.size() && body[i] == '\\' && body[i + 1] == 'u') {
            const int32_t low = read_u4(body, i + 2);
            if (low >= 0xDC00 && low < 0xE000) {
              hclschema::json::detail::append_utf8(out, 0x10000 + ((cp - 0xD800) << 10) + (static_cast<uint32_t>(low) - 0xDC00));
              i += 6;
              continue;
            }
          }
          cp = 0xFFFD;
        }
        hclschema::json::detail::append_utf8(out, cp);
        continue;
      }
      const char* from = "\"\\/bfnrt";
      const char* to = "\"\\/\b\f\n\r\t";
      out.push_back(to[std::string_view(from).find(e)]);
      i += 2;
      continue;
    }
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    if (const unsigned len = hclschema::json::detail::valid_utf8_length(body.substr(i))) {
      out.append(body.substr(i, len));
      i += len;
    } else {
      hclschema::json::detail::append_utf8(out, 0xFFFD);
      ++i;
    }
  }
  return std::nullopt;
}

void expect_same(const std::string& token) {
  std::string want, got = "left over";
  const auto want_err = reference_decode(token, want);
  const auto got_err = decode_string(token, got);
  ASSERT_EQ(got_err, want_err) << testing::PrintToString(token);
  if (!want_err) {
    ASSERT_EQ(got, want) << testing::PrintToString(token);
  }
}

// Bytes that change the course of the decoder: quote, backslash, escape letters, hex digits,
// control bytes, UTF-8 lead and continuation bytes, invalid bytes, plain text.
const std::vector<std::string> k_pieces = {"\"", "\\", "u", "n", "t", "/", "x", "a", "F", "0", "d8", "dc", "D83D", "DE00",
                                           "\n", std::string(1, '\0'), "\x1F", " ", "\x7F", "\xC3", "\xA9", "\xE2\x82\xAC",
                                           "\xF0\x9F\x98\x80", "\xFF", "\xED\xA0\x80", "\xC0\xAF"};

TEST(JsonStringDecode, AllShortCombinationsAgree) {
  for (const auto& a : k_pieces)
    for (const auto& b : k_pieces)
      for (const auto& c : k_pieces) {
        expect_same("\"" + a + b + c + "\"");
        expect_same("\"" + a + b + c);  // no closing quote (or a quote that is not the last byte)
        expect_same("\"\\" + a + b + c + "\"");
        expect_same("\"\\u" + a + b + c + "\"");
      }
}

TEST(JsonStringDecode, EverySequenceAtEveryOffsetAgrees) {
  const std::vector<std::string> sequences = {"\\\"", "\\\\", "\\/", "\\b\\f\\n\\r\\t", "\\u00e9", "\\u20AC", "\\ud83d\\ude00", "\\ud83d",
                                              "\\ude00", "\\ud83dx", "\\ud83d\\u0041", "\\ud83d\\ud83d\\ude00", "\\u12", "\\u12G4", "\\x",
                                              "\\", "\"", "\t", "\x01", "caf\xC3\xA9", "\xC3", "\xFF\xFE", "\xF0\x9F\x98\x80",
                                              "\xF0\x9F\x98", "${var.x}", "%{ if a }"};
  for (const auto& seq : sequences)
    for (size_t before = 0; before < 18; ++before)
      for (size_t after = 0; after < 18; ++after) {
        const std::string text = std::string(before, 'a') + seq + std::string(after, 'b');
        expect_same("\"" + text + "\"");
        expect_same("\"" + text);
      }
}

// The word copy of plain text: a stop byte (or a near one) followed by any byte, in every lane,
// and plain runs after output that has grown threefold (each invalid byte becomes U+FFFD), where
// the whole-word store comes closest to the end of the buffer.
TEST(JsonStringDecode, WordCopyStopsAndGrowth) {
  for (const int first : {0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xC3, 0xFF})
    for (int second = 0; second < 256; ++second)
      for (size_t lane = 0; lane < 8; ++lane) {
        const std::string text = std::string(lane, 'a') + static_cast<char>(first) + static_cast<char>(second) + "bbbbbbbbb";
        expect_same("\"" + text + "\"");
        expect_same("\"\\n" + text + "\"");
      }
  for (size_t bad = 0; bad < 20; ++bad)
    for (size_t plain = 0; plain < 20; ++plain) {
      expect_same("\"" + std::string(bad, '\xFF') + std::string(plain, 'p') + "\"");
      expect_same("\"" + std::string(bad, '\xFF') + std::string(plain, 'p'));
    }
}

// is_verbatim_string (which skips plain ASCII a word at a time) holds exactly when the token has
// no backslash and decodes without error to the text between its quotes.
TEST(JsonStringDecode, VerbatimExactlyWhenTheDecoderKeepsTheText) {
  const std::vector<std::string> sequences = {"caf\xC3\xA9", "\xC3", "\xFF\xFE", "\xF0\x9F\x98\x80", "\xF0\x9F\x98", "\xED\xA0\x80",
                                              "\xC0\xAF", "\xE2\x82\xAC", "\t", "\x7F", "\"", "\\n", "x"};
  for (const auto& seq : sequences)
    for (size_t before = 0; before < 18; ++before)
      for (size_t after = 0; after < 18; ++after) {
        const std::string token = "\"" + std::string(before, 'a') + seq + std::string(after, 'b') + "\"";
        std::string out;
        const bool kept = token.find('\\') == std::string::npos && !decode_string(token, out).has_value() &&
                          out == token.substr(1, token.size() - 2);
        EXPECT_EQ(hclschema::json::detail::is_verbatim_string(token), kept) << testing::PrintToString(token);
      }
}

TEST(JsonStringDecode, EmptyAndDegenerateTokens) {
  for (const char* t : {"\"", "\"\"", "\"\\", "\"\\\"", "\"\"\"", "\"a\"b\""}) expect_same(t);
}

}  // namespace
