// Re-validation of a large document after an edit, at the cost of what changed.
//
// `validate` walks a block's body with nothing but the block's declaration (its diagnostics do not
// depend on where the block is or what surrounds it), so the result of validating the whole body
// equals: the root's own checks (its attributes, which blocks it may hold, how many, their labels)
// plus, for each top-level block the walk would enter, the validation of that block's body against
// its declaration. Both halves are computed by the library's own `validate`: the root against a copy
// of the schema whose top-level block bodies are empty, seen through a view of the document whose
// blocks have empty bodies; each block against a schema whose root is the block's declaration.
// A block's diagnostics are kept, keyed by its text and starting line and column, and reused
// (shifted to its new byte offset) while the block is unchanged. The result is in file order, as
// `validate` gives it.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

#include "hclschema/parse.hpp"
#include "hclschema/schema.hpp"

namespace hclschema::lsp {

class IncrementalValidator {
 public:
  /// validate(schema, file.body()), reusing the diagnostics of top-level blocks unchanged since the
  /// last call with the same `schema` object. JSON documents are validated whole.
  [[nodiscard]] Diagnostics validate(const std::shared_ptr<const Schema>& schema, const File& file);

 private:
  std::shared_ptr<const Schema> schema_;
  std::shared_ptr<const Schema> shallow_;  // the root with empty top-level block bodies
  std::unordered_map<const BlockDecl*, std::shared_ptr<const Schema>> block_schemas_;
  std::unordered_map<std::string, Diagnostics> blocks_;  // key -> diagnostics relative to the block's start byte
};

}  // namespace hclschema::lsp
