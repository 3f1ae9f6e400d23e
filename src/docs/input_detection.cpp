// The first-statement test that picks the inputs reader over the schema loader (docs_command.cpp).
#include "docs/input_detection.hpp"

namespace hclschema::docs {

bool looks_like_inputs_file(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
    } else if (c == '#' || text.substr(i).starts_with("//")) {
      const size_t nl = text.find('\n', i);
      i = nl == std::string_view::npos ? text.size() : nl + 1;
    } else if (text.substr(i).starts_with("/*")) {
      const size_t close = text.find("*/", i + 2);
      i = close == std::string_view::npos ? text.size() : close + 2;
    } else {
      break;
    }
  }
  std::string_view rest = text.substr(i);
  if (!rest.starts_with("input")) return false;
  rest.remove_prefix(5);
  const size_t before = rest.size();
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  if (rest.empty()) return false;
  const char c = rest.front();
  // `input = ...` or `input_x` is an attribute of something else; a label or a name follows a block type.
  const bool spaced = rest.size() < before;
  return c == '"' || (spaced && (c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')));
}

}  // namespace hclschema::docs
