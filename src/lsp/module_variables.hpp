// A Terraform module's variables as the vars layer resolves them, seen through the editor's texts.
//
// The vars layer (include/hclschema/vars.hpp) reads a module directory from disk. When the editor
// holds unsaved texts of that directory's *.tf or *.tfvars files, the directory is mirrored into a
// temporary one (open texts written out, every other file a symlink to the original) and resolved
// there: the vars layer names files relative to the directory, so its diagnostics and sources read
// exactly as for the real one.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "hclschema/vars.hpp"
#include "lsp/document_store.hpp"

namespace hclschema::lsp {

/// True for names the vars layer reads in a module directory: *.tf, *.tf.json, *.tfvars, *.tfvars.json.
[[nodiscard]] bool is_module_file_name(std::string_view name);

/// True for *.tfvars and *.tfvars.json names that Terraform loads by itself (terraform.tfvars[.json],
/// *.auto.tfvars[.json]).
[[nodiscard]] bool is_auto_loaded_tfvars(std::string_view name);

/// Resolves the variables of `directory` (absolute) with `environment`. `var_file` names a tfvars
/// file of the directory (its base name) that Terraform would not load by itself, to be read as
/// `-var-file=NAME`; empty for none.
[[nodiscard]] std::shared_ptr<const VarsResult> resolve_module(const std::string& directory, const DocumentStore& store,
                                                               const std::map<std::string, std::string>& environment,
                                                               const std::string& var_file = {});

}  // namespace hclschema::lsp
