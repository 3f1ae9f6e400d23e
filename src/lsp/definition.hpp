// Go to definition: from a configuration's attribute or block name to its `attribute "NAME"` or
// `block "NAME"` declaration in the schema, and from a tfvars name to its `variable` block.
#pragma once

#include <cstddef>
#include <optional>

#include "lsp/document_analysis.hpp"
#include "lsp/language_features.hpp"

namespace hclschema::lsp {

[[nodiscard]] std::optional<FileLocation> definition_at(const DocumentAnalysis& doc, std::size_t offset);

}  // namespace hclschema::lsp
