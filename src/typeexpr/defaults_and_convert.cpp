// Defaults and conversion in one walk, for the shapes where that is simple (see the header).
#include "typeexpr/defaults_and_convert.hpp"

#include <deque>
#include <string_view>
#include <utility>
#include <vector>

#include "value/convert_nested.hpp"
#include "value/value_data.hpp"

namespace hclschema::detail {

namespace {

bool nothing_to_fill(const TypeDefaults* d) { return !d || (d->values.empty() && d->children.empty()); }

// Plain conversion, as the enclosing conversion would do it: where nothing is filled in,
// apply_defaults changes nothing.
std::optional<Value> converted(const Value& v, const Type& t) {
  if (v.type() == t) return v;  // most leaves: no ConvertResult to build and take apart
  return convert_nested(v, t).value;
}

// Nulls take their type without optional markers, as the conversion does for every attribute.
Value null_clean(Value v) {
  if (v.is_null() && v.is_known()) return Value::null(v.type().without_optional_attributes_deep()).with_marks(v.marks());
  return v;
}

class Walk {
 public:
  std::optional<Value> run(const TypeDefaults* d, const Value& v, const Type& t);

 private:
  std::optional<Value> object_to_object(const TypeDefaults& d, const Value& v, const Type& t);
  std::optional<Value> tuple_to_list(const TypeDefaults& d, const Value& v, const Type& t);
  std::optional<Value> object_to_map(const TypeDefaults& d, const Value& v, const Type& t);
  // The elements of a tuple or object bound for a collection of t's element type, each walked and
  // then unified as the conversion unifies them.
  std::optional<std::vector<Value>> elements_of(const TypeDefaults& d, const Value& v, const Type& t);
  // A default given its own defaults and converted to its attribute's type: the same for every
  // object that omits the attribute, so made once per walk.
  std::optional<Value> filled_default(const TypeDefaults* child, const Value& default_value, const Type& t);

  // What the defaults say about each attribute of a target object type: its defaults subtree
  // and its default value, looked up by name once per (defaults, type) pair and then reused for
  // every object bound for that type (a list of objects repeats the same few pairs), instead of
  // searching the defaults by name for every attribute of every object. Not keyed by the value's
  // type: objects written out by hand omit different attributes, so their types rarely repeat.
  struct Plan {
    const TypeDefaults* defaults;
    const void* target_type;
    std::vector<const TypeDefaults*> children;  // per target attribute
    std::vector<const Value*> default_values;   // per target attribute
  };
  static Plan make_plan(const TypeDefaults& d, const Type& t);
  const Plan& plan_for(const TypeDefaults& d, const Type& t);

  std::vector<std::pair<const Value*, std::optional<Value>>> filled_;
  std::deque<Plan> plans_;  // a deque: plans stay put while the walk recurses and adds more
};

Walk::Plan Walk::make_plan(const TypeDefaults& d, const Type& t) {
  Plan plan{&d, t.identity(), {}, {}};
  const auto& attributes = t.attributes();
  plan.children.reserve(attributes.size());
  plan.default_values.reserve(attributes.size());
  for (const Type::Attribute& a : attributes) {
    plan.children.push_back(d.child(a.name));
    plan.default_values.push_back(d.value(a.name));
  }
  return plan;
}

const Walk::Plan& Walk::plan_for(const TypeDefaults& d, const Type& t) {
  // A type constraint has one (defaults, type) pair per object type in it, so this stays short.
  for (const Plan& p : plans_)
    if (p.defaults == &d && p.target_type == t.identity()) return p;
  plans_.push_back(make_plan(d, t));
  return plans_.back();
}

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
  // Attributes the type does not have are dropped, as the conversion drops them.
  const Plan& plan = plan_for(d, t);
  const auto& keys = v.keys();
  const Type plain = t.without_optional_attributes_deep();
  const auto& plain_attributes = plain.attributes();
  const auto& given = v.elements();
  std::vector<Value> elements;
  elements.reserve(t.attributes().size());
  bool of_plain_type = true;
  size_t j = 0;  // the value's keys and the type's attributes are both sorted: one merge pass
  for (size_t k = 0; k < t.attributes().size(); ++k) {
    const Type::Attribute& a = t.attributes()[k];
    while (j < keys.size() && keys[j] < a.name) ++j;
    const Value* present = j < keys.size() && keys[j] == a.name ? &given[j] : nullptr;
    const TypeDefaults* child = plan.children[k];
    const Value* default_value = plan.default_values[k];
    // Each branch initialises `e` in place and it is moved into the result once: attribute
    // values are copied and moved for every attribute of every object, so the moves count.
    std::optional<Value> e = present && !present->is_null() ? run(child, *present, a.type)
                             : default_value                ? filled_default(child, *default_value, a.type)
                             : present                      ? converted(*present, a.type)  // a null without a default
                             : a.optional ? std::optional<Value>(Value::null(plain_attributes[k].type))
                                          : std::nullopt;  // a required attribute is missing: the two walks say so
    if (!e) return std::nullopt;
    if (e->is_null() && e->is_known()) *e = null_clean(std::move(*e));
    elements.push_back(std::move(*e));
    of_plain_type = of_plain_type && elements.back().type() == plain_attributes[k].type;
  }
  if (of_plain_type) return ValueData::make_object(plain, std::move(elements));
  // An attribute kept optional markers in its type (an empty map bound for a map of objects with
  // optional attributes; a list or map around it unifies them away): the object's
  // type is made from its attributes' types, as the conversion makes it.
  std::vector<std::pair<std::string, Value>> attributes;
  attributes.reserve(elements.size());
  for (size_t k = 0; k < elements.size(); ++k) attributes.emplace_back(t.attributes()[k].name, std::move(elements[k]));
  return Value::object(std::move(attributes));
}

std::optional<std::vector<Value>> Walk::elements_of(const TypeDefaults& d, const Value& v, const Type& t) {
  if (v.length() == 0) return std::nullopt;
  const TypeDefaults* child = d.child("");
  std::vector<Value> elements;
  elements.reserve(v.length());
  for (const Value& given : v.elements()) {
    std::optional<Value> e = run(child, given, t.element_type());
    if (!e) return std::nullopt;
    elements.push_back(std::move(*e));
  }
  if (!unify_converted_elements(elements)) return std::nullopt;
  return elements;
}

std::optional<Value> Walk::tuple_to_list(const TypeDefaults& d, const Value& v, const Type& t) {
  std::optional<std::vector<Value>> elements = elements_of(d, v, t);
  if (!elements) return std::nullopt;
  const Type element = elements->front().type();
  return Value::list(element, std::move(*elements));
}

std::optional<Value> Walk::object_to_map(const TypeDefaults& d, const Value& v, const Type& t) {
  std::optional<std::vector<Value>> elements = elements_of(d, v, t);
  if (!elements) return std::nullopt;
  const Type element = elements->front().type();
  std::vector<std::pair<std::string, Value>> entries;
  entries.reserve(elements->size());
  for (size_t i = 0; i < elements->size(); ++i) entries.emplace_back(v.keys()[i], std::move((*elements)[i]));
  return Value::map(element, std::move(entries));
}

}  // namespace

std::optional<Value> defaults_and_convert(const TypeDefaults* defaults, const Value& value, const Type& type) {
  Walk walk;
  std::optional<Value> result = walk.run(defaults, value, type);
  // convert() returns a value that already has the type without optional markers as it is, where
  // the walk converts each part (which may give an empty collection a type with markers). The
  // two agree when the walk's result has that plain type too; otherwise the two walks answer.
  if (result && !(result->type() == type.without_optional_attributes_deep())) return std::nullopt;
  return result;
}

}  // namespace hclschema::detail
