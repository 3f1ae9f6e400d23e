// Source text and positions.
//
// A SourceFile owns the bytes of one input file and answers "which line and column is this byte
// offset on?". Syntax trees store only compact byte spans (ByteSpan); a full Range with line and
// column is computed on demand, which keeps nodes small and parsing fast.
//
// Columns count grapheme clusters from the start of the line, as HCL does, so `"é" = 1` puts `=`
// at column 5 whether é is one code point or two. A line ends at "\n" (a "\r\n" pair is one line end).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hclschema {

/// A position in a source file: 1-based line and column (in grapheme clusters), 0-based byte offset.
///
///     Pos p = file.pos_at(17);   // p.line == 2, p.column == 5, p.byte == 17
struct Pos {
  uint32_t line = 1;
  uint32_t column = 1;
  uint32_t byte = 0;
  friend bool operator==(const Pos&, const Pos&) = default;
};

/// The name of a source file as ranges carry it: immutable text shared by every range of that
/// file, so copying a Range (every attribute, block and diagnostic has some) copies a pointer
/// instead of the name. Reads like a `const std::string&`.
///
///     Range r = file->range(span);
///     if (r.filename == "main.tf") std::cout << r.filename;
class FileName {
 public:
  FileName() = default;
  FileName(std::string name) : text_(std::make_shared<const std::string>(std::move(name))) {}  // NOLINT: implicit on purpose
  FileName(const char* name) : FileName(std::string(name)) {}                                   // NOLINT
  FileName(std::string_view name) : FileName(std::string(name)) {}                              // NOLINT

  [[nodiscard]] const std::string& str() const { return text_ ? *text_ : no_name(); }
  operator const std::string&() const { return str(); }  // NOLINT: reads as the string it holds
  [[nodiscard]] bool empty() const { return str().empty(); }
  [[nodiscard]] size_t size() const { return str().size(); }
  [[nodiscard]] const char* c_str() const { return str().c_str(); }

  friend bool operator==(const FileName& a, const FileName& b) { return a.text_ == b.text_ || a.str() == b.str(); }
  friend bool operator==(const FileName& a, std::string_view b) { return a.str() == b; }
  friend bool operator==(const FileName& a, const char* b) { return a.str() == b; }
  friend bool operator==(const FileName& a, const std::string& b) { return a.str() == b; }
  friend std::string operator+(const FileName& a, std::string_view b) { return a.str() + std::string(b); }
  friend std::string operator+(std::string_view a, const FileName& b) { return std::string(a) + b.str(); }
  template <class Stream>
  friend Stream& operator<<(Stream& out, const FileName& name) {
    out << name.str();
    return out;
  }

 private:
  static const std::string& no_name() {
    static const std::string none;
    return none;
  }
  std::shared_ptr<const std::string> text_;
};

/// A half-open source range [start, end) in a named file.
struct Range {
  FileName filename;
  Pos start;
  Pos end;
  friend bool operator==(const Range&, const Range&) = default;
  /// True when `byte` lies within [start.byte, end.byte).
  [[nodiscard]] bool contains_byte(uint32_t byte) const { return byte >= start.byte && byte < end.byte; }
};

/// A compact half-open byte range [begin, end) inside one SourceFile; what syntax nodes store.
struct ByteSpan {
  uint32_t begin = 0;
  uint32_t end = 0;
  friend bool operator==(const ByteSpan&, const ByteSpan&) = default;
  [[nodiscard]] static ByteSpan cover(ByteSpan a, ByteSpan b) { return {a.begin < b.begin ? a.begin : b.begin, a.end > b.end ? a.end : b.end}; }
};

/// One input file: its name, its bytes, and a table of line starts, built the first time a
/// position is asked for: parsing a valid file never needs one, and for a large file it is about
/// 14% of the input's size (a 4-byte start per line of ~30 bytes). Safe to share between threads.
///
///     auto file = SourceFile::from_string("main.tf", "a = 1\n");
///     Range r = file->range({4, 5});   // the "1": line 1, columns 5..6
class SourceFile {
 public:
  /// Takes ownership of `text`. The name is used in diagnostics exactly as given.
  [[nodiscard]] static std::shared_ptr<const SourceFile> from_string(FileName filename, std::string text);
  /// Text that was cut out of a larger file (a JSON string holding a template, say): positions
  /// are reported as if the text began at `origin` of that file, as HCL's parsers do with a start
  /// position. Byte spans stay relative to `text`.
  [[nodiscard]] static std::shared_ptr<const SourceFile> from_string_at(FileName filename, std::string text, Pos origin);
  /// Bytes `span` of `enclosing`, as a file of their own whose positions are exactly the
  /// enclosing file's (columns count grapheme clusters across the cut, too). For re-parsing part
  /// of a file; byte spans stay relative to the part.
  [[nodiscard]] static std::shared_ptr<const SourceFile> slice_of(std::shared_ptr<const SourceFile> enclosing, ByteSpan span);

  [[nodiscard]] const std::string& filename() const { return filename_.str(); }
  /// The same name as ranges carry it: pass this to make a Range or a SourceFile of this file's
  /// name, so that the name is shared instead of copied.
  [[nodiscard]] const FileName& name() const { return filename_; }
  [[nodiscard]] std::string_view text() const { return text_; }
  [[nodiscard]] std::string_view slice(ByteSpan span) const { return std::string_view(text_).substr(span.begin, span.end - span.begin); }

  /// The position of byte offset `byte` (clamped to the end of the text).
  [[nodiscard]] Pos pos_at(uint32_t byte) const;
  /// The full range of a byte span.
  [[nodiscard]] Range range(ByteSpan span) const;
  /// The text of 1-based line `line`, without its line ending; empty past the end.
  [[nodiscard]] std::string_view line_text(uint32_t line) const;
  /// Number of lines (a file without a trailing newline still counts its last line).
  [[nodiscard]] uint32_t line_count() const { return static_cast<uint32_t>(line_starts().size() - 1); }
  /// Whether the line table has been built yet (for memory accounting: it is built by the first
  /// position, line or line count asked for).
  [[nodiscard]] bool has_line_table() const { return line_starts_ready_.load(std::memory_order_acquire); }

 private:
  SourceFile(FileName filename, std::string text);
  /// The start of every line, and then UINT32_MAX (past every byte), built on first use.
  [[nodiscard]] const std::vector<uint32_t>& line_starts() const {
    if (!line_starts_ready_.load(std::memory_order_acquire)) [[unlikely]]
      build_line_starts();
    return line_starts_;
  }
  void build_line_starts() const;
  /// range() past its usual case (a span on one line of an ordinary file, ASCII up to its end).
  [[nodiscard]] Range range_slowly(ByteSpan span) const;

  Pos origin_;
  std::shared_ptr<const SourceFile> enclosing_;  // slice_of: positions come from here
  uint32_t enclosing_offset_ = 0;
  FileName filename_;  // shared with every Range of this file
  std::string text_;
  mutable std::vector<uint32_t> line_starts_;
  // For each 128 bytes of the text (and one past its end), the index of the line holding the
  // first of them: a byte's line is then found among the few between two entries. Built with
  // line_starts_ (3.1% of the text's size).
  mutable std::vector<uint32_t> line_blocks_;
  mutable std::atomic<bool> line_starts_ready_{false};
  mutable std::once_flag line_starts_once_;
};

/// A range kept as a file and a byte span until someone asks for its line and column, or given
/// ready-made (a position that is no span of a file, or none at all). For places that hold a
/// range in case a diagnostic needs it: most never do, and looking up a position costs a line
/// search and a grapheme count.
///
///     LazyRange where(*file, {4, 5});
///     Range r = where.range();   // looked up now; the same as file->range({4, 5})
class LazyRange {
 public:
  LazyRange() = default;
  LazyRange(const SourceFile& file, ByteSpan span) : file_(&file), span_(span) {}
  explicit LazyRange(Range given) : given_(std::move(given)) {}

  [[nodiscard]] Range range() const { return file_ ? file_->range(span_) : given_; }

 private:
  const SourceFile* file_ = nullptr;
  ByteSpan span_;
  Range given_;  // when there is no file
};

}  // namespace hclschema
