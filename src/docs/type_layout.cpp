// Type constraints as documentation shows them: one line or laid out over lines, with
// `optional(T, DEFAULT)` as written (type_string() drops it), and the attributes of nested object
// types flattened into rows (`logging`, `logging.format`).
#include <algorithm>

#include "docs/docs_detail.hpp"

namespace hclschema::docs::detail {

namespace {

const TypeDefaults* child_of(const TypeDefaults* d, std::string_view key) { return d ? d->child(key) : nullptr; }

// The default of optional attribute `name` as it takes effect. Stored defaults are converted to
// the attribute's type, so `optional(object({a = optional(bool, true)}), {})` holds `{a = null}`;
// the attribute's own nested defaults then fill those nulls in (`{a = true}`), and that is what
// a reader needs to see.
std::optional<Value> effective_default(const TypeDefaults* d, std::string_view name, const Type& type) {
  const Value* def = d ? d->value(name) : nullptr;
  if (!def) return std::nullopt;
  for (const auto& [key, child] : d->children)
    if (key == name && child) return TypeConstraint(type, child).apply_defaults(*def);
  return *def;
}

std::string optional_attribute(const std::string& inner, const TypeDefaults* d, const Type::Attribute& a, bool hide) {
  const auto def = effective_default(d, a.name, a.type);
  if (!def) return "optional(" + inner + ")";
  return "optional(" + inner + ", " + (hide ? std::string("(sensitive)") : value_text(*def, SIZE_MAX)) + ")";
}

// `indent` < 0: one line. Otherwise objects open a block whose attributes sit at indent + 2.
std::string layout(const Type& t, const TypeDefaults* d, bool hide, int indent, bool compact) {
  switch (t.kind()) {
    case Type::Kind::dynamic: return "any";
    case Type::Kind::boolean: return "bool";
    case Type::Kind::number: return "number";
    case Type::Kind::string: return "string";
    case Type::Kind::list: return "list(" + layout(t.element_type(), child_of(d, ""), hide, indent, compact) + ")";
    case Type::Kind::set: return "set(" + layout(t.element_type(), child_of(d, ""), hide, indent, compact) + ")";
    case Type::Kind::map: return "map(" + layout(t.element_type(), child_of(d, ""), hide, indent, compact) + ")";
    case Type::Kind::tuple: {
      std::string out = "tuple([";
      const auto& elements = t.tuple_elements();
      for (size_t i = 0; i < elements.size(); ++i)
        out += (i ? ", " : "") + layout(elements[i], child_of(d, std::to_string(i)), hide, indent, compact);
      return out + "])";
    }
    case Type::Kind::object: {
      const auto& attrs = t.attributes();
      if (attrs.empty()) return "object({})";
      if (compact) return "object({...})";
      if (indent < 0) {
        std::string out = "object({ ";
        for (size_t i = 0; i < attrs.size(); ++i) {
          std::string inner = layout(attrs[i].type, child_of(d, attrs[i].name), hide, indent, compact);
          if (attrs[i].optional) inner = optional_attribute(inner, d, attrs[i], hide);
          out += (i ? ", " : "") + attrs[i].name + " = " + inner;
        }
        return out + " })";
      }
      size_t width = 0;
      for (const auto& a : attrs) width = std::max(width, a.name.size());
      const std::string pad(static_cast<size_t>(indent + 2), ' ');
      std::string out = "object({\n";
      for (const auto& a : attrs) {
        std::string inner = layout(a.type, child_of(d, a.name), hide, indent + 2, compact);
        if (a.optional) inner = optional_attribute(inner, d, a, hide);
        out += pad + a.name + std::string(width - a.name.size(), ' ') + " = " + inner + "\n";
      }
      return out + std::string(static_cast<size_t>(indent), ' ') + "})";
    }
  }
  return "any";
}

std::string step_name(const std::string& path, const std::string& name) { return path.empty() ? name : path + "." + name; }

// `path` by value: the callers pass a row of `out`, which push_back may move.
void walk(const Type& t, const TypeDefaults* d, bool hide, std::string path, int depth, const std::string& prefix,
          std::set<std::string>& anchors, std::vector<NestedAttribute>& out) {
  switch (t.kind()) {
    case Type::Kind::list:
    case Type::Kind::set:
    case Type::Kind::map:
      walk(t.element_type(), child_of(d, ""), hide, path + "[*]", depth, prefix, anchors, out);
      return;
    case Type::Kind::tuple: {
      const auto& elements = t.tuple_elements();
      for (size_t i = 0; i < elements.size(); ++i)
        walk(elements[i], child_of(d, std::to_string(i)), hide, path + "[" + std::to_string(i) + "]", depth, prefix, anchors, out);
      return;
    }
    case Type::Kind::object:
      for (const auto& a : t.attributes()) {
        NestedAttribute row;
        row.path = step_name(path, a.name);
        row.anchor = make_anchor(prefix, row.path, anchors);
        row.type = compact_type(a.type);
        row.depth = depth;
        row.required = !a.optional;
        if (const auto def = effective_default(d, a.name, a.type)) {
          row.default_hidden = hide;
          row.default_text = hide ? std::string("(sensitive)") : value_text(*def, SIZE_MAX);
        }
        out.push_back(std::move(row));
        walk(a.type, child_of(d, a.name), hide, out.back().path, depth + 1, prefix, anchors, out);
      }
      return;
    default: return;
  }
}

}  // namespace

std::string type_text(const Type& type, const TypeDefaults* defaults, bool hide_defaults) {
  return layout(type, defaults, hide_defaults, -1, false);
}

std::string type_block(const Type& type, const TypeDefaults* defaults, bool hide_defaults, size_t width) {
  if (type_text(type, defaults, hide_defaults).size() <= width) return {};
  return layout(type, defaults, hide_defaults, 0, false);
}

std::string compact_type(const Type& type) { return layout(type, nullptr, false, -1, true); }

std::vector<NestedAttribute> nested_attributes(const Type& type, const TypeDefaults* defaults, bool hide_defaults,
                                               const std::string& anchor_prefix, std::set<std::string>& anchors) {
  std::vector<NestedAttribute> out;
  walk(type, defaults, hide_defaults, "", 0, anchor_prefix, anchors, out);
  return out;
}

}  // namespace hclschema::docs::detail
