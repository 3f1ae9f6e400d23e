// HCL's value operations shared by the evaluator (private): hcl.Index, hcl.GetAttr, and the
// operators of hclsyntax (expression_ops.go) with cty's stdlib semantics.
#pragma once

#include <optional>
#include <string>

#include "hclschema/diagnostic.hpp"
#include "hclschema/native/ast.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema::eval_detail {

struct OpResult {
  Value value;
  std::optional<std::string> summary;  // set on error
  std::string detail;
};

/// hcl.Index: the collection's element at `key`.
OpResult index_value(const Value& collection, const Value& key);
/// hcl.GetAttr: an object's attribute or a map's element.
OpResult get_attr(const Value& object, std::string_view name);

/// The key of a static traversal's index step, given by its kind and text, with a folded `null`,
/// `true`, `false` or placeholder as the literal's own value (hcl.Index reports a null key, or a
/// bool where a number is wanted, in its own words).
inline Value index_key_value(TraversalKey::Kind kind, std::string_view text, native::IndexKeyLiteral literal) {
  if (kind == TraversalKey::Kind::number) {
    auto num = Number::parse(text);
    return num ? Value::number(*num) : Value::unknown(Type::number());
  }
  switch (literal) {
    case native::IndexKeyLiteral::null: return Value::null(Type::dynamic());
    case native::IndexKeyLiteral::true_value: return Value::boolean(true);
    case native::IndexKeyLiteral::false_value: return Value::boolean(false);
    case native::IndexKeyLiteral::unknown: return Value::unknown(Type::dynamic());
    case native::IndexKeyLiteral::as_written: break;
  }
  return Value::string(text);
}
/// The same for an index step of the native tree. Inline: evaluation asks it for every index step.
inline Value index_step_key(const native::ArenaTraversalStep& s) {
  const auto key = s.key();
  return index_key_value(key.kind, key.text, s.key_literal());
}

/// The parameter type of an operator (bool, number, or dynamic for == and !=). (Inline: every
/// operation asks it, and a primitive type is made in place.)
inline Type operand_type(native::Operation op) {
  switch (op) {
    case native::Operation::logical_or:
    case native::Operation::logical_and:
    case native::Operation::logical_not: return Type::boolean();
    case native::Operation::equal:
    case native::Operation::not_equal: return Type::dynamic();
    default: return Type::number();
  }
}
/// The result type of an operator.
inline Type result_type(native::Operation op) {
  switch (op) {
    case native::Operation::add:
    case native::Operation::subtract:
    case native::Operation::multiply:
    case native::Operation::divide:
    case native::Operation::modulo:
    case native::Operation::negate: return Type::number();
    default: return Type::boolean();
  }
}
/// Whether apply_binary(op, a, b) answers an unknown of result_type(op) without error: an
/// operator other than == and != (which compare, unknowns too) on non-null operands, one of them
/// unknown. (The evaluator answers those without the call and the result it returns.)
inline bool unknown_operation(native::Operation op, const Value& a, const Value& b) {
  return op != native::Operation::equal && op != native::Operation::not_equal && !a.is_null() && !b.is_null() &&
         (!a.is_known() || !b.is_known());
}
/// Whether apply_binary(op, a, b) answers an unmarked unknown bool for == or !=: cty's Equals of
/// an unmarked unknown of dynamic type and an unmarked value of primitive or dynamic type (nothing
/// nested that could hold a mark), known or not, null or not, is unknown (`var.env == "prod"`).
inline bool unknown_comparison(native::Operation op, const Value& a, const Value& b) {
  if (op != native::Operation::equal && op != native::Operation::not_equal) return false;
  const auto dynamic_unknown = [](const Value& v) { return !v.is_known() && v.type().is_dynamic() && !v.is_marked(); };
  const auto flat_unmarked = [](const Value& v) { return !v.is_marked() && (v.type().is_primitive() || v.type().is_dynamic()); };
  return (dynamic_unknown(a) && flat_unmarked(b)) || (dynamic_unknown(b) && flat_unmarked(a));
}
/// unify({t, f}, true): a conditional's result type for results of types `t` and `f`, remembered
/// for the thread's last few pairs (the same conditional asks it on every evaluation).
std::optional<Type> unify_results(const Type& t, const Type& f);
/// Calls the operator on operands already converted to operand_type; an error is reported as
/// "Operation failed" with `detail` = cty's message.
OpResult apply_binary(native::Operation op, const Value& a, const Value& b);
OpResult apply_unary(native::Operation op, const Value& a);

}  // namespace hclschema::eval_detail
