// Type constraint expressions: `list(object({name = string, port = optional(number, 80)}))`.
//
// A type constraint is written as an HCL expression (not a string) and read as syntax, with the
// vocabulary and diagnostics of HCL's ext/typeexpr: `string`, `number`, `bool`, `any`, `list(T)`,
// `set(T)`, `map(T)`, `tuple([T, ...])`, `object({name = T, ...})`, and on object attributes
// `optional(T)` and `optional(T, DEFAULT)` (Terraform 1.3). The defaults form a tree beside the
// type; applying them before conversion is what gives a module's input its complete shape.
//
//     auto parsed = parse_expression("object({retries = optional(number, 3)})");
//     auto tc = parse_type_constraint(*parsed.expr);        // tc.diagnostics empty
//     auto out = tc.constraint.convert(given_value);        // out.value: {retries = 3}
//     type_string(tc.constraint.type());                    // "object({retries=number})"
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hclschema/diagnostic.hpp"
#include "hclschema/syntax.hpp"
#include "hclschema/value/convert.hpp"
#include "hclschema/value/type.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema {

/// The defaults of one node of a type (typeexpr.Defaults): for an object, the default value of
/// each optional attribute that has one (already converted to the attribute's type); for any
/// structural or collection type, the defaults of its children, keyed by attribute name, by tuple
/// index in decimal, or by "" for a collection's single element type.
struct TypeDefaults {
  Type type;
  std::vector<std::pair<std::string, Value>> values;                                  // sorted by name
  std::vector<std::pair<std::string, std::shared_ptr<const TypeDefaults>>> children;  // sorted by key

  /// The default value of attribute `name`, or nullptr.
  [[nodiscard]] const Value* value(std::string_view name) const;
  /// The defaults of child `key`, or nullptr.
  [[nodiscard]] const TypeDefaults* child(std::string_view key) const;
};

/// A value that did not fit its type constraint: cty's message, and where in the value it failed
/// (".attr", "[0]", "[\"key\"]" steps; empty at the top).
struct ConstraintConversion {
  std::optional<Value> value;  // the converted value; empty on failure
  ValueError error;            // when value is empty
};

/// A type constraint: the type (object attributes may be optional) and its defaults tree.
class TypeConstraint {
 public:
  TypeConstraint() = default;  // `any`, no defaults
  TypeConstraint(Type type, std::shared_ptr<const TypeDefaults> defaults) : type_(std::move(type)), defaults_(std::move(defaults)) {}

  [[nodiscard]] const Type& type() const { return type_; }
  /// The defaults tree, or nullptr when no attribute anywhere has a default.
  [[nodiscard]] const TypeDefaults* defaults() const { return defaults_.get(); }

  /// Fills in defaults, outside in, without converting (typeexpr.Defaults.Apply as today's HCL
  /// does it): an absent or null optional attribute gets its default, and defaults reach into the
  /// elements of collections and tuples. Null and unknown values are left alone; marks are kept.
  [[nodiscard]] Value apply_defaults(const Value& value) const;

  /// apply_defaults, then conversion to type() (cty's convert.Convert), as Terraform does for an
  /// input variable: absent optional attributes without a default become nulls.
  [[nodiscard]] ConstraintConversion convert(const Value& value) const;

  /// The same conversion, failures as a diagnostic on `subject`: "Invalid value for type
  /// constraint" whose detail names the path (`attribute "a": string required`).
  struct Converted {
    std::optional<Value> value;
    Diagnostics diagnostics;
  };
  [[nodiscard]] Converted convert(const Value& value, const Range& subject) const;

 private:
  Type type_;
  std::shared_ptr<const TypeDefaults> defaults_;
};

/// What a type expression may contain: an exact type (no `any`, no `optional`), a constraint
/// (`any`, `optional(T)`), or a constraint with defaults (`optional(T, DEFAULT)`).
enum class TypeExprMode { exact_type, constraint, constraint_with_defaults };

struct TypeConstraintResult {
  TypeConstraint constraint;  // `any` where the expression was wrong
  Diagnostics diagnostics;
};

/// Reads a type constraint from an expression of either syntax (typeexpr.TypeConstraintWithDefaults
/// and its siblings), with every diagnostic pointing at the offending part. Default values are
/// evaluated without variables or functions and checked against their attribute's type.
[[nodiscard]] TypeConstraintResult parse_type_constraint(const Expression& expr,
                                                         TypeExprMode mode = TypeExprMode::constraint_with_defaults);

/// The type as it is written in HCL (typeexpr.TypeString): `list(object({a=string,b=number}))`,
/// attributes sorted, no spaces; optional attributes print as their type.
[[nodiscard]] std::string type_string(const Type& type);

}  // namespace hclschema
