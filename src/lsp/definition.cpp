// definition_at: the declaration's range in the schema file or the module's *.tf file.
#include "lsp/definition.hpp"

#include "lsp/cursor_context.hpp"
#include "lsp/schema_lookup.hpp"

namespace hclschema::lsp {

namespace {

ByteRange bytes(const Range& r) { return {r.start.byte, r.end.byte}; }

}  // namespace

std::optional<FileLocation> definition_at(const DocumentAnalysis& doc, std::size_t offset) {
  if (!doc.file || !doc.file->native_body()) return std::nullopt;
  const CursorContext ctx = cursor_context(*doc.file->native_body(), doc.text, offset);
  const bool on_name = ctx.kind == CursorContext::Kind::attribute_name || ctx.kind == CursorContext::Kind::block_type;
  if (!on_name) return std::nullopt;

  if (doc.association.kind == FileKind::config) {
    const Schema* schema = doc.usable_schema();
    if (!schema) return std::nullopt;
    const BodyDecl* body = body_decl_at(*schema, ctx.path());
    if (!body) return std::nullopt;
    // The schema was loaded from a SourceFile named by its path, so def_range's file is that path.
    if (ctx.kind == CursorContext::Kind::attribute_name) {
      if (const AttributeDecl* decl = body->attribute(ctx.name)) return FileLocation{doc.association.schema_path, bytes(decl->def_range)};
    } else if (const BlockDecl* decl = body->block(ctx.name)) {
      return FileLocation{doc.association.schema_path, bytes(decl->def_range)};
    }
    return std::nullopt;
  }

  if (doc.association.kind == FileKind::tfvars && doc.vars && ctx.kind == CursorContext::Kind::attribute_name && ctx.enclosing.empty()) {
    const VariableDeclaration* decl = doc.vars->declarations.find(ctx.name);
    if (!decl) return std::nullopt;
    // The vars layer names files relative to the module directory.
    return FileLocation{resolve_path(doc.module_dir, decl->decl_range.filename), bytes(decl->decl_range)};
  }
  return std::nullopt;
}

}  // namespace hclschema::lsp
