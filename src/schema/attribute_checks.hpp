// Checking one configuration attribute against its declaration (private to the schema layer):
// type, enum, pattern, min/max and validation rules, each diagnostic pointing into the attribute's
// expression and never showing a sensitive value.
#pragma once

#include "hclschema/schema.hpp"

namespace hclschema::detail {

struct CheckedAttribute {
  Value value;           // as evaluated (marked sensitive when declared so); unknown if unevaluable
  bool checked = false;  // false: left unchecked (refers to what the context cannot supply)
  bool type_ok = true;
};

/// Evaluates `attr` in `ctx` (a partial context when the caller supplied none) and runs every check
/// of `decl` on the value, appending diagnostics.
CheckedAttribute check_attribute(const AttributeDecl& decl, const Attribute& attr, const EvalContext& ctx, bool caller_context,
                                 Diagnostics& diags);

}  // namespace hclschema::detail
