// cursor_context: a walk down the native syntax tree to the innermost item at an offset.
#include "lsp/cursor_context.hpp"

namespace hclschema::lsp {

namespace {

using native::NativeBlock;
using native::NativeBody;

// A name "contains" the cursor at its end too: completion and hover are asked with the cursor
// right after the word.
bool on(ByteSpan span, std::size_t offset) { return offset >= span.begin && offset <= span.end && span.end > span.begin; }

bool inside_braces(const NativeBlock& block, std::size_t offset) {
  if (offset < block.open_brace_span.end || block.open_brace_span.end == 0) return false;
  const bool closed = block.close_brace_span.end > block.open_brace_span.end;
  return !closed || offset <= block.close_brace_span.begin;
}

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// `  name = partial` before the cursor on its line: the value of `name` being typed.
bool value_from_line(std::string_view text, std::size_t offset, CursorContext& ctx) {
  if (offset > text.size()) return false;
  const size_t line_start = offset == 0 ? 0 : (text.rfind('\n', offset - 1) == std::string_view::npos ? 0 : text.rfind('\n', offset - 1) + 1);
  std::string_view line = text.substr(line_start, offset - line_start);
  size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  const size_t name_begin = i;
  while (i < line.size() && is_name_char(line[i])) ++i;
  if (i == name_begin) return false;
  const size_t name_end = i;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  if (i >= line.size() || line[i] != '=' || (i + 1 < line.size() && line[i + 1] == '=')) return false;
  ++i;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  // Only a simple value in progress: a quoted string or a bare word, not a nested structure.
  for (size_t k = i; k < line.size(); ++k)
    if (line[k] == '{' || line[k] == '[' || line[k] == '(') return false;
  ctx.kind = CursorContext::Kind::attribute_value;
  ctx.name = std::string(line.substr(name_begin, name_end - name_begin));
  size_t value_end = offset;
  while (value_end < text.size() && text[value_end] != '\n' && text[value_end] != '\r') ++value_end;
  ctx.range = {line_start + i, value_end};
  return true;
}

}  // namespace

std::vector<std::string> CursorContext::path() const {
  std::vector<std::string> out;
  out.reserve(enclosing.size());
  for (const NativeBlock* b : enclosing) out.emplace_back(b->type());
  return out;
}

CursorContext cursor_context(const NativeBody& root, std::string_view text, std::size_t offset) {
  CursorContext ctx;
  const NativeBody* body = &root;
  ctx.body = body;
  ctx.kind = CursorContext::Kind::body;
  for (;;) {
    const NativeBlock* deeper = nullptr;
    for (const auto& attr : body->attributes()) {
      if (on(attr.name_span, offset)) {
        ctx.kind = CursorContext::Kind::attribute_name;
        ctx.attribute = &attr;
        ctx.name = std::string(attr.name());
        ctx.range = {attr.name_span.begin, attr.name_span.end};
        return ctx;
      }
      if (attr.expr && offset >= attr.equals_span().end && offset <= attr.expr->span.end && attr.equals_span().end > 0) {
        ctx.kind = CursorContext::Kind::attribute_value;
        ctx.attribute = &attr;
        ctx.name = std::string(attr.name());
        ctx.range = {attr.expr->span.begin, attr.expr->span.end};
        return ctx;
      }
    }
    for (const NativeBlock* block : body->blocks()) {
      if (on(block->type_span, offset)) {
        ctx.kind = CursorContext::Kind::block_type;
        ctx.block = block;
        ctx.name = std::string(block->type());
        ctx.range = {block->type_span.begin, block->type_span.end};
        return ctx;
      }
      for (uint32_t i = 0; i < block->label_spans().size(); ++i) {
        if (on(block->label_spans()[i], offset)) {
          ctx.kind = CursorContext::Kind::block_label;
          ctx.block = block;
          ctx.label_index = i;
          ctx.name = std::string(block->type());
          ctx.range = {block->label_spans()[i].begin, block->label_spans()[i].end};
          return ctx;
        }
      }
      if (block->body && inside_braces(*block, offset)) deeper = block;
    }
    if (!deeper) break;
    ctx.enclosing.push_back(deeper);
    body = deeper->body;
    ctx.body = body;
  }
  value_from_line(text, offset, ctx);
  return ctx;
}

}  // namespace hclschema::lsp
