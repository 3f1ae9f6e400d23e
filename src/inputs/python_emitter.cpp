// `--emit python`: a Python module that reads the fields of every input from a config object
// (pulumi.Config, or anything with the same get*/require* methods) and applies the declared
// defaults: a field's own, and those of optional(T, DEFAULT) object attributes inside its type
// (through a small _fill helper, emitted only when some field needs it). Each input becomes
// `read_<name>(config)` returning a dict keyed by field name, and READERS maps input names to
// those functions.
#include <cctype>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "hclschema/inputs.hpp"

namespace hclschema {

namespace {

// A Python string literal: double quotes, escapes for quotes, backslashes and control
// characters; other UTF-8 is kept as it is (Python 3 source is UTF-8).
std::string py_string(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

// A Python literal for a known value: None, True/False, exact numbers (integers as ints, others
// as floats), lists for lists, sets and tuples, dicts for maps and objects.
std::string py_value(const Value& v) {
  if (v.is_null() || !v.is_known()) return "None";
  const Type& t = v.type();
  switch (t.kind()) {
    case Type::Kind::boolean: return v.as_bool() ? "True" : "False";
    case Type::Kind::number: {
      const Number& n = v.as_number();
      if (n.is_infinity()) return n.is_negative() ? "float(\"-inf\")" : "float(\"inf\")";
      return n.to_string();  // digits (an exponent past 20 million): a valid int or float literal
    }
    case Type::Kind::string: return py_string(v.as_string());
    case Type::Kind::list:
    case Type::Kind::set:
    case Type::Kind::tuple: {
      std::string out = "[";
      for (size_t i = 0; i < v.elements().size(); ++i) out += (i ? ", " : "") + py_value(v.elements()[i]);
      return out + "]";
    }
    case Type::Kind::map:
    case Type::Kind::object: {
      std::string out = "{";
      for (size_t i = 0; i < v.keys().size(); ++i) out += (i ? ", " : "") + py_string(v.keys()[i]) + ": " + py_value(v.elements()[i]);
      return out + "}";
    }
    case Type::Kind::dynamic: break;
  }
  return "None";
}

// The defaults that optional(T, DEFAULT) attributes declare inside `type`, as the Python literal
// _fill reads: ("object", {name: (default, child)}), ("elements", child) for lists and sets,
// ("map", child), ("tuple", [child, ...]); nothing when no attribute below has a default.
std::optional<std::string> fill_spec(const InputType& type) {
  using Kind = InputType::Kind;
  auto child = [&](size_t i) { return i < type.children.size() ? fill_spec(type.children[i]) : std::nullopt; };
  switch (type.kind) {
    case Kind::optional: return child(0);
    case Kind::list:
    case Kind::set:
    case Kind::map: {
      auto element = child(0);
      if (!element) return std::nullopt;
      return std::string(type.kind == Kind::map ? "(\"map\", " : "(\"elements\", ") + *element + ")";
    }
    case Kind::tuple: {
      std::string items;
      bool any = false;
      for (size_t i = 0; i < type.children.size(); ++i) {
        auto element = child(i);
        any = any || element.has_value();
        items += (i ? ", " : "") + element.value_or("None");
      }
      if (!any) return std::nullopt;
      return "(\"tuple\", [" + items + "])";
    }
    case Kind::object: {
      std::string entries;
      for (size_t i = 0; i < type.children.size() && i < type.attribute_names.size(); ++i) {
        const InputType& attribute = type.children[i];
        std::optional<std::string> default_value;
        if (attribute.kind == Kind::optional && attribute.default_value && attribute.default_value->value &&
            !attribute.default_value->value->is_null())
          default_value = py_value(attribute.default_value->value->unmarked_deep());
        auto nested = child(i);
        if (!default_value && !nested) continue;
        if (!entries.empty()) entries += ", ";
        entries += py_string(type.attribute_names[i]) + ": (" + default_value.value_or("None") + ", " + nested.value_or("None") + ")";
      }
      if (entries.empty()) return std::nullopt;
      return "(\"object\", {" + entries + "})";
    }
    default: return std::nullopt;
  }
}

// Applies the defaults of a fill_spec to a value read from config, outside in, as HCL applies
// optional attribute defaults: an absent or null attribute takes its default, and defaults reach
// into the elements of collections (and into the defaults themselves).
constexpr const char* kFillHelper = R"PY(

def _fill(value, spec):
    if value is None or spec is None:
        return value
    kind, inner = spec
    if kind == "object" and isinstance(value, dict):
        out = dict(value)
        for key, (default, child) in inner.items():
            if out.get(key) is None:
                out[key] = default
            out[key] = _fill(out[key], child)
        return out
    if kind == "map" and isinstance(value, dict):
        return {key: _fill(item, inner) for key, item in value.items()}
    if kind == "elements" and isinstance(value, (list, tuple)):
        return [_fill(item, inner) for item in value]
    if kind == "tuple" and isinstance(value, (list, tuple)):
        return [_fill(item, inner[i]) if i < len(inner) else item for i, item in enumerate(value)]
    return value
)PY";

// `read_` and the input name with anything that is not a Python identifier character replaced.
std::string function_name(const std::string& input, std::set<std::string>& taken) {
  std::string base = "read_";
  for (unsigned char c : input) base += (std::isalnum(c) && c < 0x80) || c == '_' ? static_cast<char>(c) : '_';
  std::string name = base;
  for (int n = 2; !taken.insert(name).second; ++n) name = base + "_" + std::to_string(n);
  return name;
}

// A comment line: no line breaks may leak out of it.
std::string comment_text(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

}  // namespace

std::string emit_python(const std::vector<InputBlock>& inputs, const std::vector<std::string>& sources) {
  std::string out;
  out += "# Generated by `hclschema inputs --emit python`. Do not edit.\n";
  for (const std::string& source : sources) out += "# Source: " + comment_text(source) + "\n";
  out += "\"\"\"Readers for the fields of the input blocks: each takes a config object (such as pulumi.Config)\n"
         "and returns a dict of the field values, with the declared defaults applied.\"\"\"\n\n\n";
  out += "def _default(value, default):\n    return default if value is None else value\n";
  bool fills = false;
  for (const InputBlock& block : inputs)
    for (const InputField& field : block.fields) fills = fills || fill_spec(field.type).has_value();
  if (fills) out += kFillHelper;

  std::set<std::string> taken{"_default", "_fill"};
  std::vector<std::pair<std::string, std::string>> readers;
  for (const InputBlock& block : inputs) {
    const std::string fn = function_name(block.name, taken);
    readers.emplace_back(block.name, fn);
    out += "\n\ndef " + fn + "(config):\n";
    out += "    \"\"\"The fields of input " + py_string(block.name) + ".\"\"\"\n";
    if (block.fields.empty()) {
      out += "    return {}\n";
      continue;
    }
    out += "    return {\n";
    for (const InputField& field : block.fields) {
      std::string read = field.accessor + "(" + py_string(field.name) + ")";
      const InputDefault* d = field.effective_default();
      if (d && d->value && !d->value->is_null()) read = "_default(" + read + ", " + py_value(d->value->unmarked_deep()) + ")";
      if (auto spec = fill_spec(field.type)) read = "_fill(" + read + ", " + *spec + ")";
      out += "        " + py_string(field.name) + ": " + read + ",\n";
    }
    out += "    }\n";
  }
  out += "\n\nREADERS = {\n";
  for (const auto& [name, fn] : readers) out += "    " + py_string(name) + ": " + fn + ",\n";
  out += "}\n";
  return out;
}

}  // namespace hclschema
