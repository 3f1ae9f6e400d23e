// Go's json.Indent layout for compact JSON text (see json_indent.hpp).
#include "util/json_indent.hpp"

namespace hclschema::detail {

std::string indent_json(std::string_view in) {
  std::string out;
  int depth = 0;
  bool in_string = false;
  auto newline = [&] {
    out += '\n';
    out.append(static_cast<std::size_t>(depth) * 2, ' ');
  };
  for (std::size_t i = 0; i < in.size(); ++i) {
    char c = in[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < in.size()) out += in[++i];
      else if (c == '"') in_string = false;
      continue;
    }
    switch (c) {
      case '"': in_string = true; out += c; break;
      case '{':
      case '[': {
        char close = c == '{' ? '}' : ']';
        if (i + 1 < in.size() && in[i + 1] == close) {
          out += c;
          out += close;
          ++i;
        } else {
          out += c;
          ++depth;
          newline();
        }
        break;
      }
      case '}':
      case ']':
        --depth;
        newline();
        out += c;
        break;
      case ',': out += c; newline(); break;
      case ':': out += ": "; break;
      case ' ':
      case '\n':
      case '\t':
      case '\r': break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace hclschema::detail
