// Document symbols: the outline of a document. Blocks (named by type and labels, e.g.
// `service "checkout"`) with their attributes and nested blocks; in a tfvars file the assigned
// variables; in a file of `input` blocks each input with its fields and their types.
#pragma once

#include <vector>

#include "lsp/document_analysis.hpp"
#include "lsp/language_features.hpp"

namespace hclschema::lsp {

[[nodiscard]] std::vector<DocumentSymbolEntry> document_symbols_of(const DocumentAnalysis& doc);

}  // namespace hclschema::lsp
