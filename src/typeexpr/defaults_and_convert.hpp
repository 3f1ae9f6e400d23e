// One walk that applies a type constraint's defaults and converts at once (private to typeexpr).
//
// TypeConstraint::convert means apply_defaults, then cty's conversion: two walks, and an
// intermediate copy of every object that received a default, rebuilt again by the conversion.
// This walk builds each result object once, for the common shapes: objects into object types,
// tuples into lists and objects into maps, whose results all have the constraint's exact type.
// Anything else (marks, sets, list or map values that defaults would re-unify, `dynamic` in the
// type, and every failure) answers nullopt, and the caller takes the two walks, which are the
// definition: this is a shortcut to the same value, never a second opinion.
#pragma once

#include <optional>

#include "hclschema/typeexpr.hpp"

namespace hclschema::detail {

// apply_defaults(value) converted to `type`, when that is one of the shapes above and succeeds.
// `defaults` may be null (nothing to fill below this point).
std::optional<Value> defaults_and_convert(const TypeDefaults* defaults, const Value& value, const Type& type);

}  // namespace hclschema::detail
