// A small JSON reader that keeps every number's exact text, because cty parses numbers from their
// decimal text at 512 bits (general JSON libraries turn 1e400 into an overflow error).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hclschema::detail {

struct JsonMember;

struct JsonNode {
  enum Kind { null, boolean, number, string, array, object } kind = null;
  bool b = false;
  std::string text;  // string value, or number text
  std::vector<JsonNode> items;
  std::vector<JsonMember> members;  // in document order
};

// A named member of an object. A struct rather than std::pair, which needs a complete JsonNode
// where JsonNode is still being defined (clang rejects that).
struct JsonMember {
  std::string first;  // the name
  JsonNode second;    // the value
};

// nullopt and a message on malformed JSON (or nesting deeper than 10000).
std::optional<JsonNode> parse_json_tree(std::string_view text, std::string* error);

}  // namespace hclschema::detail
