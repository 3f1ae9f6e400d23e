// The language server's protocol side: maps LSP 3.17 requests and notifications onto a
// LanguageFeatures (language_features.hpp), converting file:// URIs to paths and LSP positions to
// byte offsets on the way in, and the answers to LSP's JSON shapes on the way out. It does no
// I/O: message bodies come in through handle() and go out through the `send` callback.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "lsp/json_rpc.hpp"
#include "lsp/language_features.hpp"
#include "lsp/text_position.hpp"

namespace hclschema::lsp {

/// Makes the workspace once the client has said where it is (empty path: no workspace root).
using FeaturesFactory = std::function<std::unique_ptr<LanguageFeatures>(std::string root_path)>;

class Server {
 public:
  /// `send` gets each outgoing message (responses and notifications) in the order they must reach
  /// the client. `version` is reported in serverInfo when not empty.
  Server(FeaturesFactory factory, std::function<void(const nlohmann::json&)> send, std::string version = {});

  /// Handles one message body; whatever it produces goes to `send` before this returns.
  void handle(std::string_view body);

  [[nodiscard]] bool exited() const { return dispatcher_.exited(); }
  [[nodiscard]] int exit_code() const { return dispatcher_.exit_code(); }
  [[nodiscard]] PositionEncoding encoding() const { return encoding_; }

 private:
  struct OpenDocument {
    std::string uri;  // as the client wrote it, so that it recognises its document in our answers
    std::optional<long long> version;
  };

  void register_handlers();
  nlohmann::json initialize(const nlohmann::json& params);
  void did_open(const nlohmann::json& params);
  void did_change(const nlohmann::json& params);
  void did_close(const nlohmann::json& params);
  void did_save(const nlohmann::json& params);
  nlohmann::json hover(const nlohmann::json& params);
  nlohmann::json completion(const nlohmann::json& params);
  nlohmann::json definition(const nlohmann::json& params);
  nlohmann::json document_symbol(const nlohmann::json& params);

  /// The path of params.textDocument.uri, or nullopt for a URI that is not a local file.
  std::optional<std::string> document_path(const nlohmann::json& params) const;
  /// The byte offset of params.position in the document's current text, or nullopt when the
  /// document has no text.
  std::optional<std::size_t> document_offset(const std::string& path, const nlohmann::json& params);
  /// An LSP Range of a byte range in `text`.
  nlohmann::json range_json(const LineIndex& index, ByteRange range) const;
  std::string uri_of(const std::string& path) const;

  /// Sends textDocument/publishDiagnostics for `path`, then for every stale document.
  void publish_diagnostics(const std::string& path);
  void publish_one(const std::string& path);
  void publish_stale();

  FeaturesFactory factory_;
  std::function<void(const nlohmann::json&)> send_;
  std::string version_;
  Dispatcher dispatcher_;
  std::unique_ptr<LanguageFeatures> features_;
  PositionEncoding encoding_ = PositionEncoding::utf16;
  bool snippet_support_ = false;
  std::map<std::string, OpenDocument> open_;  // by path
};

/// Strips LSP snippet syntax for clients that cannot expand snippets: "${1:name}" -> "name",
/// "$1" / "$0" -> "", "\\$" -> "$".
[[nodiscard]] std::string snippet_to_plain_text(std::string_view snippet);

}  // namespace hclschema::lsp
