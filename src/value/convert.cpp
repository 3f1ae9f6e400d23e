// Conversion and unification following go-cty's convert package: a type-level check (whether a
// conversion exists, as GetConversion returning non-nil) and the value-level conversion that
// mirrors it, with cty's mismatch messages.
#include "hclschema/value/convert.hpp"

#include <algorithm>
#include <map>

#include "value/convert_nested.hpp"
#include "value/value_data.hpp"

namespace hclschema {

namespace {

struct Failure {
  std::string message;
  std::string path;
};
using Out = std::optional<Value>;

// Where in the value a conversion is, as a chain of steps on the stack. Most conversions succeed,
// so the path is written out as text (".name", "[0]", "[\"key\"]") only when one fails.
struct Path {
  enum class Kind : uint8_t { root, attribute, index, key } kind = Kind::root;
  const Path* parent = nullptr;
  std::string_view name;  // attribute name or map key
  size_t index = 0;

  Path attribute(std::string_view n) const { return {Kind::attribute, this, n, 0}; }
  Path element(size_t i) const { return {Kind::index, this, {}, i}; }
  Path key(std::string_view k) const { return {Kind::key, this, k, 0}; }
  std::string text() const;
};

std::string quote(std::string_view s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}

bool has_conversion(const Type& in, const Type& out, bool unsafe);
Out apply(const Value& v, const Type& out, bool unsafe, const Path& path, Failure& f);
std::optional<Type> unify_impl(const std::vector<Type>& types, bool unsafe);

// getConversionKnown's decision for tuple/object sources into collections of `ety`.
std::optional<Type> structural_element_type(const std::vector<Type>& etys, const Type& ety, bool unsafe) {
  if (!ety.is_dynamic()) return ety;
  auto u = unify_impl(etys, unsafe);
  if (!u) return std::nullopt;
  if (u->is_dynamic())
    for (const auto& t : etys)
      if (!t.is_dynamic()) return std::nullopt;
  return u;
}

bool has_conversion(const Type& in, const Type& out, bool unsafe) {
  if (out.is_dynamic()) return true;
  if (unsafe && in.is_dynamic()) return true;
  if (in.is_primitive() && out.is_primitive()) {
    if (out.kind() == Type::Kind::string && (in.kind() == Type::Kind::number || in.kind() == Type::Kind::boolean))
      return true;
    return unsafe && in.kind() == Type::Kind::string && out.kind() != Type::Kind::string;
  }
  if (out.is_object() && in.is_object()) {
    for (const auto& a : out.attributes()) {
      const Type* it = in.attribute_type(a.name);
      if (!it) {
        if (a.optional) continue;
        return false;
      }
      if (!(*it == a.type) && !has_conversion(*it, a.type, unsafe)) return false;
    }
    return true;
  }
  if (out.is_tuple() && in.is_tuple()) {
    const auto& i = in.tuple_elements();
    const auto& o = out.tuple_elements();
    if (i.size() != o.size()) return false;
    for (size_t k = 0; k < i.size(); ++k)
      if (!(i[k] == o[k]) && !has_conversion(i[k], o[k], unsafe)) return false;
    return true;
  }
  if (out.is_list() && (in.is_list() || in.is_set()))
    return in.element_type() == out.element_type() || has_conversion(in.element_type(), out.element_type(), unsafe);
  if (out.is_set() && (in.is_list() || in.is_set())) {
    if (in.is_list() && !unsafe) return false;
    return in.element_type() == out.element_type() || has_conversion(in.element_type(), out.element_type(), unsafe);
  }
  if (out.is_map() && in.is_map()) return has_conversion(in.element_type(), out.element_type(), unsafe);
  if ((out.is_list() || out.is_set()) && in.is_tuple()) {
    const auto& etys = in.tuple_elements();
    if (etys.empty()) return true;
    auto ety = structural_element_type(etys, out.element_type(), unsafe);
    if (!ety) return false;
    // Long tuples (a list of objects written out) repeat a few element types: types are interned,
    // so each distinct one is checked once.
    std::vector<const void*> checked;
    for (const auto& t : etys) {
      if (t == *ety || std::find(checked.begin(), checked.end(), t.identity()) != checked.end()) continue;
      if (!has_conversion(t, *ety, unsafe)) return false;
      if (t.identity() && checked.size() < 16) checked.push_back(t.identity());
    }
    return true;
  }
  if (out.is_map() && in.is_object()) {
    if (in.attributes().empty()) return true;
    Type ety = out.element_type();
    if (ety.is_dynamic()) {
      std::vector<Type> atys;
      for (const auto& a : in.attributes()) atys.push_back(a.type);
      auto u = unify_impl(atys, unsafe);
      if (!u) return false;
      ety = *u;
    }
    for (const auto& a : in.attributes())
      if (!(a.type == ety) && !has_conversion(a.type, ety, unsafe)) return false;
    return true;
  }
  if (out.is_object() && in.is_map()) {
    if (!unsafe) return false;
    for (const auto& a : out.attributes()) {
      if (a.type == in.element_type()) continue;
      if (!has_conversion(in.element_type(), a.type, unsafe) && !a.optional) return false;
    }
    return true;
  }
  return false;
}

// cty's dynamicReplace: the type of an unknown or null result.
Type dynamic_replace(const Type& in, const Type& out) {
  if (in.is_dynamic()) return out;
  switch (out.kind()) {
    case Type::Kind::dynamic: return in;
    case Type::Kind::boolean: case Type::Kind::number: case Type::Kind::string: return out;
    case Type::Kind::map: {
      Type e;
      if (in.is_map()) e = dynamic_replace(in.element_type(), out.element_type());
      if (in.is_object()) {
        std::vector<Type> ts;
        for (const auto& a : in.attributes()) ts.push_back(a.type);
        e = dynamic_replace(unify_impl(ts, true).value_or(Type()), out.element_type());
      }
      return Type::map(e);
    }
    case Type::Kind::object: {
      std::vector<std::pair<std::string, Type>> attrs;
      for (const auto& a : out.attributes()) {
        if (in.is_map()) attrs.emplace_back(a.name, dynamic_replace(in.element_type(), a.type));
        else if (in.is_object()) {
          const Type* it = in.attribute_type(a.name);
          attrs.emplace_back(a.name, it ? dynamic_replace(*it, a.type) : a.type);
        }
      }
      return Type::object(std::move(attrs));
    }
    case Type::Kind::set: case Type::Kind::list: {
      Type e;
      if (in.is_set() || in.is_list()) e = dynamic_replace(in.element_type(), out.element_type());
      if (in.is_tuple()) e = dynamic_replace(unify_impl(in.tuple_elements(), true).value_or(Type()), out.element_type());
      return out.is_set() ? Type::set(e) : Type::list(e);
    }
    case Type::Kind::tuple: {
      std::vector<Type> ts;
      for (size_t i = 0; i < out.tuple_elements().size(); ++i) {
        Type it = i < in.tuple_elements().size() ? in.tuple_elements()[i] : Type();
        ts.push_back(dynamic_replace(it, out.tuple_elements()[i]));
      }
      return Type::tuple(std::move(ts));
    }
  }
  return out;
}

Value null_clean(const Value& v) {
  if (v.is_null() && v.is_known()) return Value::null(v.type().without_optional_attributes_deep()).with_marks(v.marks());
  return v;
}

std::string Path::text() const {
  if (kind == Kind::root) return {};
  std::string t = parent->text();
  switch (kind) {
    case Kind::attribute: t += '.'; t += name; break;
    case Kind::index: t += '['; t += std::to_string(index); t += ']'; break;
    case Kind::key: t += '['; t += quote(name); t += ']'; break;
    case Kind::root: break;
  }
  return t;
}

// Converts each element to one type when the elements' types differ (conversionUnify*Elements).
bool unify_elements(std::vector<Value>& elems, bool unsafe, const Path& path, Failure& f) {
  std::vector<Type> types;
  for (const auto& e : elems) types.push_back(e.type());
  auto u = unify_impl(types, unsafe);
  if (!u) {
    f = {"cannot find a common base type for all elements", path.text()};
    return false;
  }
  for (size_t i = 0; i < elems.size(); ++i) {
    if (elems[i].type() == *u) continue;
    auto r = apply(elems[i], *u, unsafe, path.element(i), f);
    if (!r) return false;
    elems[i] = *r;
  }
  return true;
}

// The one element type of a collection being built, as cty.ListVal/SetVal/MapVal find it:
// elements of the dynamic pseudo-type (a bare null or unknown) fit any type and take the others'
// type. nullopt when the other elements' types differ.
std::optional<Type> common_element_type(std::vector<Value>& elems) {
  std::optional<Type> et;
  for (const auto& e : elems) {
    if (e.type().is_dynamic()) continue;
    if (!et)
      et = e.type();
    else if (!(e.type() == *et))
      return std::nullopt;
  }
  if (!et) return Type::dynamic();
  for (auto& e : elems) {
    if (!e.type().is_dynamic()) continue;
    Value typed = e.is_known() ? Value::null(*et) : Value::unknown(*et);
    e = e.is_marked() ? typed.with_marks(e.marks()) : typed;
  }
  return et;
}

Out apply_known(const Value& v, const Type& out, bool unsafe, const Path& path, Failure& f) {
  const Type& in = v.type();
  if (out.is_dynamic() || in == out) return v;
  if (unsafe && in.is_dynamic()) {
    auto r = convert(v, out);
    if (!r.value) f = {r.error.message, path.text() + r.error.path};
    return r.value;
  }
  if (in.is_primitive() && out.is_primitive()) {
    if (out.kind() == Type::Kind::string) {
      if (in.kind() == Type::Kind::number) {
        // Its full text (cty's) would take up to 646 million bytes; to_string would write an
        // exponent, which is not cty's string.
        const Number& n = v.as_number();
        if (n.too_long_to_write_out()) {
          f = {"number too large to convert to string: its decimal text would have " + std::to_string(n.digit_count()) +
                   " digits, more than the limit of " + std::to_string(Number::max_digits),
               path.text()};
          return std::nullopt;
        }
        return Value::string(n.to_string());
      }
      return Value::string(v.as_bool() ? "true" : "false");
    }
    const std::string& s = v.as_string();
    if (out.kind() == Type::Kind::number) {
      auto n = Number::parse(s);
      if (!n) {
        f = {"a number is required", path.text()};
        return std::nullopt;
      }
      return Value::number(*n);
    }
    if (s == "true" || s == "1") return Value::boolean(true);
    if (s == "false" || s == "0") return Value::boolean(false);
    std::string lower = s;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "true" || lower == "false")
      f = {"a bool is required; to convert from string, use lowercase \"" + lower + "\"", path.text()};
    else
      f = {"a bool is required", path.text()};
    return std::nullopt;
  }
  if (out.is_object() && in.is_object()) {
    // Both attribute lists are sorted by name: one merge pass. has_conversion has checked that
    // every required attribute is there; optional ones that are not become nulls.
    const auto& keys = v.keys();
    const auto& given = v.elements();
    const Type plain = out.without_optional_attributes_deep();
    const auto& plain_attrs = plain.attributes();
    std::vector<Value> elems;
    elems.reserve(out.attributes().size());
    std::vector<const Type::Attribute*> included;  // parallel to elems
    included.reserve(out.attributes().size());
    // Without `dynamic` in the target, each converted attribute has exactly its attribute's type,
    // so the result's type is `plain`, already built: no new type, no sorting, no key copies.
    // Checked per attribute below rather than assumed.
    bool of_plain_type = !out.has_dynamic_types();
    size_t j = 0;
    for (size_t k = 0; k < out.attributes().size(); ++k) {
      const Type::Attribute& a = out.attributes()[k];
      while (j < keys.size() && keys[j] < a.name) ++j;
      Value e;
      if (j < keys.size() && keys[j] == a.name) {
        e = given[j];
        if (!(e.type() == a.type)) {
          auto r = apply(e, a.type, unsafe, path.attribute(a.name), f);
          if (!r) return std::nullopt;
          e = std::move(*r);
        }
        e = null_clean(e);
      } else if (a.optional) {
        e = Value::null(a.type.without_optional_attributes_deep());
      } else {
        of_plain_type = false;
        continue;
      }
      if (of_plain_type && !(e.type() == plain_attrs[k].type)) of_plain_type = false;
      elems.push_back(std::move(e));
      included.push_back(&a);
    }
    if (of_plain_type) return detail::ValueData::make_object(plain, std::move(elems));
    std::vector<std::pair<std::string, Value>> attrs;
    attrs.reserve(elems.size());
    for (size_t k = 0; k < elems.size(); ++k) attrs.emplace_back(included[k]->name, std::move(elems[k]));
    return Value::object(std::move(attrs));
  }
  if (out.is_tuple() && in.is_tuple()) {
    std::vector<Value> es;
    for (size_t i = 0; i < v.elements().size(); ++i) {
      const Value& e = v.elements()[i];
      if (in.tuple_elements()[i] == out.tuple_elements()[i]) {
        es.push_back(e);
        continue;
      }
      auto r = apply(e, out.tuple_elements()[i], unsafe, path.element(i), f);
      if (!r) return std::nullopt;
      es.push_back(*r);
    }
    return Value::tuple(std::move(es));
  }
  if ((out.is_list() || out.is_set()) && (in.is_list() || in.is_set())) {
    const Type& ety = out.element_type();
    bool same = in.element_type() == ety;
    std::vector<Value> es;
    for (size_t i = 0; i < v.elements().size(); ++i) {
      Value e = v.elements()[i];
      if (!same) {
        auto r = apply(e, ety, unsafe, path.element(i), f);
        if (!r) return std::nullopt;
        e = *r;
      }
      es.push_back(null_clean(e));
    }
    if (es.empty()) {
      Type et = ety.is_dynamic() ? in.element_type() : ety.without_optional_attributes_deep();
      return out.is_list() ? Value::list(et, {}) : Value::set(et, {});
    }
    const std::optional<Type> common = common_element_type(es);
    if (!common) {
      f = {std::string("element types must all match for conversion to ") + (out.is_list() ? "list" : "set"), path.text()};
      return std::nullopt;
    }
    const Type et = *common;
    return out.is_list() ? Value::list(et, std::move(es)) : Value::set(et, std::move(es));
  }
  if (out.is_map() && in.is_map()) {
    const Type& ety = out.element_type();
    std::vector<std::pair<std::string, Value>> es;
    std::vector<Value> vals;
    for (size_t i = 0; i < v.elements().size(); ++i) {
      auto r = apply(v.elements()[i], ety, unsafe, path.key(v.keys()[i]), f);
      if (!r) return std::nullopt;
      vals.push_back(*r);
    }
    if (vals.empty()) return Value::map(ety.is_dynamic() ? in.element_type() : ety, {});
    if (ety.is_collection() || ety.is_object())
      if (!unify_elements(vals, false, path, f)) return std::nullopt;
    const std::optional<Type> common = common_element_type(vals);
    if (!common) {
      f = {"element types must all match for conversion to map", path.text()};
      return std::nullopt;
    }
    const Type et = *common;
    for (size_t i = 0; i < vals.size(); ++i) es.emplace_back(v.keys()[i], vals[i]);
    return Value::map(et, std::move(es));
  }
  if ((out.is_list() || out.is_set()) && in.is_tuple()) {
    const auto& etys = in.tuple_elements();
    if (etys.empty()) {
      Type et = out.element_type().without_optional_attributes_deep();
      return out.is_list() ? Value::list(et, {}) : Value::set(et, {});
    }
    Type ety = *structural_element_type(etys, out.element_type(), unsafe);
    std::vector<Value> es;
    for (size_t i = 0; i < v.elements().size(); ++i) {
      Value e = v.elements()[i];
      if (!(etys[i] == ety)) {
        auto r = apply(e, ety, unsafe, path.element(i), f);
        if (!r) return std::nullopt;
        e = *r;
      }
      es.push_back(out.is_set() ? null_clean(e) : e);
    }
    // cty hands the unification its element path still pointing at the last element, so its
    // errors carry that index (conversionTupleToList in cty 1.12); golden tests hold us to it.
    // With neither `dynamic` nor optional attributes in the element type, every element already
    // has exactly that type and unifying would change nothing (it is a quarter of the work).
    if (out.is_list() && !es.empty() &&
        (out.element_type().has_dynamic_types() || out.element_type().has_optional_attributes_deep()) &&
        !unify_elements(es, unsafe, path.element(es.size() - 1), f))
      return std::nullopt;
    const std::optional<Type> common = common_element_type(es);
    if (!common) {
      f = {std::string("element types must all match for conversion to ") + (out.is_list() ? "list" : "set"), path.text()};
      return std::nullopt;
    }
    const Type et = *common;
    return out.is_list() ? Value::list(et, std::move(es)) : Value::set(et, std::move(es));
  }
  if (out.is_map() && in.is_object()) {
    if (in.attributes().empty()) return Value::map(out.element_type().without_optional_attributes_deep(), {});
    Type ety = out.element_type();
    if (ety.is_dynamic()) {
      std::vector<Type> atys;
      for (const auto& a : in.attributes()) atys.push_back(a.type);
      ety = *unify_impl(atys, unsafe);
    }
    std::vector<Value> vals;
    for (size_t i = 0; i < v.elements().size(); ++i) {
      Value e = v.elements()[i];
      if (!(e.type() == ety) && !(*in.attribute_type(v.keys()[i]) == ety)) {
        auto r = apply(e, ety, unsafe, path.key(v.keys()[i]), f);
        if (!r) return std::nullopt;
        e = *r;
      }
      vals.push_back(e);
    }
    if (ety.is_collection() || ety.is_object())
      if (!unify_elements(vals, unsafe, path, f)) return std::nullopt;
    const std::optional<Type> common = common_element_type(vals);
    if (!common) {
      f = {"attribute types must all match for conversion to map", path.text()};
      return std::nullopt;
    }
    std::vector<std::pair<std::string, Value>> es;
    for (size_t i = 0; i < vals.size(); ++i) es.emplace_back(v.keys()[i], vals[i]);
    return Value::map(*common, std::move(es));
  }
  if (out.is_object() && in.is_map()) {
    std::vector<std::pair<std::string, Value>> attrs;
    for (size_t i = 0; i < v.keys().size(); ++i) {
      const std::string& name = v.keys()[i];
      const Type* at = out.attribute_type(name);
      if (!at) continue;
      Value e = v.elements()[i];
      if (!(*at == in.element_type())) {
        if (!has_conversion(in.element_type(), *at, unsafe)) {
          f = {"map element type is incompatible with attribute " + quote(name) + ": " +
                   mismatch_message(e.type(), *at), path.text()};
          return std::nullopt;
        }
        auto r = apply(e, *at, unsafe, path.key(name), f);
        if (!r) return std::nullopt;
        e = *r;
      }
      attrs.emplace_back(name, null_clean(e));
    }
    for (const auto& a : out.attributes()) {
      if (v.get(a.name)) continue;
      if (!a.optional) {
        f = {"map has no element for required attribute " + quote(a.name), path.text()};
        return std::nullopt;
      }
      attrs.emplace_back(a.name, Value::null(a.type));
    }
    return Value::object(std::move(attrs));
  }
  f = {mismatch_message(in, out), path.text()};
  return std::nullopt;
}

// The wrapper every cty conversion has: marks, dynamic targets, unknowns and nulls.
Out apply(const Value& v, const Type& out, bool unsafe, const Path& path, Failure& f) {
  if (v.is_marked()) {
    auto r = apply(v.unmarked(), out, unsafe, path, f);
    if (r) return r->with_marks(v.marks());
    return r;
  }
  if (out.is_dynamic()) return v;
  if (!v.is_known()) return Value::unknown(dynamic_replace(v.type(), out.without_optional_attributes_deep()));
  if (v.is_null()) return Value::null(dynamic_replace(v.type(), out.without_optional_attributes_deep()));
  return apply_known(v, out, unsafe, path, f);
}

// --- unification -----------------------------------------------------------------------------

int compare_types(const Type& a0, const Type& b0) {
  Type a = a0, b = b0;
  if (a.is_dynamic() || b.is_dynamic()) {
    if (!a.is_dynamic()) return -1;
    if (!b.is_dynamic()) return 1;
    return 0;
  }
  if (a.is_primitive() && b.is_primitive()) {
    if (a.kind() == Type::Kind::string || b.kind() == Type::Kind::string) {
      if (a.kind() != Type::Kind::string) return 1;
      if (b.kind() != Type::Kind::string) return -1;
      return 0;
    }
  }
  if ((a.is_list() && b.is_list()) || (a.is_set() && b.is_set()) || (a.is_map() && b.is_map()))
    return compare_types(a.element_type(), b.element_type());
  int swap = 1;
  if ((a.is_tuple() && b.is_list()) || (a.is_object() && b.is_map()) || (a.is_set() && b.is_tuple()) ||
      (a.is_set() && b.is_list())) {
    std::swap(a, b);
    swap = -1;
  }
  if (b.is_set() && (a.is_tuple() || a.is_list())) return -1 * swap;
  if (a.is_list() && b.is_tuple()) return -1 * swap;
  if (a.is_map() && b.is_object()) return -1 * swap;
  auto verdict = [&](bool a_super, bool b_super) {
    if (a_super && b_super) return 0;
    if (a_super) return -1 * swap;
    if (b_super) return 1 * swap;
    return 0;
  };
  if (a.is_object() && b.is_object()) {
    if (a.attributes().size() != b.attributes().size()) return 0;
    bool as = false, bs = false;
    for (const auto& at : a.attributes()) {
      const Type* bt = b.attribute_type(at.name);
      if (!bt) return 0;
      int c = compare_types(at.type, *bt);
      if (c < 0) as = true; else if (c > 0) bs = true;
    }
    return verdict(as, bs);
  }
  if (a.is_tuple() && b.is_tuple()) {
    if (a.tuple_elements().size() != b.tuple_elements().size()) return 0;
    bool as = false, bs = false;
    for (size_t i = 0; i < a.tuple_elements().size(); ++i) {
      int c = compare_types(a.tuple_elements()[i], b.tuple_elements()[i]);
      if (c < 0) as = true; else if (c > 0) bs = true;
    }
    return verdict(as, bs);
  }
  return 0;
}

// Kahn's topological order over compare_types, as cty's sortTypes.
std::vector<size_t> sort_types(const std::vector<Type>& tys) {
  size_t l = tys.size();
  std::vector<std::vector<size_t>> edges(l);
  for (size_t i = 0; i + 1 < l; ++i)
    for (size_t j = i + 1; j < l; ++j) {
      int c = compare_types(tys[i], tys[j]);
      if (c < 0) edges[i].push_back(j);
      else if (c > 0) edges[j].push_back(i);
    }
  std::vector<int> in_degree(l, 0);
  for (const auto& outs : edges)
    for (size_t j : outs) ++in_degree[j];
  std::vector<size_t> queue;
  for (size_t i = 0; i < l; ++i)
    if (in_degree[i] == 0) queue.push_back(i);
  for (size_t q = 0; q < queue.size(); ++q)
    for (size_t j : edges[queue[q]])
      if (--in_degree[j] == 0) queue.push_back(j);
  return queue;
}

bool all_convert(const std::vector<Type>& types, const Type& to, bool unsafe) {
  // Many elements share a few types (interned: equal types compare by address), so each distinct
  // type is checked once; the answer is the same, an "every type converts".
  std::vector<const Type*> checked;
  for (const auto& t : types) {
    if (t == to || std::any_of(checked.begin(), checked.end(), [&](const Type* c) { return *c == t; })) continue;
    if (!has_conversion(t, to, unsafe)) return false;
    checked.push_back(&t);
  }
  return true;
}

std::optional<Type> unify_to_map(const std::vector<Type>& types, bool unsafe) {
  std::vector<Type> atys;
  for (const auto& t : types)
    for (const auto& a : t.attributes()) atys.push_back(a.type);
  auto e = unify_impl(atys, unsafe);
  if (!e) return std::nullopt;
  Type r = Type::map(*e);
  if (!all_convert(types, r, unsafe)) return std::nullopt;
  return r;
}

std::optional<Type> unify_to_list(const std::vector<Type>& types, bool unsafe) {
  std::vector<Type> etys;
  for (const auto& t : types)
    for (const auto& e : t.tuple_elements()) etys.push_back(e);
  auto e = unify_impl(etys, unsafe);
  if (!e) return std::nullopt;
  Type r = Type::list(*e);
  if (!all_convert(types, r, unsafe)) return std::nullopt;
  return r;
}

std::optional<Type> unify_impl(const std::vector<Type>& types, bool unsafe) {
  if (types.empty()) return std::nullopt;
  // The usual case, many elements of one type, unifies to that type; cty's general path would get
  // there too, through a preference sort that compares every pair. (Optional attributes are the
  // exception: unifying objects drops them, so those take the general path.)
  if (std::all_of(types.begin() + 1, types.end(), [&](const Type& t) { return t == types.front(); }) &&
      !types.front().has_optional_attributes_deep())
    return types.front();
  size_t maps = 0, lists = 0, sets = 0, objects = 0, tuples = 0, dyns = 0, n = types.size();
  for (const auto& t : types) {
    if (t.is_map()) ++maps;
    else if (t.is_list()) ++lists;
    else if (t.is_set()) ++sets;
    else if (t.is_object()) ++objects;
    else if (t.is_tuple()) ++tuples;
    else if (t.is_dynamic()) ++dyns;
  }
  auto collection = [&](Type (*make)(Type)) -> std::optional<Type> {
    if (dyns > 0) return Type::dynamic();
    std::vector<Type> es;
    for (const auto& t : types) es.push_back(t.element_type());
    auto e = unify_impl(es, unsafe);
    if (!e) return std::nullopt;
    Type r = make(*e);
    if (!all_convert(types, r, unsafe)) return std::nullopt;
    return r;
  };
  // Collections of one kind mixed with the structural type that converts to that kind (maps with
  // objects, lists with tuples): the structural types are unified into such a collection first,
  // then everything together; nullopt unless both steps give that kind, and then the preference
  // order below decides, as cty does.
  using Unifier = std::optional<Type> (*)(const std::vector<Type>&, bool);
  auto with_structurals = [&](bool (Type::*is_structural)() const, bool (Type::*is_kind)() const, Unifier unify_structurals) -> std::optional<Type> {
    std::vector<Type> structurals;
    for (const auto& t : types)
      if ((t.*is_structural)()) structurals.push_back(t);
    auto c = unify_structurals(structurals, unsafe);
    if (!c || !((*c).*is_kind)()) return std::nullopt;
    std::vector<Type> replaced;
    for (const auto& t : types) replaced.push_back((t.*is_structural)() ? *c : t);
    auto r = unify_impl(replaced, unsafe);
    if (r && ((*r).*is_kind)()) return r;
    return std::nullopt;
  };
  if (maps > 0 && maps + dyns == n) return collection(&Type::map);
  if (maps > 0 && maps + objects + dyns == n) {
    if (auto r = with_structurals(&Type::is_object, &Type::is_map, &unify_to_map)) return r;
  } else if (lists > 0 && lists + dyns == n) {
    return collection(&Type::list);
  } else if (lists > 0 && lists + tuples + dyns == n) {
    if (auto r = with_structurals(&Type::is_tuple, &Type::is_list, &unify_to_list)) return r;
  } else if (sets > 0 && sets + dyns == n) {
    return collection(&Type::set);
  } else if (objects > 0 && objects + dyns == n) {
    if (dyns > 0) return Type::dynamic();
    // Same attribute names everywhere, or unify as a map. Attributes are sorted by name, so equal
    // name sets line up position by position and each attribute is found by its index.
    const auto& first = types[0].attributes();
    for (size_t i = 1; i < n; ++i) {
      if (types[i] == types[0]) continue;
      const auto& these = types[i].attributes();
      if (these.size() != first.size()) return unify_to_map(types, unsafe);
      for (size_t k = 0; k < these.size(); ++k)
        if (these[k].name != first[k].name) return unify_to_map(types, unsafe);
    }
    std::vector<std::pair<std::string, Type>> attrs;
    for (size_t k = 0; k < first.size(); ++k) {
      const auto& a = first[k];
      std::vector<Type> across;
      across.reserve(n);
      for (const auto& t : types) across.push_back(t.attributes()[k].type);
      auto u = unify_impl(across, unsafe);
      if (!u) return std::nullopt;
      attrs.emplace_back(a.name, *u);
    }
    Type r = Type::object(std::move(attrs));
    if (!all_convert(types, r, unsafe)) return unify_to_map(types, unsafe);
    return r;
  } else if (tuples > 0 && tuples + dyns == n) {
    if (dyns > 0) return Type::dynamic();
    size_t len = types[0].tuple_elements().size();
    for (size_t i = 1; i < n; ++i)
      if (types[i].tuple_elements().size() != len) return unify_to_list(types, unsafe);
    std::vector<Type> es;
    for (size_t k = 0; k < len; ++k) {
      std::vector<Type> across;
      for (const auto& t : types) across.push_back(t.tuple_elements()[k]);
      auto u = unify_impl(across, unsafe);
      if (!u) return std::nullopt;
      es.push_back(*u);
    }
    Type r = Type::tuple(std::move(es));
    if (!all_convert(types, r, unsafe)) return unify_to_list(types, unsafe);
    return r;
  } else if (objects > 0 && tuples > 0) {
    return std::nullopt;
  }
  for (size_t want : sort_types(types)) {
    bool ok = true;
    for (size_t i = 0; i < n && ok; ++i)
      if (i != want && !(types[i] == types[want]) && !has_conversion(types[i], types[want], unsafe)) ok = false;
    if (ok) return types[want];
  }
  return std::nullopt;
}

// --- mismatch messages ----------------------------------------------------------------------

std::string mismatch_objects(const Type& got, const Type& want) {
  std::vector<std::string> missing;
  std::string unsafe_mismatch, safe_mismatch;
  for (const auto& w : want.attributes()) {
    const Type* g = got.attribute_type(w.name);
    if (!g) {
      if (!w.optional) missing.push_back(w.name);
      continue;
    }
    if (*g == w.type) continue;
    if (!unsafe_mismatch.empty()) continue;
    if (!has_conversion(*g, w.type, true))
      unsafe_mismatch = "attribute " + quote(w.name) + ": " + mismatch_message(*g, w.type);
    if (!safe_mismatch.empty()) continue;
    if (!has_conversion(*g, w.type, false))
      safe_mismatch = "attribute " + quote(w.name) + ": " + mismatch_message(*g, w.type);
  }
  if (!missing.empty()) {
    if (missing.size() == 1) return "attribute " + quote(missing[0]) + " is required";
    if (missing.size() == 2) return "attributes " + quote(missing[0]) + " and " + quote(missing[1]) + " are required";
    std::string s;
    for (size_t i = 0; i + 1 < missing.size(); ++i) s += quote(missing[i]) + ", ";
    return "attributes " + s + "and " + quote(missing.back()) + " are required";
  }
  if (!unsafe_mismatch.empty()) return unsafe_mismatch;
  if (!safe_mismatch.empty()) return safe_mismatch;
  return "incorrect object attributes";
}

}  // namespace

std::string mismatch_message(const Type& got, const Type& want) {
  std::string required = want.friendly_name_for_constraint() + " required";
  if (got.is_object() && want.is_object()) return mismatch_objects(got, want);
  if (got.is_tuple() && want.is_list() && want.element_type().is_dynamic()) return "all list elements must have the same type";
  if (got.is_tuple() && want.is_set() && want.element_type().is_dynamic()) return "all set elements must have the same type";
  if (got.is_object() && want.is_map() && want.element_type().is_dynamic()) return "all map elements must have the same type";
  if ((got.is_tuple() || got.is_object()) && want.is_collection()) {
    if ((want.is_list() || want.is_set()) && !got.is_tuple()) return required;
    if (want.is_map() && !got.is_object()) return required;
    const Type& wety = want.element_type();
    if (got.is_tuple()) {
      for (size_t i = 0; i < got.tuple_elements().size(); ++i) {
        const Type& g = got.tuple_elements()[i];
        if (g == wety || has_conversion(g, wety, true)) continue;
        return "element " + std::to_string(i) + ": " + mismatch_message(g, wety);
      }
    } else {
      for (const auto& a : got.attributes()) {
        if (a.type == wety || has_conversion(a.type, wety, true)) continue;
        return "element " + quote(a.name) + ": " + mismatch_message(a.type, wety);
      }
    }
    return "all elements must be " + wety.friendly_name_for_constraint();
  }
  if (got.is_collection() && want.is_collection()) {
    if ((want.is_list() || want.is_set()) && !(got.is_list() || got.is_set())) return required;
    if (want.is_map() && !got.is_map()) return required;
    const char* noun = want.is_list() ? "list element type" : want.is_set() ? "set element type" : "map element type";
    return std::string("incorrect ") + noun + ": " + mismatch_message(got.element_type(), want.element_type());
  }
  return required;
}

bool can_convert(const Type& from, const Type& to, bool unsafe) { return has_conversion(from, to, unsafe); }

std::optional<Type> unify(const std::vector<Type>& types, bool unsafe) { return unify_impl(types, unsafe); }

namespace {
// A successful result holding `value`. Built member by member: `return {value, {}}` had GCC clear
// the whole result (over a hundred bytes) before constructing its members, on every conversion.
template <class V>
ConvertResult converted(V&& value) {
  ConvertResult r;
  r.value.emplace(std::forward<V>(value));
  return r;
}
}  // namespace

// (Flattened: the value's copy and the result's members built inline on the fast paths.)
[[gnu::flatten]] ConvertResult convert(const Value& value, const Type& want) {
  // The commonest conversions of evaluation (operands and arguments) answered without the general
  // path, each as it answers: any value to dynamic is the value itself (apply() takes the marks off
  // and puts the same ones back); a primitive to its own type is itself; an unmarked value of
  // dynamic type (an unknown, or a null) becomes an unknown or a null of the primitive type.
  if (want.is_dynamic()) return converted(value);
  if (want.is_primitive()) {
    const Type& have = value.type();
    if (have.kind() == want.kind()) return converted(value);
    if (have.is_dynamic() && !value.is_marked()) {
      if (!value.is_known()) return converted(Value::unknown(want));
      if (value.is_null()) return converted(Value::null(want));
    }
  }
  if (value.type() == want.without_optional_attributes_deep()) return converted(value);
  return detail::convert_nested(value, want);
}

bool detail::unify_converted_elements(std::vector<Value>& elements) {
  Failure ignored;
  return unify_elements(elements, /*unsafe=*/true, Path{}, ignored) && common_element_type(elements).has_value();
}

ConvertResult detail::convert_nested(const Value& value, const Type& want) {
  if (value.type() == want) return converted(value);
  if (!has_conversion(value.type(), want, true)) return {std::nullopt, {mismatch_message(value.type(), want), ""}};
  Failure f;
  auto r = apply(value, want, true, Path{}, f);
  if (!r) return {std::nullopt, {f.message, f.path}};
  return converted(std::move(*r));
}

}  // namespace hclschema
