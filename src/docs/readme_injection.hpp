// `hclschema docs --inject FILE`: generated documentation between two marker comments of an
// existing file (a README), the rest of the file untouched byte for byte; and the atomic file
// writing it and `--output` use.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hclschema::docs {

inline constexpr std::string_view kBeginMarker = "<!-- BEGIN_HCLSCHEMA_DOCS -->";
inline constexpr std::string_view kEndMarker = "<!-- END_HCLSCHEMA_DOCS -->";

struct InjectResult {
  std::optional<std::string> text;  // the new file content; empty on error
  std::string error;                // why not: a marker missing, duplicated or out of order
};

/// `file_text` with everything between the end of the BEGIN marker and the start of the END
/// marker replaced by a line break, `content` and a line break. Line breaks follow the file: when
/// the BEGIN marker's line ends in CRLF (or, if it has no line end, the file's first line does),
/// `content`'s LFs become CRLFs. Every byte outside the markers' interior is kept.
[[nodiscard]] InjectResult inject_between_markers(std::string_view file_text, std::string_view content);

/// Writes `text` to `path` atomically: a temporary file in the same directory, flushed to disk,
/// given the permission bits of the file it replaces (or 0666 less the umask for a new file), then
/// renamed over `path` (over a symlink's target, not the link). No temporary file is left behind
/// on failure. Returns false with `error` set when something failed.
[[nodiscard]] bool write_file_atomically(const std::string& path, std::string_view text, std::string& error);

/// Reads `path`, injects `content` between its markers and writes it back atomically.
[[nodiscard]] bool inject_into_file(const std::string& path, std::string_view content, std::string& error);

}  // namespace hclschema::docs
