// A small JSON reader that keeps every number's exact text, because cty parses numbers from their
// decimal text at 512 bits (general JSON libraries turn 1e400 into an overflow error).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hclschema::detail {

struct JsonNode {
  enum Kind { null, boolean, number, string, array, object } kind = null;
  bool b = false;
  std::string text;  // string value, or number text
  std::vector<JsonNode> items;
  std::vector<std::pair<std::string, JsonNode>> members;  // in document order
};

// nullopt and a message on malformed JSON (or nesting deeper than 10000).
std::optional<JsonNode> parse_json_tree(std::string_view text, std::string* error);

}  // namespace hclschema::detail
