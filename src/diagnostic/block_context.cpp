// The ", in BLOCK" context of a diagnostic: the enclosing top-level block's header.
#include "diagnostic/block_context.hpp"

#include <algorithm>
#include <cstdio>

#include <utf8proc.h>

#include "hclschema/native/ast.hpp"

namespace hclschema::detail {

namespace {

// Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
bool is_printable(utf8proc_int32_t cp) {
  if (cp == ' ') return true;
  switch (utf8proc_category(cp)) {
    case UTF8PROC_CATEGORY_CN:
    case UTF8PROC_CATEGORY_CC:
    case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_CS:
    case UTF8PROC_CATEGORY_CO:
    case UTF8PROC_CATEGORY_ZS:
    case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP:
      return false;
    default:
      return true;
  }
}

void append_hex(std::string& out, const char* format, unsigned value) {
  char buf[16];
  std::snprintf(buf, sizeof buf, format, value);
  out += buf;
}

}  // namespace

std::string go_quote(std::string_view text) {
  std::string out = "\"";
  const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
  const auto size = static_cast<utf8proc_ssize_t>(text.size());
  for (utf8proc_ssize_t i = 0; i < size;) {
    utf8proc_int32_t cp = 0;
    utf8proc_ssize_t n = utf8proc_iterate(bytes + i, size - i, &cp);
    if (n <= 0) {
      append_hex(out, "\\x%02x", bytes[i]);
      ++i;
      continue;
    }
    switch (cp) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\a': out += "\\a"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\v': out += "\\v"; break;
      default:
        if (is_printable(cp))
          out.append(text.substr(static_cast<size_t>(i), static_cast<size_t>(n)));
        else if (cp < 0x80)
          append_hex(out, "\\x%02x", static_cast<unsigned>(cp));
        else if (cp < 0x10000)
          append_hex(out, "\\u%04x", static_cast<unsigned>(cp));
        else
          append_hex(out, "\\U%08x", static_cast<unsigned>(cp));
    }
    i += n;
  }
  out += '"';
  return out;
}

std::string block_context_string(const File& file, uint32_t byte) {
  const native::NativeBody* body = file.native_body();
  if (!body) return {};
  for (const native::NativeBlock* block : body->blocks()) {
    if (!block) continue;
    // From the type to the closing brace; an unclosed block's brace span may be missing, so never
    // let it pull the start before the type.
    uint32_t begin = block->type_span.begin;
    uint32_t end = std::max(block->close_brace_span.end, block->type_span.end);
    if (byte < begin || byte >= end) continue;
    std::string out(block->type);
    for (std::string_view label : block->labels) {
      out += ' ';
      out += go_quote(label);
    }
    return out;
  }
  return {};
}

ContextStringFn block_context_for(const ParsedFiles& files) {
  return [&files](std::string_view filename, uint32_t byte) -> std::string {
    auto found = files.find(filename);
    if (found == files.end() || !found->second) return {};
    return block_context_string(*found->second, byte);
  };
}

}  // namespace hclschema::detail
