// JSON-RPC 2.0 dispatch with the LSP lifecycle (see json_rpc.hpp).
#include "lsp/json_rpc.hpp"

#include <iostream>

namespace hclschema::lsp {

using nlohmann::json;

json error_response(const json& id, int code, std::string_view message) {
  return json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", std::string(message)}}}};
}

Dispatcher::Dispatcher() {
  // Cancellation is accepted but has nothing to cancel: every request is answered before the next
  // message is read.
  on_notification("$/cancelRequest", [](const json&) {});
}

void Dispatcher::on_request(const std::string& method, RequestHandler handler) {
  requests_[method] = std::move(handler);
}

void Dispatcher::on_notification(const std::string& method, NotificationHandler handler) {
  notifications_[method] = std::move(handler);
}

std::optional<json> Dispatcher::handle(std::string_view body) {
  json message = json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (message.is_discarded()) return error_response(nullptr, error_code::parse_error, "Parse error: the message is not JSON");
  if (!message.is_object()) {
    return error_response(nullptr, error_code::invalid_request, "Invalid request: a message must be a JSON object");
  }
  auto version = message.find("jsonrpc");
  if (version == message.end() || *version != "2.0") {
    return error_response(message.contains("id") && (message["id"].is_string() || message["id"].is_number_integer())
                              ? message["id"]
                              : json(nullptr),
                          error_code::invalid_request, "Invalid request: \"jsonrpc\" must be \"2.0\"");
  }
  auto id = message.find("id");
  auto method = message.find("method");
  if (method == message.end()) {
    // A response to a request of ours (the server sends none, so there is nothing to match).
    if (id != message.end() && (message.contains("result") || message.contains("error"))) return std::nullopt;
    json reply_id = id != message.end() && (id->is_string() || id->is_number_integer()) ? *id : json(nullptr);
    return error_response(reply_id, error_code::invalid_request, "Invalid request: no \"method\"");
  }
  if (id != message.end() && !id->is_string() && !id->is_number_integer()) {
    return error_response(nullptr, error_code::invalid_request, "Invalid request: \"id\" must be an integer or a string");
  }
  if (!method->is_string()) {
    return error_response(id != message.end() ? *id : json(nullptr), error_code::invalid_request,
                          "Invalid request: \"method\" must be a string");
  }
  json params = message.value("params", json(nullptr));
  if (id == message.end()) {
    handle_notification(method->get<std::string>(), params);
    return std::nullopt;
  }
  if (!params.is_null() && !params.is_object() && !params.is_array()) {
    return error_response(*id, error_code::invalid_params, "Invalid params: \"params\" must be an object or an array");
  }
  return handle_request(*id, method->get<std::string>(), params);
}

std::optional<json> Dispatcher::handle_request(const json& id, const std::string& method, const json& params) {
  if (shutdown_) return error_response(id, error_code::invalid_request, "Invalid request: the server is shut down");
  if (!initialized_ && method != "initialize") {
    return error_response(id, error_code::server_not_initialized, "Server not initialized");
  }
  if (initialized_ && method == "initialize") {
    return error_response(id, error_code::invalid_request, "Invalid request: initialize may be sent only once");
  }
  auto handler = requests_.find(method);
  if (handler == requests_.end()) {
    return error_response(id, error_code::method_not_found, "Method not found: " + method);
  }
  try {
    json result = handler->second(params);
    if (method == "initialize") initialized_ = true;
    if (method == "shutdown") shutdown_ = true;
    return json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
  } catch (const RpcError& e) {
    return error_response(id, e.code(), e.what());
  } catch (const json::exception& e) {
    // Reading a field of the wrong type or one that is missing: the client's params are wrong.
    // The library's message names the JSON type, never the value.
    return error_response(id, error_code::invalid_params, std::string("Invalid params: ") + e.what());
  } catch (const std::exception& e) {
    std::cerr << "hclschema lsp: internal error in " << method << "\n";
    return error_response(id, error_code::internal_error, "Internal error while handling " + method);
  } catch (...) {
    std::cerr << "hclschema lsp: internal error in " << method << "\n";
    return error_response(id, error_code::internal_error, "Internal error while handling " + method);
  }
}

void Dispatcher::handle_notification(const std::string& method, const json& params) {
  if (method == "exit") {
    exited_ = true;
    auto handler = notifications_.find(method);
    if (handler == notifications_.end()) return;
    try {
      handler->second(params);
    } catch (...) {
    }
    return;
  }
  // Before initialization and after shutdown, notifications are dropped (LSP 3.17 lifecycle).
  if (!initialized_ || shutdown_) return;
  auto handler = notifications_.find(method);
  if (handler == notifications_.end()) return;  // unknown notifications, $/ ones included, are ignored
  try {
    handler->second(params);
  } catch (...) {
    // A notification has no response to carry an error; the client sees none.
    std::cerr << "hclschema lsp: error while handling notification " << method << "\n";
  }
}

}  // namespace hclschema::lsp
