// Diagnostics: what every parser, loader and checker returns alongside its result.
//
// The shape follows HCL's hcl.Diagnostic: a severity, a one-line summary, a detail paragraph,
// the subject range (what is wrong) and an optional wider context range (where it sits).
// Bad input never throws through the API: functions return their result together with diagnostics.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hclschema/source.hpp"

namespace hclschema {

enum class Severity { error, warning };

/// One problem found in the input.
///
///     Diagnostic d{Severity::error, "Missing newline after argument",
///                  "An argument definition must end with a newline.", file->range(span)};
struct Diagnostic {
  Severity severity = Severity::error;
  std::string summary;
  std::string detail;
  std::optional<Range> subject;
  std::optional<Range> context;
  /// A stable machine-readable identifier where one exists (e.g. for SARIF rule ids); may be empty.
  std::string code;
  /// The subject's source text is a sensitive value: writers show "(sensitive value)" instead.
  bool redact_subject = false;
};

using Diagnostics = std::vector<Diagnostic>;

/// An error diagnostic pointing at `subject` (and, optionally, the wider `context`).
///
///     diags.push_back(make_error("Unknown variable", "There is no variable named \"x\".", expr.range()));
[[nodiscard]] inline Diagnostic make_error(std::string summary, std::string detail, std::optional<Range> subject,
                                           std::optional<Range> context = std::nullopt) {
  return Diagnostic{Severity::error, std::move(summary), std::move(detail), std::move(subject), std::move(context), {}};
}

/// True when any diagnostic is an error.
[[nodiscard]] inline bool has_errors(const Diagnostics& diags) {
  for (const auto& d : diags)
    if (d.severity == Severity::error) return true;
  return false;
}

/// Appends all of `more` to `into`.
inline void append(Diagnostics& into, Diagnostics more) {
  for (auto& d : more) into.push_back(std::move(d));
}

}  // namespace hclschema
