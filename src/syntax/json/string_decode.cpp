// JSON string validation and decoding with the reference's error offsets; see string_decode.hpp.
#include "syntax/json/string_decode.hpp"

namespace hclschema::json::detail {

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

// First pass: the same state machine encoding/json uses to check validity, so that the error
// offset is the one the reference reports (the count of bytes consumed, the bad one included).
std::optional<uint32_t> validate(std::string_view token) {
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
        switch (c) {
          case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
            state = State::in_string;
            break;
          case 'u':
            state = State::u1;
            break;
          default:
            return i + 1;
        }
        break;
      case State::u1: case State::u2: case State::u3: case State::u4:
        if (hex_value(static_cast<char>(c)) < 0) return i + 1;
        state = state == State::u1 ? State::u2 : state == State::u2 ? State::u3 : state == State::u3 ? State::u4 : State::in_string;
        break;
      case State::done:
        return i + 1;  // cannot happen: the scanner ends a string token at its closing quote
    }
  }
  if (state != State::done) return n;  // the token ended before its closing quote
  return std::nullopt;
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

std::optional<uint32_t> decode_string(std::string_view token, std::string& out) {
  if (auto err = validate(token)) return err;
  out.clear();
  std::string_view body = token.substr(1, token.size() - 2);
  out.reserve(body.size());
  size_t i = 0;
  while (i < body.size()) {
    const auto c = static_cast<unsigned char>(body[i]);
    if (c == '\\') {
      const char e = body[i + 1];
      switch (e) {
        case '"': out.push_back('"'); break;
        case '\\': out.push_back('\\'); break;
        case '/': out.push_back('/'); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'n': out.push_back('\n'); break;
        case 'r': out.push_back('\r'); break;
        case 't': out.push_back('\t'); break;
        case 'u': {
          auto cp = static_cast<uint32_t>(read_u4(body, i + 2));
          i += 6;
          if (cp >= 0xD800 && cp < 0xE000) {
            // A high surrogate followed by an escaped low surrogate is one code point; anything
            // else is U+FFFD and the following escape (if any) is decoded on its own.
            if (cp < 0xDC00 && i + 1 < body.size() && body[i] == '\\' && body[i + 1] == 'u') {
              int32_t low = read_u4(body, i + 2);
              if (low >= 0xDC00 && low < 0xE000) {
                append_utf8(out, 0x10000 + ((cp - 0xD800) << 10) + (static_cast<uint32_t>(low) - 0xDC00));
                i += 6;
                continue;
              }
            }
            cp = 0xFFFD;
          }
          append_utf8(out, cp);
          continue;
        }
        default: break;  // validate() rejected everything else
      }
      i += 2;
      continue;
    }
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    if (unsigned len = valid_utf8_length(body.substr(i))) {
      out.append(body.substr(i, len));
      i += len;
    } else {
      append_utf8(out, 0xFFFD);  // each invalid byte becomes one replacement character
      ++i;
    }
  }
  return std::nullopt;
}

}  // namespace hclschema::json::detail
