// hover_at: the declaration that governs the name under the cursor, rendered as Markdown.
#include "lsp/hover.hpp"

#include "lsp/decl_markdown.hpp"
#include "lsp/schema_lookup.hpp"

namespace hclschema::lsp {

std::optional<HoverInfo> hover_at(const DocumentAnalysis& doc, std::size_t offset) {
  const std::optional<DeclAtCursor> at = decl_at_cursor(doc, offset);
  if (!at) return std::nullopt;
  if (at->attribute) return HoverInfo{attribute_markdown(*at->attribute), at->ctx.range};
  if (at->block) return HoverInfo{block_markdown(*at->block), at->ctx.range};
  const ExplainResult explain = explain_variable(*doc.vars, at->ctx.name);
  return HoverInfo{variable_markdown(*at->variable, &explain), at->ctx.range};
}

}  // namespace hclschema::lsp
