// The language server's main loop (see run_server.hpp).
#include "lsp/run_server.hpp"

#include <iostream>

#include "lsp/framing.hpp"

namespace hclschema::lsp {

int run_language_server(std::istream& in, std::ostream& out, FeaturesFactory factory, std::string version) {
  auto send = [&out](const nlohmann::json& message) {
    // Invalid UTF-8 in a document must not stop the server: it is replaced, not thrown.
    write_message(out, message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  };
  Server server(std::move(factory), send, std::move(version));
  for (;;) {
    ReadResult message = read_message(in);
    if (message.status == ReadStatus::eof) {
      std::cerr << "hclschema lsp: the client closed the input without 'exit'\n";
      return 1;
    }
    if (message.status == ReadStatus::error) {
      std::cerr << "hclschema lsp: " << message.error << "\n";
      send(error_response(nullptr, error_code::parse_error, "Parse error: " + message.error));
      if (!message.recoverable) return 1;
      continue;
    }
    server.handle(message.body);
    if (server.exited()) return server.exit_code();
    if (!out) {
      std::cerr << "hclschema lsp: the client stopped reading\n";
      return 1;
    }
  }
}

}  // namespace hclschema::lsp
