// Go's encoding/json syntax errors as go-cty's jsondecode meets them (see go_json.hpp): the
// json.Decoder token states for brackets, commas and colons, and the scanner's states for the
// scalars each Decode call reads.
#include "functions/go_json.hpp"

#include <cstdio>
#include <vector>

namespace hclschema::detail {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Go's quoteChar: the byte as a rune (so 0xC3 is 'Ã'), escaped as strconv.Quote does.
std::string quote_char(char ch) {
  auto c = static_cast<unsigned char>(ch);
  if (c == '\'') return "'\\''";
  if (c == '"') return "'\"'";
  char buf[16];
  switch (c) {
    case '\a': return "'\\a'";
    case '\b': return "'\\b'";
    case '\f': return "'\\f'";
    case '\n': return "'\\n'";
    case '\r': return "'\\r'";
    case '\t': return "'\\t'";
    case '\v': return "'\\v'";
    case '\\': return "'\\\\'";
    default: break;
  }
  if (c < 0x20 || c == 0x7f) {
    std::snprintf(buf, sizeof buf, "'\\x%02x'", c);
    return buf;
  }
  if (c < 0x80) return std::string("'") + static_cast<char>(c) + "'";
  // U+0080..U+00A0 and the soft hyphen are not printable for strconv.
  if (c <= 0xa0 || c == 0xad) {
    std::snprintf(buf, sizeof buf, "'\\u%04x'", c);
    return buf;
  }
  std::string s = "'";
  s.push_back(static_cast<char>(0xc0 | (c >> 6)));
  s.push_back(static_cast<char>(0x80 | (c & 0x3f)));
  return s + "'";
}

class Scanner {
 public:
  explicit Scanner(std::string_view s) : s_(s) {}

  GoJsonScan run() {
    // cty's ImpliedType: one value, then no more data unless it is a closing bracket.
    if (!value()) return fail();
    size_t end = p_;
    char c = 0;
    if (peek(c) && c != ']' && c != '}') {
      err_ = "extraneous data after JSON object";
      return fail();
    }
    return {true, end, {}};
  }

 private:
  enum class State { top, array_start, array_value, array_comma, object_start, object_key, object_colon, object_value, object_comma };
  enum class Tok { scalar, key, open_array, close_array, open_object, close_object };

  GoJsonScan fail() { return {false, 0, err_}; }

  bool peek(char& c) {
    while (p_ < s_.size() && is_space(s_[p_])) ++p_;
    if (p_ >= s_.size()) return false;
    c = s_[p_];
    return true;
  }

  bool value_allowed() const {
    return state_ == State::top || state_ == State::array_start || state_ == State::array_value || state_ == State::object_value;
  }
  void value_end() {
    if (state_ == State::array_start || state_ == State::array_value) state_ = State::array_comma;
    else if (state_ == State::object_value) state_ = State::object_comma;
  }

  // Decoder.tokenError.
  bool token_error(char c) {
    const char* context = "";
    switch (state_) {
      case State::top:
      case State::array_start:
      case State::array_value:
      case State::object_value: context = " looking for beginning of value"; break;
      case State::array_comma: context = " after array element"; break;
      case State::object_key: context = " looking for beginning of object key string"; break;
      case State::object_colon: context = " after object key"; break;
      case State::object_comma: context = " after object key:value pair"; break;
      case State::object_start: break;  // Go gives no context here
    }
    err_ = "invalid character " + quote_char(c) + context;
    return false;
  }
  bool scan_error(char c, const char* context) {
    err_ = "invalid character " + quote_char(c) + " " + context;
    return false;
  }
  bool unexpected_eof() {
    err_ = "unexpected EOF";
    return false;
  }

  // Decoder.Token.
  bool token(Tok& t) {
    for (;;) {
      char c = 0;
      if (!peek(c)) {
        err_ = "EOF";
        return false;
      }
      switch (c) {
        case '[':
        case '{':
          if (!value_allowed()) return token_error(c);
          ++p_;
          stack_.push_back(state_);
          state_ = c == '[' ? State::array_start : State::object_start;
          t = c == '[' ? Tok::open_array : Tok::open_object;
          return true;
        case ']':
        case '}': {
          bool ok = c == ']' ? (state_ == State::array_start || state_ == State::array_comma)
                             : (state_ == State::object_start || state_ == State::object_comma);
          if (!ok) return token_error(c);
          ++p_;
          state_ = stack_.back();
          stack_.pop_back();
          value_end();
          t = c == ']' ? Tok::close_array : Tok::close_object;
          return true;
        }
        case ':':
          if (state_ != State::object_colon) return token_error(c);
          ++p_;
          state_ = State::object_value;
          continue;
        case ',':
          if (state_ == State::array_comma) state_ = State::array_value;
          else if (state_ == State::object_comma) state_ = State::object_key;
          else return token_error(c);
          ++p_;
          continue;
        case '"':
          if (state_ == State::object_start || state_ == State::object_key) {
            if (!scalar()) return false;
            state_ = State::object_colon;
            t = Tok::key;
            return true;
          }
          [[fallthrough]];
        default:
          if (!value_allowed()) return token_error(c);
          if (!scalar()) return false;
          value_end();
          t = Tok::scalar;
          return true;
      }
    }
  }

  // go-cty's impliedType / impliedTypeForTok, for the syntax only.
  bool value() {
    Tok t{};
    return token(t) && value_for(t);
  }
  bool value_for(Tok t) {
    if (t == Tok::open_object) {
      for (;;) {
        if (!token(t)) return false;
        if (t == Tok::close_object) return true;
        if (!value()) return false;
      }
    }
    if (t == Tok::open_array) {
      for (;;) {
        if (!token(t)) return false;
        if (t == Tok::close_array) return true;
        if (!value_for(t)) return false;
      }
    }
    return true;
  }

  // One scalar as Decoder.readValue scans it: a string, number or literal; it ends at whatever
  // byte follows (checked by the token states), or at the end of the input.
  bool scalar() {
    size_t& i = p_;
    const size_t n = s_.size();
    char c = s_[i];
    if (c == '"') {
      for (++i;; ++i) {
        if (i >= n) return unexpected_eof();
        c = s_[i];
        if (c == '"') {
          ++i;
          return true;
        }
        if (static_cast<unsigned char>(c) < 0x20) return scan_error(c, "in string literal");
        if (c != '\\') continue;
        if (++i >= n) return unexpected_eof();
        c = s_[i];
        if (c == 'u') {
          for (int k = 0; k < 4; ++k) {
            if (++i >= n) return unexpected_eof();
            if (!is_hex(s_[i])) return scan_error(s_[i], "in \\u hexadecimal character escape");
          }
        } else if (std::string_view("bfnrt\\/\"").find(c) == std::string_view::npos) {
          return scan_error(c, "in string escape code");
        }
      }
    }
    if (c == 't' || c == 'f' || c == 'n') {
      std::string_view word = c == 't' ? "true" : c == 'f' ? "false" : "null";
      const char* kind = c == 't' ? "true" : c == 'f' ? "false" : "null";
      for (size_t k = 1; k < word.size(); ++k) {
        if (i + k >= n) return unexpected_eof();
        if (s_[i + k] != word[k])
          return scan_error(s_[i + k], (std::string("in literal ") + kind + " (expecting '" + word[k] + "')").c_str());
      }
      i += word.size();
      return true;
    }
    if (c == '-' || is_digit(c)) {
      if (c == '-') {
        if (++i >= n) return unexpected_eof();
        c = s_[i];
        if (!is_digit(c)) return scan_error(c, "in numeric literal");
      }
      if (s_[i] == '0') ++i;
      else
        while (i < n && is_digit(s_[i])) ++i;
      if (i < n && s_[i] == '.') {
        if (++i >= n) return unexpected_eof();
        if (!is_digit(s_[i])) return scan_error(s_[i], "after decimal point in numeric literal");
        while (i < n && is_digit(s_[i])) ++i;
      }
      if (i < n && (s_[i] == 'e' || s_[i] == 'E')) {
        if (++i >= n) return unexpected_eof();
        if (s_[i] == '+' || s_[i] == '-')
          if (++i >= n) return unexpected_eof();
        if (!is_digit(s_[i])) return scan_error(s_[i], "in exponent of numeric literal");
        while (i < n && is_digit(s_[i])) ++i;
      }
      return true;
    }
    return scan_error(c, "looking for beginning of value");
  }

  std::string_view s_;
  size_t p_ = 0;
  State state_ = State::top;
  std::vector<State> stack_;
  std::string err_;
};

}  // namespace

GoJsonScan go_json_scan(std::string_view text) { return Scanner(text).run(); }

}  // namespace hclschema::detail
