// Function messages that would show a sensitive argument. A function sees its arguments without
// their marks (unless it takes marked ones), so its error text may quote a sensitive value
// ("cannot parse \"s3cr3t\" as a base 10 integer") or, for a few functions, a piece of one (a
// regular expression's "missing ]: `[abc`", jsondecode's "invalid character 'x'", csvdecode's
// "duplicate column name \"a\""; they name that argument in FunctionError::quotes_pieces_of). Before such a
// message becomes a diagnostic:
// - every sensitive string or number of the arguments is replaced in it by "(sensitive value)";
// - a message that may quote pieces is not shown at all when that argument holds a sensitive text
//   that the message does not quote whole: it may hold a piece of it, which no search can tell
//   from the message's own words.
// So a credential never reaches a CI log through an error. (cty and Terraform show the message
// as it is; this is a deliberate difference, listed in tests/golden/functions/known_differences.txt.)
#pragma once

#include <string>
#include <vector>

#include "hclschema/value/value.hpp"

namespace hclschema::eval_detail {

/// `message` with each sensitive string and number in `args` (marked itself, or inside a marked
/// collection) replaced by "(sensitive value)", as written and as Go's %q would quote it, where it
/// stands alone rather than inside a longer word or number.
[[nodiscard]] std::string hide_sensitive_texts(std::string message, const std::vector<Value>& args);

/// What a withheld message says instead.
inline constexpr std::string_view k_withheld_function_message = "the message is not shown because an argument is sensitive";

/// What a failing function call may show of its `message`: hide_sensitive_texts' result, or
/// k_withheld_function_message when one of `pieces_of` (the arguments, as they were passed with
/// their marks, whose text the message may quote pieces of) holds a sensitive string or number
/// and no sensitive text of them is quoted whole in the message.
[[nodiscard]] std::string safe_function_message(std::string message, const std::vector<Value>& args,
                                                const std::vector<const Value*>& pieces_of);

}  // namespace hclschema::eval_detail
