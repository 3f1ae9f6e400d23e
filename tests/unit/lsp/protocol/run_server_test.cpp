// Tests of the language server's main loop (src/lsp/run_server.*) on string streams: exit codes,
// framing errors answered and read past, output framing.
#include <gtest/gtest.h>

#include <functional>
#include <sstream>

#include "lsp/framing.hpp"
#include "lsp/run_server.hpp"

namespace hclschema::lsp {
namespace {

using nlohmann::json;

// A workspace that knows nothing: enough for the loop.
class EmptyFeatures : public LanguageFeatures {
 public:
  void open(const std::string&, std::string) override {}
  void edit(const std::string&, ByteRange, std::string_view) override {}
  void close(const std::string&) override {}
  std::optional<std::string> text_of(const std::string&) override { return text; }
  std::vector<std::string> stale_documents() override { return {}; }
  std::vector<DocumentDiagnostic> diagnostics(const std::string&) override { return {}; }
  std::optional<HoverInfo> hover(const std::string&, std::size_t) override { return hover_answer; }
  std::vector<CompletionEntry> completion(const std::string&, std::size_t) override { return {}; }
  std::optional<FileLocation> definition(const std::string&, std::size_t) override { return std::nullopt; }
  std::vector<DocumentSymbolEntry> document_symbols(const std::string&) override { return {}; }

  std::optional<std::string> text;
  std::optional<HoverInfo> hover_answer;
};

std::string frame(const std::string& body) { return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body; }

const std::string initialize = frame(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})");
const std::string shutdown = frame(R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})");
const std::string exit_message = frame(R"({"jsonrpc":"2.0","method":"exit"})");

struct LoopResult {
  int code;
  std::vector<json> messages;
  std::string rest;  // what was left unread of the input
};

LoopResult run(const std::string& input, std::function<std::unique_ptr<EmptyFeatures>()> make = [] {
  return std::make_unique<EmptyFeatures>();
}) {
  std::istringstream in(input);
  std::ostringstream out;
  LoopResult r;
  r.code = run_language_server(in, out, [&](std::string) -> std::unique_ptr<LanguageFeatures> { return make(); }, "1.2.3");
  std::istringstream written(out.str());
  for (ReadResult m = read_message(written); m.status == ReadStatus::ok; m = read_message(written)) {
    r.messages.push_back(json::parse(m.body));
  }
  r.rest = in.eof() ? "" : std::string(std::istreambuf_iterator<char>(in), {});
  return r;
}

TEST(LspRunServer, ShutdownThenExitIsZeroAndStopsReading) {
  LoopResult r = run(initialize + shutdown + exit_message + frame("{}"));
  EXPECT_EQ(r.code, 0);
  ASSERT_EQ(r.messages.size(), 2u);
  EXPECT_EQ(r.messages[0]["result"]["serverInfo"], (json{{"name", "hclschema"}, {"version", "1.2.3"}}));
  EXPECT_EQ(r.messages[1], (json{{"jsonrpc", "2.0"}, {"id", 2}, {"result", nullptr}}));
  EXPECT_EQ(r.rest, frame("{}"));  // nothing after exit is read
}

TEST(LspRunServer, ExitWithoutShutdownIsOne) { EXPECT_EQ(run(initialize + exit_message).code, 1); }

TEST(LspRunServer, EndOfInputWithoutExitIsOne) {
  LoopResult r = run(initialize + shutdown);
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.messages.size(), 2u);
}

TEST(LspRunServer, RecoverableFramingErrorIsAnsweredAndReadPast) {
  LoopResult r = run("Content-Type: x\r\n\r\n" + initialize + shutdown + exit_message);
  EXPECT_EQ(r.code, 0);
  ASSERT_EQ(r.messages.size(), 3u);
  EXPECT_EQ(r.messages[0], (json{{"jsonrpc", "2.0"},
                                 {"id", nullptr},
                                 {"error", {{"code", -32700}, {"message", "Parse error: message header without Content-Length"}}}}));
  EXPECT_EQ(r.messages[1]["id"], 1);
}

TEST(LspRunServer, TruncatedBodyIsAnsweredThenTheLoopEnds) {
  LoopResult r = run(initialize + "Content-Length: 100\r\n\r\n{\"jsonrpc\"");
  EXPECT_EQ(r.code, 1);
  ASSERT_EQ(r.messages.size(), 2u);
  EXPECT_EQ(r.messages[1]["error"]["code"], -32700);
  EXPECT_EQ(r.messages[1]["error"]["message"], "Parse error: the stream ended after 10 of 100 body bytes");
}

TEST(LspRunServer, InvalidUtf8InAnAnswerIsReplacedNotThrown) {
  // A schema file on disk may hold bytes that are not UTF-8; they cannot be JSON as they are.
  auto make = [] {
    auto f = std::make_unique<EmptyFeatures>();
    f->text = "x";
    f->hover_answer = HoverInfo{"bad \xFF byte", {0, 1}};
    return f;
  };
  std::string hover = frame(R"({"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.hcl"},"position":{"line":0,"character":0}}})");
  LoopResult r = run(initialize + hover + shutdown + exit_message, make);
  EXPECT_EQ(r.code, 0);
  ASSERT_EQ(r.messages.size(), 3u);
  EXPECT_EQ(r.messages[1]["result"]["contents"]["value"], "bad \xEF\xBF\xBD byte");  // U+FFFD
}

}  // namespace
}  // namespace hclschema::lsp
