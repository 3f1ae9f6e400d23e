// Type construction, equality and cty's friendly names.
#include "hclschema/value/type.hpp"

#include <algorithm>
#include <memory>

#include "value/sorted_entries.hpp"
#include "value/type_data.hpp"
#include "value/type_interner.hpp"

namespace hclschema {

namespace {
const Type& dynamic_type() {
  static const Type t;
  return t;
}
const std::vector<Type>& no_types() {
  static const std::vector<Type> v;
  return v;
}
const std::vector<Type::Attribute>& no_attributes() {
  static const std::vector<Type::Attribute> v;
  return v;
}
}  // namespace

namespace {
// Sets the whole-tree facts of a freshly built description: whether `dynamic` or an optional
// attribute occurs anywhere, and the type without optional markers when one does. Children were
// finished when they were built, so this looks one level down only.
std::unique_ptr<detail::TypeData> finish(Type::Kind kind, std::unique_ptr<detail::TypeData> d) {
  auto note = [&d](const Type& t) {
    d->has_dynamic_deep = d->has_dynamic_deep || t.has_dynamic_types();
    d->has_optional_deep = d->has_optional_deep || t.has_optional_attributes_deep();
  };
  switch (kind) {
    case Type::Kind::list: case Type::Kind::set: case Type::Kind::map: note(d->element); break;
    case Type::Kind::tuple: for (const auto& t : d->elements) note(t); break;
    case Type::Kind::object:
      d->names.reserve(d->attributes.size());
      for (const auto& a : d->attributes) {
        note(a.type);
        d->names.push_back(a.name);
      }
      d->has_optional_deep = d->has_optional_deep || d->has_optional;
      break;
    default: break;
  }
  if (d->has_optional_deep) {
    switch (kind) {
      case Type::Kind::list: d->without_optional = Type::list(d->element.without_optional_attributes_deep()); break;
      case Type::Kind::set: d->without_optional = Type::set(d->element.without_optional_attributes_deep()); break;
      case Type::Kind::map: d->without_optional = Type::map(d->element.without_optional_attributes_deep()); break;
      case Type::Kind::tuple: {
        std::vector<Type> e;
        e.reserve(d->elements.size());
        for (const auto& t : d->elements) e.push_back(t.without_optional_attributes_deep());
        d->without_optional = Type::tuple(std::move(e));
        break;
      }
      case Type::Kind::object: {
        std::vector<std::pair<std::string, Type>> a;
        a.reserve(d->attributes.size());
        for (const auto& at : d->attributes) a.emplace_back(at.name, at.type.without_optional_attributes_deep());
        d->without_optional = Type::object(std::move(a));
        break;
      }
      default: break;
    }
  }
  return d;
}

// A new description for a shape the interner has not seen (or whose last user is gone).
std::unique_ptr<detail::TypeData> build_type(const detail::TypeShape& shape) {
  auto d = std::make_unique<detail::TypeData>();
  d->kind = shape.kind;
  switch (shape.kind) {
    case Type::Kind::list: case Type::Kind::set: case Type::Kind::map: d->element = *shape.element; break;
    case Type::Kind::tuple: d->elements = *shape.elements; break;
    case Type::Kind::object:
      d->attributes.reserve(shape.attributes->size());
      for (size_t i = 0; i < shape.attributes->size(); ++i) {
        const auto& [name, type] = (*shape.attributes)[i];
        d->attributes.push_back({name, type, shape.is_optional(i)});
        d->has_optional = d->has_optional || shape.is_optional(i);
      }
      break;
    default: break;
  }
  return finish(shape.kind, std::move(d));
}
}  // namespace

Type Type::from_shape(const detail::TypeShape& shape) { return Type(shape.kind, detail::intern_type(shape, build_type)); }

Type Type::list(Type element) { return from_shape({Kind::list, &element}); }
Type Type::set(Type element) { return from_shape({Kind::set, &element}); }
Type Type::map(Type element) { return from_shape({Kind::map, &element}); }
Type Type::tuple(std::vector<Type> elements) {
  detail::TypeShape shape;
  shape.kind = Kind::tuple;
  shape.elements = &elements;
  return from_shape(shape);
}
Type Type::object(std::vector<std::pair<std::string, Type>> attributes, std::vector<std::string> optional) {
  // Duplicates: the last of them wins. Most callers pass names already sorted and unique (from a
  // value's keys): then nothing moves.
  detail::sort_by_name_last_wins(attributes);
  // Most object types have no optional attributes (every object value's type): no flags then.
  std::vector<bool> is_optional;
  if (!optional.empty()) is_optional.assign(attributes.size(), false);
  for (const auto& name : optional) {
    auto it = std::lower_bound(attributes.begin(), attributes.end(), name,
                               [](const auto& a, const std::string& n) { return a.first < n; });
    if (it != attributes.end() && it->first == name) is_optional[static_cast<size_t>(it - attributes.begin())] = true;
  }
  detail::TypeShape shape;
  shape.kind = Kind::object;
  shape.attributes = &attributes;
  shape.optional = optional.empty() ? nullptr : &is_optional;
  return from_shape(shape);
}

const Type& Type::element_type() const {
  return (is_collection() && data_) ? data_->element : dynamic_type();
}
const std::vector<Type>& Type::tuple_elements() const {
  return (is_tuple() && data_) ? data_->elements : no_types();
}
const std::vector<Type::Attribute>& Type::attributes() const {
  return (is_object() && data_) ? data_->attributes : no_attributes();
}
const std::vector<std::string>& Type::attribute_names() const {
  static const std::vector<std::string> none;
  return (is_object() && data_) ? data_->names : none;
}
const Type* Type::attribute_type(std::string_view name) const {
  const auto& attrs = attributes();
  auto it = std::lower_bound(attrs.begin(), attrs.end(), name,
                             [](const Attribute& a, std::string_view n) { return a.name < n; });
  return (it != attrs.end() && it->name == name) ? &it->type : nullptr;
}
bool Type::attribute_optional(std::string_view name) const {
  for (const auto& a : attributes())
    if (a.name == name) return a.optional;
  return false;
}
bool Type::has_optional_attributes() const { return is_object() && data_ && data_->has_optional; }

bool Type::has_optional_attributes_deep() const { return data_ && data_->has_optional_deep; }

bool Type::has_dynamic_types() const {
  if (kind_ == Kind::dynamic) return true;
  return data_ && data_->has_dynamic_deep;
}

Type Type::without_optional_attributes_deep() const {
  return (data_ && data_->has_optional_deep) ? data_->without_optional : *this;
}

namespace {
std::string friendly(const Type& t, bool constraint) {
  switch (t.kind()) {
    case Type::Kind::dynamic: return constraint ? "any type" : "dynamic";
    case Type::Kind::boolean: return "bool";
    case Type::Kind::number: return "number";
    case Type::Kind::string: return "string";
    case Type::Kind::tuple: return "tuple";
    case Type::Kind::object: return "object";
    default: break;
  }
  std::string element = (constraint && t.element_type().is_dynamic()) ? "any single type"
                                                                      : friendly(t.element_type(), constraint);
  const char* prefix = t.is_list() ? "list of " : t.is_set() ? "set of " : "map of ";
  return prefix + element;
}
}  // namespace

std::string Type::friendly_name() const { return friendly(*this, false); }
std::string Type::friendly_name_for_constraint() const { return friendly(*this, true); }

}  // namespace hclschema
