// Finding the schema declaration that governs a place in a configuration: follow the block types
// from the root of the schema down to the body the place is in.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "hclschema/schema.hpp"
#include "lsp/cursor_context.hpp"
#include "lsp/document_analysis.hpp"

namespace hclschema::lsp {

/// The body declaration reached by the block types `path` from the schema's root; nullptr when
/// some block type on the way is not declared.
[[nodiscard]] const BodyDecl* body_decl_at(const Schema& schema, const std::vector<std::string>& path);

/// The declaration governing the name under the cursor (hover and go-to-definition share this):
/// exactly one of the pointers is set.
struct DeclAtCursor {
  CursorContext ctx;
  const AttributeDecl* attribute = nullptr;     // config: an attribute's name
  const BlockDecl* block = nullptr;             // config: a block's type
  const VariableDeclaration* variable = nullptr;  // tfvars: a top-level attribute's name
};

/// The declaration of the attribute name or block type at `offset`; nullopt when the cursor is on
/// no name, or the name is not declared (or the config's schema is not usable).
[[nodiscard]] std::optional<DeclAtCursor> decl_at_cursor(const DocumentAnalysis& doc, std::size_t offset);

/// A value as HCL source text to insert: `"safe"` (quoted, escaped), `3`, `true`.
[[nodiscard]] std::string hcl_literal(const Value& value);

}  // namespace hclschema::lsp
