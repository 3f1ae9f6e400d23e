// The seam between the language server's protocol side and its workspace side.
//
// The protocol side (src/lsp/server.*) speaks LSP 3.17 and JSON-RPC; the workspace side
// (src/lsp/workspace.*) knows files, schemas, variables, `input` blocks and diagnostics but
// nothing of JSON, URIs or UTF-16. This interface is all they share, so each is tested alone: the
// server against a scripted fake, the workspace with plain C++ calls.
//
// Everything here is in terms of filesystem paths and byte offsets into a document's current text.
// The server converts LSP positions (line + UTF-16 or UTF-8 code units) to byte offsets with the
// document's text (`text_of`) and back, and file:// URIs to paths.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hclschema/diagnostic.hpp"

namespace hclschema::lsp {

/// A half-open byte range [begin, end) in one file.
struct ByteRange {
  std::size_t begin = 0;
  std::size_t end = 0;
  friend bool operator==(const ByteRange&, const ByteRange&) = default;
};

/// A place in some file (the target of "go to definition").
struct FileLocation {
  std::string path;
  ByteRange range;
  friend bool operator==(const FileLocation&, const FileLocation&) = default;
};

/// Hover text (Markdown) and the span of the word it describes.
struct HoverInfo {
  std::string markdown;
  ByteRange range;
};

/// What kind of thing a completion inserts; the server maps these to LSP CompletionItemKind.
enum class CompletionKind { attribute, block, value, keyword, variable };

struct CompletionEntry {
  std::string label;
  CompletionKind kind = CompletionKind::attribute;
  std::string detail;         // one line, e.g. the type: "number"
  std::string documentation;  // Markdown, e.g. the description
  std::string insert_text;    // empty: insert the label
  bool is_snippet = false;    // insert_text uses LSP snippet syntax ($1, ${1:name}, $0)
  /// The bytes the completion replaces (on one line, containing the cursor), e.g. the half-typed
  /// `"sa` of a value; nullopt: the editor's own idea of the word at the cursor. Without it an enum
  /// value `"safe"` chosen inside `""` would become `""safe""`.
  std::optional<ByteRange> replace;
};

/// What kind of thing a symbol is; the server maps these to LSP SymbolKind.
enum class SymbolKind { block, attribute, variable, input };

struct DocumentSymbolEntry {
  std::string name;
  std::string detail;        // e.g. block labels or a type
  SymbolKind kind = SymbolKind::attribute;
  ByteRange range;            // the whole construct
  ByteRange selection_range;  // its name; inside `range`
  std::vector<DocumentSymbolEntry> children;
};

/// A diagnostic for one document. `range` is in bytes of that document. Problems found in another
/// file (a broken schema governing this document, say) are reported at the top of the document
/// (range {0, 0}) with the other file's path and position in the message.
struct DocumentDiagnostic {
  Severity severity = Severity::error;
  std::string message;  // summary, then ": " and the detail when there is one
  std::string code;     // may be empty
  ByteRange range;
};

/// The language features of one workspace. Paths are absolute, normalised filesystem paths.
/// No member throws on bad input: a document that cannot be parsed still gets diagnostics, and a
/// position with nothing to say gets an empty answer.
class LanguageFeatures {
 public:
  virtual ~LanguageFeatures() = default;

  /// The editor opened a document; its text is now the truth, not the file on disk.
  virtual void open(const std::string& path, std::string text) = 0;
  /// Replaces bytes [range.begin, range.end) of an open document with `replacement`
  /// (full sync: range {0, text size}).
  virtual void edit(const std::string& path, ByteRange range, std::string_view replacement) = 0;
  /// The editor closed the document; the file on disk is the truth again.
  virtual void close(const std::string& path) = 0;

  /// The current text of a file: the open document's, else the file's on disk; nullopt when neither.
  [[nodiscard]] virtual std::optional<std::string> text_of(const std::string& path) = 0;
  /// Open documents whose diagnostics may have changed since they were last asked for (after an
  /// edit of a schema, every document it governs). Asking for a document's diagnostics clears it.
  [[nodiscard]] virtual std::vector<std::string> stale_documents() = 0;

  [[nodiscard]] virtual std::vector<DocumentDiagnostic> diagnostics(const std::string& path) = 0;
  [[nodiscard]] virtual std::optional<HoverInfo> hover(const std::string& path, std::size_t offset) = 0;
  [[nodiscard]] virtual std::vector<CompletionEntry> completion(const std::string& path, std::size_t offset) = 0;
  [[nodiscard]] virtual std::optional<FileLocation> definition(const std::string& path, std::size_t offset) = 0;
  [[nodiscard]] virtual std::vector<DocumentSymbolEntry> document_symbols(const std::string& path) = 0;
};

}  // namespace hclschema::lsp
