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

/// The parameter type of an operator (bool, number, or dynamic for == and !=).
Type operand_type(native::Operation op);
/// The result type of an operator.
Type result_type(native::Operation op);
/// Calls the operator on operands already converted to operand_type; an error is reported as
/// "Operation failed" with `detail` = cty's message.
OpResult apply_binary(native::Operation op, const Value& a, const Value& b);
OpResult apply_unary(native::Operation op, const Value& a);

}  // namespace hclschema::eval_detail
