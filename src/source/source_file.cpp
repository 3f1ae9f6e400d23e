// Line tables and grapheme-aware columns for SourceFile.
#include "hclschema/source.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>

#include "util/swar.hpp"
#include "util/utf8.hpp"

namespace hclschema {

namespace {

// The bytes each entry of a file's block table (line_blocks_) covers, as a shift: 128. (On the
// corpus, 256 cost 29 K instructions more, 64 saved 31 K more, for 6% of the text in memory.)
constexpr unsigned k_line_block_shift = 7;

}  // namespace

SourceFile::SourceFile(FileName filename, std::string text) : filename_(std::move(filename)), text_(std::move(text)) {}

void SourceFile::build_line_starts() const {
  std::call_once(line_starts_once_, [this] {
    line_starts_.push_back(0);
    const char* base = text_.data();
    const char* end = base + text_.size();
    for (const char* p = base; p < end;) {
      const void* nl = std::memchr(p, '\n', static_cast<size_t>(end - p));
      if (!nl) break;
      p = static_cast<const char*>(nl) + 1;
      line_starts_.push_back(static_cast<uint32_t>(p - base));
    }
    // Entry b: the line holding byte b * 128 (the last line for those past the end); the entries
    // run to the block after the one holding the end, so that b + 1 has one for every byte.
    const size_t blocks = (text_.size() >> k_line_block_shift) + 2;
    line_blocks_.resize(blocks);
    const auto lines = static_cast<uint32_t>(line_starts_.size());
    uint32_t line = 0;
    for (size_t b = 0; b < blocks; ++b) {
      const uint64_t first = uint64_t{b} << k_line_block_shift;
      while (line + 1 < lines && line_starts_[line + 1] <= first) ++line;
      line_blocks_[b] = line;
    }
    // A start past every byte after the last line's, so that the line after any line has a start
    // to compare with.
    line_starts_.push_back(UINT32_MAX);
    line_starts_ready_.store(true, std::memory_order_release);
  });
}

namespace {

// A SourceFile and its shared_ptr's control block in one allocation, as make_shared would give
// (it cannot call the private constructor): files are made by the thousand (every JSON string
// holding a template gets one), and each saves a malloc and a free. The file is built in place
// by SourceFile's own factories; the box destroys it only if it was built.
struct SourceFileBox {
  alignas(SourceFile) unsigned char storage[sizeof(SourceFile)];
  SourceFile* file = nullptr;
  SourceFileBox() = default;
  SourceFileBox(const SourceFileBox&) = delete;
  SourceFileBox& operator=(const SourceFileBox&) = delete;
  ~SourceFileBox() {
    if (file) file->~SourceFile();
  }
};

}  // namespace

std::shared_ptr<const SourceFile> SourceFile::from_string(FileName filename, std::string text) {
  auto box = std::make_shared<SourceFileBox>();
  box->file = new (box->storage) SourceFile(std::move(filename), std::move(text));
  SourceFile* file = box->file;
  return std::shared_ptr<const SourceFile>(std::move(box), file);
}

std::shared_ptr<const SourceFile> SourceFile::from_string_at(FileName filename, std::string text, Pos origin) {
  auto box = std::make_shared<SourceFileBox>();
  box->file = new (box->storage) SourceFile(std::move(filename), std::move(text));
  SourceFile* file = box->file;
  file->origin_ = origin;
  return std::shared_ptr<const SourceFile>(std::move(box), file);
}


std::shared_ptr<const SourceFile> SourceFile::slice_of(std::shared_ptr<const SourceFile> enclosing, ByteSpan span) {
  auto box = std::make_shared<SourceFileBox>();
  box->file = new (box->storage) SourceFile(enclosing->name(), std::string(enclosing->slice(span)));
  SourceFile* file = box->file;
  file->origin_ = enclosing->pos_at(span.begin);
  file->enclosing_offset_ = span.begin;
  file->enclosing_ = std::move(enclosing);
  return std::shared_ptr<const SourceFile>(std::move(box), file);
}

namespace {

// The index in `starts` (a file's line table, `blocks` its block table) of the line holding `byte`
// (no further than the end of the text). The line lies between the lines of the block's first
// byte and of the next block's, a few lines apart (lines of 30 bytes: 4 or 5), read one after the
// other (the table ends past every byte: no bound to test); halved down to one when more. (It
// replaced a per-thread hint of the last line asked for and a search from there guessed from the
// average line length: the corpus's errors are 0 to 100 lines apart, and that search cost 44
// instructions a call on average, this about 10.)
[[gnu::always_inline]] inline uint32_t line_of(const std::vector<uint32_t>& starts, const std::vector<uint32_t>& blocks, uint32_t byte) {
  const uint32_t* at = starts.data();
  const uint32_t* block = blocks.data() + (byte >> k_line_block_shift);
  uint32_t line_index = block[0];  // at[line_index] <= byte
  if (block[1] - line_index <= 8) [[likely]] {
    while (at[line_index + 1] <= byte) ++line_index;
    return line_index;
  }
  uint32_t past = block[1] + 1;  // a line starting past `byte`
  while (past - line_index > 1) {
    const uint32_t mid = line_index + (past - line_index) / 2;
    const bool on_or_after = at[mid] <= byte;
    line_index = on_or_after ? mid : line_index;
    past = on_or_after ? past : mid;
  }
  return line_index;
}

// A position of the file, in the enclosing file's coordinates when the file's text was cut from
// one (`origin`; a no-op for an ordinary file).
[[gnu::always_inline]] inline Pos shifted(Pos pos, const Pos& origin) {
  if (pos.line == 1) pos.column += origin.column - 1;
  pos.line += origin.line - 1;
  pos.byte += origin.byte;
  return pos;
}

// pos_at's answer for an ordinary file (no enclosing one), `byte` no further than the end of
// `text`, and the index of its line in `starts` (the file's line table).
[[gnu::always_inline]] inline Pos locate(std::string_view text, const std::vector<uint32_t>& starts, const std::vector<uint32_t>& blocks,
                                         const Pos& origin, uint32_t byte, uint32_t& line_index_out) {
  const uint32_t line_index = line_of(starts, blocks, byte);
  line_index_out = line_index;
  uint32_t start = starts[line_index];
  // A byte-order mark opening the file is not a column: HCL starts counting after it. Text cut
  // from inside a file (a non-zero origin) does not open a file: there a BOM is a character.
  if (line_index == 0 && origin.byte == 0 && text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0 && byte >= 3) start = 3;
  Pos pos;
  pos.line = line_index + 1;
  pos.byte = byte;
  pos.column = 1 + detail::count_grapheme_clusters(text.substr(start, byte - start));
  return shifted(pos, origin);
}

// Whether bytes [from, to) of `text` (to > from) are all ASCII, read a word at a time.
[[gnu::always_inline]] inline bool ascii_bytes(const char* text, uint32_t from, uint32_t to) {
  const uint32_t n = to - from;
  if (n < 8) return detail::swar::non_ascii(detail::swar::short_text_word(text + from, n)) == 0;
  uint64_t any = detail::swar::load(text + to - 8);  // the last eight, overlapping the words before
  for (uint32_t i = from; i + 8 < to; i += 8) any |= detail::swar::load(text + i);
  return detail::swar::non_ascii(any) == 0;
}

}  // namespace

Pos SourceFile::pos_at(uint32_t byte) const {
  byte = std::min<uint32_t>(byte, static_cast<uint32_t>(text_.size()));
  if (enclosing_) return enclosing_->pos_at(enclosing_offset_ + byte);
  uint32_t line_index = 0;
  const std::vector<uint32_t>& starts = line_starts();
  return locate(text_, starts, line_blocks_, origin_, byte, line_index);
}

// A span on one line whose text up to the span's end is ASCII (the usual one: a name, a value, a
// whole `name = value` line) has every byte a column: the columns are byte differences from the
// line's start. (ASCII bytes are one grapheme cluster each but a CR before an LF, and an LF ends
// the line, after the span. A byte-order mark opening the file is not ASCII: its line is counted.)
// Otherwise the end usually lies on the start's line still: then its column is the start's plus
// the grapheme clusters between them, counted over those bytes alone instead of from the line's
// beginning again. Counting can be split at a byte only when a cluster boundary is there for
// certain: the byte before is ASCII and not a CR (an ASCII byte is never joined to what follows
// unless it is a CR before an LF; a non-ASCII one might be, e.g. a prepended mark) and the byte
// itself is ASCII (never joined to what precedes; a combining mark would be). After an ASCII
// character the segmentation state is the same as at a line start, so the two counts add up.
// Anything else, and an end on a later line, takes pos_at.
Range SourceFile::range(ByteSpan span) const {
  // Everything but the usual case is out of line (range_slowly), so that the usual case saves 3
  // registers rather than 6. (GCC 12 makes no tail call of a function returning a Range in memory.)
  const auto size = static_cast<uint32_t>(text_.size());
  if (!enclosing_ && span.begin > 0 && span.end > span.begin && span.end <= size && line_starts_ready_.load(std::memory_order_acquire)) {
    const std::vector<uint32_t>& starts = line_starts_;
    const uint32_t line_index = line_of(starts, line_blocks_, span.begin);
    const uint32_t line_start = starts[line_index];
    const uint32_t next_line = starts[line_index + 1];
    if (span.end < next_line && ascii_bytes(text_.data(), line_start, span.end)) [[likely]] {
      const Pos start = shifted(Pos{line_index + 1, span.begin - line_start + 1, span.begin}, origin_);
      const Pos end = shifted(Pos{line_index + 1, span.end - line_start + 1, span.end}, origin_);
      return Range{filename_, start, end};
    }
  }
  return range_slowly(span);
}

Range SourceFile::range_slowly(ByteSpan span) const {
  const auto size = static_cast<uint32_t>(text_.size());
  if (!enclosing_ && span.begin > 0 && span.end > span.begin && span.end <= size) {
    const std::vector<uint32_t>& starts = line_starts();
    uint32_t line_index = 0;
    const Pos start = locate(text_, starts, line_blocks_, origin_, span.begin, line_index);
    const uint32_t next_line = starts[line_index + 1];
    const auto before = static_cast<unsigned char>(text_[span.begin - 1]);
    const auto first = static_cast<unsigned char>(text_[span.begin]);
    if (span.end < next_line && before < 0x80 && before != '\r' && first < 0x80) {
      const uint32_t n = span.end - span.begin;
      const uint32_t columns = detail::count_grapheme_clusters(std::string_view(text_).substr(span.begin, n));
      return Range{filename_, start, Pos{start.line, start.column + columns, start.byte + n}};
    }
    return Range{filename_, start, pos_at(span.end)};
  }
  const Pos start = pos_at(span.begin);
  if (span.end == span.begin) return Range{filename_, start, start};
  return Range{filename_, start, pos_at(span.end)};
}

std::string_view SourceFile::line_text(uint32_t line) const {
  const std::vector<uint32_t>& starts = line_starts();
  const auto lines = static_cast<uint32_t>(starts.size() - 1);  // (the last start is past the text)
  if (line == 0 || line > lines) return {};
  uint32_t start = starts[line - 1];
  uint32_t end = line < lines ? starts[line] : static_cast<uint32_t>(text_.size());
  std::string_view s = std::string_view(text_).substr(start, end - start);
  if (!s.empty() && s.back() == '\n') s.remove_suffix(1);
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  return s;
}

}  // namespace hclschema
