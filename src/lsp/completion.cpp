// completion_at: names for a body, values for an attribute, variables for a tfvars file.
#include "lsp/completion.hpp"

#include <set>

#include "hclschema/typeexpr.hpp"
#include "lsp/cursor_context.hpp"
#include "lsp/decl_markdown.hpp"
#include "lsp/schema_lookup.hpp"

namespace hclschema::lsp {

namespace {

using Kind = CursorContext::Kind;

// Names present in the body, except the one under the cursor (which is being retyped).
std::multiset<std::string> names_set(const CursorContext& ctx) {
  std::multiset<std::string> out;
  if (!ctx.body) return out;
  for (const auto& a : ctx.body->attributes())
    if (&a != ctx.attribute) out.emplace(a.name());
  for (const native::NativeBlock* b : ctx.body->blocks())
    if (b != ctx.block) out.emplace(b->type());
  return out;
}

// Snippet-syntax escaping of literal text: `$`, `}` and `\` are special.
std::string snippet_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '$' || c == '}' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string block_snippet(const BlockDecl& decl) {
  std::string s = snippet_escape(decl.name);
  for (size_t i = 0; i < decl.labels.size(); ++i) s += " \"${" + std::to_string(i + 1) + ":" + snippet_escape(decl.labels[i]) + "}\"";
  return s + " {\n  $0\n}";
}

void add_bools(std::vector<CompletionEntry>& out) {
  for (const char* b : {"true", "false"}) out.push_back({b, CompletionKind::keyword, "bool", "", "", false, std::nullopt});
}

std::vector<CompletionEntry> schema_names(const BodyDecl& body, const CursorContext& ctx) {
  std::vector<CompletionEntry> out;
  const auto present = names_set(ctx);
  for (const AttributeDecl& a : body.attributes) {
    if (present.count(a.name)) continue;
    CompletionEntry e;
    e.label = a.name;
    e.kind = CompletionKind::attribute;
    e.detail = attribute_type_text(a) + (a.required ? " (required)" : "");
    e.documentation = attribute_markdown(a);
    e.insert_text = snippet_escape(a.name) + " = $0";
    e.is_snippet = true;
    out.push_back(std::move(e));
  }
  for (const BlockDecl& b : body.blocks) {
    const size_t count = present.count(b.name);
    if (b.max_items && count >= *b.max_items) continue;
    CompletionEntry e;
    e.label = b.name;
    e.kind = CompletionKind::block;
    e.detail = "block";
    e.documentation = block_markdown(b);
    e.insert_text = block_snippet(b);
    e.is_snippet = true;
    out.push_back(std::move(e));
  }
  return out;
}

// The value's bytes when a completion may replace them: on one line and around the cursor (the
// protocol's rule for a textEdit), so `"sa|` becomes `"safe"` and not `"sa"safe"`.
std::optional<ByteRange> value_replace_range(std::string_view text, const CursorContext& ctx, std::size_t offset) {
  // An unterminated string's recovered expression runs past its line: the value ends at the line's end.
  const ByteRange r = ctx.range;
  if (r.begin > r.end || r.end > text.size()) return std::nullopt;
  std::size_t end = r.end;
  if (const std::size_t line_end = text.find_first_of("\r\n", r.begin); line_end < end) end = line_end;
  if (r.begin > offset || offset > end) return std::nullopt;
  return ByteRange{r.begin, end};
}

void set_replace(std::vector<CompletionEntry>& entries, std::optional<ByteRange> range) {
  for (CompletionEntry& e : entries) e.replace = range;
}

std::vector<CompletionEntry> schema_values(const AttributeDecl& decl) {
  std::vector<CompletionEntry> out;
  for (const Value& v : decl.enum_values) {
    CompletionEntry e;
    e.label = hcl_literal(v);
    e.kind = CompletionKind::value;
    e.detail = attribute_type_text(decl);
    e.documentation = decl.description;
    out.push_back(std::move(e));
  }
  if (out.empty() && decl.type && decl.type->type() == Type::boolean()) add_bools(out);
  return out;
}

std::vector<CompletionEntry> config_completion(const DocumentAnalysis& doc, const CursorContext& ctx, std::size_t offset) {
  const Schema* schema = doc.usable_schema();
  if (!schema) return {};
  const BodyDecl* body = body_decl_at(*schema, ctx.path());
  if (!body) return {};
  if (ctx.kind == Kind::attribute_value) {
    const AttributeDecl* decl = body->attribute(ctx.name);
    if (!decl) return {};
    std::vector<CompletionEntry> values = schema_values(*decl);
    set_replace(values, value_replace_range(doc.text, ctx, offset));
    return values;
  }
  if (ctx.kind == Kind::body || ctx.kind == Kind::attribute_name || ctx.kind == Kind::block_type) return schema_names(*body, ctx);
  return {};
}

std::vector<CompletionEntry> tfvars_completion(const DocumentAnalysis& doc, const CursorContext& ctx, std::size_t offset) {
  if (!doc.vars || !ctx.enclosing.empty()) return {};
  std::vector<CompletionEntry> out;
  if (ctx.kind == Kind::attribute_value) {
    const VariableDeclaration* decl = doc.vars->declarations.find(ctx.name);
    if (decl && decl->constraint.type() == Type::boolean()) add_bools(out);
    set_replace(out, value_replace_range(doc.text, ctx, offset));
    return out;
  }
  if (ctx.kind != Kind::body && ctx.kind != Kind::attribute_name) return out;
  const auto present = names_set(ctx);
  for (const VariableDeclaration& v : doc.vars->declarations.variables) {
    if (present.count(v.name)) continue;
    CompletionEntry e;
    e.label = v.name;
    e.kind = CompletionKind::variable;
    e.detail = v.type_given ? type_string(v.constraint.type()) : std::string("any");
    e.documentation = variable_markdown(v, nullptr);
    e.insert_text = snippet_escape(v.name) + " = $0";
    e.is_snippet = true;
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace

std::vector<CompletionEntry> completion_at(const DocumentAnalysis& doc, std::size_t offset) {
  if (!doc.file || !doc.file->native_body()) return {};
  const CursorContext ctx = cursor_context(*doc.file->native_body(), doc.text, offset);
  if (doc.association.kind == FileKind::config) return config_completion(doc, ctx, offset);
  if (doc.association.kind == FileKind::tfvars) return tfvars_completion(doc, ctx, offset);
  return {};
}

}  // namespace hclschema::lsp
