// LSP positions (zero-based line, character in code units of the negotiated encoding) to byte
// offsets of a document's UTF-8 text and back. Lines end at "\n", "\r\n" or a lone "\r", as LSP
// says. A character past the end of its line means the end of the line; a line past the end of
// the text means the end of the text. Bytes that are not valid UTF-8 count as one code unit each.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace hclschema::lsp {

/// How Position.character counts: UTF-16 code units (LSP's default) or bytes ("utf-8", when
/// the client offers it in general.positionEncodings).
enum class PositionEncoding { utf16, utf8 };

struct Position {
  std::size_t line = 0;
  std::size_t character = 0;
  friend bool operator==(const Position&, const Position&) = default;
};

/// The starts of a text's lines, so that each conversion costs one line, not the whole text.
/// Holds a view: the text must outlive the index.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);

  /// The byte offset of a position (clamped as described above). A character in the middle of a
  /// UTF-16 surrogate pair means the start of that character.
  [[nodiscard]] std::size_t offset_of(Position position, PositionEncoding encoding) const;
  /// The position of a byte offset (past the end: the end). An offset inside a multi-byte
  /// character or between "\r" and "\n" means the start of that character or line end.
  [[nodiscard]] Position position_of(std::size_t offset, PositionEncoding encoding) const;

  [[nodiscard]] std::size_t line_count() const { return starts_.size(); }

 private:
  // The offset where line `line`'s content ends (before its line end).
  [[nodiscard]] std::size_t content_end(std::size_t line) const;

  std::string_view text_;
  std::vector<std::size_t> starts_;
};

}  // namespace hclschema::lsp
