// hover_at: the cursor's context, then the declaration that governs it, rendered as Markdown.
#include "lsp/hover.hpp"

#include "lsp/cursor_context.hpp"
#include "lsp/decl_markdown.hpp"
#include "lsp/schema_lookup.hpp"

namespace hclschema::lsp {

std::optional<HoverInfo> hover_at(const DocumentAnalysis& doc, std::size_t offset) {
  if (!doc.file || !doc.file->native_body()) return std::nullopt;
  const CursorContext ctx = cursor_context(*doc.file->native_body(), doc.text, offset);
  if (ctx.kind != CursorContext::Kind::attribute_name && ctx.kind != CursorContext::Kind::block_type) return std::nullopt;

  if (doc.association.kind == FileKind::config) {
    const Schema* schema = doc.usable_schema();
    if (!schema) return std::nullopt;
    const BodyDecl* body = body_decl_at(*schema, ctx.path());
    if (!body) return std::nullopt;
    if (ctx.kind == CursorContext::Kind::attribute_name) {
      if (const AttributeDecl* decl = body->attribute(ctx.name)) return HoverInfo{attribute_markdown(*decl), ctx.range};
    } else if (const BlockDecl* decl = body->block(ctx.name)) {
      return HoverInfo{block_markdown(*decl), ctx.range};
    }
    return std::nullopt;
  }

  if (doc.association.kind == FileKind::tfvars && doc.vars && ctx.kind == CursorContext::Kind::attribute_name && ctx.enclosing.empty()) {
    const VariableDeclaration* decl = doc.vars->declarations.find(ctx.name);
    if (!decl) return std::nullopt;
    const ExplainResult explain = explain_variable(*doc.vars, ctx.name);
    return HoverInfo{variable_markdown(*decl, &explain), ctx.range};
  }
  return std::nullopt;
}

}  // namespace hclschema::lsp
