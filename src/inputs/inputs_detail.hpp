// Private pieces of the inputs layer shared between its files: reading a type expression into an
// InputType, and small text helpers for messages.
#pragma once

#include <string>
#include <string_view>

#include "hclschema/diagnostic.hpp"
#include "hclschema/inputs.hpp"
#include "hclschema/syntax.hpp"

namespace hclschema::detail {

/// Where a type expression stands: `optional(...)` is allowed only as a field's whole type or as
/// an object attribute's type (elsewhere it would mean nothing).
enum class TypeSite { field, attribute, nested };

/// Reads a parsed type expression (type_reader.cpp). Malformed parts are reported in `diags` and
/// read as `any`, so one run reports every problem of a type.
[[nodiscard]] InputType read_input_type(const Expression& expr, TypeSite site, Diagnostics& diags);

/// True for `optional(...)` at the top of a field or attribute.
[[nodiscard]] inline bool is_optional(const InputType& type) { return type.kind == InputType::Kind::optional; }

/// The type under any top-level optional(...).
[[nodiscard]] inline const InputType& without_optional(const InputType& type) {
  return is_optional(type) && !type.children.empty() ? type.children[0] : type;
}

}  // namespace hclschema::detail
