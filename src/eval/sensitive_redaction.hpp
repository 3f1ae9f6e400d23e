// Function messages that would show a sensitive argument. A function sees its arguments without
// their marks (unless it takes marked ones), so its error text may quote a sensitive value:
// "cannot parse \"s3cr3t\" as a base 10 integer". Before such a message becomes a diagnostic,
// every sensitive string or number of the arguments is replaced in it by "(sensitive value)", so
// that a credential never reaches a CI log through an error. (Terraform shows them; this is a
// deliberate difference, listed in tests/golden/functions/known_differences.txt.)
#pragma once

#include <string>
#include <vector>

#include "hclschema/value/value.hpp"

namespace hclschema::eval_detail {

/// `message` with each sensitive string and number in `args` (marked itself, or inside a marked
/// collection) replaced by "(sensitive value)", as written and as Go's %q would quote it, where it
/// stands alone rather than inside a longer word or number.
[[nodiscard]] std::string hide_sensitive_texts(std::string message, const std::vector<Value>& args);

}  // namespace hclschema::eval_detail
