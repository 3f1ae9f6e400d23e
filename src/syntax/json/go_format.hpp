// Go-compatible formatting for JSON-syntax diagnostics: the shared helpers, under the names the
// JSON code uses (`%q` quoting, hcl.Range's String() form, edit distance in code points).
#pragma once

#include "util/did_you_mean.hpp"
#include "util/go_format.hpp"

namespace hclschema::json::detail {

using hclschema::detail::edit_distance;
using hclschema::detail::go_quote;
using hclschema::detail::range_string;

}  // namespace hclschema::json::detail
