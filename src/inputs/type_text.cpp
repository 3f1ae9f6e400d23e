// What an InputType means outside the parser: its canonical text, the cty type of its values at
// runtime, and the config accessor that reads a field of it.
#include <string>

#include "hclschema/inputs.hpp"
#include "hclschema/value/json.hpp"
#include "inputs/inputs_detail.hpp"

namespace hclschema {

namespace {

void append_text(const InputType& type, std::string& out) {
  using Kind = InputType::Kind;
  auto child = [&](size_t i) {
    if (i < type.children.size())
      append_text(type.children[i], out);
    else
      out += "any";
  };
  switch (type.kind) {
    case Kind::string: out += "string"; return;
    case Kind::boolean: out += "bool"; return;
    case Kind::number: out += "number"; return;
    case Kind::integer: out += "int"; return;
    case Kind::any: out += "any"; return;
    case Kind::named: out += type.path; return;
    case Kind::list:
    case Kind::set:
    case Kind::map:
      out += type.kind == Kind::list ? "list(" : type.kind == Kind::set ? "set(" : "map(";
      child(0);
      out += ')';
      return;
    case Kind::tuple:
      out += "tuple([";
      for (size_t i = 0; i < type.children.size(); ++i) {
        if (i) out += ", ";
        child(i);
      }
      out += "])";
      return;
    case Kind::object:
      out += "object({";
      for (size_t i = 0; i < type.children.size() && i < type.attribute_names.size(); ++i) {
        if (i) out += ", ";
        out += type.attribute_names[i];
        out += ": ";
        child(i);
      }
      out += "})";
      return;
    case Kind::optional:
      out += "optional(";
      child(0);
      if (type.default_value) {
        out += ", ";
        // The value in cty's JSON encoding, which reads back as the same HCL value; before the
        // typechecker evaluated it, the expression's source text.
        std::optional<std::string> json;
        if (type.default_value->value && type.default_value->value->is_wholly_known())
          json = value_to_json(type.default_value->value->unmarked_deep(), type.default_value->value->type());
        out += json ? *json : "...";
      }
      out += ')';
      return;
  }
}

}  // namespace

std::string type_text(const InputType& type) {
  std::string out;
  append_text(type, out);
  return out;
}

Type runtime_type(const InputType& type) {
  using Kind = InputType::Kind;
  auto child = [&](size_t i) { return i < type.children.size() ? runtime_type(type.children[i]) : Type::dynamic(); };
  switch (type.kind) {
    case Kind::string: return Type::string();
    case Kind::boolean: return Type::boolean();
    case Kind::number:
    case Kind::integer: return Type::number();
    case Kind::any:
    case Kind::named: return Type::dynamic();
    case Kind::list: return Type::list(child(0));
    case Kind::set: return Type::set(child(0));
    case Kind::map: return Type::map(child(0));
    case Kind::optional: return child(0);
    case Kind::tuple: {
      std::vector<Type> elements;
      for (size_t i = 0; i < type.children.size(); ++i) elements.push_back(child(i));
      return Type::tuple(std::move(elements));
    }
    case Kind::object: {
      std::vector<std::pair<std::string, Type>> attributes;
      std::vector<std::string> optional;
      for (size_t i = 0; i < type.children.size() && i < type.attribute_names.size(); ++i) {
        attributes.emplace_back(type.attribute_names[i], child(i));
        if (detail::is_optional(type.children[i])) optional.push_back(type.attribute_names[i]);
      }
      return Type::object(std::move(attributes), std::move(optional));
    }
  }
  return Type::dynamic();
}

std::string accessor_for(const InputType& type, bool required) {
  using Kind = InputType::Kind;
  std::string suffix;
  switch (detail::without_optional(type).kind) {
    case Kind::string: suffix = ""; break;
    case Kind::boolean: suffix = "_bool"; break;
    case Kind::number: suffix = "_float"; break;
    case Kind::integer: suffix = "_int"; break;
    default: suffix = "_object"; break;  // any, named types, collections and structures
  }
  return std::string(required ? "config.require" : "config.get") + suffix;
}

const InputDefault* InputField::effective_default() const {
  if (default_value) return &*default_value;
  if (detail::is_optional(type) && type.default_value) return &*type.default_value;
  return nullptr;
}

}  // namespace hclschema
