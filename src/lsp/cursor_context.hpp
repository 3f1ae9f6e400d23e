// What is at a byte offset of a native-syntax document: an attribute's name or value, a block's
// type or label, or a place inside some body. Works on whatever the parser recovered from broken
// input, and falls back to the line's text for a value being typed (`mode = ` with nothing after
// it yet, which the parser cannot turn into an attribute).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hclschema/native/ast.hpp"
#include "lsp/language_features.hpp"

namespace hclschema::lsp {

struct CursorContext {
  enum class Kind { none, attribute_name, attribute_value, block_type, block_label, body };
  Kind kind = Kind::none;
  /// The blocks enclosing the body the cursor is in, outermost first (not the block whose type or
  /// label is under the cursor).
  std::vector<const native::NativeBlock*> enclosing;
  /// The body holding the attribute or block at the cursor, or the body the cursor is in.
  const native::NativeBody* body = nullptr;
  const native::NativeAttribute* attribute = nullptr;  // attribute_name, attribute_value (null when from the text)
  const native::NativeBlock* block = nullptr;          // block_type, block_label
  std::size_t label_index = 0;
  /// The attribute's name or the block's type.
  std::string name;
  /// The name's bytes (attribute_name, block_type, block_label), or the value's (attribute_value).
  ByteRange range;

  /// The block types from the root to the body the cursor's item is in.
  [[nodiscard]] std::vector<std::string> path() const;
};

/// The context at `offset` of a document whose root body is `root` and whose text is `text`.
[[nodiscard]] CursorContext cursor_context(const native::NativeBody& root, std::string_view text, std::size_t offset);

}  // namespace hclschema::lsp
