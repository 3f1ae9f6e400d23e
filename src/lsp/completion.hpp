// Completion: in a body, the attribute and block names the schema allows and the body does not
// have yet (snippets, descriptions as documentation); on an attribute's value, its enum values as
// HCL text, or true/false for a bool; in a tfvars file, the variables not yet assigned.
#pragma once

#include <cstddef>
#include <vector>

#include "lsp/document_analysis.hpp"
#include "lsp/language_features.hpp"

namespace hclschema::lsp {

[[nodiscard]] std::vector<CompletionEntry> completion_at(const DocumentAnalysis& doc, std::size_t offset);

}  // namespace hclschema::lsp
