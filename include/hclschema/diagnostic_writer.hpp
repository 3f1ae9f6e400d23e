// Writing diagnostics for people (text, like HCL's diagnostic writer) and for machines (the JSON
// shape of `terraform validate -json`).
//
//     DiagnosticTextWriter writer(std::cerr, files, {.color = false, .width = 0});
//     for (const auto& d : diags) writer.write(d);
//     std::cout << diagnostics_to_json(diags);  // {"format_version":"1.0","valid":...}
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "hclschema/diagnostic.hpp"
#include "hclschema/source.hpp"

namespace hclschema {

/// Source files by name, so a writer can show the lines a diagnostic points at.
using SourceFiles = std::map<std::string, std::shared_ptr<const SourceFile>, std::less<>>;

/// Names the construct enclosing a byte of a file, e.g. `resource "aws_instance" "web"`, for the
/// ", in ..." part of "  on FILE line N, in ...:"; returns "" when there is none.
using ContextStringFn = std::function<std::string(std::string_view filename, uint32_t byte)>;

struct TextWriterOptions {
  bool color = false;      // ANSI colours; the CLI enables them only on a TTY without NO_COLOR
  unsigned width = 0;      // wrap the detail at this many columns; 0 = no wrapping
  ContextStringFn context; // optional; HCL's "in BLOCK" context for the subject
};

/// Renders diagnostics as HCL does: "Error: summary", "  on FILE line N:", the source lines of
/// the subject (and context) with a line-number gutter, then the detail. The subject is
/// underlined with ANSI bold-underline when `color` is set and with a line of `^` under each
/// source line otherwise, since plain text has no other way to show it.
///
///     Error: Unsupported argument
///
///       on main.tf line 3, in resource "a" "b":
///        3:   bogus = 1
///             ^^^^^
///
///     An argument named "bogus" is not expected here.
class DiagnosticTextWriter {
 public:
  DiagnosticTextWriter(std::ostream& out, const SourceFiles& files, TextWriterOptions options = {});
  void write(const Diagnostic& diag);
  void write_all(const Diagnostics& diags);

 private:
  void write_snippet(const Diagnostic& diag);
  std::ostream& out_;
  const SourceFiles& files_;
  TextWriterOptions options_;
};

/// The `terraform validate -json` document: {"format_version":"1.0","valid","error_count",
/// "warning_count","diagnostics":[...]}, serialized.
[[nodiscard]] std::string diagnostics_to_json(const Diagnostics& diags, int indent = 2);
/// Just the "diagnostics" array, serialized, for commands that put it beside their own keys.
[[nodiscard]] std::string diagnostics_array_to_json(const Diagnostics& diags, int indent = 2);

}  // namespace hclschema
