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

// The line of the last position this thread looked up, and in which file. Ranges are mostly asked
// for in file order (a body's items one after the other), so the next position is usually on that
// line or a few below, and the binary search over a large file's line table (cache misses, most of
// pos_at's time) can be skipped. Only a hint: it is checked against the file's own line table
// before use, so a stale one (say, another file now at the same address) costs a binary search,
// never a wrong answer; and each thread has its own, as files are validated in parallel.
struct LineHint {
  const SourceFile* file = nullptr;
  uint32_t line_index = 0;
};
// Initial-exec: the library is built position-independent, where GCC takes a general-dynamic
// thread_local's address as a call of __tls_get_addr and spills the registers live across it,
// though the link makes it one instruction. (16 bytes of static TLS: docs/architecture.md,
// "Thread-local state", for why every thread-local of the library is small.)
[[gnu::tls_model("initial-exec")]] thread_local LineHint t_line_hint;

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

// The index in `starts` (the line table of `file`, whose text is `text_size` bytes) of the line
// holding `byte` (no further than the end of the text), which is left in the hint. Inline in
// pos_at and in range's usual case.
[[gnu::always_inline]] inline uint32_t line_of(const SourceFile* file, size_t text_size, const std::vector<uint32_t>& starts, uint32_t byte) {
  // The line is the last one starting at or before `byte` (line_starts[0] is 0).
  const auto lines = static_cast<uint32_t>(starts.size());
  uint32_t from = 0;
  LineHint& hint = t_line_hint;
  if (hint.file == file && hint.line_index < lines && starts[hint.line_index] <= byte) from = hint.line_index;
  // Then, unless `byte` is on that line, a guess from the average length of the lines below it
  // (the positions asked for are some lines apart, 0 to 127 between the corpus's errors, and lines
  // are of similar lengths), and galloping from the guess, 1, 2, 4, ... lines up or down, to a
  // stretch that holds the line, which is then halved. A good guess costs a few comparisons; a bad
  // one about twice the logarithm of its error, never more than of the rest of the file.
  const uint32_t* at = starts.data();
  uint32_t line_index = from;  // at[line_index] <= byte
  uint32_t past = from + 1;    // lines (no more) or a line starting past `byte`
  if (past < lines && at[past] <= byte) {
    line_index = past;
    past = lines;
    // (Below 1: the bytes from `line_index`'s start to `byte` are fewer than to the end, plus one.)
    const uint64_t rest = text_size - at[line_index] + 1;
    const auto guess = line_index + static_cast<uint32_t>(uint64_t{byte - at[line_index]} * (lines - line_index) / rest);
    uint64_t step = 1;  // (wide: doubling it must not wrap round on a file of billions of lines)
    if (at[guess] <= byte) {
      line_index = guess;
      for (;;) {
        const uint32_t probe = lines - line_index > step ? line_index + static_cast<uint32_t>(step) : lines;
        if (probe == lines || at[probe] > byte) {
          past = probe;
          break;
        }
        line_index = probe;
        step *= 2;
      }
    } else {
      past = guess;  // > line_index, as at[line_index] <= byte
      for (;;) {
        const uint32_t probe = past - line_index > step ? past - static_cast<uint32_t>(step) : line_index;
        if (probe == line_index || at[probe] <= byte) {
          line_index = probe;
          break;
        }
        past = probe;
        step *= 2;
      }
    }
  }
  // Halving (line_index, past) while it holds more than one line, without branches to mispredict
  // and without std::upper_bound's set-up: the stretch is short (a few lines) nearly always.
  while (past - line_index > 1) {
    const uint32_t mid = line_index + (past - line_index) / 2;
    const bool on_or_after = at[mid] <= byte;
    line_index = on_or_after ? mid : line_index;
    past = on_or_after ? past : mid;
  }
  hint = LineHint{file, line_index};
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
[[gnu::always_inline]] inline Pos locate(const SourceFile* file, std::string_view text, const std::vector<uint32_t>& starts, const Pos& origin,
                                         uint32_t byte, uint32_t& line_index_out) {
  const uint32_t line_index = line_of(file, text.size(), starts, byte);
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
  return locate(this, text_, line_starts(), origin_, byte, line_index);
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
  // Everything but the usual case, out of line (a lambda, for the private members), so that the
  // usual case, without calls, saves few registers.
  const auto otherwise = [this](ByteSpan span) __attribute__((noinline)) -> Range {
    const auto size = static_cast<uint32_t>(text_.size());
    if (!enclosing_ && span.begin > 0 && span.end > span.begin && span.end <= size) {
      const std::vector<uint32_t>& starts = line_starts();
      uint32_t line_index = 0;
      const Pos start = locate(this, text_, starts, origin_, span.begin, line_index);
      const uint32_t next_line = line_index + 1 < starts.size() ? starts[line_index + 1] : size + 1;
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
  };
  const auto size = static_cast<uint32_t>(text_.size());
  if (!enclosing_ && span.begin > 0 && span.end > span.begin && span.end <= size && line_starts_ready_.load(std::memory_order_acquire)) {
    const std::vector<uint32_t>& starts = line_starts_;
    const uint32_t line_index = line_of(this, text_.size(), starts, span.begin);
    const uint32_t line_start = starts[line_index];
    const uint32_t next_line = line_index + 1 < starts.size() ? starts[line_index + 1] : size + 1;
    if (span.end < next_line && ascii_bytes(text_.data(), line_start, span.end)) [[likely]] {
      const Pos start = shifted(Pos{line_index + 1, span.begin - line_start + 1, span.begin}, origin_);
      const Pos end = shifted(Pos{line_index + 1, span.end - line_start + 1, span.end}, origin_);
      return Range{filename_, start, end};
    }
  }
  return otherwise(span);
}

std::string_view SourceFile::line_text(uint32_t line) const {
  const std::vector<uint32_t>& starts = line_starts();
  if (line == 0 || line > starts.size()) return {};
  uint32_t start = starts[line - 1];
  uint32_t end = line < starts.size() ? starts[line] : static_cast<uint32_t>(text_.size());
  std::string_view s = std::string_view(text_).substr(start, end - start);
  if (!s.empty() && s.back() == '\n') s.remove_suffix(1);
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  return s;
}

}  // namespace hclschema
