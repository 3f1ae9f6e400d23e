// Values as HCL text for documentation: defaults, enum members. Never shows a sensitive value.
#include <algorithm>

#include "docs/docs_detail.hpp"
#include "hclschema/static_expr.hpp"
#include "util/hcl_quote.hpp"

namespace hclschema::docs::detail {

namespace {

using hclschema::detail::hcl_quote;

// An object key bare when it can be written bare (an identifier), else quoted.
std::string object_key(std::string_view key) { return is_valid_identifier(key) ? std::string(key) : hcl_quote(key); }

// `multiline`: lay out collections one element per line at `indent`.
std::string render(const Value& v, bool multiline, int indent) {
  if (v.has_mark(sensitive_mark)) return "(sensitive)";
  if (!v.is_known()) return "(known after apply)";
  if (v.is_null()) return "null";
  const Type& t = v.type();
  switch (t.kind()) {
    case Type::Kind::boolean: return v.as_bool() ? "true" : "false";
    case Type::Kind::number: return v.as_number().to_string();
    case Type::Kind::string: return hcl_quote(v.as_string());
    case Type::Kind::dynamic: return "null";
    default: break;
  }
  const bool keyed = t.is_map() || t.is_object();
  const auto& elements = v.elements();
  if (elements.empty()) return keyed ? "{}" : "[]";
  const std::string pad(static_cast<size_t>(indent + 2), ' ');
  // Keys over several lines are aligned at their `=`, as `terraform fmt` does.
  size_t key_width = 0;
  if (keyed && multiline)
    for (const auto& key : v.keys()) key_width = std::max(key_width, object_key(key).size());
  std::string out = keyed ? "{" : "[";
  for (size_t i = 0; i < elements.size(); ++i) {
    std::string item;
    if (keyed) {
      item = object_key(v.keys()[i]);
      if (multiline) item += std::string(key_width - item.size(), ' ');
      item += " = ";
    }
    item += render(elements[i], multiline, indent + 2);
    if (multiline)
      out += "\n" + pad + item + (keyed ? "" : ",");
    else
      out += (i ? ", " : (keyed ? " " : "")) + item;
  }
  if (multiline) return out + "\n" + std::string(static_cast<size_t>(indent), ' ') + (keyed ? "}" : "]");
  return out + (keyed ? " }" : "]");
}

}  // namespace

std::string value_text(const Value& value, size_t width) {
  // Marks may sit deep inside a collection: the whole value is withheld, not just that part,
  // because the shape around a secret can give it away too.
  if (value.has_mark(sensitive_mark) || value.contains_marked()) {
    Marks marks;
    (void)value.unmarked_deep(&marks);
    for (const auto& m : marks)
      if (m == sensitive_mark) return "(sensitive)";
  }
  std::string one = render(value, false, 0);
  if (one.size() <= width) return one;
  const Type& t = value.type();
  if (!(t.is_collection() || t.is_object() || t.is_tuple())) return one;
  return render(value, true, 0);
}

}  // namespace hclschema::docs::detail
