// HCL string literals (see hcl_quote.hpp).
#include "util/hcl_quote.hpp"

#include <cstdio>

namespace hclschema::detail {

std::string hcl_quote(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '$':
      case '%':
        // `${` and `%{` would start a template sequence: HCL escapes them by doubling the sigil.
        out += c;
        if (i + 1 < text.size() && text[i + 1] == '{') out += c;
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

}  // namespace hclschema::detail
