// The ", in BLOCK" context of a diagnostic: the enclosing top-level block's header.
#include "diagnostic/block_context.hpp"

#include <algorithm>

#include "hclschema/native/ast.hpp"

namespace hclschema::detail {

std::string block_context_string(const File& file, uint32_t byte) {
  const native::NativeBody* body = file.native_body();
  if (!body) return {};
  for (const native::NativeBlock* block : body->blocks()) {
    if (!block) continue;
    // From the type to the closing brace; an unclosed block's brace span may be missing, so never
    // let it pull the start before the type.
    uint32_t begin = block->type_span.begin;
    uint32_t end = std::max(block->close_brace_span.end, block->type_span.end);
    if (byte < begin || byte >= end) continue;
    std::string out(block->type());
    for (std::string_view label : block->labels()) {
      out += ' ';
      out += go_quote(label);
    }
    return out;
  }
  return {};
}

ContextStringFn block_context_for(const ParsedFiles& files) {
  return [&files](std::string_view filename, uint32_t byte) -> std::string {
    auto found = files.find(filename);
    if (found == files.end() || !found->second) return {};
    return block_context_string(*found->second, byte);
  };
}

}  // namespace hclschema::detail
