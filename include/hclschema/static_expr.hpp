// Static analysis of expressions: reading an expression's *shape* instead of its value.
//
// Some languages built on HCL read an expression as syntax rather than evaluating it: a type
// constraint `list(object({a = string}))` is a call of `list` whose argument is a call of `object`
// whose argument is an object constructor. These functions answer those questions for both
// syntaxes, as HCL's hcl.ExprAsKeyword, hcl.ExprCall, hcl.ExprList and hcl.ExprMap do. In the
// JSON syntax a keyword or a call is written as a string holding native syntax (`"list(string)"`),
// and an array or object is its own list or map.
//
//     auto call = expr_call(*expr);             // `list(string)`
//     if (call.call) call.call->name;           // "list"
//     expr_as_keyword(*call.call->arguments[0]) // "string"
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "hclschema/diagnostic.hpp"
#include "hclschema/syntax.hpp"

namespace hclschema {

/// The name of a bare identifier (`string`, also `null`, `true` and `false`), or empty when the
/// expression is anything else (hcl.ExprAsKeyword). In JSON: a string holding one identifier.
[[nodiscard]] std::string expr_as_keyword(const Expression& expr);

/// A function call read as syntax: `name(arguments...)`.
struct StaticCall {
  std::string name;
  Range name_range;
  std::vector<const Expression*> arguments;
  Range args_range;  // "(" through ")"
  /// Keeps alive the tree the arguments live in when it was parsed from a JSON string.
  std::shared_ptr<const void> owner;
};

struct StaticCallResult {
  std::optional<StaticCall> call;  // empty when the expression is not a call
  Diagnostics diagnostics;         // "A static function call is required." when empty
};
/// The expression as a function call (hcl.ExprCall). A JSON string is parsed as a native
/// expression positioned where the string's token starts, as HCL does.
[[nodiscard]] StaticCallResult expr_call(const Expression& expr);

struct StaticListResult {
  std::optional<std::vector<const Expression*>> elements;  // empty when not a list
  Diagnostics diagnostics;                                  // "A static list expression is required."
};
/// The elements of a tuple constructor `[a, b]`, or of a JSON array (hcl.ExprList).
[[nodiscard]] StaticListResult expr_list(const Expression& expr);

/// One `key = value` of an object constructor. For the native syntax the key is the
/// ObjectConsKeyExpr; for JSON a string expression holding the property name.
struct StaticMapItem {
  const Expression* key = nullptr;
  const Expression* value = nullptr;
};
struct StaticMapResult {
  std::optional<std::vector<StaticMapItem>> items;  // empty when not a map
  Diagnostics diagnostics;                          // "A static map expression is required."
  /// Keeps alive the key expressions made for JSON property names.
  std::shared_ptr<const void> owner;
};
/// The items of an object constructor `{a = x}`, or of a JSON object (hcl.ExprMap), in order.
[[nodiscard]] StaticMapResult expr_map(const Expression& expr);

/// The part of `expr` that produced the value at `path` (".attr", "[0]", "[\"key\"]" steps, as in
/// ValueError), following object and tuple constructors of either syntax as far as they go: the
/// expression a diagnostic about that part of the value should point at.
[[nodiscard]] const Expression& expr_at_value_path(const Expression& expr, std::string_view path);

/// True when `name` is one native-syntax identifier (hclsyntax.ValidIdentifier): usable as a
/// bare attribute name or variable name, so `a-b` is and `a.b`, `1a` and `` are not.
[[nodiscard]] bool is_valid_identifier(std::string_view name);

}  // namespace hclschema
