// Tests of JSON-RPC 2.0 dispatch and the LSP lifecycle (src/lsp/json_rpc.*): every error code.
#include <gtest/gtest.h>

#include <stdexcept>

#include "lsp/json_rpc.hpp"

namespace hclschema::lsp {
namespace {

using nlohmann::json;

class LspDispatch : public testing::Test {
 protected:
  LspDispatch() {
    dispatcher.on_request("initialize", [](const json&) { return json{{"capabilities", json::object()}}; });
    dispatcher.on_request("shutdown", [](const json&) { return json(nullptr); });
    dispatcher.on_notification("exit", [](const json&) {});
    dispatcher.on_request("echo", [](const json& params) { return params.at("value"); });
    dispatcher.on_request("typed", [](const json& params) { return json(params.at("n").get<int>() + 1); });
    dispatcher.on_request("throws", [](const json&) -> json { throw std::runtime_error("secret value s3cr3t"); });
    dispatcher.on_request("rpc_error", [](const json&) -> json { throw RpcError(error_code::invalid_params, "Invalid params: no"); });
    dispatcher.on_notification("note", [this](const json& params) { notes.push_back(params); });
    dispatcher.on_notification("note_throws", [](const json&) { throw std::runtime_error("boom"); });
  }

  json call(const std::string& body) {
    std::optional<json> r = dispatcher.handle(body);
    return r ? *r : json("no response");
  }
  void initialize() { ASSERT_TRUE(call(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{}})").contains("result")); }

  static json error(const json& id, int code, const std::string& message) {
    return json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
  }

  Dispatcher dispatcher;
  std::vector<json> notes;
};

TEST_F(LspDispatch, ParseErrorHasIdNull) {
  EXPECT_EQ(call("{\"jsonrpc\":\"2.0\",\"id\":1,"), error(nullptr, -32700, "Parse error: the message is not JSON"));
  EXPECT_EQ(call(""), error(nullptr, -32700, "Parse error: the message is not JSON"));
  EXPECT_EQ(call("{\"s\":\"\xFF\"}"), error(nullptr, -32700, "Parse error: the message is not JSON"));  // not UTF-8
}

TEST_F(LspDispatch, InvalidRequests) {
  initialize();
  EXPECT_EQ(call("[1,2]"), error(nullptr, -32600, "Invalid request: a message must be a JSON object"));
  EXPECT_EQ(call("42"), error(nullptr, -32600, "Invalid request: a message must be a JSON object"));
  EXPECT_EQ(call(R"({"id":3,"method":"echo"})"), error(3, -32600, "Invalid request: \"jsonrpc\" must be \"2.0\""));
  EXPECT_EQ(call(R"({"jsonrpc":"1.0","id":3,"method":"echo"})"), error(3, -32600, "Invalid request: \"jsonrpc\" must be \"2.0\""));
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":4})"), error(4, -32600, "Invalid request: no \"method\""));
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":1.5,"method":"echo"})"),
            error(nullptr, -32600, "Invalid request: \"id\" must be an integer or a string"));
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":null,"method":"echo"})"),
            error(nullptr, -32600, "Invalid request: \"id\" must be an integer or a string"));
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":{},"method":"echo"})"),
            error(nullptr, -32600, "Invalid request: \"id\" must be an integer or a string"));
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":"s","method":7})"), error("s", -32600, "Invalid request: \"method\" must be a string"));
}

TEST_F(LspDispatch, StringAndIntegerIdsAreEchoed) {
  initialize();
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":"abc","method":"echo","params":{"value":[1]}})"),
            (json{{"jsonrpc", "2.0"}, {"id", "abc"}, {"result", {1}}}));
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":-7,"method":"echo","params":{"value":null}})"),
            (json{{"jsonrpc", "2.0"}, {"id", -7}, {"result", nullptr}}));
}

TEST_F(LspDispatch, UnknownRequestIsMethodNotFound) {
  initialize();
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":5,"method":"textDocument/nope"})"), error(5, -32601, "Method not found: textDocument/nope"));
}

TEST_F(LspDispatch, UnknownNotificationsAreIgnored) {
  initialize();
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","method":"workspace/unknown","params":{}})"), "no response");
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}})"), "no response");
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":5}})"), "no response");
}

TEST_F(LspDispatch, BadParams) {
  initialize();
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":6,"method":"echo","params":3})"),
            error(6, -32602, "Invalid params: \"params\" must be an object or an array"));
  json missing = call(R"({"jsonrpc":"2.0","id":7,"method":"typed","params":{}})");
  EXPECT_EQ(missing["error"]["code"], -32602);
  json wrong_type = call(R"({"jsonrpc":"2.0","id":8,"method":"typed","params":{"n":"x"}})");
  EXPECT_EQ(wrong_type["error"]["code"], -32602);
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":9,"method":"rpc_error"})"), error(9, -32602, "Invalid params: no"));
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":10,"method":"typed","params":{"n":1}})")["result"], 2);
}

TEST_F(LspDispatch, ThrowingHandlerIsInternalErrorWithoutItsMessage) {
  initialize();
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":11,"method":"throws"})"), error(11, -32603, "Internal error while handling throws"));
  // A throwing notification handler is swallowed too.
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","method":"note_throws"})"), "no response");
}

TEST_F(LspDispatch, RequestsBeforeInitializeAreRefusedAndNotificationsDropped) {
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":1,"method":"echo","params":{"value":1}})"), error(1, -32002, "Server not initialized"));
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":2,"method":"unknown"})"), error(2, -32002, "Server not initialized"));
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","method":"note","params":{}})"), "no response");
  EXPECT_TRUE(notes.empty());
  initialize();
  EXPECT_TRUE(dispatcher.initialized());
  call(R"({"jsonrpc":"2.0","method":"note","params":{"k":1}})");
  EXPECT_EQ(notes, (std::vector<json>{json{{"k", 1}}}));
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":3,"method":"initialize","params":{}})"),
            error(3, -32600, "Invalid request: initialize may be sent only once"));
}

TEST_F(LspDispatch, RequestsAfterShutdownAreInvalid) {
  initialize();
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":1,"method":"shutdown"})"), (json{{"jsonrpc", "2.0"}, {"id", 1}, {"result", nullptr}}));
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":2,"method":"echo","params":{"value":1}})"),
            error(2, -32600, "Invalid request: the server is shut down"));
  call(R"({"jsonrpc":"2.0","method":"note","params":{}})");
  EXPECT_TRUE(notes.empty());
  EXPECT_FALSE(dispatcher.exited());
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","method":"exit"})"), "no response");
  EXPECT_TRUE(dispatcher.exited());
  EXPECT_EQ(dispatcher.exit_code(), 0);
}

TEST_F(LspDispatch, ExitWithoutShutdownIsExitCodeOne) {
  initialize();
  call(R"({"jsonrpc":"2.0","method":"exit"})");
  EXPECT_TRUE(dispatcher.exited());
  EXPECT_EQ(dispatcher.exit_code(), 1);
}

TEST_F(LspDispatch, ExitBeforeInitializeEndsTheLoop) {
  call(R"({"jsonrpc":"2.0","method":"exit"})");
  EXPECT_TRUE(dispatcher.exited());
  EXPECT_EQ(dispatcher.exit_code(), 1);
}

TEST_F(LspDispatch, ResponsesFromTheClientAreIgnored) {
  initialize();
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":1,"result":null})"), "no response");
  EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m"}})"), "no response");
}

}  // namespace
}  // namespace hclschema::lsp
