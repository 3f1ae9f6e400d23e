// Escape decoding for quoted template literals and heredoc lines.
#include "syntax/native/string_literal.hpp"

#include <cstring>
#include <string>

#include <fmt/format.h>

#include "util/utf8.hpp"

namespace hclschema::native::detail {

namespace {

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
uint32_t hex_value(char c) { return c <= '9' ? static_cast<uint32_t>(c - '0') : static_cast<uint32_t>((c | 0x20) - 'a' + 10); }

void invalid_escape(Diagnostics& diags, const SourceFile& file, uint32_t begin, uint32_t end, std::string detail) {
  diags.push_back(Diagnostic{Severity::error, "Invalid escape sequence", std::move(detail), file.range({begin, end}), std::nullopt, {}});
}

}  // namespace

std::string_view decode_string_literal(const SourceFile& file, ByteSpan span, bool quoted, std::pmr::memory_resource& arena, Diagnostics& diags) {
  std::string_view text = file.slice(span);
  // Fast path: no byte that could start an escape, so nothing to decode.
  if (!may_need_decoding(text)) return text;
  bool plain = true;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if ((c == '\\' && quoted) || ((c == '$' || c == '%') && i + 2 < text.size() && text[i + 1] == c && text[i + 2] == '{')) {
      plain = false;
      break;
    }
  }
  if (plain) return text;

  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    // The bytes up to the next one that may start an escape are copied as one run.
    size_t run = i;
    while (run < text.size() && !((text[run] == '\\' && quoted) || text[run] == '$' || text[run] == '%')) ++run;
    if (run > i) {
      out.append(text, i, run - i);
      i = run;
      if (i >= text.size()) break;
    }
    char c = text[i];
    uint32_t at = span.begin + static_cast<uint32_t>(i);
    if (c == '\\' && quoted) {
      if (i + 1 >= text.size()) {
        invalid_escape(diags, file, at, at + 1, "Backslash must be followed by an escape sequence selector character.");
        out += '\\';
        ++i;
        continue;
      }
      char sel = text[i + 1];
      switch (sel) {
        case 'n': out += '\n'; i += 2; continue;
        case 'r': out += '\r'; i += 2; continue;
        case 't': out += '\t'; i += 2; continue;
        case '"': out += '"'; i += 2; continue;
        case '\\': out += '\\'; i += 2; continue;
        case 'u':
        case 'U': {
          size_t want = sel == 'u' ? 4 : 8;
          size_t n = 0;
          while (n < want && i + 2 + n < text.size() && is_hex(text[i + 2 + n])) ++n;
          size_t len = 2 + n;
          if (n != want) {
            invalid_escape(diags, file, at, at + static_cast<uint32_t>(len),
                           sel == 'u' ? "The \\u escape sequence must be followed by four hexadecimal digits."
                                      : "The \\U escape sequence must be followed by eight hexadecimal digits.");
            out.append(text.substr(i, len));
            i += len;
            continue;
          }
          uint32_t cp = 0;  // at most eight hex digits: no overflow
          for (size_t k = 0; k < n; ++k) cp = cp * 16 + hex_value(text[i + 2 + k]);
          if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
            invalid_escape(diags, file, at, at + static_cast<uint32_t>(len), fmt::format("Cannot encode character U+{:04x} in UTF-8.", cp));
            out.append(text.substr(i, len));
            i += len;
            continue;
          }
          hclschema::detail::append_utf8(out, cp);
          i += len;
          continue;
        }
        default: {
          invalid_escape(diags, file, at, at + 2, fmt::format("The symbol \"{}\" is not a valid escape sequence selector.", std::string(1, sel)));
          out += sel;
          i += 2;
          continue;
        }
      }
    }
    if ((c == '$' || c == '%') && i + 2 < text.size() && text[i + 1] == c && text[i + 2] == '{') {
      out += c;
      out += '{';
      i += 3;
      continue;
    }
    out += c;
    ++i;
  }
  auto* mem = static_cast<char*>(arena.allocate(out.size() ? out.size() : 1, 1));
  std::memcpy(mem, out.data(), out.size());
  return {mem, out.size()};
}

}  // namespace hclschema::native::detail
