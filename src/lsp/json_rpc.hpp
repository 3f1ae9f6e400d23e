// JSON-RPC 2.0 dispatch for the language server: parses one message body, checks it is a valid
// request or notification, enforces the LSP lifecycle (nothing but `initialize` before
// initialization, nothing but `exit` after `shutdown`) and calls the handler registered for its
// method. Every failure becomes a JSON-RPC error response; a handler's exception never escapes.
// It knows nothing of framing (framing.hpp) nor of what the methods mean (server.hpp).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace hclschema::lsp {

namespace error_code {
inline constexpr int parse_error = -32700;
inline constexpr int invalid_request = -32600;
inline constexpr int method_not_found = -32601;
inline constexpr int invalid_params = -32602;
inline constexpr int internal_error = -32603;
inline constexpr int server_not_initialized = -32002;
inline constexpr int request_cancelled = -32800;
}  // namespace error_code

/// Thrown by a handler to answer with a specific error (e.g. invalid_params). The message is sent
/// to the client, so it must never contain a configuration value.
class RpcError : public std::runtime_error {
 public:
  RpcError(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
  [[nodiscard]] int code() const { return code_; }

 private:
  int code_;
};

/// A JSON-RPC error response (id null when the request's id could not be read).
[[nodiscard]] nlohmann::json error_response(const nlohmann::json& id, int code, std::string_view message);

class Dispatcher {
 public:
  /// Gets the params (null when absent) and returns the result. A nlohmann::json type or range
  /// error thrown while reading params is answered as invalid_params.
  using RequestHandler = std::function<nlohmann::json(const nlohmann::json& params)>;
  using NotificationHandler = std::function<void(const nlohmann::json& params)>;

  Dispatcher();

  void on_request(const std::string& method, RequestHandler handler);
  void on_notification(const std::string& method, NotificationHandler handler);

  /// Handles one message body. Returns the response to send for a request (or for a message
  /// too broken to tell), nothing for a notification or a response from the client.
  /// `initialize`, `shutdown` and `exit` must be registered like any method; the dispatcher only
  /// tracks that they happened.
  [[nodiscard]] std::optional<nlohmann::json> handle(std::string_view body);

  /// True once `exit` was received: the loop must end, with exit_code().
  [[nodiscard]] bool exited() const { return exited_; }
  /// 0 when `shutdown` came before `exit`, else 1 (the LSP rule).
  [[nodiscard]] int exit_code() const { return shutdown_ ? 0 : 1; }
  [[nodiscard]] bool initialized() const { return initialized_; }
  [[nodiscard]] bool shut_down() const { return shutdown_; }

 private:
  std::optional<nlohmann::json> handle_request(const nlohmann::json& id, const std::string& method,
                                               const nlohmann::json& params);
  void handle_notification(const std::string& method, const nlohmann::json& params);

  std::map<std::string, RequestHandler, std::less<>> requests_;
  std::map<std::string, NotificationHandler, std::less<>> notifications_;
  bool initialized_ = false;
  bool shutdown_ = false;
  bool exited_ = false;
};

}  // namespace hclschema::lsp
