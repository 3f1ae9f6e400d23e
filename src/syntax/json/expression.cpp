// Expression behaviour of JSON nodes: kind names and variables.
#include <vector>

#include "hclschema/json/ast.hpp"

namespace hclschema::json {

std::string_view Value::kind_name() const {
  switch (kind) {
    case NodeKind::object: return "JSONObject";
    case NodeKind::array: return "JSONArray";
    case NodeKind::string: return "JSONString";
    case NodeKind::number: return "JSONNumber";
    case NodeKind::boolean: return "JSONBool";
    case NodeKind::null: return "JSONNull";
    case NodeKind::invalid: return "JSONInvalid";
  }
  return "JSONInvalid";
}

std::vector<Traversal> Value::variables() const {
  // In the reference, every string (object keys included) is parsed as a native-syntax template
  // and contributes that template's variables; arrays and objects collect their children's in
  // order (for an object: each key, then its value). Numbers, bools and null have none.
  // TODO(lead): parse strings as templates via native::detail::parse_template
  return {};
}

const Value* root_value(const Body& body) {
  const auto* jb = dynamic_cast<const JsonBody*>(&body);
  return jb ? &jb->value() : nullptr;
}

}  // namespace hclschema::json
