// An HCL native-syntax string literal for any text, shared by the docs generator (defaults and
// enum values in the pages) and the language server (enum values it completes).
#pragma once

#include <string>
#include <string_view>

namespace hclschema::detail {

/// `text` as a quoted HCL string: `"`, `\`, newline, carriage return and tab escaped as HCL spells
/// them, other control characters as `\uNNNN`, and `${` / `%{` written `$${` / `%%{` so they do not
/// start a template sequence. Other UTF-8 is kept as it is.
[[nodiscard]] std::string hcl_quote(std::string_view text);

}  // namespace hclschema::detail
