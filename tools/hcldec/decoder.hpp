// Decoding a body with a spec (hcldec.Decode), and the questions the spec answers without a body:
// its implied type and schema; and the variables a body's expressions need (hcldec.Variables).
#pragma once

#include <string>
#include <vector>

#include "hclschema/diagnostic.hpp"
#include "hclschema/eval/context.hpp"
#include "hclschema/syntax.hpp"
#include "hclschema/value/value.hpp"
#include "spec.hpp"

namespace hclschema::hcldec {

struct DecodeResult {
  Value value;
  Diagnostics diagnostics;
};

/// The value `spec` makes of `body`; `ctx` may be null (no variables, no functions).
[[nodiscard]] DecodeResult decode(const Body& body, const Spec& spec, const EvalContext* ctx);

/// Every variable the body's expressions selected by `spec` refer to.
[[nodiscard]] std::vector<Traversal> variables(const Body& body, const Spec& spec);

/// The type `spec` decodes to whatever the body holds.
[[nodiscard]] Type implied_type(const Spec& spec);

/// The attributes and blocks `spec` reads from one body.
[[nodiscard]] BodySchema implied_schema(const Spec& spec);

/// hcl.Range.String(): "FILE:LINE,COL-COL" or "FILE:LINE,COL-LINE,COL".
[[nodiscard]] std::string range_string(const Range& r);

}  // namespace hclschema::hcldec
