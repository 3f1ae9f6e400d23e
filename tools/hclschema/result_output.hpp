// Output shared by the commands that print one value or type (eval, type, convert): diagnostics
// in text or JSON, and a value in cty's JSON encoding that is never printed when sensitive.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "hclschema/diagnostic.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/value/json.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema::cli {

/// Writes `diags`: JSON `{"diagnostics": [...]}` on stdout, or HCL's text form on stderr with
/// source snippets from `files`. Returns exit_errors when any is an error, else exit_ok.
int report_diagnostics(const std::string& format, const std::vector<std::shared_ptr<const File>>& files, const Diagnostics& diags);

/// Prints `value` and its type: JSON `{"value": V, "type": T}` or, in text, V then "type: T". A
/// sensitive value (or one containing a sensitive value) prints as `"sensitive": true` or
/// "(sensitive value)". Returns exit_ok, or exit_errors when the value cannot be encoded (an
/// infinity, a number too large to write out), reported as an error diagnostic at `where`, the
/// expression that gave the value, in one of `files`. The type is redacted_type(value), unless
/// `type_not_from_data` (a conversion to a type constraint without `any`: the type is the
/// constraint's, written in the command line, whatever the value).
int print_value(const std::string& format, const Value& value, const std::vector<std::shared_ptr<const File>>& files,
                const Range& where, bool type_not_from_data = false);

/// The error for a value that value_to_json refused (`error`): an infinity, or a number too long to
/// write out ("Number too large to write out"; else `summary`). `what` names the value in the
/// detail ("result", "value"); `where` is the expression that gave it.
Diagnostic unwritable_value_error(const ValueError& error, std::string_view what, std::string_view summary, const Range& where);

/// cty's JSON encoding of `value` for output, except that every sensitive part is the string
/// "(sensitive value)" and every unknown part is null.
std::string redacted_value_json(const Value& value);

/// The type of `value` for output: the value's own type, except that a sensitive part whose type
/// holds an object or tuple is shown as "dynamic". Such a type can carry the secret: the attribute
/// names and element count of `jsondecode(var.secret)` are the secret's own keys and length. Lists,
/// sets, maps and primitives name nothing, so they are shown as they are.
Type redacted_type(const Value& value);

}  // namespace hclschema::cli
