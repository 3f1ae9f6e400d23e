// JSON building blocks for diagnostics (private): the `terraform validate -json` shapes, shared by
// the public writer, the syntax dump and the CLI.
#pragma once

#include <nlohmann/json.hpp>

#include "hclschema/diagnostic.hpp"

namespace hclschema::detail {

/// {"filename", "start": {"line","column","byte"}, "end": {...}}
[[nodiscard]] nlohmann::json range_to_json(const Range& range);
/// {"severity": "error"|"warning", "summary", "detail", "range"?: R}  (range only when there is a subject)
[[nodiscard]] nlohmann::json diagnostic_to_json(const Diagnostic& diag);
/// The array of diagnostic_to_json, in order.
[[nodiscard]] nlohmann::json diagnostics_to_json_array(const Diagnostics& diags);
/// {"format_version":"1.0","valid","error_count","warning_count","diagnostics":[...]}
[[nodiscard]] nlohmann::json validate_document(const Diagnostics& diags);

}  // namespace hclschema::detail
