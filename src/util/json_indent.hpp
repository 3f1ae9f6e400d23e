// Pretty-printing of compact JSON text, shared by the hclschema CLI (`vars --format json`) and
// tools/hcldec: both build their documents as text so that spliced-in cty values keep every digit.
#pragma once

#include <string>
#include <string_view>

namespace hclschema::detail {

/// `compact` laid out as Go's json.Indent does with a two-space indent and no prefix: one member
/// or element a line, `": "` after a key, `{}` and `[]` kept on one line. Whitespace outside
/// strings is dropped; no trailing newline.
[[nodiscard]] std::string indent_json(std::string_view compact);

}  // namespace hclschema::detail
