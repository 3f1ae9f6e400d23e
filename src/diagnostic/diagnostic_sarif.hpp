// Diagnostics as SARIF 2.1.0 (private): the format code-scanning services read.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "hclschema/diagnostic.hpp"

namespace hclschema::detail {

/// One SARIF log with one run of the tool `hclschema` (version `tool_version`): a result per
/// diagnostic with its level, message and location, and a rule per distinct rule id (the
/// diagnostic's code, or its summary made into a slug: "Incorrect attribute value type" →
/// "incorrect-attribute-value-type"). Columns count characters (SARIF "unicodeCodePoints").
[[nodiscard]] nlohmann::json sarif_document(const Diagnostics& diags, const std::string& tool_version);

/// The rule id of a diagnostic in SARIF output.
[[nodiscard]] std::string sarif_rule_id(const Diagnostic& diag);

}  // namespace hclschema::detail
