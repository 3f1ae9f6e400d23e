// The language server's main loop: reads framed messages from a stream, hands them to a Server
// and writes its answers, until `exit` or the end of the input.
#pragma once

#include <istream>
#include <ostream>
#include <string>

#include "lsp/server.hpp"

namespace hclschema::lsp {

/// Serves one client on `in`/`out` (binary streams; every message is flushed). Returns the
/// process exit code: 0 after shutdown + exit, 1 after exit without shutdown, when the input ends
/// without exit, or when the stream is too broken to read on. Diagnostics about the protocol go
/// to std::cerr, never a document's text or a configuration value.
int run_language_server(std::istream& in, std::ostream& out, FeaturesFactory factory, std::string version = {});

}  // namespace hclschema::lsp
