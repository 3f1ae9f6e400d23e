// Line tables and grapheme-aware columns for SourceFile.
#include "hclschema/source.hpp"

#include <algorithm>
#include <cstring>

#include <utf8proc.h>

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

namespace {

// Counts grapheme clusters in `s`; a "\r\n" pair is one cluster, as in HCL's scanner.
uint32_t count_graphemes(std::string_view s) {
  uint32_t count = 0;
  size_t i = 0;
  // Fast path: plain ASCII other than CR is one cluster per byte.
  while (i < s.size() && static_cast<unsigned char>(s[i]) < 0x80 && s[i] != '\r') {
    ++i;
    ++count;
  }
  if (i == s.size()) return count;
  utf8proc_int32_t state = 0;
  // The last ASCII character may take a following combining mark into its cluster.
  utf8proc_int32_t prev = i > 0 ? static_cast<unsigned char>(s[i - 1]) : -1;
  while (i < s.size()) {
    utf8proc_int32_t cp = 0;
    auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + i), static_cast<utf8proc_ssize_t>(s.size() - i), &cp);
    if (n <= 0) {  // invalid UTF-8: each bad byte counts as one column
      ++count;
      ++i;
      prev = -1;
      state = 0;
      continue;
    }
    if (prev < 0 || utf8proc_grapheme_break_stateful(prev, cp, &state)) ++count;
    prev = cp;
    i += static_cast<size_t>(n);
  }
  return count;
}

}  // namespace

Pos SourceFile::pos_at(uint32_t byte) const {
  byte = std::min<uint32_t>(byte, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), byte);
  auto line_index = static_cast<uint32_t>((it - line_starts_.begin()) - 1);
  uint32_t start = line_starts_[line_index];
  // A byte-order mark opening the file is not a column: HCL starts counting after it.
  if (line_index == 0 && text_.size() >= 3 && text_.compare(0, 3, "\xEF\xBB\xBF") == 0 && byte >= 3) start = 3;
  Pos pos;
  pos.line = line_index + 1;
  pos.byte = byte;
  pos.column = 1 + count_graphemes(std::string_view(text_).substr(start, byte - start));
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
