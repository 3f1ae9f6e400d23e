// The LSP base protocol's framing (see framing.hpp).
#include "lsp/framing.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>

namespace hclschema::lsp {

namespace {

// A header line longer than this is not a header: refuse it rather than buffer it forever.
constexpr std::size_t max_header_line = 8192;
// More header lines than this is not a header block either.
constexpr int max_header_lines = 64;

enum class LineStatus { ok, eof, too_long };

// Reads one header line without its line end ("\r\n" or "\n").
LineStatus read_line(std::istream& in, std::string& line, bool& read_anything) {
  line.clear();
  for (;;) {
    int c = in.get();
    if (c == std::char_traits<char>::eof()) return LineStatus::eof;
    read_anything = true;
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return LineStatus::ok;
    }
    if (line.size() >= max_header_line) return LineStatus::too_long;
    line.push_back(static_cast<char>(c));
  }
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

ReadResult failure(std::string message, bool recoverable) {
  ReadResult r;
  r.status = ReadStatus::error;
  r.error = std::move(message);
  r.recoverable = recoverable;
  return r;
}

// Discards `n` bytes; false when the stream ends first.
bool skip(std::istream& in, std::size_t n) {
  char buffer[65536];
  while (n > 0) {
    std::size_t chunk = std::min(n, sizeof buffer);
    in.read(buffer, static_cast<std::streamsize>(chunk));
    if (static_cast<std::size_t>(in.gcount()) != chunk) return false;
    n -= chunk;
  }
  return true;
}

}  // namespace

ReadResult read_message(std::istream& in, std::size_t max_body_size) {
  std::optional<std::size_t> length;
  std::string bad_header;  // the first problem in the header block, reported once it has ended
  std::string line;
  bool read_anything = false;
  int lines = 0;
  for (;;) {
    LineStatus status = read_line(in, line, read_anything);
    if (status == LineStatus::too_long) return failure("header line longer than 8192 bytes", false);
    if (status == LineStatus::eof) {
      // Blank lines between messages are tolerated, so only a half-written header is an error.
      bool only_blank = lines == 0 && trim(line).empty();
      if (!read_anything || only_blank) return ReadResult{};
      return failure("the stream ended inside a message header", false);
    }
    if (line.empty()) {
      if (lines == 0) continue;  // a stray line end between messages
      break;
    }
    if (++lines > max_header_lines) return failure("more than 64 header lines", false);
    std::size_t colon = line.find(':');
    if (colon == std::string::npos) {
      if (bad_header.empty()) bad_header = "malformed header line (no ':')";
      continue;
    }
    std::string_view name = trim(std::string_view(line).substr(0, colon));
    std::string_view value = trim(std::string_view(line).substr(colon + 1));
    if (iequals(name, "Content-Length")) {
      std::size_t n = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (value.empty() || ec != std::errc{} || end != value.data() + value.size()) {
        if (bad_header.empty()) bad_header = "Content-Length is not a non-negative integer";
        continue;
      }
      if (length && *length != n && bad_header.empty()) bad_header = "two different Content-Length headers";
      length = n;
    }
    // Content-Type and any other header are accepted and ignored: the body is always UTF-8 JSON.
  }

  if (!bad_header.empty() && !length) return failure(bad_header, true);
  if (!length) return failure("message header without Content-Length", true);
  if (*length > max_body_size) {
    std::string message = "message body of " + std::to_string(*length) + " bytes is larger than the limit of " +
                          std::to_string(max_body_size) + " bytes";
    if (!skip(in, *length)) return failure(message + " (and the stream ended inside it)", false);
    return failure(message, true);
  }
  // Read in chunks, so that a Content-Length that lies costs memory only for bytes really sent.
  ReadResult r;
  char buffer[65536];
  while (r.body.size() < *length) {
    std::size_t chunk = std::min(*length - r.body.size(), sizeof buffer);
    in.read(buffer, static_cast<std::streamsize>(chunk));
    r.body.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (static_cast<std::size_t>(in.gcount()) != chunk) {
      return failure("the stream ended after " + std::to_string(r.body.size()) + " of " + std::to_string(*length) +
                         " body bytes",
                     false);
    }
  }
  if (!bad_header.empty()) return failure(bad_header, true);  // body consumed: the next message can be read
  r.status = ReadStatus::ok;
  return r;
}

void write_message(std::ostream& out, std::string_view body) {
  out << "Content-Length: " << body.size() << "\r\n\r\n";
  out.write(body.data(), static_cast<std::streamsize>(body.size()));
  out.flush();
}

}  // namespace hclschema::lsp
