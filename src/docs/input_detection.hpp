// Telling a file of `input` blocks from a schema for `hclschema docs FILE`.
#pragma once

#include <string_view>

namespace hclschema::docs {

/// True when the first thing in `text` after blank lines and comments is an `input` block header
/// (`input "NAME" {` or `input NAME {`): a schema starts with `draft`, `attribute` or `block`, and
/// an inputs file with input blocks only. A UTF-8 byte-order mark is skipped.
[[nodiscard]] bool looks_like_inputs_file(std::string_view text);

}  // namespace hclschema::docs
