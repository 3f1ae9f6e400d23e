// Reader for JsonNode trees (see json_tree.hpp): RFC 8259 JSON, numbers kept as text.
#include "value/json_tree.hpp"

#include "util/utf8.hpp"

namespace hclschema::detail {

namespace {

class Reader {
 public:
  explicit Reader(std::string_view s) : s_(s) {}
  std::string error;

  std::optional<JsonNode> document() {
    JsonNode n;
    if (!value(n, 0)) return std::nullopt;
    blank();
    if (i_ != s_.size()) return fail("invalid character after top-level value");
    return n;
  }

 private:
  std::nullopt_t fail(const char* msg) {
    if (error.empty()) error = msg;
    return std::nullopt;
  }
  bool bad(const char* msg) {
    fail(msg);
    return false;
  }
  void blank() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return bad("invalid literal");
    i_ += word.size();
    return true;
  }

  bool hex4(uint32_t& v) {
    if (i_ + 4 > s_.size()) return false;
    v = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s_[i_++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= static_cast<uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') v |= static_cast<uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= static_cast<uint32_t>(c - 'A' + 10);
      else return false;
    }
    return true;
  }
  bool string(std::string& out) {
    ++i_;  // opening quote
    while (i_ < s_.size()) {
      char c = s_[i_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return bad("invalid character in string literal");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) break;
      char e = s_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          uint32_t cp;
          if (!hex4(cp)) return bad("invalid escape in string literal");
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(i_, 2) == "\\u") {
            size_t save = i_;
            i_ += 2;
            uint32_t lo;
            if (hex4(lo) && lo >= 0xDC00 && lo < 0xE000) {
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else {
              i_ = save;
              cp = 0xFFFD;
            }
          } else if (cp >= 0xD800 && cp < 0xE000) {
            cp = 0xFFFD;  // a lone surrogate, as encoding/json replaces it
          }
          hclschema::detail::append_utf8(out, cp);
          break;
        }
        default: return bad("invalid escape in string literal");
      }
    }
    return bad("unexpected end of JSON input");
  }
  bool number(std::string& out) {
    size_t start = i_;
    if (s_[i_] == '-') ++i_;
    auto digits = [&] {
      size_t b = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      return i_ - b;
    };
    if (i_ < s_.size() && s_[i_] == '0') ++i_;
    else if (digits() == 0) return bad("invalid number");
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      if (digits() == 0) return bad("invalid number");
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (digits() == 0) return bad("invalid number");
    }
    out = std::string(s_.substr(start, i_ - start));
    return true;
  }
  bool value(JsonNode& n, int depth) {
    if (depth > 10000) return bad("exceeded max depth");
    blank();
    if (i_ >= s_.size()) return bad("unexpected end of JSON input");
    char c = s_[i_];
    switch (c) {
      case 'n': n.kind = JsonNode::null; return literal("null");
      case 't': n.kind = JsonNode::boolean; n.b = true; return literal("true");
      case 'f': n.kind = JsonNode::boolean; n.b = false; return literal("false");
      case '"': n.kind = JsonNode::string; return string(n.text);
      case '[': {
        n.kind = JsonNode::array;
        ++i_;
        blank();
        if (i_ < s_.size() && s_[i_] == ']') { ++i_; return true; }
        for (;;) {
          n.items.emplace_back();
          if (!value(n.items.back(), depth + 1)) return false;
          blank();
          if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
          if (i_ < s_.size() && s_[i_] == ']') { ++i_; return true; }
          return bad("expected , or ] in array");
        }
      }
      case '{': {
        n.kind = JsonNode::object;
        ++i_;
        blank();
        if (i_ < s_.size() && s_[i_] == '}') { ++i_; return true; }
        for (;;) {
          blank();
          if (i_ >= s_.size() || s_[i_] != '"') return bad("expected object key");
          std::string key;
          if (!string(key)) return false;
          blank();
          if (i_ >= s_.size() || s_[i_] != ':') return bad("expected : after object key");
          ++i_;
          n.members.push_back(JsonMember{std::move(key), JsonNode{}});
          if (!value(n.members.back().second, depth + 1)) return false;
          blank();
          if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
          if (i_ < s_.size() && s_[i_] == '}') { ++i_; return true; }
          return bad("expected , or } in object");
        }
      }
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          n.kind = JsonNode::number;
          return number(n.text);
        }
        return bad("invalid character looking for beginning of value");
    }
  }

  std::string_view s_;
  size_t i_ = 0;
};

}  // namespace

std::optional<JsonNode> parse_json_tree(std::string_view text, std::string* error) {
  Reader r(text);
  auto n = r.document();
  if (!n && error) *error = r.error;
  return n;
}

}  // namespace hclschema::detail
