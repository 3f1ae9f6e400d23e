// document_symbols_of: a walk of the native tree in source order (or of the `input` blocks).
#include "lsp/document_symbols.hpp"

#include <algorithm>

#include "hclschema/native/ast.hpp"

namespace hclschema::lsp {

namespace {

ByteRange bytes(ByteSpan s) { return {s.begin, s.end}; }

std::string block_name(const native::NativeBlock& b, std::string_view text) {
  std::string name(b.type());
  // Labels as written (quoted or not), so the outline reads like the source.
  for (ByteSpan s : b.label_spans())
    if (s.end <= text.size()) name += " " + std::string(text.substr(s.begin, s.end - s.begin));
  return name;
}

std::vector<DocumentSymbolEntry> body_symbols(const native::NativeBody& body, std::string_view text, SymbolKind attribute_kind) {
  std::vector<std::pair<uint32_t, DocumentSymbolEntry>> items;
  for (const auto& a : body.attributes()) {
    DocumentSymbolEntry e;
    e.name = std::string(a.name());
    e.kind = attribute_kind;
    e.range = bytes(a.span());
    e.selection_range = bytes(a.name_span);
    items.emplace_back(a.span().begin, std::move(e));
  }
  for (const native::NativeBlock* b : body.blocks()) {
    DocumentSymbolEntry e;
    e.name = block_name(*b, text);
    e.kind = SymbolKind::block;
    e.range = bytes(b->span());
    if (e.range.end < e.range.begin) e.range.end = e.range.begin;
    e.selection_range = bytes(b->type_span);
    if (b->body) e.children = body_symbols(*b->body, text, SymbolKind::attribute);
    items.emplace_back(b->type_span.begin, std::move(e));
  }
  std::stable_sort(items.begin(), items.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<DocumentSymbolEntry> out;
  out.reserve(items.size());
  for (auto& [begin, e] : items) out.push_back(std::move(e));
  return out;
}

std::vector<DocumentSymbolEntry> input_symbols(const InputsResult& inputs) {
  std::vector<DocumentSymbolEntry> out;
  for (const InputBlock& block : inputs.inputs) {
    DocumentSymbolEntry e;
    e.name = "input \"" + block.name + "\"";
    e.kind = SymbolKind::input;
    e.range = {block.range.start.byte, block.range.end.byte};
    e.selection_range = {block.name_range.start.byte, block.name_range.end.byte};
    for (const InputField& field : block.fields) {
      DocumentSymbolEntry f;
      f.name = field.name;
      f.detail = type_text(field.type);
      f.kind = SymbolKind::attribute;
      f.range = {field.range.start.byte, field.range.end.byte};
      f.selection_range = {field.name_range.start.byte, field.name_range.end.byte};
      e.range.end = std::max<std::size_t>(e.range.end, f.range.end);
      e.children.push_back(std::move(f));
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace

std::vector<DocumentSymbolEntry> document_symbols_of(const DocumentAnalysis& doc) {
  if (doc.association.kind == FileKind::inputs && doc.inputs) return input_symbols(*doc.inputs);
  if (!doc.file || !doc.file->native_body()) return {};
  const SymbolKind attribute_kind = doc.association.kind == FileKind::tfvars ? SymbolKind::variable : SymbolKind::attribute;
  return body_symbols(*doc.file->native_body(), doc.text, attribute_kind);
}

}  // namespace hclschema::lsp
