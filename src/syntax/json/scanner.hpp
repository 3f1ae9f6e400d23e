// The JSON-syntax scanner: cuts source bytes into tokens on demand, as HCL's json scanner does.
//
// It is deliberately lax (like the reference): a keyword token is any run of letters and `_`,
// a number token any run of digits, signs, dots and exponent letters, a string token runs to its
// closing quote or to the first control byte. The parser then judges each token, which gives the
// reference's more helpful diagnostics ("True" is not a keyword; did you mean "true"?). After an
// invalid byte the scanner reports end of input, since the parser cannot continue past it.
//
// next() is defined here but kept out of line: inlined into the parser's loops it made them
// slower (register pressure). It looks at many bytes at a time where the bytes are almost always
// uninteresting: runs of indentation spaces, and string bodies up to the next quote, backslash,
// control byte or non-ASCII byte. Sixteen at a time with SSE2 (every x86-64 processor has it),
// then eight (a word, portable), and the last few bytes of the text one by one, so nothing is
// read past its end.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "hclschema/source.hpp"
#include "util/swar.hpp"

namespace hclschema::json::detail {

namespace swar = hclschema::detail::swar;

// The single-byte tokens come first, up to `equals` (the scanner relies on that order).
enum class TokenType : uint8_t {
  brace_open,
  brace_close,
  bracket_open,
  bracket_close,
  comma,
  colon,
  equals,  // not JSON; recognised only to remind the user that JSON uses a colon
  keyword,
  string,
  number,
  eof,
  invalid,
};

struct Token {
  TokenType type = TokenType::eof;
  ByteSpan span;
  /// A string token with no backslash and no byte of 0x80 or above (seen while looking for its
  /// end, so the parser need not look again): if it also ends with its closing quote, its value
  /// is its text between the quotes.
  bool plain_ascii = false;
  /// A string token holding a backslash: its value is never its text (a valid string's
  /// backslash starts an escape), so the parser decodes it without checking for that first.
  bool backslash = false;
};

// Lanes that may stop a string body: exact at the first (lowest) such lane, which is all the
// loop uses. Each "lane is zero" test below is the borrow trick, cheaper than the exact tests
// in util/swar.hpp; a borrow only runs upward out of a lane that really matches, so a false
// match can only sit above a true one. `high` keeps non-ASCII bytes as stops until one is seen.
inline uint64_t first_string_stop(uint64_t x, uint64_t high) {
  const uint64_t quote = x ^ (swar::k_ones * '"');
  const uint64_t backslash = x ^ (swar::k_ones * '\\');
  const uint64_t zero_lanes = ((quote - swar::k_ones) & ~quote) | ((backslash - swar::k_ones) & ~backslash);
  const uint64_t control = (x - swar::k_ones * 0x20) & ~x;  // a byte below 0x20
  return ((zero_lanes | control) & swar::k_high) | (x & high);
}

class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  /// The next token; after the end (or after an invalid byte) an empty eof token, forever.
  [[gnu::noinline]] Token next() {
    const auto size = static_cast<uint32_t>(text_.size());
    if (stopped_) [[unlikely]]
      return {TokenType::eof, {size, size}};
    skip_whitespace(size);
    if (pos_ >= size) return {TokenType::eof, {size, size}};

    const uint32_t start = pos_;
    // One table load instead of a chain of compares: punctuation is a token of its own byte.
    const TokenType type = k_first_byte[static_cast<unsigned char>(text_[pos_])];
    if (type <= TokenType::equals) {
      ++pos_;
      return {type, {start, pos_}};
    }
    if (type == TokenType::string) {
      const StringFlags flags = scan_string(size);
      return {TokenType::string, {start, pos_}, flags.plain_ascii, flags.backslash};
    }
    return scan_word(start);
  }

 private:
  // The token a byte starts: punctuation (a single-byte token) or a string; anything else is
  // marked `invalid` here and judged by scan_word (a number, a keyword or an invalid byte).
  static constexpr auto k_first_byte = [] {
    std::array<TokenType, 256> table{};
    table.fill(TokenType::invalid);
    table['{'] = TokenType::brace_open;
    table['}'] = TokenType::brace_close;
    table['['] = TokenType::bracket_open;
    table[']'] = TokenType::bracket_close;
    table[','] = TokenType::comma;
    table[':'] = TokenType::colon;
    table['='] = TokenType::equals;
    table['"'] = TokenType::string;
    return table;
  }();

  // Only these four bytes are whitespace, as in the reference; anything else is a token or invalid.
  static bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

  void skip_whitespace(uint32_t size) {
    const char* text = text_.data();
    // Half the tokens of pretty-printed JSON follow the previous one directly (`"key"` then `:`,
    // a value then `,`), and most others after a single space (`: value`): one or two byte
    // tests settle those without loading a word.
    if (pos_ < size && static_cast<unsigned char>(text[pos_]) > ' ') return;
    if (pos_ + 1 < size && text[pos_] == ' ' && static_cast<unsigned char>(text[pos_ + 1]) > ' ') {
      ++pos_;
      return;
    }
#if defined(__SSE2__)
    // Sixteen bytes at a time: a newline and its indentation are usually one block.
    while (pos_ + 16 <= size) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text + pos_));
      const __m128i space = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                                         _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
      const unsigned others = ~static_cast<unsigned>(_mm_movemask_epi8(space)) & 0xFFFFU;
      if (others == 0) {
        pos_ += 16;
        continue;
      }
      pos_ += static_cast<uint32_t>(std::countr_zero(others));
      return;
    }
#endif
    // Whole words of spaces and newlines are skipped at once (a newline and its indentation are
    // usually one word); a tab or carriage return is stepped over alone.
    while (pos_ + 8 <= size) {
      const uint64_t x = swar::load(text + pos_);
      const uint64_t others = swar::not_equal(x, ' ') & swar::not_equal(x, '\n');
      if (others == 0) {
        pos_ += 8;
        continue;
      }
      pos_ += swar::first_lane(others);
      if (!is_space(text[pos_])) return;
      ++pos_;
    }
    while (pos_ < size && is_space(text[pos_])) ++pos_;
  }

  // From the opening quote at pos_ to just past the closing quote, or to the first control byte
  // (not consumed) or the end of the text: an unterminated string, which the parser reports.
  // Escapes matter here only to find the closing quote; the parser validates them. Returns
  // whether the string had no backslash and no byte of 0x80 or above, and whether it had a backslash.
  struct StringFlags {
    bool plain_ascii;
    bool backslash;
  };
  StringFlags scan_string(uint32_t size) {
    const char* text = text_.data();
    // A local position (stored back once) keeps the word loop free of stores.
    uint32_t pos = pos_ + 1;
    bool plain = true, backslash = false;
    uint64_t high = swar::k_high;  // non-ASCII bytes stop the fast loop until one has been seen
#if defined(__SSE2__)
    unsigned high_lanes = 0xFFFFU;  // the same for the 16-byte blocks
#endif
    for (;;) {
#if defined(__SSE2__)
      if (pos + 16 <= size) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text + pos));
        __m128i stop = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
        // A byte below 0x20 is its own minimum with 0x1F (an unsigned comparison SSE2 lacks).
        stop = _mm_or_si128(stop, _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v));
        // movemask of the bytes themselves: their high bits, the bytes at or above 0x80.
        const unsigned stops = static_cast<unsigned>(_mm_movemask_epi8(stop)) | (static_cast<unsigned>(_mm_movemask_epi8(v)) & high_lanes);
        if (stops == 0) {
          pos += 16;
          continue;
        }
        pos += static_cast<uint32_t>(std::countr_zero(stops));
      } else
#endif
      if (pos + 8 <= size) {
        const uint64_t stops = first_string_stop(swar::load(text + pos), high);
        if (stops == 0) {
          pos += 8;
          continue;
        }
        pos += swar::first_lane(stops);
      } else if (pos >= size) {
        break;
      }
      const auto b = static_cast<unsigned char>(text[pos]);
      if (b == '"') {
        ++pos;
        break;
      }
      if (b == '\\') {
        plain = false;
        backslash = true;
        high = 0;
#if defined(__SSE2__)
        high_lanes = 0;
#endif
        // The escaped byte is skipped whatever it is (a quote, a backslash...), unless it is a
        // control byte, which ends the token, or there is none.
        if (pos + 1 < size && static_cast<unsigned char>(text[pos + 1]) >= 0x20) pos += 2;
        else ++pos;
        continue;
      }
      if (b < 0x20) break;
      if (b >= 0x80) {
        plain = false;
        high = 0;
#if defined(__SSE2__)
        high_lanes = 0;
#endif
      }
      ++pos;
    }
    pos_ = pos;
    return {plain, backslash};
  }

  // A number, a keyword, or an invalid byte (out of line: rarer than strings and punctuation).
  Token scan_word(uint32_t start);

  std::string_view text_;
  uint32_t pos_ = 0;
  bool stopped_ = false;  // an invalid byte was seen
};

}  // namespace hclschema::json::detail
