// hcldec's JSON outputs: diagnostics (`--diags=json`), variable references (`--var-refs`), and the
// decoded value with object properties that are null removed (without `--keep-nulls`).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "hclschema/diagnostic.hpp"
#include "hclschema/eval/context.hpp"
#include "hclschema/syntax.hpp"

namespace hclschema::hcldec {

/// {"diagnostics": [{"severity","summary","detail"?,"subject"?}]}, indented as Go's MarshalIndent.
[[nodiscard]] std::string diagnostics_json(const Diagnostics& diags);

/// The --var-refs document: one entry per traversal with its steps, ranges and, where `ctx` can
/// resolve it, its current value.
[[nodiscard]] std::string var_refs_json(const std::vector<Traversal>& traversals, const EvalContext* ctx);

/// The same JSON without object properties whose value is null, compact, keys sorted (hcldec
/// re-marshals the value this way). Returns `json` unchanged if it does not parse.
[[nodiscard]] std::string strip_json_nulls(std::string_view json);

/// A JSON string literal escaped as Go's encoding/json writes it (<, >, & as \u003c...).
[[nodiscard]] std::string go_json_string(std::string_view s);

}  // namespace hclschema::hcldec
