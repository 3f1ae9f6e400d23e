// LSP position <-> byte offset conversion (see text_position.hpp).
#include "lsp/text_position.hpp"

#include <algorithm>
#include <cstring>

namespace hclschema::lsp {

namespace {

// The length in bytes of the UTF-8 sequence at `i` (1 for a byte that starts no valid sequence),
// and how many code units it counts for in `encoding`.
struct Char {
  std::size_t bytes;
  std::size_t units;
};

Char char_at(std::string_view text, std::size_t i, std::size_t end, PositionEncoding encoding) {
  auto lead = static_cast<unsigned char>(text[i]);
  std::size_t n = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > end) return {1, 1};
  for (std::size_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return {1, 1};
  }
  if (encoding == PositionEncoding::utf8) return {n, n};
  return {n, n == 4 ? std::size_t{2} : std::size_t{1}};  // beyond the BMP: a surrogate pair
}

}  // namespace

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  // The index is rebuilt for every change of a document, so the common case (no "\r" at all) is
  // a memchr scan: a 1 MB text in a fraction of a millisecond instead of a byte loop.
  if (text.empty() || std::memchr(text.data(), '\r', text.size()) == nullptr) {
    const char* begin = text.data();
    const char* end = begin + text.size();
    for (const char* p = begin; p < end; ++p) {
      p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
      if (!p) break;
      starts_.push_back(static_cast<std::size_t>(p - begin) + 1);
    }
    return;
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      starts_.push_back(i + 1);
    } else if (text[i] == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      starts_.push_back(i + 1);
    }
  }
}

std::size_t LineIndex::content_end(std::size_t line) const {
  std::size_t end = line + 1 < starts_.size() ? starts_[line + 1] : text_.size();
  if (end > starts_[line] && text_[end - 1] == '\n') --end;
  if (end > starts_[line] && text_[end - 1] == '\r') --end;
  return end;
}

std::size_t LineIndex::offset_of(Position position, PositionEncoding encoding) const {
  if (position.line >= starts_.size()) return text_.size();
  std::size_t i = starts_[position.line];
  std::size_t end = content_end(position.line);
  std::size_t units = 0;
  while (i < end) {
    Char c = char_at(text_, i, end, encoding);
    if (units + c.units > position.character) break;  // the position is at or inside this character
    units += c.units;
    i += c.bytes;
  }
  return i;
}

Position LineIndex::position_of(std::size_t offset, PositionEncoding encoding) const {
  offset = std::min(offset, text_.size());
  auto after = std::upper_bound(starts_.begin(), starts_.end(), offset);
  std::size_t line = static_cast<std::size_t>(after - starts_.begin()) - 1;
  std::size_t end = std::min(content_end(line), offset);
  std::size_t i = starts_[line];
  std::size_t units = 0;
  while (i < end) {
    Char c = char_at(text_, i, content_end(line), encoding);
    if (i + c.bytes > end) break;  // the offset is inside this character
    units += c.units;
    i += c.bytes;
  }
  return Position{line, units};
}

}  // namespace hclschema::lsp
