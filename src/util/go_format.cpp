// Go's strconv.Quote and hcl.Range.String(), for diagnostics that quote names and places.
#include "util/go_format.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include <utf8proc.h>

#include "util/swar.hpp"

namespace hclschema::detail {

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

void append_format(std::string& out, const char* format, unsigned value) {
  char buf[16];
  std::snprintf(buf, sizeof buf, format, value);
  out += buf;
}

}  // namespace

std::string go_quote(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  append_go_quoted(out, s);
  return out;
}

namespace {

// Lanes of `x` holding a byte that go_quote() changes or escapes: a control byte, `"`, `\`, DEL
// or a non-ASCII byte.
uint64_t quote_stops(uint64_t x) { return swar::string_stops(x) | swar::equal(x, 0x7F); }

}  // namespace

bool go_quotes_as_is(std::string_view s) {
  // Eight bytes at a time (names are asked about for every unknown-name error); a text shorter
  // than a word in one (swar::short_text_word), and the tail of a longer one as the last eight
  // bytes, which overlap bytes already tested.
  const char* p = s.data();
  const size_t n = s.size();
  if (n < 8) {
    if (n == 0) return true;
    return quote_stops(swar::short_text_word(p, n)) == 0;
  }
  for (size_t i = 0; i + 8 <= n; i += 8)
    if (quote_stops(swar::load(p + i))) return false;
  return quote_stops(swar::load(p + n - 8)) == 0;
}

void append_go_quoted(std::string& out, std::string_view s) {
  // Printable ASCII other than `"` and `\` comes out as it is, and names nearly always are that:
  // copied whole instead of decoded and appended byte by byte (error messages name thousands).
  if (go_quotes_as_is(s)) {
    out += '"';
    out += s;
    out += '"';
    return;
  }
  out += '"';
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    utf8proc_int32_t cp = 0;
    utf8proc_ssize_t n = 1;
    if (c < 0x80) {
      cp = c;
    } else {
      n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + i), static_cast<utf8proc_ssize_t>(s.size() - i), &cp);
      if (n <= 0) {  // invalid UTF-8: Go escapes each bad byte
        append_format(out, "\\x%02x", c);
        ++i;
        continue;
      }
    }
    std::string_view raw = s.substr(i, static_cast<size_t>(n));
    i += static_cast<size_t>(n);
    switch (cp) {
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
    if (cp < 0x20 || cp == 0x7F) {
      append_format(out, "\\x%02x", static_cast<unsigned>(cp));
    } else if (go_is_print(cp)) {
      out.append(raw);
    } else if (cp < 0x10000) {
      append_format(out, "\\u%04x", static_cast<unsigned>(cp));
    } else {
      append_format(out, "\\U%08x", static_cast<unsigned>(cp));
    }
  }
  out.push_back('"');
}

std::string range_string(const Range& r) {
  std::string out = r.filename + ":" + std::to_string(r.start.line) + "," + std::to_string(r.start.column) + "-";
  if (r.start.line == r.end.line) return out + std::to_string(r.end.column);
  return out + std::to_string(r.end.line) + "," + std::to_string(r.end.column);
}

}  // namespace hclschema::detail
