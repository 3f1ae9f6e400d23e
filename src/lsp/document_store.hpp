// The texts of the documents an editor has open, and the disk behind the ones it has not.
//
// An open document's text is the truth until it is closed; edits replace byte ranges of it. Every
// change bumps the document's version, which the workspace uses as a cache key for its analyses.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hclschema::lsp {

class DocumentStore {
 public:
  /// Opens (or re-opens) `path` with `text`.
  void open(const std::string& path, std::string text);
  /// Replaces bytes [begin, end) of an open document. Offsets past the end are clamped, and an
  /// inverted range inserts at `begin`; an edit of a document that is not open is ignored (false).
  bool edit(const std::string& path, std::size_t begin, std::size_t end, std::string_view replacement);
  void close(const std::string& path);

  [[nodiscard]] bool is_open(const std::string& path) const { return documents_.count(path) != 0; }
  /// The open document's text, or nullptr.
  [[nodiscard]] const std::string* open_text(const std::string& path) const;
  /// The open document's text, else the file's on disk; nullopt when neither can be had.
  [[nodiscard]] std::optional<std::string> text_of(const std::string& path) const;
  /// Increases on every open, edit and close of `path`; 0 for a document never opened.
  [[nodiscard]] std::uint64_t version(const std::string& path) const;
  [[nodiscard]] std::vector<std::string> open_paths() const;

  /// Reads a regular file from disk; nullopt for directories and unreadable files.
  [[nodiscard]] static std::optional<std::string> read_disk(const std::string& path);

 private:
  struct Document {
    std::string text;
  };
  std::map<std::string, Document> documents_;
  std::map<std::string, std::uint64_t> versions_;  // outlives close, so a cache never sees an old version again
  std::uint64_t next_version_ = 0;
};

}  // namespace hclschema::lsp
