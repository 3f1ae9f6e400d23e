// Parsing a file of either syntax into a File: the entry point of the syntax layer.
//
// Every parse returns a File (possibly partial) *and* diagnostics; a bad expression becomes a
// placeholder so one run reports many independent errors, as HCL does.
//
//     auto result = parse_path("main.tf");
//     if (has_errors(result.diagnostics)) { ... }
//     const Body& body = result.file->body();
#pragma once

#include <cstddef>
#include <memory>
#include <memory_resource>
#include <string>

#include "hclschema/diagnostic.hpp"
#include "hclschema/source.hpp"
#include "hclschema/syntax.hpp"

namespace hclschema {

namespace native {
class NativeBody;
}

enum class Syntax { native, json };

/// Limits that keep hostile input from exhausting memory or stack.
struct ParseOptions {
  /// Files larger than this are refused with a diagnostic instead of being read.
  std::size_t max_file_size = std::size_t{256} << 20;
  /// Deeper nesting of brackets, blocks and templates is reported instead of overflowing the stack.
  unsigned max_nesting_depth = 1000;
};

/// A parsed file: its source, the arena holding its syntax tree, and its root body.
class File {
 public:
  File(std::shared_ptr<const SourceFile> source, Syntax syntax);
  ~File();
  File(const File&) = delete;
  File& operator=(const File&) = delete;

  [[nodiscard]] const Body& body() const { return *body_; }
  [[nodiscard]] const SourceFile& source() const { return *source_; }
  [[nodiscard]] const std::shared_ptr<const SourceFile>& source_ptr() const { return source_; }
  [[nodiscard]] Syntax syntax() const { return syntax_; }
  /// The native-syntax root body, or nullptr for a JSON file.
  [[nodiscard]] const native::NativeBody* native_body() const;

  /// For parsers: the arena nodes are allocated from, and the root body once built.
  [[nodiscard]] std::pmr::memory_resource* arena() { return arena_.get(); }
  void set_body(const Body* body) { body_ = body; }

 private:
  std::shared_ptr<const SourceFile> source_;
  Syntax syntax_;
  std::unique_ptr<std::pmr::memory_resource> arena_;  // a detail::Arena sized for the source
  const Body* body_ = nullptr;
};

struct ParseResult {
  /// On syntax errors, whatever could be parsed (at least an empty body). Null only when
  /// parse_path could not read the file at all (the diagnostics say why).
  std::shared_ptr<const File> file;
  Diagnostics diagnostics;
};

/// Parses HCL native syntax.
[[nodiscard]] ParseResult parse_native(std::shared_ptr<const SourceFile> source, const ParseOptions& options = {});
/// Parses HCL JSON syntax.
[[nodiscard]] ParseResult parse_json(std::shared_ptr<const SourceFile> source, const ParseOptions& options = {});
/// Parses by file name: a name ending in ".json" is JSON syntax, anything else native syntax.
[[nodiscard]] ParseResult parse_source(std::shared_ptr<const SourceFile> source, const ParseOptions& options = {});

/// The syntax a file name selects.
[[nodiscard]] Syntax syntax_for_filename(std::string_view filename);

/// Reads and parses a file from disk. A missing, unreadable or oversized file gives
/// `file == nullptr` and one error diagnostic (the CLI reports that as an I/O problem, exit 2).
[[nodiscard]] ParseResult parse_path(const std::string& path, const ParseOptions& options = {});

}  // namespace hclschema
