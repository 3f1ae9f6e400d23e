// A document's diagnostics, from the same library calls as the CLI's `validate`, `vars` and
// `inputs`: parse and validate against the governing schema; the schema loader's own checks for a
// schema file; the vars layer's resolution for tfvars files and its declarations for *.tf files;
// read_inputs for files of `input` blocks.
#pragma once

#include <string>
#include <vector>

#include "lsp/document_analysis.hpp"
#include "lsp/language_features.hpp"

namespace hclschema::lsp {

/// `diag` as a diagnostic of the document whose diagnostics name it `own_name`. A diagnostic
/// located in another file (named relative to `base_dir` when not absolute) goes at {0, 0} with
/// "FILE:LINE:COL: " before its message; one without a location goes at {0, 0} as it is.
[[nodiscard]] DocumentDiagnostic to_document_diagnostic(const Diagnostic& diag, const std::string& own_name, const std::string& base_dir,
                                                        std::size_t text_size);

/// `validation`: for a configuration, the result of validating it (an IncrementalValidator's);
/// null to have it validated here.
[[nodiscard]] std::vector<DocumentDiagnostic> document_diagnostics_of(const DocumentAnalysis& doc, const Diagnostics* validation = nullptr);

}  // namespace hclschema::lsp
