// The language server's workspace side: documents, what governs each of them, and the language
// features computed from that, all in paths and byte offsets (src/lsp/language_features.hpp). It
// knows nothing of JSON-RPC, URIs or UTF-16; the protocol side (src/lsp/server.*) maps LSP onto it.
//
//     Workspace ws("/home/me/project");                 // reads /home/me/project/.hclschema.hcl
//     ws.open("/home/me/project/examples/service.hcl", text);
//     for (const auto& d : ws.diagnostics("/home/me/project/examples/service.hcl")) ...
//     ws.hover(path, 42);                                 // Markdown from the schema's description
//
// Each feature lives in its own unit (document_diagnostics, hover, completion, definition,
// document_symbols), given one DocumentAnalysis: the document parsed plus its schema, module
// variables or `input` blocks. Schemas are cached per path and reloaded only when their text
// changes, and a configuration's top-level blocks are re-validated only when their text changed
// (incremental_validation.hpp), so an edit costs a parse and the validation of what changed.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "lsp/document_analysis.hpp"
#include "lsp/document_store.hpp"
#include "lsp/incremental_validation.hpp"
#include "lsp/language_features.hpp"
#include "lsp/schema_association.hpp"
#include "lsp/schema_cache.hpp"

namespace hclschema::lsp {

class Workspace final : public LanguageFeatures {
 public:
  /// `root_path`: the workspace folder (where `.hclschema.hcl` may be); empty for none.
  explicit Workspace(std::string root_path);

  /// The environment whose TF_VAR_ variables take part in resolving tfvars values (by default
  /// the process's own, read once at construction).
  void set_environment(std::map<std::string, std::string> environment);

  void open(const std::string& path, std::string text) override;
  void edit(const std::string& path, ByteRange range, std::string_view replacement) override;
  void close(const std::string& path) override;

  [[nodiscard]] std::optional<std::string> text_of(const std::string& path) override;
  [[nodiscard]] std::vector<std::string> stale_documents() override;

  [[nodiscard]] std::vector<DocumentDiagnostic> diagnostics(const std::string& path) override;
  [[nodiscard]] std::optional<HoverInfo> hover(const std::string& path, std::size_t offset) override;
  [[nodiscard]] std::vector<CompletionEntry> completion(const std::string& path, std::size_t offset) override;
  [[nodiscard]] std::optional<FileLocation> definition(const std::string& path, std::size_t offset) override;
  [[nodiscard]] std::vector<DocumentSymbolEntry> document_symbols(const std::string& path) override;

  /// What `path` is and which schema governs it, as the features see it.
  [[nodiscard]] Association association_of(const std::string& path);

 private:
  /// The analysis of `path`'s current text; reused until anything in the workspace changes,
  /// recomputed when `fresh` (diagnostics also notice files changed on disk).
  std::shared_ptr<const DocumentAnalysis> analyse(const std::string& path, bool fresh);
  std::shared_ptr<DocumentAnalysis> build_analysis(const std::string& path);
  /// The project file, re-read when its text changed; nullptr when there is none.
  const ProjectFile* project();
  void changed(const std::string& path);

  std::string root_;
  DocumentStore store_;
  SchemaCache schemas_;
  std::map<std::string, std::string> environment_;

  std::optional<std::string> project_text_;
  std::shared_ptr<const ProjectFile> project_;

  std::uint64_t generation_ = 1;  // bumped by every open, edit and close
  struct Cached {
    std::uint64_t generation = 0;
    std::shared_ptr<const DocumentAnalysis> analysis;
  };
  std::map<std::string, Cached> analyses_;
  std::map<std::string, std::string> governed_by_;  // open config document -> its schema's path
  std::set<std::string> stale_;
  std::map<std::string, IncrementalValidator> validators_;  // per open configuration document
};

}  // namespace hclschema::lsp
