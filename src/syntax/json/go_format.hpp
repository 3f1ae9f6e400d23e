// Go-compatible formatting used in the JSON syntax's diagnostic texts, so that they match the
// reference word for word: `%q` quoting of names and hcl.Range's String() form.
#pragma once

#include <string>
#include <string_view>

#include "hclschema/source.hpp"

namespace hclschema::json::detail {

/// `s` quoted as Go's strconv.Quote (and fmt's %q) does: escapes for `"`, `\`, control and
/// non-printable characters; printable Unicode kept as is.
[[nodiscard]] std::string go_quote(std::string_view s);

/// "file:line,col-endcol" or "file:line,col-endline,endcol", as hcl.Range.String().
[[nodiscard]] std::string range_string(const Range& r);

/// Levenshtein distance between two UTF-8 strings, counted in code points.
[[nodiscard]] size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace hclschema::json::detail
