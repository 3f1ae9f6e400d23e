// Hover: what the name under the cursor means. In a schema-governed file, an attribute or block
// name shows its declaration (description, type, default, required, constraints, deprecation); in
// a tfvars file, a variable name shows its declaration and the value that would win.
#pragma once

#include <cstddef>
#include <optional>

#include "lsp/document_analysis.hpp"
#include "lsp/language_features.hpp"

namespace hclschema::lsp {

[[nodiscard]] std::optional<HoverInfo> hover_at(const DocumentAnalysis& doc, std::size_t offset);

}  // namespace hclschema::lsp
