// Go-compatible quoting, range strings and edit distance for JSON-syntax diagnostics.
#include "syntax/json/go_format.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

#include <utf8proc.h>

#include "syntax/json/string_decode.hpp"

namespace hclschema::json::detail {

namespace {

// Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
bool go_is_print(utf8proc_int32_t cp) {
  if (cp == ' ') return true;
  switch (utf8proc_category(cp)) {
    case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_MC: case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_ND: case UTF8PROC_CATEGORY_NL: case UTF8PROC_CATEGORY_NO:
    case UTF8PROC_CATEGORY_PC: case UTF8PROC_CATEGORY_PD: case UTF8PROC_CATEGORY_PS:
    case UTF8PROC_CATEGORY_PE: case UTF8PROC_CATEGORY_PI: case UTF8PROC_CATEGORY_PF:
    case UTF8PROC_CATEGORY_PO:
    case UTF8PROC_CATEGORY_SM: case UTF8PROC_CATEGORY_SC: case UTF8PROC_CATEGORY_SK:
    case UTF8PROC_CATEGORY_SO:
      return true;
    default:
      return false;
  }
}

std::vector<utf8proc_int32_t> code_points(std::string_view s) {
  std::vector<utf8proc_int32_t> out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    utf8proc_int32_t cp = 0;
    auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + i), static_cast<utf8proc_ssize_t>(s.size() - i), &cp);
    if (n <= 0) {  // as Go's []rune conversion: one U+FFFD per bad byte
      out.push_back(0xFFFD);
      ++i;
    } else {
      out.push_back(cp);
      i += static_cast<size_t>(n);
    }
  }
  return out;
}

}  // namespace

std::string go_quote(std::string_view s) {
  std::string out = "\"";
  char buf[16];
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      switch (c) {
        case '"': out += "\\\""; continue;
        case '\\': out += "\\\\"; continue;
        case '\a': out += "\\a"; continue;
        case '\b': out += "\\b"; continue;
        case '\f': out += "\\f"; continue;
        case '\n': out += "\\n"; continue;
        case '\r': out += "\\r"; continue;
        case '\t': out += "\\t"; continue;
        case '\v': out += "\\v"; continue;
        default: break;
      }
      if (c < 0x20 || c == 0x7F) {
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        out += buf;
      } else {
        out.push_back(static_cast<char>(c));
      }
      continue;
    }
    unsigned len = valid_utf8_length(s.substr(i));
    if (len == 0) {
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
      ++i;
      continue;
    }
    utf8proc_int32_t cp = 0;
    utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + i), len, &cp);
    if (go_is_print(cp)) {
      out.append(s.substr(i, len));
    } else if (cp < 0x10000) {
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
      out += buf;
    } else {
      std::snprintf(buf, sizeof buf, "\\U%08x", static_cast<unsigned>(cp));
      out += buf;
    }
    i += len;
  }
  out.push_back('"');
  return out;
}

std::string range_string(const Range& r) {
  std::string out = r.filename + ":" + std::to_string(r.start.line) + "," + std::to_string(r.start.column) + "-";
  if (r.start.line == r.end.line) return out + std::to_string(r.end.column);
  return out + std::to_string(r.end.line) + "," + std::to_string(r.end.column);
}

size_t edit_distance(std::string_view a, std::string_view b) {
  const auto x = code_points(a);
  const auto y = code_points(b);
  std::vector<size_t> row(y.size() + 1);
  for (size_t j = 0; j <= y.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= x.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= y.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (x[i - 1] == y[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[y.size()];
}

}  // namespace hclschema::json::detail
