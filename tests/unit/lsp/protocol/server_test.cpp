// Tests of the protocol side (src/lsp/server.*) against a scripted fake LanguageFeatures: a
// whole session with exact JSON shapes, incremental sync, position encodings, stale documents.
#include <gtest/gtest.h>

#include <map>

#include "lsp/server.hpp"

namespace hclschema::lsp {
namespace {

using nlohmann::json;

// Keeps texts like a workspace would and answers from a script; records what it was asked.
class FakeFeatures : public LanguageFeatures {
 public:
  void open(const std::string& path, std::string text) override {
    calls.push_back("open " + path);
    texts[path] = std::move(text);
  }
  void edit(const std::string& path, ByteRange range, std::string_view replacement) override {
    calls.push_back("edit " + path + " " + std::to_string(range.begin) + "-" + std::to_string(range.end) + " " +
                    std::string(replacement));
    texts[path].replace(range.begin, range.end - range.begin, replacement);
  }
  void close(const std::string& path) override {
    calls.push_back("close " + path);
    texts.erase(path);
  }
  std::optional<std::string> text_of(const std::string& path) override {
    auto it = texts.find(path);
    if (it != texts.end()) return it->second;
    auto disk = disk_texts.find(path);
    if (disk != disk_texts.end()) return disk->second;
    return std::nullopt;
  }
  std::vector<std::string> stale_documents() override { return std::exchange(stale, {}); }
  std::vector<DocumentDiagnostic> diagnostics(const std::string& path) override {
    calls.push_back("diagnostics " + path);
    return scripted_diagnostics[path];
  }
  std::optional<HoverInfo> hover(const std::string& path, std::size_t offset) override {
    calls.push_back("hover " + path + " " + std::to_string(offset));
    return hover_answer;
  }
  std::vector<CompletionEntry> completion(const std::string& path, std::size_t offset) override {
    calls.push_back("completion " + path + " " + std::to_string(offset));
    return completion_answer;
  }
  std::optional<FileLocation> definition(const std::string& path, std::size_t offset) override {
    calls.push_back("definition " + path + " " + std::to_string(offset));
    return definition_answer;
  }
  std::vector<DocumentSymbolEntry> document_symbols(const std::string& path) override {
    calls.push_back("symbols " + path);
    return symbols_answer;
  }

  std::map<std::string, std::string> texts;
  std::map<std::string, std::string> disk_texts;
  std::vector<std::string> stale;
  std::map<std::string, std::vector<DocumentDiagnostic>> scripted_diagnostics;
  std::optional<HoverInfo> hover_answer;
  std::vector<CompletionEntry> completion_answer;
  std::optional<FileLocation> definition_answer;
  std::vector<DocumentSymbolEntry> symbols_answer;
  std::vector<std::string> calls;
};

class LspServer : public testing::Test {
 protected:
  LspServer()
      : server(
            [this](std::string root) {
              roots.push_back(root);
              auto f = std::make_unique<FakeFeatures>();
              fake = f.get();
              return f;
            },
            [this](const json& message) { sent.push_back(message); }, "9.9.9") {}

  // Sends a message and returns what the server sent in answer.
  std::vector<json> send(const json& message) {
    sent.clear();
    server.handle(message.dump());
    return sent;
  }
  json request(int id, const std::string& method, const json& params) {
    std::vector<json> out = send(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}});
    EXPECT_EQ(out.size(), 1u);
    return out.empty() ? json() : out.back();
  }
  std::vector<json> notify(const std::string& method, const json& params) {
    return send(json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
  }
  static json response(int id, const json& result) { return json{{"jsonrpc", "2.0"}, {"id", id}, {"result", result}}; }
  static json range(int l1, int c1, int l2, int c2) {
    return json{{"start", {{"line", l1}, {"character", c1}}}, {"end", {{"line", l2}, {"character", c2}}}};
  }
  static json text_document(const std::string& uri) { return json{{"uri", uri}}; }
  static json position_params(const std::string& uri, int line, int character) {
    return json{{"textDocument", {{"uri", uri}}}, {"position", {{"line", line}, {"character", character}}}};
  }
  void initialize(const json& capabilities = json::object()) {
    request(0, "initialize", {{"processId", nullptr}, {"rootUri", "file:///ws"}, {"capabilities", capabilities}});
    notify("initialized", json::object());
  }

  std::vector<std::string> roots;
  FakeFeatures* fake = nullptr;
  std::vector<json> sent;
  Server server;
};

const std::string uri = "file:///ws/service.hcl";
const std::string path = "/ws/service.hcl";
// Line 1 has an "é" (2 bytes, 1 UTF-16 unit) and an emoji (4 bytes, 2 UTF-16 units) before "mode".
const std::string text = "service \"a\" {\n  x = \"\xC3\xA9\xF0\x9F\x98\x80\" mode = \"f\"\n}\n";

TEST_F(LspServer, WholeSession) {
  json init = request(1, "initialize",
                      {{"processId", 1},
                       {"rootUri", "file:///ws"},
                       {"capabilities", {{"textDocument", {{"completion", {{"completionItem", {{"snippetSupport", true}}}}}}}}}});
  EXPECT_EQ(init, response(1, {{"capabilities",
                                {{"positionEncoding", "utf-16"},
                                 {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
                                 {"hoverProvider", true},
                                 {"completionProvider", {{"triggerCharacters", {"\"", "=", " "}}, {"resolveProvider", false}}},
                                 {"definitionProvider", true},
                                 {"documentSymbolProvider", true}}},
                               {"serverInfo", {{"name", "hclschema"}, {"version", "9.9.9"}}}}));
  EXPECT_EQ(roots, std::vector<std::string>{"/ws"});
  EXPECT_TRUE(notify("initialized", json::object()).empty());

  // didOpen -> diagnostics for the document, in UTF-16 positions. "mode" starts at byte 29.
  fake->scripted_diagnostics[path] = {
      DocumentDiagnostic{Severity::error, "Unsupported argument: An argument named \"mode\" is not expected here.", "unsupported_argument", {29, 33}},
      DocumentDiagnostic{Severity::warning, "Deprecated", "", {0, 0}}};
  std::vector<json> out = notify("textDocument/didOpen",
                                 {{"textDocument", {{"uri", uri}, {"languageId", "hcl"}, {"version", 1}, {"text", text}}}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], (json{{"jsonrpc", "2.0"},
                          {"method", "textDocument/publishDiagnostics"},
                          {"params",
                           {{"uri", uri},
                            {"version", 1},
                            {"diagnostics",
                             {{{"range", range(1, 12, 1, 16)},
                               {"severity", 1},
                               {"source", "hclschema"},
                               {"message", "Unsupported argument: An argument named \"mode\" is not expected here."},
                               {"code", "unsupported_argument"}},
                              {{"range", range(0, 0, 0, 0)}, {"severity", 2}, {"source", "hclschema"}, {"message", "Deprecated"}}}}}}}));
  EXPECT_EQ(fake->texts[path], text);

  // hover at UTF-16 (1, 13): byte 30.
  fake->hover_answer = HoverInfo{"**mode** `string`", {29, 33}};
  EXPECT_EQ(request(2, "textDocument/hover", position_params(uri, 1, 13)),
            response(2, {{"contents", {{"kind", "markdown"}, {"value", "**mode** `string`"}}}, {"range", range(1, 12, 1, 16)}}));
  EXPECT_EQ(fake->calls.back(), "hover /ws/service.hcl 30");

  // completion: every field mapped; snippets kept since the client supports them.
  fake->completion_answer = {
      CompletionEntry{"fast", CompletionKind::value, "string", "Skips the canary.", "\"fast\"", false, std::nullopt},
      CompletionEntry{"port", CompletionKind::block, "block", "", "port \"${1:name}\" {\n  $0\n}", true, std::nullopt},
      CompletionEntry{"replicas", CompletionKind::attribute, "", "", "", false, std::nullopt}};
  EXPECT_EQ(request(3, "textDocument/completion", position_params(uri, 1, 21)),
            response(3, {{"isIncomplete", false},
                         {"items",
                          {{{"label", "fast"},
                            {"kind", 12},
                            {"detail", "string"},
                            {"documentation", {{"kind", "markdown"}, {"value", "Skips the canary."}}},
                            {"insertText", "\"fast\""},
                            {"insertTextFormat", 1}},
                           {{"label", "port"}, {"kind", 22}, {"detail", "block"}, {"insertText", "port \"${1:name}\" {\n  $0\n}"}, {"insertTextFormat", 2}},
                           {{"label", "replicas"}, {"kind", 10}}}}}));
  EXPECT_EQ(fake->calls.back(), "completion /ws/service.hcl 38");

  // Incremental change: two edits, the second's range in the text the first one left.
  fake->scripted_diagnostics[path] = {};
  out = notify("textDocument/didChange",
               {{"textDocument", {{"uri", uri}, {"version", 2}}},
                {"contentChanges",
                 {{{"range", range(1, 20, 1, 21)}, {"text", "safe"}},  // "f" -> "safe"
                  {{"range", range(1, 12, 1, 12)}, {"text", "\n  "}}}}});  // split the line before "mode"
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["params"], (json{{"uri", uri}, {"version", 2}, {"diagnostics", json::array()}}));
  EXPECT_EQ(fake->texts[path], "service \"a\" {\n  x = \"\xC3\xA9\xF0\x9F\x98\x80\" \n  mode = \"safe\"\n}\n");
  EXPECT_EQ(fake->calls[fake->calls.size() - 3], "edit /ws/service.hcl 37-38 safe");
  EXPECT_EQ(fake->calls[fake->calls.size() - 2], "edit /ws/service.hcl 29-29 \n  ");

  // definition into another file, which is not open: its text comes from disk, its URI is encoded.
  fake->disk_texts["/ws/my schema.hcl"] = "block \"service\" {\n  attribute \"mode\" {}\n}\n";
  fake->definition_answer = FileLocation{"/ws/my schema.hcl", {30, 36}};
  EXPECT_EQ(request(4, "textDocument/definition", position_params(uri, 2, 3)),
            response(4, {{"uri", "file:///ws/my%20schema.hcl"}, {"range", range(1, 12, 1, 18)}}));
  EXPECT_EQ(fake->calls.back(), "definition /ws/service.hcl 33");

  // documentSymbol: hierarchical.
  fake->symbols_answer = {DocumentSymbolEntry{"service", "\"a\"", SymbolKind::block, {0, 56}, {0, 7},
                                              {DocumentSymbolEntry{"mode", "", SymbolKind::attribute, {32, 45}, {32, 36}, {}}}}};
  EXPECT_EQ(request(5, "textDocument/documentSymbol", {{"textDocument", text_document(uri)}}),
            response(5, {{{"name", "service"},
                          {"kind", 23},
                          {"range", range(0, 0, 4, 0)},
                          {"selectionRange", range(0, 0, 0, 7)},
                          {"detail", "\"a\""},
                          {"children",
                           {{{"name", "mode"},
                             {"kind", 7},
                             {"range", range(2, 2, 2, 15)},
                             {"selectionRange", range(2, 2, 2, 6)},
                             {"children", json::array()}}}}}}));

  // shutdown, then exit with code 0.
  EXPECT_EQ(request(6, "shutdown", nullptr), response(6, nullptr));
  EXPECT_EQ(request(7, "textDocument/hover", position_params(uri, 0, 0))["error"]["code"], -32600);
  EXPECT_TRUE(notify("exit", nullptr).empty());
  EXPECT_TRUE(server.exited());
  EXPECT_EQ(server.exit_code(), 0);
}

TEST_F(LspServer, Utf8EncodingWhenOffered) {
  json init = request(1, "initialize",
                      {{"rootUri", nullptr}, {"capabilities", {{"general", {{"positionEncodings", {"utf-16", "utf-8"}}}}}}});
  EXPECT_EQ(init["result"]["capabilities"]["positionEncoding"], "utf-8");
  EXPECT_EQ(roots, std::vector<std::string>{""});
  notify("textDocument/didOpen", {{"textDocument", {{"uri", uri}, {"languageId", "hcl"}, {"version", 1}, {"text", text}}}});
  fake->hover_answer = HoverInfo{"m", {29, 33}};
  json hover = request(2, "textDocument/hover", position_params(uri, 1, 16));
  EXPECT_EQ(fake->calls.back(), "hover /ws/service.hcl 30");
  EXPECT_EQ(hover["result"]["range"], range(1, 15, 1, 19));
}

TEST_F(LspServer, RootFromWorkspaceFoldersThenRootPath) {
  request(1, "initialize", {{"workspaceFolders", {{{"uri", "file:///folder%201"}, {"name", "f"}}}}, {"capabilities", json::object()}});
  EXPECT_EQ(roots, std::vector<std::string>{"/folder 1"});
}

TEST_F(LspServer, RootFromRootPath) {
  request(1, "initialize", {{"rootUri", nullptr}, {"rootPath", "/legacy"}, {"capabilities", json::object()}});
  EXPECT_EQ(roots, std::vector<std::string>{"/legacy"});
}

TEST_F(LspServer, FullSyncChangeAndStaleDocuments) {
  initialize();
  notify("textDocument/didOpen", {{"textDocument", {{"uri", "file:///ws/a.hcl"}, {"version", 1}, {"text", "a = 1\n"}}}});
  notify("textDocument/didOpen", {{"textDocument", {{"uri", "file:///ws/schema.hcl"}, {"version", 1}, {"text", "s"}}}});
  // Editing the schema makes a.hcl stale: both get diagnostics, the edited one first; a stale path
  // that is not open gets none.
  fake->stale = {"/ws/a.hcl", "/ws/closed.hcl"};
  std::vector<json> out = notify("textDocument/didChange", {{"textDocument", {{"uri", "file:///ws/schema.hcl"}, {"version", 2}}},
                                                            {"contentChanges", {{{"text", "whole new text"}}}}});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0]["params"]["uri"], "file:///ws/schema.hcl");
  EXPECT_EQ(out[1]["params"]["uri"], "file:///ws/a.hcl");
  EXPECT_EQ(out[1]["params"]["version"], 1);
  EXPECT_EQ(fake->texts["/ws/schema.hcl"], "whole new text");
  EXPECT_EQ(fake->calls[fake->calls.size() - 3], "edit /ws/schema.hcl 0-1 whole new text");
}

TEST_F(LspServer, CloseClearsDiagnosticsAndSaveRepublishesStale) {
  initialize();
  notify("textDocument/didOpen", {{"textDocument", {{"uri", uri}, {"version", 1}, {"text", "x"}}}});
  notify("textDocument/didOpen", {{"textDocument", {{"uri", "file:///ws/b.hcl"}, {"version", 3}, {"text", "y"}}}});
  fake->stale = {"/ws/b.hcl"};
  std::vector<json> out = notify("textDocument/didSave", {{"textDocument", text_document(uri)}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["params"]["uri"], "file:///ws/b.hcl");
  out = notify("textDocument/didClose", {{"textDocument", text_document(uri)}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], (json{{"jsonrpc", "2.0"},
                          {"method", "textDocument/publishDiagnostics"},
                          {"params", {{"uri", uri}, {"diagnostics", json::array()}}}}));
  EXPECT_EQ(fake->calls.back(), "close /ws/service.hcl");
  // A change of a closed document is not applied.
  out = notify("textDocument/didChange", {{"textDocument", {{"uri", uri}, {"version", 2}}}, {"contentChanges", {{{"text", "z"}}}}});
  EXPECT_TRUE(out.empty());
}

TEST_F(LspServer, ClientUriSpellingIsEchoed) {
  initialize();
  // The client encodes ':' and keeps '@'; answers must use its spelling, not ours.
  const std::string odd = "file:///ws/a%3Ab@c.hcl";
  std::vector<json> out = notify("textDocument/didOpen", {{"textDocument", {{"uri", odd}, {"version", 1}, {"text", ""}}}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["params"]["uri"], odd);
  EXPECT_EQ(fake->calls.front(), "open /ws/a:b@c.hcl");
}

TEST_F(LspServer, NonFileUrisAndEmptyAnswers) {
  initialize();
  EXPECT_TRUE(notify("textDocument/didOpen", {{"textDocument", {{"uri", "untitled:1"}, {"version", 1}, {"text", "x"}}}}).empty());
  EXPECT_TRUE(fake->calls.empty());
  EXPECT_EQ(request(1, "textDocument/hover", position_params("untitled:1", 0, 0)), response(1, nullptr));
  EXPECT_EQ(request(2, "textDocument/completion", position_params("untitled:1", 0, 0)),
            response(2, {{"isIncomplete", false}, {"items", json::array()}}));
  EXPECT_EQ(request(3, "textDocument/definition", position_params("untitled:1", 0, 0)), response(3, nullptr));
  EXPECT_EQ(request(4, "textDocument/documentSymbol", {{"textDocument", text_document("untitled:1")}}), response(4, json::array()));
  // An open document with nothing to say.
  notify("textDocument/didOpen", {{"textDocument", {{"uri", uri}, {"version", 1}, {"text", "x"}}}});
  EXPECT_EQ(request(5, "textDocument/hover", position_params(uri, 0, 0)), response(5, nullptr));
  EXPECT_EQ(request(6, "textDocument/definition", position_params(uri, 0, 0)), response(6, nullptr));
}

TEST_F(LspServer, SnippetsBecomePlainTextWithoutClientSupport) {
  initialize();
  notify("textDocument/didOpen", {{"textDocument", {{"uri", uri}, {"version", 1}, {"text", ""}}}});
  fake->completion_answer = {CompletionEntry{"port", CompletionKind::block, "", "", "port \"${1:name}\" {\n  $0\n}", true, std::nullopt}};
  json items = request(1, "textDocument/completion", position_params(uri, 0, 0))["result"]["items"];
  EXPECT_EQ(items[0]["insertText"], "port \"name\" {\n  \n}");
  EXPECT_EQ(items[0]["insertTextFormat"], 1);
}

// An entry with a replace range becomes a textEdit over exactly those bytes (in UTF-16 positions).
TEST_F(LspServer, CompletionWithReplaceRangeIsATextEdit) {
  initialize();
  notify("textDocument/didOpen", {{"textDocument", {{"uri", uri}, {"version", 1}, {"text", "# \xc3\xa9\nmode = \"sa\n"}}}});
  CompletionEntry safe{"\"safe\"", CompletionKind::value, "string", "", "", false, std::nullopt};
  safe.replace = ByteRange{12, 15};  // `"sa` on line 1, columns 7..10
  fake->completion_answer = {safe};
  json items = request(1, "textDocument/completion", position_params(uri, 1, 10))["result"]["items"];
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0]["textEdit"], json({{"range", range(1, 7, 1, 10)}, {"newText", "\"safe\""}}));
  EXPECT_EQ(items[0]["insertTextFormat"], 1);
  EXPECT_FALSE(items[0].contains("insertText"));
}

TEST_F(LspServer, SymbolsWithBadRangesAreRepaired) {
  initialize();
  notify("textDocument/didOpen", {{"textDocument", {{"uri", uri}, {"version", 1}, {"text", "abc\ndef\n"}}}});
  fake->symbols_answer = {DocumentSymbolEntry{"", "", SymbolKind::input, {4, 7}, {0, 2}, {}}};
  json symbol = request(1, "textDocument/documentSymbol", {{"textDocument", text_document(uri)}})["result"][0];
  EXPECT_EQ(symbol["name"], "(unnamed)");
  EXPECT_EQ(symbol["kind"], 11);
  EXPECT_EQ(symbol["selectionRange"], symbol["range"]);
}

struct BadParamsCase {
  const char* name;
  std::string method;
  json params;
};

class LspServerBadParams : public LspServer, public testing::WithParamInterface<BadParamsCase> {};

TEST_P(LspServerBadParams, AreInvalidParams) {
  initialize();
  notify("textDocument/didOpen", {{"textDocument", {{"uri", uri}, {"version", 1}, {"text", "x"}}}});
  json r = request(9, GetParam().method, GetParam().params);
  EXPECT_EQ(r["error"]["code"], -32602) << r.dump();
}

INSTANTIATE_TEST_SUITE_P(
    Cases, LspServerBadParams,
    testing::Values(BadParamsCase{"hover_no_position", "textDocument/hover", {{"textDocument", {{"uri", uri}}}}},
                    BadParamsCase{"hover_negative_line", "textDocument/hover",
                                  {{"textDocument", {{"uri", uri}}}, {"position", {{"line", -1}, {"character", 0}}}}},
                    BadParamsCase{"hover_string_character", "textDocument/hover",
                                  {{"textDocument", {{"uri", uri}}}, {"position", {{"line", 0}, {"character", "0"}}}}},
                    BadParamsCase{"completion_no_document", "textDocument/completion", {{"position", {{"line", 0}, {"character", 0}}}}},
                    BadParamsCase{"definition_uri_number", "textDocument/definition",
                                  {{"textDocument", {{"uri", 5}}}, {"position", {{"line", 0}, {"character", 0}}}}},
                    BadParamsCase{"symbols_params_array", "textDocument/documentSymbol", json::array()}),
    [](const testing::TestParamInfo<BadParamsCase>& info) { return std::string(info.param.name); });

TEST_F(LspServer, BadNotificationParamsChangeNothing) {
  initialize();
  EXPECT_TRUE(notify("textDocument/didOpen", {{"textDocument", {{"uri", uri}}}}).empty());  // no text
  EXPECT_TRUE(notify("textDocument/didChange", {{"textDocument", {{"uri", uri}}}, {"contentChanges", 3}}).empty());
  EXPECT_TRUE(fake->texts.empty());
}

TEST(LspSnippet, ToPlainText) {
  EXPECT_EQ(snippet_to_plain_text("a = ${1:value}$0"), "a = value");
  EXPECT_EQ(snippet_to_plain_text("x${12}y$3z"), "xyz");
  EXPECT_EQ(snippet_to_plain_text("cost \\$5 ${1:a${2:b}}"), "cost $5 ab");
  EXPECT_EQ(snippet_to_plain_text("${unterminated"), "${unterminated");
}

}  // namespace
}  // namespace hclschema::lsp
