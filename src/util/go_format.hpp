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

/// True when go_quote(s) is `s` itself between double quotes (printable ASCII without `"` or `\`),
/// as names nearly always are.
[[nodiscard]] bool go_quotes_as_is(std::string_view s);

/// go_quote(s) appended to `out`: messages that quote a name are built in one string, without a
/// temporary for the quoted part (the unknown-name errors are made by the thousand).
void append_go_quoted(std::string& out, std::string_view s);

/// "file:line,col-endcol" or "file:line,col-endline,endcol", as hcl.Range.String().
[[nodiscard]] std::string range_string(const Range& r);

}  // namespace hclschema::detail
