// JSON string validation and decoding with the reference's error offsets; see string_decode.hpp.
#include "syntax/json/string_decode.hpp"

#include <cstring>

#include "syntax/json/scanner.hpp"
#include "util/swar.hpp"

namespace hclschema::json::detail {

namespace swar = hclschema::detail::swar;

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The four hex digits after "\u" at token[i], or -1.
int32_t read_u4(std::string_view token, size_t i) {
  if (i + 4 > token.size()) return -1;
  int32_t v = 0;
  for (size_t k = 0; k < 4; ++k) {
    int h = hex_value(token[i + k]);
    if (h < 0) return -1;
    v = v * 16 + h;
  }
  return v;
}

}  // namespace

unsigned valid_utf8_length(std::string_view s) {
  if (s.empty()) return 0;
  auto b = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char c0 = b(0);
  if (c0 < 0x80) return 1;
  unsigned need = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (c0 >= 0xC2 && c0 <= 0xDF) {
    need = 2;
  } else if (c0 >= 0xE0 && c0 <= 0xEF) {
    need = 3;
    if (c0 == 0xE0) lo = 0xA0;  // no overlongs
    if (c0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (c0 >= 0xF0 && c0 <= 0xF4) {
    need = 4;
    if (c0 == 0xF0) lo = 0x90;
    if (c0 == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (s.size() < need) return 0;
  if (b(1) < lo || b(1) > hi) return 0;
  for (unsigned i = 2; i < need; ++i)
    if (b(i) < 0x80 || b(i) > 0xBF) return 0;
  return need;
}

bool is_verbatim_string(std::string_view token) {
  if (token.size() < 2 || token.front() != '"' || token.back() != '"') return false;
  const std::string_view body = token.substr(1, token.size() - 2);
  size_t i = 0;
  while (i < body.size()) {
    // Plain ASCII text, a word at a time (the strings that come here hold non-ASCII text).
    while (i + 8 <= body.size() && swar::string_stops(swar::load(body.data() + i)) == 0) i += 8;
    if (i >= body.size()) break;
    const auto c = static_cast<unsigned char>(body[i]);
    // A quote inside can only be an escaped one (the scanner ends a token at its closing quote),
    // so '\\' covers it; '"' is checked anyway, for a token that did not come from the scanner.
    if (c == '\\' || c == '"' || c < 0x20) return false;
    if (c < 0x80) {
      ++i;
      continue;
    }
    const unsigned len = valid_utf8_length(body.substr(i));
    if (len == 0) return false;  // decoded as U+FFFD: not the text
    i += len;
  }
  return true;
}

namespace {

// UTF-8 of `cp` (at most U+10FFFF, not a surrogate) at `p`; returns the byte after it.
char* put_utf8(char* p, uint32_t cp) {
  if (cp < 0x80) {
    *p++ = static_cast<char>(cp);
  } else if (cp < 0x800) {
    *p++ = static_cast<char>(0xC0 | (cp >> 6));
    *p++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *p++ = static_cast<char>(0xE0 | (cp >> 12));
    *p++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *p++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *p++ = static_cast<char>(0xF0 | (cp >> 18));
    *p++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *p++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *p++ = static_cast<char>(0x80 | (cp & 0x3F));
  }
  return p;
}

}  // namespace

// One pass that validates and decodes together. The error offsets are those of encoding/json's
// validity scanner (the count of bytes consumed, the bad one included; the token's length when it
// ends too early): bytes are judged in order and the first bad one is the one reported, so
// decoding along the way changes nothing but the speed. Runs of plain text (no quote, backslash,
// control or non-ASCII byte) are found a word at a time and copied in one go.
//
// No input byte decodes to more than three bytes (an invalid byte becomes U+FFFD; an escape or a
// UTF-8 sequence never grows), so the output is written through a plain pointer into `out` sized
// for that, and cut to its length at the end (on an error too: `out` then holds what was decoded
// before the bad byte, as the tests compare).
std::optional<uint32_t> decode_string(std::string_view token, std::string& out) {
  const auto n = static_cast<uint32_t>(token.size());
  out.resize(size_t{3} * n);
  char* const start = out.data();
  char* p = start;
  auto done = [&](std::optional<uint32_t> result) {
    out.resize(static_cast<size_t>(p - start));
    return result;
  };
  const char* text = token.data();
  uint32_t i = 1;  // token[0] is the opening quote
  for (;;) {
    // Plain text is copied a word at a time, the whole word stored before looking at it: the
    // bytes past the first stop are overwritten later or cut off at the end. There is room, as
    // p <= 3 * i and i + 8 <= n here, so p + 8 <= 3 * n.
    while (i + 8 <= n) {
      const uint64_t word = swar::load(text + i);
      std::memcpy(p, text + i, 8);
      const uint64_t stops = first_string_stop(word, swar::k_high);
      if (stops != 0) {
        const unsigned k = swar::first_lane(stops);
        i += k;
        p += k;
        break;
      }
      i += 8;
      p += 8;
    }
    while (i < n) {
      const auto c = static_cast<unsigned char>(text[i]);
      if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
      *p++ = static_cast<char>(c);
      ++i;
    }
    if (i >= n) return done(n);  // the token ended before its closing quote
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '"') {
      if (i + 1 == n) return done(std::nullopt);
      return done(i + 2);  // cannot happen: the scanner ends a string token at its closing quote
    }
    if (c < 0x20) return done(i + 1);
    if (c >= 0x80) {
      // The closing quote cannot be part of a UTF-8 sequence, so looking past it changes nothing.
      if (const unsigned len = valid_utf8_length(token.substr(i))) {
        std::memcpy(p, text + i, len);
        p += len;
        i += len;
      } else {
        p = put_utf8(p, 0xFFFD);  // each invalid byte becomes one replacement character
        ++i;
      }
      continue;
    }
    // A backslash.
    if (i + 1 >= n) return done(n);
    switch (text[i + 1]) {
      case '"': *p++ = '"'; break;
      case '\\': *p++ = '\\'; break;
      case '/': *p++ = '/'; break;
      case 'b': *p++ = '\b'; break;
      case 'f': *p++ = '\f'; break;
      case 'n': *p++ = '\n'; break;
      case 'r': *p++ = '\r'; break;
      case 't': *p++ = '\t'; break;
      case 'u': {
        uint32_t cp = 0;
        for (uint32_t k = i + 2; k < i + 6; ++k) {
          if (k >= n) return done(n);
          const int h = hex_value(text[k]);
          if (h < 0) return done(k + 1);
          cp = cp * 16 + static_cast<uint32_t>(h);
        }
        i += 6;
        if (cp >= 0xD800 && cp < 0xE000) {
          // A high surrogate followed by an escaped low surrogate is one code point; anything
          // else is U+FFFD and the following escape (if any) is decoded (and judged) on its own.
          // The low one's digits are read only if all four are hex, so never past the quote.
          if (cp < 0xDC00 && i + 1 < n && text[i] == '\\' && text[i + 1] == 'u') {
            const int32_t low = read_u4(token, i + 2);
            if (low >= 0xDC00 && low < 0xE000) {
              p = put_utf8(p, 0x10000 + ((cp - 0xD800) << 10) + (static_cast<uint32_t>(low) - 0xDC00));
              i += 6;
              continue;
            }
          }
          cp = 0xFFFD;
        }
        p = put_utf8(p, cp);
        continue;
      }
      default:
        return done(i + 2);
    }
    i += 2;
  }
}

}  // namespace hclschema::json::detail
