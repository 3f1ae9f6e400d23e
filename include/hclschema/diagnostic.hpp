// Diagnostics: what every parser, loader and checker returns alongside its result.
//
// The shape follows HCL's hcl.Diagnostic: a severity, a one-line summary, a detail paragraph,
// the subject range (what is wrong) and an optional wider context range (where it sits).
// Bad input never throws through the API: functions return their result together with diagnostics.
#pragma once

#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hclschema/source.hpp"

namespace hclschema {

enum class Severity { error, warning };

/// A diagnostic's summary: text of its own, or a constant that every diagnostic of a kind shares
/// (DiagnosticSummary::constant), which costs no allocation. An evaluator reports unknown names by
/// the thousand, and "Unknown variable" is one character over std::string's inline capacity: its
/// copy, made and freed for every error, was about 150 instructions of the roughly 600 an
/// unknown variable cost. Reads like a `const std::string&`.
///
///     d.summary = "Unsupported argument";
///     if (d.summary == "Unknown variable") std::cout << d.summary;
class DiagnosticSummary {
 public:
  DiagnosticSummary() = default;
  DiagnosticSummary(std::string text) : own_(std::move(text)) {}    // NOLINT: implicit on purpose
  DiagnosticSummary(const char* text) : own_(text) {}                // NOLINT
  DiagnosticSummary(std::string_view text) : own_(text) {}           // NOLINT
  /// A summary reading `text`, which is not copied: it must outlive every diagnostic holding it
  /// (a never-destroyed static).
  [[nodiscard]] static DiagnosticSummary constant(const std::string& text) {
    DiagnosticSummary s;
    s.constant_ = &text;
    return s;
  }

  [[nodiscard]] const std::string& str() const { return constant_ ? *constant_ : own_; }
  operator const std::string&() const { return str(); }                // NOLINT: reads as the string it holds
  operator std::string_view() const { return str(); }                  // NOLINT
  [[nodiscard]] bool empty() const { return str().empty(); }
  [[nodiscard]] size_t size() const { return str().size(); }
  [[nodiscard]] const char* c_str() const { return str().c_str(); }
  [[nodiscard]] const char* data() const { return str().data(); }
  [[nodiscard]] std::string::const_iterator begin() const { return str().begin(); }
  [[nodiscard]] std::string::const_iterator end() const { return str().end(); }
  [[nodiscard]] size_t find(std::string_view what, size_t from = 0) const { return str().find(what, from); }
  [[nodiscard]] bool starts_with(std::string_view prefix) const { return std::string_view(str()).starts_with(prefix); }

  friend bool operator==(const DiagnosticSummary& a, std::string_view b) { return std::string_view(a.str()) == b; }
  friend std::strong_ordering operator<=>(const DiagnosticSummary& a, std::string_view b) { return std::string_view(a.str()) <=> b; }
  friend std::string operator+(const DiagnosticSummary& a, std::string_view b) { return a.str() + std::string(b); }
  friend std::string operator+(std::string_view a, const DiagnosticSummary& b) { return std::string(a) + b.str(); }
  template <class Stream>
  friend Stream& operator<<(Stream& out, const DiagnosticSummary& s) {
    out << s.str();
    return out;
  }

 private:
  const std::string* constant_ = nullptr;  // when set, the text (own_ is then empty)
  std::string own_;
};

/// One problem found in the input.
///
///     Diagnostic d{Severity::error, "Missing newline after argument",
///                  "An argument definition must end with a newline.", file->range(span)};
struct Diagnostic {
  Severity severity = Severity::error;
  DiagnosticSummary summary;
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
[[nodiscard]] inline Diagnostic make_error(DiagnosticSummary summary, std::string detail, std::optional<Range> subject,
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
