// Expression behaviour of JSON nodes: kind names and variables.
#include <vector>

#include "hclschema/json/ast.hpp"
#include "syntax/native/parser.hpp"

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

namespace {

// A JSON string is a native-syntax template. Its positions continue from just after the opening
// quote, counted over the decoded text, as the reference does (escapes make them approximate).
void template_variables(const SourceFile& file, std::string_view text, ByteSpan string_span, std::vector<Traversal>& out) {
  if (text.find("${") == std::string_view::npos && text.find("%{") == std::string_view::npos) return;  // no template sequences
  Pos start = file.pos_at(string_span.begin);
  Pos origin{start.line, start.column + 1, start.byte + 1};
  auto parsed = native::detail::parse_template_source(SourceFile::from_string_at(file.filename(), std::string(text), origin));
  if (has_errors(parsed.diagnostics)) return;
  for (auto& t : parsed.expr->variables()) out.push_back(std::move(t));
}

void collect_variables(const Value& value, std::vector<Traversal>& out) {
  switch (value.kind) {
    case NodeKind::string: {
      const auto& s = static_cast<const String&>(value);
      template_variables(*value.file, s.value, s.span, out);
      return;
    }
    case NodeKind::array:
      for (const Value* element : static_cast<const Array&>(value).elements) collect_variables(*element, out);
      return;
    case NodeKind::object:
      for (const auto& property : static_cast<const Object&>(value).properties) {
        template_variables(*value.file, property.name, property.name_span, out);
        collect_variables(*property.value, out);
      }
      return;
    default: return;
  }
}

}  // namespace

std::vector<Traversal> Value::variables() const {
  // Every string, object keys included, contributes its template's variables; arrays and objects
  // collect their children's in order (for an object: each key, then its value).
  std::vector<Traversal> out;
  collect_variables(*this, out);
  return out;
}

const Value* root_value(const Body& body) {
  const auto* jb = dynamic_cast<const JsonBody*>(&body);
  return jb ? &jb->value() : nullptr;
}

}  // namespace hclschema::json
