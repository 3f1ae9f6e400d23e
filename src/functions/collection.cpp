// The collection functions of the standard library (go-cty's stdlib collection/set/sequence/bool
// functions plus Terraform's additions): length, keys, merge, setunion, zipmap, ...
#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "functions/families.hpp"
#include "functions/function_util.hpp"
#include "hclschema/value/convert.hpp"
#include "util/go_format.hpp"

namespace hclschema::detail {

namespace {

using namespace fn;

Type list_dyn() { return Type::list(Type::dynamic()); }

// For functions whose parameters allow marks (cty's AllowMarked): strips the top-level marks of `v`
// into `m`. Marks nested in elements stay on them, so only what came from a sensitive element
// is sensitive in the result; the top-level marks go back on the whole result via remark().
Value strip(const Value& v, Marks& m) {
  if (!v.is_marked()) return v;
  m = union_marks(m, v.marks());
  return v.unmarked();
}
// (Not `m.empty() ? v : v.with_marks(m)`: that conditional copies `v`, where returning it alone
// moves it.)
Value remark(Value v, const Marks& m) {
  if (m.empty()) return v;
  return v.with_marks(m);
}
ValueOutcome ok_marked(Value v, const Marks& m) { return ValueOutcome::ok(remark(std::move(v), m)); }

FunctionParam marked(FunctionParam p) {
  p.allow_marked = true;
  return p;
}

// True, false, or unknown: whether a and b are equal.
std::optional<bool> equal(const Value& a, const Value& b) {
  Value e = equals(a, b);
  if (!e.is_known() || e.is_null()) return std::nullopt;
  return e.unmarked().as_bool();
}

Function length_fn() {
  FunctionSpec s;
  s.params = {marked(param("value", Type::dynamic(), true, false, true))};
  // Terraform checks the type before looking at the value: an unknown number is still an error,
  // and not one about the argument (Terraform's errors.New, not an ArgError).
  s.return_type = [](const Args& a) -> TypeOutcome {
    const Type& t = a[0].type();
    if (t.kind() == Type::Kind::string || t.is_collection() || t.is_tuple() || t.is_object() || t.is_dynamic()) return fixed(Type::number());
    return TypeOutcome::fail("argument must be a string, a collection type, or a structural type");
  };
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    // An unknown without marks (`length(var.x)` before the variables are known, the commonest
    // call) is an unknown number, answered without the copy and the marks below. (A tuple's or
    // an object's length is known from the type even when the value is not.)
    if (!a[0].is_known() && !a[0].is_marked() && !a[0].type().is_tuple() && !a[0].type().is_object())
      return ValueOutcome::ok(Value::unknown(Type::number()));
    // The length depends on the value itself, not on its elements: only its own marks carry over.
    Marks m;
    Value v = strip(a[0], m);
    const Type& t = v.type();
    if (t.is_tuple()) return ok_marked(Value::number(static_cast<int64_t>(t.tuple_elements().size())), m);
    if (t.is_object()) return ok_marked(Value::number(static_cast<int64_t>(t.attributes().size())), m);
    if (!v.is_known()) return ok_marked(Value::unknown(Type::number()), m);
    if (t.kind() == Type::Kind::string) return ok_marked(Value::number(static_cast<int64_t>(v.string_length())), m);
    return ok_marked(Value::number(static_cast<int64_t>(v.length())), m);
  };
  return Function(std::move(s));
}

Function keys_fn() {
  FunctionSpec s;
  // An unknown object still has known keys; keys are never marked, so only the map's own marks
  // carry over.
  s.params = {marked(param("inputMap", Type::dynamic(), true, false, true))};
  s.return_type = [](const Args& a) -> TypeOutcome {
    const Type& t = a[0].type();
    if (t.is_map()) return fixed(Type::list(Type::string()));
    if (t.is_object()) return fixed(Type::tuple(std::vector<Type>(t.attributes().size(), Type::string())));
    if (t.is_dynamic()) return fixed(Type::dynamic());
    return TypeOutcome::fail("must have map or object type", 0);
  };
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    // An unknown map or dynamic value without marks (`keys(var.x)` before the variables are
    // known) is an unknown of the result type, answered without the copy and the marks below.
    if (!a[0].is_known() && !a[0].is_marked() && !a[0].type().is_object()) return ValueOutcome::ok(Value::unknown(rt));
    Marks m;
    Value v = strip(a[0], m);
    std::vector<Value> out;
    if (v.type().is_object()) {
      for (const auto& at : v.type().attributes()) out.push_back(Value::string(at.name));
      return ok_marked(Value::tuple(std::move(out)), m);
    }
    if (!v.is_known()) return ok_marked(Value::unknown(rt), m);
    for (const auto& k : v.keys()) out.push_back(Value::string(k));
    return ok_marked(Value::list(Type::string(), std::move(out)), m);
  };
  return Function(std::move(s));
}

Function values_fn() {
  FunctionSpec s;
  s.params = {marked(param("mapping", Type::dynamic(), true))};
  s.return_type = [](const Args& a) -> TypeOutcome {
    const Type& t = a[0].type();
    if (t.is_map()) return fixed(Type::list(t.element_type()));
    if (t.is_object()) {
      std::vector<Type> ts;
      for (const auto& at : t.attributes()) ts.push_back(at.type);
      return fixed(Type::tuple(std::move(ts)));
    }
    if (t.is_dynamic()) return fixed(Type::dynamic());
    return TypeOutcome::fail("values() requires a map as the first argument");
  };
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    Marks m;
    Value v = strip(a[0], m);
    if (v.type().is_map()) return ok_marked(Value::list(v.type().element_type(), v.elements()), m);
    return ok_marked(Value::tuple(v.elements()), m);
  };
  return Function(std::move(s));
}

Function concat_fn() {
  FunctionSpec s;
  // As cty: a dynamic-typed argument makes the result an unknown of unknown type (no
  // AllowDynamicType); marks stay on the elements they came from.
  s.var_param = marked(param("seqs", Type::dynamic()));
  s.return_type = [](const Args& a) -> TypeOutcome {
    if (a.empty()) return TypeOutcome::fail("at least one argument is required");
    // All lists with a common element type: a list of it (decided from the types alone, so an
    // unknown list does not hide it).
    if (a[0].type().is_list()) {
      std::vector<Type> tys;
      for (const auto& v : a) {
        if (!v.type().is_list()) {
          tys.clear();
          break;
        }
        tys.push_back(v.type());
      }
      if (!tys.empty())
        if (auto t = unify(tys, true)) return fixed(*t);
    }
    std::vector<Type> etys;
    for (size_t i = 0; i < a.size(); ++i) {
      const Type& t = a[i].type();
      if (t.is_tuple()) {
        etys.insert(etys.end(), t.tuple_elements().begin(), t.tuple_elements().end());
      } else if (t.is_list()) {
        // A tuple needs the list's length.
        if (!a[i].is_known()) return fixed(Type::dynamic());
        etys.insert(etys.end(), a[i].length(), t.element_type());
      } else {
        return TypeOutcome::fail("all arguments must be lists or tuples; got " + t.friendly_name(), static_cast<int>(i));
      }
    }
    return fixed(Type::tuple(std::move(etys)));
  };
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    Marks m;
    std::vector<Value> elems;
    for (size_t i = 0; i < a.size(); ++i) {
      Value seq = strip(a[i], m);
      if (rt.is_list()) {
        auto c = convert(seq, rt);
        if (!c.value) return ValueOutcome::fail(c.error.message, static_cast<int>(i));
        seq = strip(*c.value, m);
      }
      for (const auto& e : seq.elements()) elems.push_back(e);
    }
    if (rt.is_list()) return ok_marked(Value::list(rt.element_type(), std::move(elems)), m);
    return ok_marked(Value::tuple(std::move(elems)), m);
  };
  return Function(std::move(s));
}

Function contains_fn() {
  FunctionSpec s;
  // As cty's contains: neither argument may be null, and the kind check is the implementation's
  // (an unknown argument answers unknown first), not an argument error.
  s.params = {param("list", Type::dynamic()), param("value", Type::dynamic())};
  s.fixed_return_type = Type::boolean();
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    if (!is_sequence(a[0].type())) return ValueOutcome::fail("argument must be list, tuple, or set");
    bool unknown = false;
    for (const auto& e : a[0].elements()) {
      auto eq = equal(e, a[1]);
      if (!eq) unknown = true;
      else if (*eq) return ValueOutcome::ok(Value::boolean(true));
    }
    return ValueOutcome::ok(unknown ? Value::unknown(Type::boolean()) : Value::boolean(false));
  };
  return Function(std::move(s));
}

Function distinct_fn() {
  FunctionSpec s;
  s.params = {param("list", list_dyn())};
  s.return_type = [](const Args& a) { return fixed(a[0].type()); };
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    if (!a[0].is_wholly_known()) return ValueOutcome::ok(Value::unknown(rt));
    // The first of each run of equal elements, in list order. Comparing each element with every
    // one kept was n^2 (a 2,048-element list took 65 ms, a loop of them a minute, work the
    // evaluator's budget, which counts elements, could not see). Equal elements are neighbours in
    // cty's set order, as Value::set relies on: sorted by it (stably, so the first of equals
    // comes first), each is compared with the kept ones back to the first that is less than it.
    const auto& elems = a[0].elements();
    std::vector<size_t> order(elems.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return set_less(elems[x], elems[y]); });
    std::vector<size_t> kept;  // in set order
    std::vector<bool> keep(elems.size(), false);
    for (size_t i : order) {
      bool seen = false;
      for (auto it = kept.rbegin(); it != kept.rend() && !seen; ++it) {
        if (equal(elems[*it], elems[i]).value_or(false)) seen = true;
        else if (set_less(elems[*it], elems[i])) break;
      }
      if (!seen) {
        kept.push_back(i);
        keep[i] = true;
      }
    }
    std::vector<Value> out;
    out.reserve(kept.size());
    for (size_t i = 0; i < elems.size(); ++i)
      if (keep[i]) out.push_back(elems[i]);
    return ValueOutcome::ok(Value::list(a[0].type().element_type(), std::move(out)));
  };
  return Function(std::move(s));
}

Function element_fn() {
  FunctionSpec s;
  s.params = {marked(param("list", Type::dynamic())), param("index", Type::number())};
  s.return_type = [](const Args& a) -> TypeOutcome {
    const Type& t = a[0].type();
    if (t.is_list()) return fixed(t.element_type());
    if (t.is_tuple()) {
      if (!a[1].is_known()) return fixed(Type::dynamic());
      auto i = whole(a[1]);
      if (!i) return TypeOutcome::fail(std::string("invalid index: ") + int_required);
      if (*i < 0) return TypeOutcome::fail("cannot use element function with a negative index");
      const auto& ets = t.tuple_elements();
      if (ets.empty()) return TypeOutcome::fail("cannot use element function with an empty list");
      return fixed(ets[static_cast<size_t>(*i) % ets.size()]);
    }
    if (t.is_dynamic()) return fixed(Type::dynamic());
    return TypeOutcome::fail("cannot read elements from " + t.friendly_name());
  };
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    auto i = whole(a[1]);
    if (!i) return ValueOutcome::fail(std::string("invalid index: ") + int_required);
    if (*i < 0) return ValueOutcome::fail("cannot use element function with a negative index");
    Marks m;
    Value list = strip(a[0], m);
    const auto& es = list.elements();
    if (es.empty()) return ValueOutcome::fail("cannot use element function with an empty list");
    return ok_marked(es[static_cast<size_t>(*i) % es.size()], m);
  };
  return Function(std::move(s));
}

// cty's flattener: nested sequences' own marks go to the result, their elements keep theirs; an
// unknown nested sequence, or an unknown of unknown type (which might be one), makes the result
// unknown.
void flatten_into(const Value& v, std::vector<Value>& out, bool& unknown, Marks& m) {
  Value seq = strip(v, m);
  for (const auto& e : seq.elements()) {
    if (!e.is_known() && e.type().is_dynamic() && !e.is_marked()) unknown = true;
    if (is_sequence(e.type()) && !e.is_null()) {
      if (!e.is_known()) {
        unknown = true;
        strip(e, m);
        continue;
      }
      flatten_into(e, out, unknown, m);
    } else {
      out.push_back(e);
    }
  }
}

Function flatten_fn() {
  FunctionSpec s;
  s.params = {marked(param("list", Type::dynamic()))};
  s.return_type = [](const Args& a) -> TypeOutcome {
    // As cty: nothing is checked until the argument is wholly known.
    if (!a[0].is_wholly_known()) return fixed(Type::dynamic());
    if (!is_sequence(a[0].type()) && !a[0].type().is_dynamic()) return TypeOutcome::fail("can only flatten lists, sets and tuples");
    return fixed(Type::dynamic());
  };
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    std::vector<Value> out;
    bool unknown = false;
    Marks m;
    flatten_into(a[0], out, unknown, m);
    if (unknown) return ok_marked(Value::unknown(Type::dynamic()), m);
    return ok_marked(Value::tuple(std::move(out)), m);
  };
  return Function(std::move(s));
}

Function index_fn() {
  FunctionSpec s;
  s.params = {param("list", Type::dynamic()), param("value", Type::dynamic())};
  s.return_type = [](const Args& a) -> TypeOutcome {
    const Type& t = a[0].type();
    if (!t.is_list() && !t.is_tuple() && !t.is_dynamic()) return TypeOutcome::fail("argument must be a list or tuple", 0);
    return fixed(Type::number());
  };
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    const auto& es = a[0].elements();
    for (size_t i = 0; i < es.size(); ++i) {
      auto eq = equal(es[i], a[1]);
      if (!eq) return ValueOutcome::ok(Value::unknown(Type::number()));
      if (*eq) return ValueOutcome::ok(Value::number(static_cast<int64_t>(i)));
    }
    return ValueOutcome::fail("item not found");
  };
  return Function(std::move(s));
}

// Terraform's lookup: the default is optional, may be null or unknown and keeps its own marks; the
// map's and the key's marks go on the result. An object answers the attribute's type, or the
// default's when it lacks the attribute.
Function lookup_fn() {
  FunctionSpec s;
  s.params = {marked(param("inputMap", Type::dynamic())), marked(param("key", Type::string()))};
  s.var_param = marked(param("default", Type::dynamic(), true, true, true));
  s.return_type = [](const Args& a) -> TypeOutcome {
    if (a.size() > 3) return TypeOutcome::fail("lookup() takes two or three arguments, got " + std::to_string(a.size()));
    const Type& t = a[0].type();
    if (t.is_object()) {
      if (!a[1].is_known()) return fixed(Type::dynamic());
      std::string key = a[1].unmarked().as_string();
      for (const auto& at : t.attributes())
        if (at.name == key) return fixed(at.type);
      if (a.size() == 3) return fixed(a[2].type());
      return TypeOutcome::fail("the given object has no attribute " + go_quote(key), 0);
    }
    if (t.is_map()) {
      // Checked even when the key exists, as cty and Terraform do.
      if (a.size() == 3 && !convert(a[2], t.element_type()).value)
        return TypeOutcome::fail("the default value must have the same type as the map elements", 2);
      return fixed(t.element_type());
    }
    return TypeOutcome::fail("lookup() requires a map as the first argument", 0);
  };
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    Marks m;
    Value map = strip(a[0], m);
    Marks key_marks;
    const std::string key = strip(a[1], key_marks).as_string();
    m = union_marks(m, key_marks);
    if (!map.is_wholly_known()) return ok_marked(Value::unknown(rt), m);
    if (const Value* v = map.get(key)) return ok_marked(*v, m);
    if (a.size() == 3) {
      auto c = convert(a[2], rt);
      if (!c.value) return ValueOutcome::fail(c.error.message);
      return ok_marked(*c.value, m);
    }
    std::string shown = std::find(key_marks.begin(), key_marks.end(), std::string(sensitive_mark)) != key_marks.end() ? "(sensitive value)" : go_quote(key);
    return ValueOutcome::fail("lookup failed to find key " + shown);
  };
  return Function(std::move(s));
}

Function merge_fn() {
  FunctionSpec s;
  s.var_param = marked(param("maps", Type::dynamic(), true, true));
  // cty's type rules, decided from the types (and known map keys) so that an unknown argument
  // still gives a typed unknown result.
  s.return_type = [](const Args& a) -> TypeOutcome {
    if (a.empty()) return fixed(Type::object(std::vector<std::pair<std::string, Type>>{}));
    std::map<std::string, Type> attrs;
    bool matching = true, attrs_known = true;
    for (const auto& v : a) {
      const Type& t = v.type();
      if (t.is_dynamic()) return fixed(Type::dynamic());
      if (!t.is_map() && !t.is_object())
        return TypeOutcome::fail("arguments must be maps or objects, got \"" + t.friendly_name() + "\"");
      if (t.is_object() && !v.is_null()) {
        for (const auto& at : t.attributes()) attrs[at.name] = at.type;
      } else if (t.is_map() && !v.is_null()) {
        if (v.is_known())
          for (const auto& k : v.keys()) attrs[k] = t.element_type();
        else
          attrs_known = false;
      }
      if (t != a[0].type()) matching = false;
    }
    if (matching) return fixed(a[0].type());
    if (!attrs_known) return fixed(Type::dynamic());
    return fixed(Type::object(std::vector<std::pair<std::string, Type>>(attrs.begin(), attrs.end())));
  };
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    Marks m;
    std::map<std::string, Value> out;
    for (const auto& arg : a) {
      if (arg.is_null()) continue;
      Value v = strip(arg, m);
      const auto& ks = v.keys();
      const auto& es = v.elements();
      for (size_t i = 0; i < ks.size(); ++i) out[ks[i]] = es[i];
    }
    std::vector<std::pair<std::string, Value>> entries(out.begin(), out.end());
    if (rt.is_map()) return ok_marked(Value::map(rt.element_type(), std::move(entries)), m);
    return ok_marked(Value::object(std::move(entries)), m);
  };
  return Function(std::move(s));
}

Function range_fn() {
  FunctionSpec s;
  s.var_param = param("params", Type::number());
  // (The type built once, not per call: a composite type is a lookup or an allocation.)
  s.fixed_return_type = Type::list(Type::number());
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    Number start = 0, end = 0, step = 1;
    switch (a.size()) {
      // Without a step, cty counts down when the end is below the start.
      case 1: end = a[0].as_number(); step = end < start ? -1 : 1; break;
      case 2: start = a[0].as_number(); end = a[1].as_number(); step = end < start ? -1 : 1; break;
      case 3: start = a[0].as_number(); end = a[1].as_number(); step = a[2].as_number(); break;
      default: return ValueOutcome::fail("must have one, two, or three arguments");
    }
    if (step.is_zero()) return ValueOutcome::fail("step must not be zero", 2);
    bool down = step.is_negative();
    if (down && start < end) return ValueOutcome::fail("end must be less than start when step is negative", 1);
    if (!down && start > end) return ValueOutcome::fail("end must be greater than start when step is positive", 1);
    std::vector<Value> out;
    for (Number v = start; down ? v > end : v < end;) {
      if (out.size() >= 1024)
        return ValueOutcome::fail("more than 1024 values were generated; either decrease the difference between start and end or use a smaller step");
      out.push_back(Value::number(v));
      auto n = Number::add(v, step);
      if (!n.value) break;
      v = *n.value;
    }
    return ValueOutcome::ok(Value::list(Type::number(), std::move(out)));
  };
  return Function(std::move(s));
}

Function reverse_fn() {
  FunctionSpec s;
  s.params = {marked(param("list", Type::dynamic()))};
  s.return_type = [](const Args& a) -> TypeOutcome {
    const Type& t = a[0].type();
    if (t.is_list()) return fixed(t);
    if (t.is_tuple()) {
      auto ts = t.tuple_elements();
      std::reverse(ts.begin(), ts.end());
      return fixed(Type::tuple(std::move(ts)));
    }
    return TypeOutcome::fail("can only reverse list or tuple values, not " + t.friendly_name(), 0);
  };
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    Marks m;
    Value v = strip(a[0], m);
    auto es = v.elements();
    std::reverse(es.begin(), es.end());
    if (v.type().is_list()) return ok_marked(Value::list(v.type().element_type(), std::move(es)), m);
    return ok_marked(Value::tuple(std::move(es)), m);
  };
  return Function(std::move(s));
}

// cty's sliceIndexes: each known index is checked on its own (against the length when that is
// known), the order of the two only when both are known.
struct SliceIndexes {
  int64_t start = 0, end = 0;
  bool known = false;
  std::optional<FunctionError> error;
};

SliceIndexes slice_indexes(const Args& a) {
  SliceIndexes r;
  const Value& list = a[0];
  std::optional<int64_t> n;
  if (list.type().is_tuple()) n = static_cast<int64_t>(list.type().tuple_elements().size());
  else if (list.is_known()) n = static_cast<int64_t>(list.length());
  auto fail = [&](std::string msg, int arg) {
    r.error = FunctionError{std::move(msg), arg};
    return r;
  };
  if (a[1].is_known()) {
    auto b = whole(a[1]);
    if (!b) return fail(std::string("invalid start index: ") + int_required, 1);
    if (*b < 0) return fail("start index must not be less than zero", 1);
    if (n && *b > *n) return fail("start index must not be greater than the length of the list", 1);
    r.start = *b;
  }
  if (a[2].is_known()) {
    auto e = whole(a[2]);
    if (!e) return fail(std::string("invalid end index: ") + int_required, 2);
    if (*e < 0) return fail("end index must not be less than zero", 2);
    if (n && *e > *n) return fail("end index must not be greater than the length of the list", 2);
    r.end = *e;
  }
  r.known = a[1].is_known() && a[2].is_known();
  if (r.known && r.start > r.end) return fail("start index must not be greater than end index", 1);
  return r;
}

Function slice_fn() {
  FunctionSpec s;
  s.params = {marked(param("list", Type::dynamic())), param("start_index", Type::number()), param("end_index", Type::number())};
  s.return_type = [](const Args& a) -> TypeOutcome {
    const Type& t = a[0].type();
    if (t.is_set())
      return TypeOutcome::fail("cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important", 0);
    if (!t.is_list() && !t.is_tuple()) return TypeOutcome::fail("must be a list or tuple value", 0);
    auto ix = slice_indexes(a);
    if (ix.error) return {std::nullopt, *ix.error};
    if (t.is_list()) return fixed(t);
    if (!ix.known) return fixed(Type::dynamic());
    const auto& ets = t.tuple_elements();
    return fixed(Type::tuple(std::vector<Type>(ets.begin() + ix.start, ets.begin() + ix.end)));
  };
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    Marks m;
    Value v = strip(a[0], m);
    if (rt.is_dynamic()) return ok_marked(Value::unknown(Type::dynamic()), m);
    auto ix = slice_indexes(a);
    if (ix.error) return {std::nullopt, *ix.error};
    const auto& es = v.elements();
    std::vector<Value> out(es.begin() + ix.start, es.begin() + ix.end);
    if (rt.is_list()) return ok_marked(Value::list(rt.element_type(), std::move(out)), m);
    return ok_marked(Value::tuple(std::move(out)), m);
  };
  return Function(std::move(s));
}

Function sort_fn() {
  FunctionSpec s;
  s.params = {param("list", Type::list(Type::string()))};
  // (The type built once, not per call: a composite type is a lookup or an allocation.)
  s.fixed_return_type = Type::list(Type::string());
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    if (!a[0].is_wholly_known()) return ValueOutcome::ok(Value::unknown(rt));
    std::vector<std::string> ss;
    const auto& es = a[0].elements();
    for (size_t i = 0; i < es.size(); ++i) {
      if (es[i].is_null())
        return ValueOutcome::fail("given list element " + std::to_string(i) + " is null; a null string cannot be sorted");
      ss.push_back(es[i].as_string());
    }
    std::sort(ss.begin(), ss.end());
    std::vector<Value> out;
    for (const auto& x : ss) out.push_back(Value::string(x));
    return ValueOutcome::ok(Value::list(Type::string(), std::move(out)));
  };
  return Function(std::move(s));
}

Function sum_fn() {
  FunctionSpec s;
  s.params = {param("list", Type::dynamic())};
  s.fixed_return_type = Type::number();
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    const Type& t = a[0].type();
    if (!is_sequence(t)) return ValueOutcome::fail("argument must be list, set, or tuple. Received " + t.friendly_name(), 0);
    if (!a[0].is_wholly_known()) return ValueOutcome::ok(Value::unknown(Type::number()));
    const auto& es = a[0].elements();
    if (es.empty()) return ValueOutcome::fail("cannot sum an empty list", 0);
    Number total = 0;
    for (const auto& e : es) {
      if (e.is_null()) return ValueOutcome::fail("argument must be list, set, or tuple of number values", 0);
      auto c = convert(e, Type::number());
      if (!c.value) return ValueOutcome::fail("argument must be list, set, or tuple of number values", 0);
      auto r = Number::add(total, c.value->as_number());
      if (!r.value) return ValueOutcome::fail("can't compute sum of opposing infinities", 0);
      total = *r.value;
    }
    return ValueOutcome::ok(Value::number(total));
  };
  return Function(std::move(s));
}

Function zipmap_fn() {
  FunctionSpec s;
  s.params = {marked(param("keys", Type::list(Type::string()))), marked(param("values", Type::dynamic()))};
  // As cty: a list of values gives a map of their type whatever the keys are; a tuple an object
  // whose attributes need wholly known keys.
  s.return_type = [](const Args& a) -> TypeOutcome {
    const Type& t = a[1].type();
    if (t.is_list()) return fixed(Type::map(t.element_type()));
    if (!t.is_tuple()) return TypeOutcome::fail("values argument must be a list or tuple value");
    if (!a[0].is_wholly_known()) return fixed(Type::dynamic());
    const auto& ks = a[0].unmarked().elements();
    const auto& ets = t.tuple_elements();
    if (ks.size() != ets.size())
      return TypeOutcome::fail("number of keys (" + std::to_string(ks.size()) + ") does not match number of values (" +
                               std::to_string(ets.size()) + ")");
    std::map<std::string, Type> attrs;
    for (size_t i = 0; i < ks.size(); ++i) {
      if (ks[i].is_null()) return TypeOutcome::fail("keys list has null value at index " + std::to_string(i));
      attrs[ks[i].unmarked().as_string()] = ets[i];
    }
    return fixed(Type::object(std::vector<std::pair<std::string, Type>>(attrs.begin(), attrs.end())));
  };
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    // Marks of the keys (the list's and each key's) go on the whole result, the values keep theirs.
    Marks m;
    Value keys = strip(a[0], m);
    Value values = strip(a[1], m);
    if (!keys.is_wholly_known()) return ok_marked(Value::unknown(rt), m);
    const auto& ks = keys.elements();
    const auto& vs = values.elements();
    if (ks.size() != vs.size())
      return ValueOutcome::fail("number of keys (" + std::to_string(ks.size()) + ") does not match number of values (" +
                                std::to_string(vs.size()) + ")");
    std::map<std::string, Value> out;
    for (size_t i = 0; i < ks.size(); ++i) {
      Value k = strip(ks[i], m);
      if (k.is_null()) return ValueOutcome::fail("keys list has null value at index " + std::to_string(i));
      out[k.as_string()] = vs[i];
    }
    std::vector<std::pair<std::string, Value>> entries(out.begin(), out.end());
    if (rt.is_map()) return ok_marked(Value::map(rt.element_type(), std::move(entries)), m);
    return ok_marked(Value::object(std::move(entries)), m);
  };
  return Function(std::move(s));
}

Function all_any_fn(bool all) {
  FunctionSpec s;
  s.params = {param("list", Type::list(Type::boolean()))};
  s.fixed_return_type = Type::boolean();
  s.impl = [all](const Args& a, const Type&) -> ValueOutcome {
    bool unknown = false;
    for (const auto& e : a[0].elements()) {
      if (!e.is_known()) { unknown = true; continue; }
      bool b = !e.is_null() && e.as_bool();
      if (all && !b) return ValueOutcome::ok(Value::boolean(false));
      if (!all && b) return ValueOutcome::ok(Value::boolean(true));
    }
    if (unknown) return ValueOutcome::ok(Value::unknown(Type::boolean()));
    return ValueOutcome::ok(Value::boolean(all));
  };
  return Function(std::move(s));
}

Function coalesce_fn() {
  FunctionSpec s;
  s.var_param = param("vals", Type::dynamic(), true, true);
  s.return_type = [](const Args& a) -> TypeOutcome {
    std::vector<Type> ts;
    for (const auto& v : a) ts.push_back(v.type());
    auto t = unify(ts, true);
    if (!t) return TypeOutcome::fail("all arguments must have the same type");
    return fixed(*t);
  };
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    for (const auto& v : a) {
      if (!v.is_known()) return ValueOutcome::ok(Value::unknown(rt));
      if (v.is_null()) continue;
      auto c = convert(v, rt);
      if (!c.value) continue;
      if (rt.kind() == Type::Kind::string && c.value->as_string().empty()) continue;
      return ValueOutcome::ok(*c.value);
    }
    return ValueOutcome::fail("no non-null, non-empty-string arguments");
  };
  return Function(std::move(s));
}

Function coalescelist_fn() {
  FunctionSpec s;
  s.var_param = param("vals", Type::dynamic(), true, true, true);
  // As cty: any unknown argument makes the type unknowable; a null is of no list type; the result
  // keeps the arguments' type when they all share one.
  s.return_type = [](const Args& a) -> TypeOutcome {
    if (a.empty()) return TypeOutcome::fail("at least one argument is required");
    for (const auto& v : a) {
      if (!v.is_known()) return fixed(Type::dynamic());
      if (!v.type().is_list() && !v.type().is_tuple()) return TypeOutcome::fail("coalescelist arguments must be lists or tuples");
    }
    for (const auto& v : a)
      if (v.type() != a[0].type()) return fixed(Type::dynamic());
    return fixed(a[0].type());
  };
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    for (const auto& v : a) {
      if (!v.is_known()) return ValueOutcome::ok(Value::unknown(rt));
      if (!v.is_null() && v.length() > 0) return ValueOutcome::ok(v);
    }
    return ValueOutcome::fail("no non-null arguments");
  };
  return Function(std::move(s));
}

Function compact_fn() {
  FunctionSpec s;
  s.params = {param("list", Type::list(Type::string()))};
  // (The type built once, not per call: a composite type is a lookup or an allocation.)
  s.fixed_return_type = Type::list(Type::string());
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    if (!a[0].is_wholly_known()) return ValueOutcome::ok(Value::unknown(rt));
    std::vector<Value> out;
    for (const auto& e : a[0].elements())
      if (!e.is_null() && !e.as_string().empty()) out.push_back(e);
    return ValueOutcome::ok(Value::list(Type::string(), std::move(out)));
  };
  return Function(std::move(s));
}

Function chunklist_fn() {
  FunctionSpec s;
  s.params = {marked(param("list", list_dyn())), marked(param("size", Type::number()))};
  s.return_type = [](const Args& a) { return fixed(Type::list(a[0].type())); };
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    // The list's and the size's own marks go on the whole result; elements keep theirs.
    Marks m;
    Value list = strip(a[0], m);
    Value size = strip(a[1], m);
    auto n = whole(size);
    if (!n) return ValueOutcome::fail(std::string("invalid size: ") + int_required);
    if (*n < 0) return ValueOutcome::fail("the size argument must be positive");
    const Type& lt = list.type();
    const auto& es = list.elements();
    std::vector<Value> chunks;
    if (es.empty()) return ok_marked(Value::list(lt, {}), m);
    if (*n == 0) {
      chunks.push_back(list);
    } else {
      for (size_t i = 0; i < es.size(); i += static_cast<size_t>(*n)) {
        size_t e = std::min(es.size(), i + static_cast<size_t>(*n));
        chunks.push_back(Value::list(lt.element_type(), std::vector<Value>(es.begin() + static_cast<long>(i), es.begin() + static_cast<long>(e))));
      }
    }
    return ok_marked(Value::list(lt, std::move(chunks)), m);
  };
  return Function(std::move(s));
}

Function one_fn() {
  FunctionSpec s;
  s.params = {param("list", Type::dynamic())};
  s.return_type = [](const Args& a) -> TypeOutcome {
    const Type& t = a[0].type();
    if (t.is_list() || t.is_set()) return fixed(t.element_type());
    if (t.is_tuple()) {
      const auto& ets = t.tuple_elements();
      if (ets.size() == 0) return fixed(Type::dynamic());
      if (ets.size() == 1) return fixed(ets[0]);
    }
    return TypeOutcome::fail("must be a list, set, or tuple value with either zero or one elements", 0);
  };
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    const auto& es = a[0].elements();
    if (es.empty()) return ValueOutcome::ok(Value::null(rt));
    if (es.size() == 1) return ValueOutcome::ok(es[0]);
    return ValueOutcome::fail("must be a list, set, or tuple value with either zero or one elements", 0);
  };
  return Function(std::move(s));
}

enum class SetOp { union_, intersection, subtract };

Function set_fn(SetOp op) {
  FunctionSpec s;
  s.params = {param(op == SetOp::subtract ? "a" : "first_set", Type::set(Type::dynamic()), true)};  // cty's parameter names
  if (op == SetOp::subtract) s.params.push_back(param("b", Type::set(Type::dynamic()), true));
  else s.var_param = param("other_sets", Type::set(Type::dynamic()), true);
  s.return_type = [](const Args& a) -> TypeOutcome {
    std::vector<Type> ts;
    // As cty: a known empty set of dynamic elements (`[]`) converts to any set, so it takes no
    // part in the unification.
    for (const auto& v : a)
      if (!(v.is_known() && !v.is_null() && v.length() == 0 && v.type().element_type().is_dynamic())) ts.push_back(v.type().element_type());
    if (ts.empty()) return fixed(Type::set(Type::dynamic()));
    auto t = unify(ts, true);
    if (!t) return TypeOutcome::fail("given sets must all have compatible element types");
    return fixed(Type::set(*t));
  };
  s.impl = [op](const Args& a, const Type& rt) -> ValueOutcome {
    const Type& ety = rt.element_type();
    std::vector<std::vector<Value>> sets;
    for (const auto& v : a) {
      // A union keeps its known elements next to unknown ones; an intersection or a difference
      // could lose any of them once the unknowns are known.
      if (op != SetOp::union_ && !v.is_wholly_known()) return ValueOutcome::ok(Value::unknown(rt));
      std::vector<Value> es;
      for (const auto& e : v.elements()) es.push_back(*convert(e, ety).value);
      sets.push_back(std::move(es));
    }
    auto in = [](const std::vector<Value>& set, const Value& x) {
      for (const auto& e : set)
        if (equal(e, x).value_or(false)) return true;
      return false;
    };
    std::vector<Value> out;
    if (op == SetOp::union_) {
      for (const auto& st : sets) out.insert(out.end(), st.begin(), st.end());
    } else {
      for (const auto& e : sets[0]) {
        bool keep = true;
        for (size_t i = 1; i < sets.size(); ++i) {
          bool has = in(sets[i], e);
          if (op == SetOp::intersection ? !has : has) keep = false;
        }
        if (keep) out.push_back(e);
      }
    }
    return ValueOutcome::ok(Value::set(ety, std::move(out)));
  };
  return Function(std::move(s));
}

// The largest product setproduct builds (see its implementation).
constexpr uint64_t k_max_setproduct_elements = uint64_t{1} << 20;

Function setproduct_fn() {
  FunctionSpec s;
  s.var_param = marked(param("sets", Type::dynamic()));
  s.return_type = [](const Args& a) -> TypeOutcome {
    if (a.size() < 2) return TypeOutcome::fail("at least two arguments are required");
    size_t lists = 0;
    std::vector<Type> etys;
    for (size_t i = 0; i < a.size(); ++i) {
      const Type& t = a[i].type();
      if (t.is_set()) {
        etys.push_back(t.element_type());
      } else if (t.is_list()) {
        etys.push_back(t.element_type());
        ++lists;
      } else if (t.is_tuple()) {
        // A tuple is accepted when its elements have a common type.
        ++lists;
        if (t.tuple_elements().empty()) { etys.push_back(Type::dynamic()); continue; }
        auto ety = unify(t.tuple_elements(), true);
        if (!ety) return TypeOutcome::fail("all elements must be of the same type", static_cast<int>(i));
        etys.push_back(*ety);
      } else {
        return TypeOutcome::fail("a set or a list is required", static_cast<int>(i));
      }
    }
    Type tuple = Type::tuple(std::move(etys));
    return fixed(lists == a.size() ? Type::list(tuple) : Type::set(tuple));
  };
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    // As cty: the arguments' own marks go on the whole result, elements keep theirs; unknown
    // elements are fine, the product's shape only needs the lengths.
    Marks m;
    Args plain;
    for (const auto& v : a) plain.push_back(strip(v, m));
    // The product's size is the product of the lengths: three short arguments can ask for
    // billions of tuples, which the reference builds until memory runs out. Above
    // k_max_setproduct_elements this implementation reports it instead.
    uint64_t count = 1;  // saturates just above the limit
    for (const auto& v : plain) {
      const uint64_t n = v.elements().size();
      count = n != 0 && count > k_max_setproduct_elements / n ? k_max_setproduct_elements + 1 : count * n;
    }
    if (count > k_max_setproduct_elements)
      return ValueOutcome::fail("the product would have more than " + std::to_string(k_max_setproduct_elements) +
                                " elements, the most this implementation builds");
    // An empty argument makes the product empty: answered at once, as cty does, rather than
    // after building the rows of the arguments before it.
    if (count == 0) {
      if (rt.is_list()) return ok_marked(Value::list(rt.element_type(), {}), m);
      return ok_marked(Value::set(rt.element_type(), {}), m);
    }
    const auto& etys = rt.element_type().tuple_elements();
    std::vector<std::vector<Value>> rows = {{}};
    for (size_t i = 0; i < plain.size(); ++i) {
      std::vector<std::vector<Value>> next;
      for (const auto& row : rows)
        for (const auto& e : plain[i].elements()) {
          auto c = convert(e, etys[i]);
          if (!c.value) return ValueOutcome::fail("all elements must be of the same type", static_cast<int>(i));
          auto r = row;
          r.push_back(*c.value);
          next.push_back(std::move(r));
        }
      rows = std::move(next);
    }
    std::vector<Value> out;
    for (auto& r : rows) out.push_back(Value::tuple(std::move(r)));
    if (rt.is_list()) return ok_marked(Value::list(rt.element_type(), std::move(out)), m);
    return ok_marked(Value::set(rt.element_type(), std::move(out)), m);
  };
  return Function(std::move(s));
}

Function transpose_fn() {
  FunctionSpec s;
  s.params = {param("values", Type::map(Type::list(Type::string())))};
  // (The type built once, not per call: a composite type is a lookup or an allocation.)
  s.fixed_return_type = Type::map(Type::list(Type::string()));
  s.impl = [](const Args& a, const Type& rt) -> ValueOutcome {
    if (!a[0].is_wholly_known()) return ValueOutcome::ok(Value::unknown(rt));
    std::map<std::string, std::vector<Value>> out;
    const auto& ks = a[0].keys();
    const auto& ls = a[0].elements();
    for (size_t i = 0; i < ks.size(); ++i) {
      if (ls[i].is_null()) return ValueOutcome::fail("input must not contain null list");
      for (const auto& e : ls[i].elements()) {
        if (e.is_null()) return ValueOutcome::fail("input list must not contain null string");
        out[e.as_string()].push_back(Value::string(ks[i]));
      }
    }
    std::vector<std::pair<std::string, Value>> entries;
    for (auto& [k, v] : out) entries.emplace_back(k, Value::list(Type::string(), std::move(v)));
    return ValueOutcome::ok(Value::map(Type::list(Type::string()), std::move(entries)));
  };
  return Function(std::move(s));
}

}  // namespace

void add_collection_functions(FunctionTable& table) {
  table["alltrue"] = all_any_fn(true);
  table["anytrue"] = all_any_fn(false);
  table["chunklist"] = chunklist_fn();
  table["coalesce"] = coalesce_fn();
  table["coalescelist"] = coalescelist_fn();
  table["compact"] = compact_fn();
  table["concat"] = concat_fn();
  table["contains"] = contains_fn();
  table["distinct"] = distinct_fn();
  table["element"] = element_fn();
  table["flatten"] = flatten_fn();
  table["index"] = index_fn();
  table["keys"] = keys_fn();
  table["length"] = length_fn();
  table["lookup"] = lookup_fn();
  table["merge"] = merge_fn();
  table["one"] = one_fn();
  table["range"] = range_fn();
  table["reverse"] = reverse_fn();
  table["setintersection"] = set_fn(SetOp::intersection);
  table["setproduct"] = setproduct_fn();
  table["setsubtract"] = set_fn(SetOp::subtract);
  table["setunion"] = set_fn(SetOp::union_);
  table["slice"] = slice_fn();
  table["sort"] = sort_fn();
  table["sum"] = sum_fn();
  table["transpose"] = transpose_fn();
  table["values"] = values_fn();
  table["zipmap"] = zipmap_fn();
}

}  // namespace hclschema::detail
