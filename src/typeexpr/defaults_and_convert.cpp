// Defaults and conversion in one walk, for the shapes where that is simple (see the header).
#include "typeexpr/defaults_and_convert.hpp"

#include <string_view>
#include <utility>
#include <vector>

#include "value/convert_nested.hpp"
#include "value/value_data.hpp"

namespace hclschema::detail {

namespace {

bool nothing_to_fill(const TypeDefaults* d) { return !d || (d->values.empty() && d->children.empty()); }

const TypeDefaults* child_of(const TypeDefaults* d, std::string_view key) { return d ? d->child(key) : nullptr; }

// Plain conversion, as the enclosing conversion would do it: where nothing is filled in,
// apply_defaults changes nothing.
std::optional<Value> converted(const Value& v, const Type& t) { return convert_nested(v, t).value; }

class Walk {
 public:
  std::optional<Value> run(const TypeDefaults* d, const Value& v, const Type& t);

 private:
  std::optional<Value> object_to_object(const TypeDefaults& d, const Value& v, const Type& t);
  std::optional<Value> tuple_to_list(const TypeDefaults& d, const Value& v, const Type& t);
  std::optional<Value> object_to_map(const TypeDefaults& d, const Value& v, const Type& t);
  // A default given its own defaults and converted to its attribute's type: the same for every
  // object that omits the attribute, so made once per walk.
  std::optional<Value> filled_default(const TypeDefaults* child, const Value& default_value, const Type& t);

  std::vector<std::pair<const Value*, std::optional<Value>>> filled_;
};

std::optional<Value> Walk::run(const TypeDefaults* d, const Value& v, const Type& t) {
  if (nothing_to_fill(d)) return converted(v, t);
  // apply_defaults leaves nulls and unknowns alone.
  if (!v.is_known() || v.is_null()) return converted(v, t);
  if (v.is_marked() || t.has_dynamic_types()) return std::nullopt;
  const Type& vt = v.type();
  // Only object types have defaults of their own, so an empty collection or tuple bound for any
  // other type has nothing to fill: apply_defaults returns it as it is.
  if (!t.is_object() && !vt.is_primitive() && v.length() == 0) return converted(v, t);
  if (t.is_object() && vt.is_object()) return object_to_object(*d, v, t);
  if (t.is_list() && vt.is_tuple()) return tuple_to_list(*d, v, t);
  if (t.is_map() && vt.is_object()) return object_to_map(*d, v, t);
  return std::nullopt;
}

std::optional<Value> Walk::filled_default(const TypeDefaults* child, const Value& default_value, const Type& t) {
  for (const auto& [original, result] : filled_)
    if (original == &default_value) return result;
  std::optional<Value> result = run(child, default_value, t);
  filled_.emplace_back(&default_value, result);
  return result;
}

std::optional<Value> Walk::object_to_object(const TypeDefaults& d, const Value& v, const Type& t) {
  // Both attribute lists are sorted by name: one merge pass. Attributes the type does not have
  // are dropped, as the conversion drops them.
  const Type plain = t.without_optional_attributes_deep();
  const auto& plain_attributes = plain.attributes();
  const auto& keys = v.keys();
  const auto& given = v.elements();
  std::vector<Value> elements;
  elements.reserve(t.attributes().size());
  size_t j = 0;
  for (size_t k = 0; k < t.attributes().size(); ++k) {
    const Type::Attribute& a = t.attributes()[k];
    while (j < keys.size() && keys[j] < a.name) ++j;
    const bool present = j < keys.size() && keys[j] == a.name;
    const TypeDefaults* child = d.child(a.name);
    const Value* default_value = d.value(a.name);
    std::optional<Value> e;
    if (present && !given[j].is_null())
      e = run(child, given[j], a.type);
    else if (default_value)
      e = filled_default(child, *default_value, a.type);
    else if (present)
      e = converted(given[j], a.type);  // a null without a default
    else if (a.optional)
      e = Value::null(plain_attributes[k].type);
    else
      return std::nullopt;  // a required attribute is missing: the two walks say so
    if (!e || !(e->type() == plain_attributes[k].type)) return std::nullopt;
    elements.push_back(std::move(*e));
  }
  return ValueData::make_object(plain, std::move(elements));
}

std::optional<Value> Walk::tuple_to_list(const TypeDefaults& d, const Value& v, const Type& t) {
  if (v.length() == 0) return std::nullopt;
  const TypeDefaults* child = d.child("");
  const Type element = t.element_type().without_optional_attributes_deep();
  std::vector<Value> elements;
  elements.reserve(v.length());
  for (const Value& given : v.elements()) {
    std::optional<Value> e = run(child, given, t.element_type());
    // Elements of one type: the conversion's unification would change nothing.
    if (!e || !(e->type() == element)) return std::nullopt;
    elements.push_back(std::move(*e));
  }
  return Value::list(element, std::move(elements));
}

std::optional<Value> Walk::object_to_map(const TypeDefaults& d, const Value& v, const Type& t) {
  if (v.length() == 0) return std::nullopt;
  const TypeDefaults* child = d.child("");
  const Type element = t.element_type().without_optional_attributes_deep();
  std::vector<std::pair<std::string, Value>> entries;
  entries.reserve(v.length());
  for (size_t i = 0; i < v.length(); ++i) {
    std::optional<Value> e = run(child, v.elements()[i], t.element_type());
    if (!e || !(e->type() == element)) return std::nullopt;
    entries.emplace_back(v.keys()[i], std::move(*e));
  }
  return Value::map(element, std::move(entries));
}

}  // namespace

std::optional<Value> defaults_and_convert(const TypeDefaults* defaults, const Value& value, const Type& type) {
  Walk walk;
  return walk.run(defaults, value, type);
}

}  // namespace hclschema::detail
