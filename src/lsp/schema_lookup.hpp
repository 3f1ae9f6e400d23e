// Finding the schema declaration that governs a place in a configuration: follow the block types
// from the root of the schema down to the body the place is in.
#pragma once

#include <string>
#include <vector>

#include "hclschema/schema.hpp"

namespace hclschema::lsp {

/// The body declaration reached by the block types `path` from the schema's root; nullptr when
/// some block type on the way is not declared.
[[nodiscard]] const BodyDecl* body_decl_at(const Schema& schema, const std::vector<std::string>& path);

/// A value as HCL source text to insert: `"safe"` (quoted, escaped), `3`, `true`.
[[nodiscard]] std::string hcl_literal(const Value& value);

}  // namespace hclschema::lsp
