// Shared helpers for the workspace tests: a temporary directory of files, and offsets of text.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "lsp/workspace.hpp"

namespace hclschema::lsp::testing {

/// A fresh directory under the system's temp directory, removed with everything in it at the end.
class TempTree {
 public:
  TempTree() {
    std::string pattern = (std::filesystem::temp_directory_path() / "hclschema-ws-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) ADD_FAILURE() << "mkdtemp failed";
    // Canonical, so paths compare equal to what the workspace normalises (/tmp may be a symlink).
    root_ = std::filesystem::canonical(pattern).string();
  }
  ~TempTree() {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
  }
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;

  [[nodiscard]] const std::string& root() const { return root_; }
  [[nodiscard]] std::string path(const std::string& relative) const { return root_ + "/" + relative; }
  /// Writes `text` to `relative` (creating directories) and returns the absolute path.
  std::string write(const std::string& relative, std::string_view text) const {
    const std::string p = path(relative);
    std::filesystem::create_directories(std::filesystem::path(p).parent_path());
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << text;
    return p;
  }

 private:
  std::string root_;
};

/// The byte offset of the `occurrence`-th (0-based) `needle` in `text`, plus `delta`; fails the test
/// when it is not there.
inline std::size_t offset_of(std::string_view text, std::string_view needle, std::size_t delta = 0, int occurrence = 0) {
  std::size_t at = text.find(needle);
  for (int i = 0; i < occurrence && at != std::string_view::npos; ++i) at = text.find(needle, at + 1);
  if (at == std::string_view::npos) {
    ADD_FAILURE() << "\"" << needle << "\" not found";
    return 0;
  }
  return at + delta;
}

/// The source directory of the project (for examples/), as the build defines it.
/// A document written with `|` where the cursor is: the text without the marker, and the cursor's
/// byte offset.
struct MarkedText {
  std::string text;
  std::size_t cursor;
};
inline MarkedText with_cursor(std::string marked) {
  const std::size_t cursor = marked.find('|');
  marked.erase(cursor, 1);
  return {std::move(marked), cursor};
}

inline std::string source_dir() { return HCLSCHEMA_SOURCE_DIR; }

/// Reads a whole file (the examples).
inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Every message of `diags`, one per line, for failure output and substring checks.
inline std::string messages(const std::vector<DocumentDiagnostic>& diags) {
  std::string out;
  for (const auto& d : diags) out += d.message + "\n";
  return out;
}

/// The service schema of examples/ (with its attribute declarations), for tests in a temp tree.
inline std::string service_schema() { return read_file(source_dir() + "/examples/service.schema.hcl"); }

}  // namespace hclschema::lsp::testing
