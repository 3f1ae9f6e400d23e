// Line tables and grapheme-aware columns for SourceFile.
#include "hclschema/source.hpp"

#include <algorithm>
#include <cstring>

#include "util/utf8.hpp"

namespace hclschema {

SourceFile::SourceFile(std::string filename, std::string text) : filename_(std::move(filename)), text_(std::move(text)) {
  line_starts_.push_back(0);
  const char* base = text_.data();
  const char* end = base + text_.size();
  for (const char* p = base; p < end;) {
    const void* nl = std::memchr(p, '\n', static_cast<size_t>(end - p));
    if (!nl) break;
    p = static_cast<const char*>(nl) + 1;
    line_starts_.push_back(static_cast<uint32_t>(p - base));
  }
}

std::shared_ptr<const SourceFile> SourceFile::from_string(std::string filename, std::string text) {
  return std::shared_ptr<const SourceFile>(new SourceFile(std::move(filename), std::move(text)));
}

std::shared_ptr<const SourceFile> SourceFile::from_string_at(std::string filename, std::string text, Pos origin) {
  auto* file = new SourceFile(std::move(filename), std::move(text));
  file->origin_ = origin;
  return std::shared_ptr<const SourceFile>(file);
}


std::shared_ptr<const SourceFile> SourceFile::slice_of(std::shared_ptr<const SourceFile> enclosing, ByteSpan span) {
  auto* file = new SourceFile(enclosing->filename(), std::string(enclosing->slice(span)));
  file->origin_ = enclosing->pos_at(span.begin);
  file->enclosing_offset_ = span.begin;
  file->enclosing_ = std::move(enclosing);
  return std::shared_ptr<const SourceFile>(file);
}

Pos SourceFile::pos_at(uint32_t byte) const {
  byte = std::min<uint32_t>(byte, static_cast<uint32_t>(text_.size()));
  if (enclosing_) return enclosing_->pos_at(enclosing_offset_ + byte);
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), byte);
  auto line_index = static_cast<uint32_t>((it - line_starts_.begin()) - 1);
  uint32_t start = line_starts_[line_index];
  // A byte-order mark opening the file is not a column: HCL starts counting after it. Text cut
  // from inside a file (a non-zero origin) does not open a file: there a BOM is a character.
  if (line_index == 0 && origin_.byte == 0 && text_.size() >= 3 && text_.compare(0, 3, "\xEF\xBB\xBF") == 0 && byte >= 3) start = 3;
  Pos pos;
  pos.line = line_index + 1;
  pos.byte = byte;
  pos.column = 1 + detail::count_grapheme_clusters(std::string_view(text_).substr(start, byte - start));
  // Shift into the enclosing file's coordinates (a no-op for an ordinary file).
  if (pos.line == 1) pos.column += origin_.column - 1;
  pos.line += origin_.line - 1;
  pos.byte += origin_.byte;
  return pos;
}

Range SourceFile::range(ByteSpan span) const { return Range{filename_, pos_at(span.begin), pos_at(span.end)}; }

std::string_view SourceFile::line_text(uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  uint32_t start = line_starts_[line - 1];
  uint32_t end = line < line_starts_.size() ? line_starts_[line] : static_cast<uint32_t>(text_.size());
  std::string_view s = std::string_view(text_).substr(start, end - start);
  if (!s.empty() && s.back() == '\n') s.remove_suffix(1);
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  return s;
}

}  // namespace hclschema
