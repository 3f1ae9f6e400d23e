// The LSP base protocol: one message is a header block (`Content-Length: N`, optionally
// `Content-Type: ...`, each line ended by CRLF, the block ended by an empty line) followed by N
// bytes of JSON. This file reads and writes such messages on byte streams and knows nothing of
// JSON-RPC. Bad input never throws and never makes it allocate more than `max_body_size`.
#pragma once

#include <cstddef>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>

namespace hclschema::lsp {

/// Bodies larger than this are refused (and skipped) instead of being read into memory.
inline constexpr std::size_t default_max_body_size = std::size_t{64} << 20;  // 64 MiB

enum class ReadStatus {
  ok,     // `body` holds one message
  eof,    // the stream ended cleanly between two messages
  error,  // the message was malformed; `error` says why
};

struct ReadResult {
  ReadStatus status = ReadStatus::eof;
  std::string body;
  std::string error;
  /// After an error: true when the stream is positioned at the start of the next message, so
  /// that reading can go on (a header without Content-Length, an oversize body that was skipped);
  /// false when it cannot (a truncated body, an endless header line).
  bool recoverable = false;
};

/// Reads one message from `in`. Line ends in the header may be CRLF or a lone LF (some clients
/// and hand-written tests send LF); header names are case-insensitive.
[[nodiscard]] ReadResult read_message(std::istream& in, std::size_t max_body_size = default_max_body_size);

/// Writes one message (header and body) to `out` and flushes it, so the client sees it at once.
void write_message(std::ostream& out, std::string_view body);

}  // namespace hclschema::lsp
