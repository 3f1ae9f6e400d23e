// Everything the workspace knows about one document at one version: its kind, its parse, and the
// schema, module variables or `input` blocks that govern it. The feature units (hover, completion,
// definition, symbols, diagnostics) take one of these and answer from it alone.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "hclschema/inputs.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/schema.hpp"
#include "hclschema/vars.hpp"
#include "lsp/schema_association.hpp"
#include "lsp/schema_cache.hpp"

namespace hclschema::lsp {

struct DocumentAnalysis {
  std::string path;
  std::string text;  // the document's text this analysis was made from
  Association association;
  /// The document parsed (a SourceFile named by `path`); null only for an unreadable file.
  std::shared_ptr<const File> file;
  Diagnostics parse_diagnostics;

  /// config: the governing schema as loaded (null when the schema file cannot be read).
  std::shared_ptr<const CachedSchema> schema;
  /// The loaded schema when it has no errors (only then is anything validated against it).
  [[nodiscard]] const Schema* usable_schema() const {
    if (!schema || !schema->loaded.schema || has_errors(schema->loaded.diagnostics)) return nullptr;
    return schema->loaded.schema.get();
  }

  /// tfvars and module: the directory's variables, resolved; `module_dir` is that directory.
  std::shared_ptr<const VarsResult> vars;
  std::string module_dir;

  /// inputs: the file read as `input` blocks and typechecked.
  std::shared_ptr<const InputsResult> inputs;
};

}  // namespace hclschema::lsp
