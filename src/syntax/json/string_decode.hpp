// Decoding a JSON string token (quotes included) into its UTF-8 value.
//
// Validation and decoding follow what the reference gets from Go's encoding/json: the escapes
// \" \\ \/ \b \f \n \r \t \uXXXX are accepted, a surrogate pair becomes one code point, and a lone
// surrogate or a byte that is not valid UTF-8 becomes U+FFFD (not an error). A bad escape or a
// missing closing quote is an error, reported at the byte offset encoding/json reports: one past
// the offending byte, or the token's length when the token ends too early.
#pragma once

#include "util/utf8.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hclschema::json::detail {

/// Decodes `token` (starting with its opening quote) into `out`. Returns the error offset
/// (relative to the token's first byte) if the token is not a valid JSON string.
[[nodiscard]] std::optional<uint32_t> decode_string(std::string_view token, std::string& out);

/// True when `token` is a valid JSON string whose value is its text between the quotes: it ends
/// with its closing quote and holds no escape, no control byte and no byte that is not valid
/// UTF-8. Most strings are so; for them decode_string would only copy the text. Never true for a
/// token decode_string rejects or decodes to other text.
[[nodiscard]] bool is_verbatim_string(std::string_view token);

using hclschema::detail::append_utf8;  // the shared encoder

/// Length of the valid UTF-8 sequence at the start of `s` (by Go's rules: no overlongs, no
/// surrogates, nothing above U+10FFFF), or 0 if it does not start with one.
[[nodiscard]] unsigned valid_utf8_length(std::string_view s);

}  // namespace hclschema::json::detail
