// Applying a type constraint's defaults to a value (TypeConstraint::apply_defaults), and the
// conversion that follows it.
//
// This follows today's HCL (typeexpr.Defaults.Apply since v2.16), not Debian's 2.14, in three
// ways users can see, all of them fixes made upstream: a null value is left null instead of
// becoming an object of defaults; a list, set or map whose elements end up with different types
// becomes a tuple or object instead of crashing; and where 2.14 would crash on a value whose
// shape does not match the constraint (a tuple where an object is wanted) the value is left for
// conversion to report. tests/golden/typeexpr lists the cases where the two versions differ.
#include <algorithm>

#include "hclschema/typeexpr.hpp"
#include "typeexpr/defaults_and_convert.hpp"

namespace hclschema {

namespace {

// The defaults for one element of a value whose defaults node is `d`: collections have one
// element type (""), tuples one per index, objects one per attribute.
const TypeDefaults* element_defaults(const TypeDefaults& d, const size_t* index, const std::string* key) {
  const Type& t = d.type;
  if (t.is_map() || t.is_set() || t.is_list()) return d.child("");
  if (t.is_tuple()) return index ? d.child(std::to_string(*index)) : nullptr;
  if (t.is_object()) return key ? d.child(*key) : nullptr;
  return nullptr;
}

// Converts each value to the type all of them unify to (unsafe unification, as HCL does), or
// returns nullopt when there is none or a conversion fails.
std::optional<std::vector<Value>> unify_values(const std::vector<Value>& values) {
  std::vector<Type> types;
  types.reserve(values.size());
  for (const Value& v : values) types.push_back(v.type());
  std::optional<Type> common = unify(types, /*unsafe=*/true);
  if (!common) return std::nullopt;
  std::vector<Value> out;
  out.reserve(values.size());
  for (const Value& v : values) {
    if (v.type() == *common) {
      out.push_back(v);
      continue;
    }
    ConvertResult c = convert(v, *common);
    if (!c.value) return std::nullopt;
    out.push_back(std::move(*c.value));
  }
  return out;
}

class Filler {
 public:
  // `changed` is set when the result differs from `given`; when nothing applies anywhere below,
  // the given value itself is returned, so a value that needs no defaults costs a walk and no
  // copies.
  Value apply(const TypeDefaults& d, const Value& given, bool& changed);

 private:
  // A default with the defaults of the attribute it fills applied to it (outside in). That result
  // depends on the default alone, so it is made once per conversion, not once per object that
  // omits the attribute.
  Value filled_default(const TypeDefaults* child, const Value& default_value);
  std::vector<std::pair<const Value*, Value>> filled_;
};

Value Filler::filled_default(const TypeDefaults* child, const Value& default_value) {
  if (!child) return default_value;
  for (const auto& [original, filled] : filled_)
    if (original == &default_value) return filled;
  bool ignored = false;
  Value filled = apply(*child, default_value, ignored);
  filled_.emplace_back(&default_value, filled);
  return filled;
}

Value Filler::apply(const TypeDefaults& d, const Value& given, bool& changed) {
  // Nulls and unknowns are never filled in: a null object stays null, as a caller meant it.
  if (!given.is_known() || given.is_null()) return given;
  if (d.values.empty() && d.children.empty()) return given;

  const Value v = given.unmarked();
  const Type& vt = v.type();
  bool any_change = false;
  Value result = v;

  if (vt.is_list() || vt.is_set() || vt.is_tuple()) {
    std::vector<Value> elements;
    elements.reserve(v.length());
    for (size_t i = 0; i < v.length(); ++i) {
      const TypeDefaults* child = element_defaults(d, &i, nullptr);
      elements.push_back(child ? apply(*child, v.elements()[i], any_change) : v.elements()[i]);
    }
    if (!any_change) return given;
    std::optional<std::vector<Value>> same;
    if ((vt.is_list() || vt.is_set()) && !elements.empty()) same = unify_values(elements);
    if (same) {
      const Type element = same->front().type();  // before the elements are moved away
      result = vt.is_set() ? Value::set(element, std::move(*same)) : Value::list(element, std::move(*same));
    } else {
      result = Value::tuple(std::move(elements));
    }
  } else if (vt.is_object() || vt.is_map()) {
    // The keys and the defaults are both sorted by name: one merge pass builds the entries in
    // order. Outside in: a default is itself given the defaults of the attribute it fills.
    const auto& keys = v.keys();
    const auto& defaults = d.values;
    std::vector<std::pair<std::string, Value>> entries;
    entries.reserve(keys.size() + defaults.size());
    size_t next_default = 0;
    auto add_missing_defaults_before = [&](const std::string* key) {
      for (; next_default < defaults.size() && (!key || defaults[next_default].first < *key); ++next_default) {
        const auto& [name, default_value] = defaults[next_default];
        entries.emplace_back(name, filled_default(d.child(name), default_value));
        any_change = true;
      }
    };
    for (size_t i = 0; i < keys.size(); ++i) {
      const std::string& key = keys[i];
      add_missing_defaults_before(&key);
      const TypeDefaults* child = element_defaults(d, nullptr, &key);
      Value element = child ? apply(*child, v.elements()[i], any_change) : v.elements()[i];
      if (next_default < defaults.size() && defaults[next_default].first == key) {
        if (element.is_null()) {
          element = filled_default(child, defaults[next_default].second);
          any_change = true;
        }
        ++next_default;
      }
      entries.emplace_back(key, std::move(element));
    }
    add_missing_defaults_before(nullptr);
    if (!any_change) return given;
    std::optional<std::vector<Value>> same;
    if (vt.is_map() && !entries.empty()) {
      std::vector<Value> values;
      values.reserve(entries.size());
      for (const auto& e : entries) values.push_back(e.second);
      same = unify_values(values);
      if (same)
        for (size_t i = 0; i < entries.size(); ++i) entries[i].second = std::move((*same)[i]);
    }
    if (same) {
      const Type element = entries.front().second.type();
      result = Value::map(element, std::move(entries));
    } else {
      result = Value::object(std::move(entries));
    }
  } else {
    return given;
  }
  changed = true;
  return given.is_marked() ? result.with_marks(given.marks()) : result;
}

}  // namespace

Value TypeConstraint::apply_defaults(const Value& value) const {
  if (!defaults_) return value;
  bool changed = false;
  Filler filler;
  return filler.apply(*defaults_, value, changed);
}

ConstraintConversion TypeConstraint::convert(const Value& value) const {
  // The common shapes take one walk; the rest, and every failure, the two that define the result.
  if (defaults_)
    if (std::optional<Value> fast = detail::defaults_and_convert(defaults_.get(), value, type_)) return {std::move(fast), {}};
  ConvertResult converted = hclschema::convert(apply_defaults(value), type_);
  return {std::move(converted.value), std::move(converted.error)};
}

TypeConstraint::Converted TypeConstraint::convert(const Value& value, const Range& subject) const {
  ConstraintConversion c = convert(value);
  if (c.value) return {std::move(c.value), {}};
  return {std::nullopt,
          {make_error("Invalid value for type constraint",
                      "The given value is not suitable for this type constraint: " + error_text(c.error) + ".", subject)}};
}

}  // namespace hclschema
