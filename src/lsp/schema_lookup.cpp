// body_decl_at and hcl_literal: small helpers the feature units share.
#include "lsp/schema_lookup.hpp"

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

std::string hcl_literal(const Value& value) {
  std::string text = display_value(value.unmarked_deep(), false);
  if (!(value.type() == Type::string())) return text;
  // Go's quoting is HCL's too, except that "${" and "%{" start templates in HCL.
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if ((text[i] == '$' || text[i] == '%') && i + 1 < text.size() && text[i + 1] == '{') out += text[i];
  }
  return out;
}

}  // namespace hclschema::lsp
