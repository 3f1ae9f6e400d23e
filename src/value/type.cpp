// Type construction, equality and cty's friendly names.
#include "hclschema/value/type.hpp"

#include <algorithm>

#include "value/type_data.hpp"

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

Type Type::list(Type element) {
  auto d = std::make_shared<detail::TypeData>();
  d->element = std::move(element);
  return Type(Kind::list, std::move(d));
}
Type Type::set(Type element) {
  auto d = std::make_shared<detail::TypeData>();
  d->element = std::move(element);
  return Type(Kind::set, std::move(d));
}
Type Type::map(Type element) {
  auto d = std::make_shared<detail::TypeData>();
  d->element = std::move(element);
  return Type(Kind::map, std::move(d));
}
Type Type::tuple(std::vector<Type> elements) {
  auto d = std::make_shared<detail::TypeData>();
  d->elements = std::move(elements);
  return Type(Kind::tuple, std::move(d));
}
Type Type::object(std::vector<std::pair<std::string, Type>> attributes, std::vector<std::string> optional) {
  auto d = std::make_shared<detail::TypeData>();
  // Stable sort keeps the input order among duplicates, so the last of them can win. Most callers
  // pass names already sorted and unique (from a value's keys): then nothing moves.
  if (std::adjacent_find(attributes.begin(), attributes.end(), [](const auto& a, const auto& b) { return !(a.first < b.first); }) !=
      attributes.end())
    std::stable_sort(attributes.begin(), attributes.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  d->attributes.reserve(attributes.size());
  for (auto& [name, type] : attributes) {
    if (!d->attributes.empty() && d->attributes.back().name == name) {
      d->attributes.back().type = std::move(type);
      continue;
    }
    d->attributes.push_back({std::move(name), std::move(type), false});
  }
  for (const auto& name : optional) {
    auto it = std::lower_bound(d->attributes.begin(), d->attributes.end(), name,
                               [](const Attribute& a, const std::string& n) { return a.name < n; });
    if (it != d->attributes.end() && it->name == name) {
      it->optional = true;
      d->has_optional = true;
    }
  }
  return Type(Kind::object, std::move(d));
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

bool Type::has_dynamic_types() const {
  switch (kind_) {
    case Kind::dynamic: return true;
    case Kind::list: case Kind::set: case Kind::map: return element_type().has_dynamic_types();
    case Kind::tuple:
      return std::any_of(tuple_elements().begin(), tuple_elements().end(),
                         [](const Type& t) { return t.has_dynamic_types(); });
    case Kind::object:
      return std::any_of(attributes().begin(), attributes().end(),
                         [](const Attribute& a) { return a.type.has_dynamic_types(); });
    default: return false;
  }
}

Type Type::without_optional_attributes_deep() const {
  switch (kind_) {
    case Kind::list: return list(element_type().without_optional_attributes_deep());
    case Kind::set: return set(element_type().without_optional_attributes_deep());
    case Kind::map: return map(element_type().without_optional_attributes_deep());
    case Kind::tuple: {
      std::vector<Type> e;
      for (const auto& t : tuple_elements()) e.push_back(t.without_optional_attributes_deep());
      return tuple(std::move(e));
    }
    case Kind::object: {
      std::vector<std::pair<std::string, Type>> a;
      for (const auto& at : attributes()) a.emplace_back(at.name, at.type.without_optional_attributes_deep());
      return object(std::move(a));
    }
    default: return *this;
  }
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

bool operator==(const Type& a, const Type& b) {
  if (a.kind_ != b.kind_) return false;
  if (a.data_ == b.data_) return true;
  switch (a.kind_) {
    case Type::Kind::list: case Type::Kind::set: case Type::Kind::map:
      return a.element_type() == b.element_type();
    case Type::Kind::tuple: return a.tuple_elements() == b.tuple_elements();
    case Type::Kind::object: {
      const auto& x = a.attributes();
      const auto& y = b.attributes();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (x[i].name != y[i].name || x[i].optional != y[i].optional || !(x[i].type == y[i].type)) return false;
      return true;
    }
    default: return true;
  }
}

}  // namespace hclschema
