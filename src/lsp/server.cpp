// The language server's protocol side (see server.hpp).
#include "lsp/server.hpp"

#include <algorithm>
#include <iostream>

#include "lsp/uri.hpp"

namespace hclschema::lsp {

using nlohmann::json;

namespace {

// LSP's DiagnosticSeverity.
int lsp_severity(Severity severity) {
  switch (severity) {
    case Severity::error: return 1;
    case Severity::warning: return 2;
  }
  return 1;
}

// LSP's CompletionItemKind.
int lsp_completion_kind(CompletionKind kind) {
  switch (kind) {
    case CompletionKind::attribute: return 10;  // Property
    case CompletionKind::block: return 22;      // Struct
    case CompletionKind::value: return 12;      // Value
    case CompletionKind::keyword: return 14;    // Keyword
    case CompletionKind::variable: return 6;    // Variable
  }
  return 1;  // Text
}

// LSP's SymbolKind.
int lsp_symbol_kind(SymbolKind kind) {
  switch (kind) {
    case SymbolKind::block: return 23;      // Struct
    case SymbolKind::attribute: return 7;   // Property
    case SymbolKind::variable: return 13;   // Variable
    case SymbolKind::input: return 11;      // Interface
  }
  return 7;
}

const json& require(const json& object, const char* key) {
  if (!object.is_object()) throw RpcError(error_code::invalid_params, "Invalid params: expected an object");
  auto it = object.find(key);
  if (it == object.end()) throw RpcError(error_code::invalid_params, std::string("Invalid params: missing \"") + key + "\"");
  return *it;
}

std::size_t require_index(const json& object, const char* key) {
  const json& value = require(object, key);
  if (!value.is_number_unsigned() && !(value.is_number_integer() && value.get<long long>() >= 0)) {
    throw RpcError(error_code::invalid_params, std::string("Invalid params: \"") + key + "\" must be a non-negative integer");
  }
  return value.get<std::size_t>();
}

Position require_position(const json& position) {
  return Position{require_index(position, "line"), require_index(position, "character")};
}

const std::string& require_string(const json& object, const char* key) {
  const json& value = require(object, key);
  if (!value.is_string()) throw RpcError(error_code::invalid_params, std::string("Invalid params: \"") + key + "\" must be a string");
  return value.get_ref<const std::string&>();
}

}  // namespace

std::string snippet_to_plain_text(std::string_view snippet) {
  std::string out;
  for (std::size_t i = 0; i < snippet.size(); ++i) {
    char c = snippet[i];
    if (c == '\\' && i + 1 < snippet.size() && (snippet[i + 1] == '$' || snippet[i + 1] == '}' || snippet[i + 1] == '\\')) {
      out.push_back(snippet[++i]);
    } else if (c == '$' && i + 1 < snippet.size() && snippet[i + 1] >= '0' && snippet[i + 1] <= '9') {
      while (i + 1 < snippet.size() && snippet[i + 1] >= '0' && snippet[i + 1] <= '9') ++i;
    } else if (c == '$' && i + 1 < snippet.size() && snippet[i + 1] == '{') {
      // ${N} or ${N:placeholder}, placeholders possibly nested: keep the placeholder's text.
      std::size_t j = i + 2;
      while (j < snippet.size() && snippet[j] >= '0' && snippet[j] <= '9') ++j;
      if (j < snippet.size() && snippet[j] == ':') ++j;
      std::size_t close = j;
      int depth = 1;
      for (; close < snippet.size(); ++close) {
        if (snippet[close] == '\\') {
          ++close;
        } else if (snippet[close] == '{') {
          ++depth;
        } else if (snippet[close] == '}' && --depth == 0) {
          break;
        }
      }
      if (close >= snippet.size()) {
        out.push_back(c);
        continue;
      }
      out += snippet_to_plain_text(snippet.substr(j, close - j));
      i = close;
    } else {
      out.push_back(c);
    }
  }
  return out;
}

Server::Server(FeaturesFactory factory, std::function<void(const json&)> send, std::string version)
    : factory_(std::move(factory)), send_(std::move(send)), version_(std::move(version)) {
  register_handlers();
}

void Server::handle(std::string_view body) {
  std::optional<json> response = dispatcher_.handle(body);
  if (response) send_(*response);
}

void Server::register_handlers() {
  dispatcher_.on_request("initialize", [this](const json& params) { return initialize(params); });
  dispatcher_.on_notification("initialized", [](const json&) {});
  dispatcher_.on_request("shutdown", [this](const json&) {
    features_.reset();  // nothing is asked of the workspace after shutdown
    open_.clear();
    return json(nullptr);
  });
  dispatcher_.on_notification("exit", [](const json&) {});
  dispatcher_.on_notification("textDocument/didOpen", [this](const json& p) { did_open(p); });
  dispatcher_.on_notification("textDocument/didChange", [this](const json& p) { did_change(p); });
  dispatcher_.on_notification("textDocument/didClose", [this](const json& p) { did_close(p); });
  dispatcher_.on_notification("textDocument/didSave", [this](const json& p) { did_save(p); });
  dispatcher_.on_request("textDocument/hover", [this](const json& p) { return hover(p); });
  dispatcher_.on_request("textDocument/completion", [this](const json& p) { return completion(p); });
  dispatcher_.on_request("textDocument/definition", [this](const json& p) { return definition(p); });
  dispatcher_.on_request("textDocument/documentSymbol", [this](const json& p) { return document_symbol(p); });
}

json Server::initialize(const json& params) {
  if (!params.is_object()) throw RpcError(error_code::invalid_params, "Invalid params: initialize needs an object");
  std::string root;
  auto root_of = [](const json& uri) -> std::string {
    if (!uri.is_string()) return {};
    return uri_to_path(uri.get<std::string>()).value_or(std::string{});
  };
  if (auto it = params.find("rootUri"); it != params.end()) root = root_of(*it);
  if (root.empty()) {
    if (auto it = params.find("workspaceFolders"); it != params.end() && it->is_array() && !it->empty() &&
                                                   it->front().is_object()) {
      root = root_of(it->front().value("uri", json(nullptr)));
    }
  }
  if (root.empty()) {
    if (auto it = params.find("rootPath"); it != params.end() && it->is_string() && !it->get<std::string>().empty() &&
                                           it->get<std::string>().front() == '/') {
      root = it->get<std::string>();
    }
  }

  const json capabilities = params.value("capabilities", json::object());
  encoding_ = PositionEncoding::utf16;
  if (capabilities.is_object()) {
    const json general = capabilities.value("general", json::object());
    if (general.is_object()) {
      const json encodings = general.value("positionEncodings", json::array());
      if (encodings.is_array() && std::find(encodings.begin(), encodings.end(), json("utf-8")) != encodings.end()) {
        encoding_ = PositionEncoding::utf8;
      }
    }
    const json text_document = capabilities.value("textDocument", json::object());
    if (text_document.is_object()) {
      const json completion = text_document.value("completion", json::object());
      if (completion.is_object()) {
        const json item = completion.value("completionItem", json::object());
        snippet_support_ = item.is_object() && item.value("snippetSupport", false) == true;
      }
    }
  }

  features_ = factory_(root);
  json server_info{{"name", "hclschema"}};
  if (!version_.empty()) server_info["version"] = version_;
  return json{
      {"capabilities",
       {
           {"positionEncoding", encoding_ == PositionEncoding::utf8 ? "utf-8" : "utf-16"},
           {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
           {"hoverProvider", true},
           {"completionProvider", {{"triggerCharacters", {"\"", "=", " "}}, {"resolveProvider", false}}},
           {"definitionProvider", true},
           {"documentSymbolProvider", true},
       }},
      {"serverInfo", server_info},
  };
}

std::optional<std::string> Server::document_path(const json& params) const {
  const json& document = require(params, "textDocument");
  return uri_to_path(require_string(document, "uri"));
}

std::string Server::uri_of(const std::string& path) const {
  auto it = open_.find(path);
  return it != open_.end() ? it->second.uri : path_to_uri(path);
}

std::optional<std::size_t> Server::document_offset(const std::string& path, const json& params) {
  Position position = require_position(require(params, "position"));
  std::optional<std::string> text = features_->text_of(path);
  if (!text) return std::nullopt;
  return LineIndex(*text).offset_of(position, encoding_);
}

json Server::range_json(const LineIndex& index, ByteRange range) const {
  Position begin = index.position_of(range.begin, encoding_);
  Position end = index.position_of(std::max(range.begin, range.end), encoding_);
  return json{{"start", {{"line", begin.line}, {"character", begin.character}}},
              {"end", {{"line", end.line}, {"character", end.character}}}};
}

void Server::did_open(const json& params) {
  const json& document = require(params, "textDocument");
  const std::string& uri = require_string(document, "uri");
  std::optional<std::string> path = uri_to_path(uri);
  if (!path) return;  // untitled: and other schemes have no file to govern them
  const std::string& text = require_string(document, "text");
  OpenDocument open{uri, std::nullopt};
  if (auto v = document.find("version"); v != document.end() && v->is_number_integer()) open.version = v->get<long long>();
  open_[*path] = open;
  features_->open(*path, text);
  publish_diagnostics(*path);
}

void Server::did_change(const json& params) {
  std::optional<std::string> path = document_path(params);
  if (!path) return;
  auto open = open_.find(*path);
  if (open == open_.end()) return;  // a change of a document that was never opened: nothing to apply it to
  const json& document = params["textDocument"];
  if (auto v = document.find("version"); v != document.end() && v->is_number_integer()) {
    open->second.version = v->get<long long>();
  }
  const json& changes = require(params, "contentChanges");
  if (!changes.is_array()) throw RpcError(error_code::invalid_params, "Invalid params: contentChanges must be an array");
  for (const json& change : changes) {
    const std::string& text = require_string(change, "text");
    std::optional<std::string> current = features_->text_of(*path);
    std::string before = current.value_or(std::string{});
    ByteRange range{0, before.size()};
    if (auto r = change.find("range"); r != change.end() && !r->is_null()) {
      // Each change's range is in the text as the previous change left it.
      LineIndex index(before);
      range.begin = index.offset_of(require_position(require(*r, "start")), encoding_);
      range.end = std::max(range.begin, index.offset_of(require_position(require(*r, "end")), encoding_));
    }
    features_->edit(*path, range, text);
  }
  publish_diagnostics(*path);
}

void Server::did_close(const json& params) {
  std::optional<std::string> path = document_path(params);
  if (!path) return;
  auto open = open_.find(*path);
  if (open == open_.end()) return;
  std::string uri = open->second.uri;
  open_.erase(open);
  features_->close(*path);
  // The client keeps a closed document's last diagnostics unless told otherwise.
  send_(json{{"jsonrpc", "2.0"},
             {"method", "textDocument/publishDiagnostics"},
             {"params", {{"uri", uri}, {"diagnostics", json::array()}}}});
  publish_stale();
}

void Server::did_save(const json& params) {
  // The open document's text is already the truth; saving it may change what other files see
  // (a schema on disk), which the workspace reports as stale documents.
  (void)document_path(params);
  publish_stale();
}

void Server::publish_diagnostics(const std::string& path) {
  publish_one(path);
  publish_stale();
}

void Server::publish_stale() {
  for (const std::string& stale : features_->stale_documents()) {
    if (open_.contains(stale)) publish_one(stale);
  }
}

void Server::publish_one(const std::string& path) {
  std::vector<DocumentDiagnostic> diagnostics = features_->diagnostics(path);
  std::string text = features_->text_of(path).value_or(std::string{});
  LineIndex index(text);
  json list = json::array();
  for (const DocumentDiagnostic& d : diagnostics) {
    json item{{"range", range_json(index, d.range)},
              {"severity", lsp_severity(d.severity)},
              {"source", "hclschema"},
              {"message", d.message.empty() ? std::string("(no message)") : d.message}};
    if (!d.code.empty()) item["code"] = d.code;
    list.push_back(std::move(item));
  }
  json params{{"uri", uri_of(path)}, {"diagnostics", std::move(list)}};
  if (auto open = open_.find(path); open != open_.end() && open->second.version) params["version"] = *open->second.version;
  send_(json{{"jsonrpc", "2.0"}, {"method", "textDocument/publishDiagnostics"}, {"params", std::move(params)}});
}

json Server::hover(const json& params) {
  std::optional<std::string> path = document_path(params);
  if (!path) return nullptr;
  const Position position = require_position(require(params, "position"));
  const std::optional<std::string> text = features_->text_of(*path);
  if (!text) return nullptr;
  const LineIndex index(*text);  // one index for the cursor and the answer's range
  std::optional<HoverInfo> info = features_->hover(*path, index.offset_of(position, encoding_));
  if (!info || info->markdown.empty()) return nullptr;
  return json{{"contents", {{"kind", "markdown"}, {"value", info->markdown}}},
              {"range", range_json(index, info->range)}};
}

json Server::completion(const json& params) {
  json items = json::array();
  std::optional<std::string> path = document_path(params);
  // One index for the cursor and every entry's replace range.
  std::optional<std::string> text;
  std::optional<LineIndex> index;
  Position position;
  if (path) {
    position = require_position(require(params, "position"));
    text = features_->text_of(*path);
    if (text) index.emplace(*text);
  }
  if (index) {
    const std::size_t offset = index->offset_of(position, encoding_);
    for (const CompletionEntry& entry : features_->completion(*path, offset)) {
      json item{{"label", entry.label}, {"kind", lsp_completion_kind(entry.kind)}};
      if (!entry.detail.empty()) item["detail"] = entry.detail;
      if (!entry.documentation.empty()) item["documentation"] = {{"kind", "markdown"}, {"value", entry.documentation}};
      std::string new_text = entry.insert_text.empty() ? entry.label : entry.insert_text;
      const bool as_snippet = entry.is_snippet && snippet_support_;
      if (entry.is_snippet && !as_snippet) new_text = snippet_to_plain_text(new_text);
      if (entry.replace) {
        // A textEdit replaces exactly the half-typed value, whatever the editor thinks a word is.
        item["textEdit"] = {{"range", range_json(*index, *entry.replace)}, {"newText", new_text}};
        item["insertTextFormat"] = as_snippet ? 2 : 1;
      } else if (!entry.insert_text.empty()) {
        item["insertText"] = new_text;
        item["insertTextFormat"] = as_snippet ? 2 : 1;
      }
      items.push_back(std::move(item));
    }
  }
  return json{{"isIncomplete", false}, {"items", std::move(items)}};
}

json Server::definition(const json& params) {
  std::optional<std::string> path = document_path(params);
  if (!path) return nullptr;
  std::optional<std::size_t> offset = document_offset(*path, params);
  if (!offset) return nullptr;
  std::optional<FileLocation> target = features_->definition(*path, *offset);
  if (!target) return nullptr;
  std::string text = features_->text_of(target->path).value_or(std::string{});
  return json{{"uri", uri_of(target->path)}, {"range", range_json(LineIndex(text), target->range)}};
}

json Server::document_symbol(const json& params) {
  json result = json::array();
  std::optional<std::string> path = document_path(params);
  if (!path) return result;
  std::string text = features_->text_of(*path).value_or(std::string{});
  LineIndex index(text);
  std::function<json(const DocumentSymbolEntry&)> convert = [&](const DocumentSymbolEntry& entry) {
    // Clients reject a selection range outside the symbol's range, and an empty name.
    ByteRange range{entry.range.begin, std::max(entry.range.begin, entry.range.end)};
    ByteRange selection = entry.selection_range;
    if (selection.begin < range.begin || selection.end > range.end || selection.end < selection.begin) {
      selection = range;
    }
    json symbol{{"name", entry.name.empty() ? std::string("(unnamed)") : entry.name},
                {"kind", lsp_symbol_kind(entry.kind)},
                {"range", range_json(index, range)},
                {"selectionRange", range_json(index, selection)}};
    if (!entry.detail.empty()) symbol["detail"] = entry.detail;
    json children = json::array();
    for (const DocumentSymbolEntry& child : entry.children) children.push_back(convert(child));
    symbol["children"] = std::move(children);
    return symbol;
  };
  for (const DocumentSymbolEntry& entry : features_->document_symbols(*path)) result.push_back(convert(entry));
  return result;
}

}  // namespace hclschema::lsp
