// Small UTF-8 helpers shared by the lexers, the value layer and the position tables.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace hclschema::detail {

/// Appends the UTF-8 encoding of code point `cp` (which the caller has checked is a scalar value).
void append_utf8(std::string& out, uint32_t cp);

/// Grapheme clusters in `text`, as HCL counts columns: "\r\n" is one cluster, and each byte of
/// invalid UTF-8 counts as one.
[[nodiscard]] uint32_t count_grapheme_clusters(std::string_view text);

}  // namespace hclschema::detail
