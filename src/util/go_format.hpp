// Go-compatible formatting for diagnostic texts that must match the reference word for word:
// `%q` quoting of names and hcl.Range's String() form.
#pragma once

#include <string>
#include <string_view>

#include "hclschema/source.hpp"

namespace hclschema::detail {

/// `s` quoted as Go's strconv.Quote (and fmt's %q) does: escapes for `"`, `\`, control and
/// non-printable characters and for each byte of invalid UTF-8; printable Unicode kept as is.
[[nodiscard]] std::string go_quote(std::string_view s);

/// "file:line,col-endcol" or "file:line,col-endline,endcol", as hcl.Range.String().
[[nodiscard]] std::string range_string(const Range& r);

}  // namespace hclschema::detail
