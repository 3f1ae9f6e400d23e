// hcl.Index and hcl.GetAttr (HCL's ops.go) and hclsyntax's operators with the call semantics of
// the cty stdlib functions behind them (null check, unknown short-cut, marks).
#include "eval/operations.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "eval/work_budget.hpp"

#include "hclschema/value/convert.hpp"
#include "util/go_format.hpp"
#include "util/thread_table_drain.hpp"

namespace hclschema::eval_detail {

namespace {

constexpr std::string_view invalid_index = "Invalid index";

OpResult fail(std::string_view summary, std::string detail) {
  return {Value::unknown(Type::dynamic()), std::string(summary), std::move(detail)};
}

std::string quote(std::string_view s) { return hclschema::detail::go_quote(s); }

Value with_marks_of(Value v, const Value& a) { return a.is_marked() ? v.with_marks(a.marks()) : v; }

}  // namespace

// Whether `key` is a number of more than a thousand digits (work_budget.hpp's number_units) and
// no key of `collection` (a map or object) is as long: then it names none of them, which
// index_value answers without writing the number out (x[4e444444444] took minutes; the eval fuzz
// target found it). A static traversal's key is not charged to the work budget.
bool number_key_too_long(const Value& collection, const Value& key) {
  if (key.type().kind() != Type::Kind::number || !key.is_known() || number_units(key.as_number()) == 0) return false;
  for (const auto& k : collection.unmarked().keys())
    if (k.size() >= 1000) return false;
  return true;
}

OpResult index_value(const Value& collection, const Value& key) {
  if (collection.is_null()) return fail("Attempt to index null value", "This value is null, so it does not have any indices.");
  if (key.is_null()) return fail(invalid_index, "Can't use a null value as an indexing key.");
  const Type& ty = collection.type();
  Marks marks = union_marks(collection.is_marked() ? collection.marks() : Marks{}, key.is_marked() ? key.marks() : Marks{});
  auto marked = [&](Value v) { return marks.empty() ? v : v.with_marks(marks); };
  // An unknown answer keeps the marks, as today's hcl.Index does (`DynamicVal.WithSameMarks`; 2.14
  // dropped them): a result derived from a sensitive value is sensitive. The key's marks are kept
  // too, as everywhere here, where hcl keeps only the collection's.
  if (key.type().is_dynamic() || ty.is_dynamic()) return {marked(Value::unknown(Type::dynamic())), std::nullopt, {}};
  if ((ty.is_map() || ty.is_object()) && number_key_too_long(collection, key)) {
    // What the branches below answer once the number is written out: an unknown for an unknown
    // collection (a splat's element type is worked out on one), else no such key.
    if (!collection.is_known())
      return {ty.is_map() ? marked(Value::unknown(ty.element_type())) : Value::unknown(Type::dynamic()), std::nullopt, {}};
    if (ty.is_map()) return fail(invalid_index, "The given key does not identify an element in this collection value.");
    return fail(invalid_index,
                "The given key does not identify an element in this collection value. An object only supports looking up attributes by name, not by numeric index.");
  }
  if (ty.is_list() || ty.is_tuple() || ty.is_map()) {
    Type want = ty.is_map() ? Type::string() : Type::number();
    auto conv = convert(key.unmarked(), want);
    if (!conv.value)
      return fail(invalid_index, "The given key does not identify an element in this collection value: " + conv.error.message + ".");
    const Value& k = *conv.value;
    // A tuple's indexes are in its type, so an unknown tuple still says whether a known index is
    // valid, and which element type it gives (cty's HasIndex and Index); a list's or map's don't.
    if (!k.is_known() || (!collection.is_known() && !ty.is_tuple()))
      return {ty.is_tuple() ? Value::unknown(Type::dynamic()) : marked(Value::unknown(ty.element_type())), std::nullopt, {}};
    if (ty.is_map()) {
      const Value* v = collection.unmarked().get(k.as_string());
      if (!v) return fail(invalid_index, "The given key does not identify an element in this collection value.");
      return {marked(*v), std::nullopt, {}};
    }
    const Number& n = k.as_number();
    if (!n.is_integer()) {
      return fail(invalid_index,
                  "The given key does not identify an element in this collection value: indexing a sequence requires a whole number, but the given index has a fractional part.");
    }
    if (n.is_negative() && !n.is_zero())
      return fail(invalid_index, "The given key does not identify an element in this collection value: a negative number is not a valid index for a sequence.");
    auto i = n.to_int64();
    const size_t len = ty.is_tuple() ? ty.tuple_elements().size() : collection.unmarked().length();
    if (!i || static_cast<uint64_t>(*i) >= len) {
      // As hcl.Index: the specific reasons only for an index equal to the length (its test is
      // "index - length < 1" after the index was found missing); one past that gets the plain
      // message.
      if (i && static_cast<uint64_t>(*i) == len) {
        if (len == 0) return fail(invalid_index, "The given key does not identify an element in this collection value: the collection has no elements.");
        return fail(invalid_index, "The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection.");
      }
      return fail(invalid_index, "The given key does not identify an element in this collection value.");
    }
    if (!collection.is_known()) return {marked(Value::unknown(ty.tuple_elements()[static_cast<size_t>(*i)])), std::nullopt, {}};
    return {marked(collection.unmarked().elements()[static_cast<size_t>(*i)]), std::nullopt, {}};
  }
  if (ty.is_object()) {
    bool was_number = key.type() == Type::number();
    auto conv = convert(key.unmarked(), Type::string());
    if (!conv.value)
      return fail(invalid_index, "The given key does not identify an element in this collection value: " + conv.error.message + ".");
    if (!collection.is_known() || !conv.value->is_known()) return {Value::unknown(Type::dynamic()), std::nullopt, {}};
    const std::string& name = conv.value->as_string();
    if (!ty.attribute_type(name)) {
      std::string extra = was_number ? " An object only supports looking up attributes by name, not by numeric index." : "";
      return fail(invalid_index, "The given key does not identify an element in this collection value." + extra);
    }
    return {marked(*collection.unmarked().get(name)), std::nullopt, {}};
  }
  if (ty.is_set())
    return fail(invalid_index,
                "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.");
  return fail(invalid_index, "This value does not have any indices.");
}

OpResult get_attr(const Value& obj, std::string_view name) {
  if (obj.is_null()) return fail("Attempt to get attribute from null value", "This value is null, so it does not have any attributes.");
  constexpr std::string_view unsupported = "Unsupported attribute";
  const Type& ty = obj.type();
  if (ty.is_object()) {
    const Type* at = ty.attribute_type(name);
    if (!at) return fail(unsupported, "This object does not have an attribute named " + quote(name) + ".");
    if (!obj.is_known()) return {with_marks_of(Value::unknown(*at), obj), std::nullopt, {}};
    return {with_marks_of(*obj.unmarked().get(name), obj), std::nullopt, {}};
  }
  if (ty.is_map()) {
    if (!obj.is_known()) return {with_marks_of(Value::unknown(ty.element_type()), obj), std::nullopt, {}};
    const Value* v = obj.unmarked().get(name);
    if (!v) return fail("Missing map element", "This map does not have an element with the key " + quote(name) + ".");
    return {with_marks_of(*v, obj), std::nullopt, {}};
  }
  // Marked as the value, as today's hcl.GetAttr answers (2.14 dropped the marks).
  if (ty.is_dynamic()) return {with_marks_of(Value::unknown(Type::dynamic()), obj), std::nullopt, {}};
  if (ty.is_list() && ty.element_type().is_object()) {
    if (ty.element_type().attribute_type(name))
      return fail(unsupported, "Can't access attributes on a list of objects. Did you mean to access attribute " + quote(name) +
                                   " for a specific element of the list, or across all elements of the list?");
    return fail(unsupported,
                "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?");
  }
  if (ty.is_set() && ty.element_type().is_object())
    return fail(unsupported, "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?");
  if (ty.is_primitive()) return fail(unsupported, "Can't access attributes on a primitive-typed value (" + ty.friendly_name() + ").");
  return fail(unsupported, "This value does not have any attributes.");
}

using native::Operation;

namespace {

// cty's error for an operator's function that failed (`msg`, e.g. "argument must not be null"),
// with an unknown of the operator's result type. (Out of line: only failures come here.)
[[gnu::noinline, gnu::cold]] OpResult operation_failed(Operation op, std::string_view msg) {
  return OpResult{Value::unknown(result_type(op)), std::string("Operation failed"), "Error during operation: " + std::string(msg) + "."};
}

// apply_binary's arithmetic and comparisons on known, non-null, unmarked operands.
OpResult apply_known(Operation op, const Value& x, const Value& y) {
  auto ok = [](Value v) { return OpResult{std::move(v), std::nullopt, {}}; };
  auto op_fail = [op](std::string_view msg) { return operation_failed(op, msg); };
  switch (op) {
    case Operation::logical_or: return ok(Value::boolean(x.as_bool() || y.as_bool()));
    case Operation::logical_and: return ok(Value::boolean(x.as_bool() && y.as_bool()));
    case Operation::greater_than: return ok(Value::boolean(Number::compare(x.as_number(), y.as_number()) > 0));
    case Operation::greater_than_or_equal: return ok(Value::boolean(Number::compare(x.as_number(), y.as_number()) >= 0));
    case Operation::less_than: return ok(Value::boolean(Number::compare(x.as_number(), y.as_number()) < 0));
    case Operation::less_than_or_equal: return ok(Value::boolean(Number::compare(x.as_number(), y.as_number()) <= 0));
    default: break;
  }
  Number::Result r;
  switch (op) {
    case Operation::add: r = Number::add(x.as_number(), y.as_number()); break;
    case Operation::subtract: r = Number::subtract(x.as_number(), y.as_number()); break;
    case Operation::multiply: r = Number::multiply(x.as_number(), y.as_number()); break;
    case Operation::divide: r = Number::divide(x.as_number(), y.as_number()); break;
    case Operation::modulo: r = Number::modulo(x.as_number(), y.as_number()); break;
    default: return op_fail("unsupported operator");
  }
  if (!r.value) return op_fail(r.error);
  return ok(Value::number(*r.value));
}

// apply_known on marked operands: the marks taken off, and their union put on a result (not on
// a failure's unknown).
[[gnu::noinline]] OpResult apply_marked(Operation op, const Value& a, const Value& b) {
  Marks marks = union_marks(a.is_marked() ? a.marks() : Marks{}, b.is_marked() ? b.marks() : Marks{});
  OpResult r = apply_known(op, a.unmarked(), b.unmarked());
  if (!r.summary && !marks.empty()) r.value = r.value.with_marks(marks);
  return r;
}

}  // namespace

OpResult apply_binary(Operation op, const Value& a, const Value& b) {
  if (op == Operation::equal || op == Operation::not_equal) {
    Value eq = equals(a, b);
    if (op == Operation::not_equal && eq.is_known()) {
      Value n = Value::boolean(!eq.unmarked().as_bool());
      return OpResult{eq.is_marked() ? n.with_marks(eq.marks()) : n, std::nullopt, {}};
    }
    return OpResult{std::move(eq), std::nullopt, {}};
  }
  // cty: a null argument is an error of the function; an unknown one an unknown result.
  if (a.is_null() || b.is_null()) return operation_failed(op, "argument must not be null");
  if (!a.is_known() || !b.is_known()) return OpResult{Value::unknown(result_type(op)), std::nullopt, {}};
  // Unmarked operands (nearly all) are used as they are: the union of no marks and the unmarked
  // copies cost a call and two copies per operation.
  if (a.is_marked() || b.is_marked()) return apply_marked(op, a, b);
  return apply_known(op, a, b);
}

OpResult apply_unary(Operation op, const Value& a) {
  const Type rt = result_type(op);
  if (a.is_null()) return operation_failed(op, "argument must not be null");
  if (!a.is_known()) return {Value::unknown(rt), std::nullopt, {}};
  Value x = a.unmarked();
  Value r = op == Operation::logical_not ? Value::boolean(!x.as_bool()) : Value::number(x.as_number().negate());
  return {a.is_marked() ? r.with_marks(a.marks()) : r, std::nullopt, {}};
}

// Types are interned (equal types share their data), so comparing a pair is two words each; the
// entries keep their types alive, so an entry's types are never another type's reused data. The
// answer is a pure function of the two types (unify's of a tuple of numbers and an empty one, a
// list, costs about 1,600 instructions: `c ? [1, 2] : []` asks it on every evaluation).
std::optional<Type> unify_results(const Type& t, const Type& f) {
  struct Entry {
    Type t, f;
    std::optional<Type> result;
  };
  constexpr size_t k_entries = 8;
  struct Memo {
    std::array<std::optional<Entry>, k_entries> entries;
    size_t next = 0;
  };
  // (On the heap, made on the thread's first use: util/thread_table_drain.hpp.)
  constinit thread_local hclschema::detail::ThreadHeapObject<Memo> memo_object;
  Memo& memo = memo_object.get();
  for (const std::optional<Entry>& e : memo.entries)
    if (e && e->t == t && e->f == f) return e->result;
  std::optional<Type> result = unify({t, f}, true);
  memo.entries[memo.next++ % k_entries].emplace(Entry{t, f, result});
  return result;
}

}  // namespace hclschema::eval_detail
