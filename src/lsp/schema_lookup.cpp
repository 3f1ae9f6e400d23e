// body_decl_at, decl_at_cursor and hcl_literal: small helpers the feature units share.
#include "lsp/schema_lookup.hpp"

#include "util/hcl_quote.hpp"

namespace hclschema::lsp {

const BodyDecl* body_decl_at(const Schema& schema, const std::vector<std::string>& path) {
  const BodyDecl* body = &schema.root;
  for (const std::string& type : path) {
    const BlockDecl* block = body->block(type);
    if (!block || !block->body) return nullptr;
    body = block->body.get();
  }
  return body;
}

std::optional<DeclAtCursor> decl_at_cursor(const DocumentAnalysis& doc, std::size_t offset) {
  if (!doc.file || !doc.file->native_body()) return std::nullopt;
  DeclAtCursor out{cursor_context(*doc.file->native_body(), doc.text, offset)};
  const CursorContext& ctx = out.ctx;
  if (ctx.kind != CursorContext::Kind::attribute_name && ctx.kind != CursorContext::Kind::block_type) return std::nullopt;

  if (doc.association.kind == FileKind::config) {
    const Schema* schema = doc.usable_schema();
    if (!schema) return std::nullopt;
    const BodyDecl* body = body_decl_at(*schema, ctx.path());
    if (!body) return std::nullopt;
    if (ctx.kind == CursorContext::Kind::attribute_name) out.attribute = body->attribute(ctx.name);
    else out.block = body->block(ctx.name);
    if (!out.attribute && !out.block) return std::nullopt;
    return out;
  }

  // In a .tfvars file only the top-level attributes name variables.
  if (doc.association.kind == FileKind::tfvars && doc.vars && ctx.kind == CursorContext::Kind::attribute_name && ctx.enclosing.empty()) {
    out.variable = doc.vars->declarations.find(ctx.name);
    if (!out.variable) return std::nullopt;
    return out;
  }
  return std::nullopt;
}

std::string hcl_literal(const Value& value) {
  // A string as HCL writes it (Go's quoting, which display_value uses, has escapes such as \x00
  // and \a that HCL does not read, and leaves `${` to start a template); anything else as displayed.
  if (value.type() == Type::string() && value.is_known() && !value.is_null()) return hclschema::detail::hcl_quote(value.unmarked_deep().as_string());
  return display_value(value.unmarked_deep(), false);
}

}  // namespace hclschema::lsp
