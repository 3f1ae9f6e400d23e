// Go's encoding/json string escaping, as json.Marshal writes strings (HTML-safe: `<`, `>` and `&`
// as \u escapes; U+2028 and U+2029 escaped for JavaScript's sake). cty's JSON value encoding and
// hcldec's output both write strings this way, so that their text matches the reference's byte for
// byte.
#pragma once

#include <string>
#include <string_view>

namespace hclschema::detail {

/// Appends `s` to `out` as a quoted JSON string, escaped as Go's encoding/json does.
void append_go_json_string(std::string& out, std::string_view s);

}  // namespace hclschema::detail
