// Regular expressions with Go's syntax and error texts, on RE2 (linear time, as Go's regexp).
// Shared by the regex functions and the schema's `pattern` constraint.
#pragma once

#include <memory>
#include <string>

#include <re2/re2.h>

namespace hclschema::detail {

/// Compiles `pattern` (Go/RE2 syntax, UTF-8); check ok() on the result. Never logs.
[[nodiscard]] std::unique_ptr<RE2> compile_go_regexp(const std::string& pattern);

/// Go's regexp.Compile error text for a pattern that failed to compile:
/// "error parsing regexp: missing closing ): `(`".
[[nodiscard]] std::string go_regexp_error(const RE2& re);

}  // namespace hclschema::detail
