// Writing diagnostics for people (text, like HCL's diagnostic writer) and for machines (the JSON
// shape of `terraform validate -json`).
//
//     DiagnosticTextWriter writer(std::cerr, files, {.color = false, .width = 0});
//     for (const auto& d : diags) writer.write(d);
//     std::cout << diagnostics_to_json(diags);  // {"format_version":"1.0","valid":...}
#pragma once

#include <map>
#include <memory>
#include <ostream>
#include <string>

#include "hclschema/diagnostic.hpp"
#include "hclschema/source.hpp"

namespace hclschema {

/// Source files by name, so a writer can show the lines a diagnostic points at.
using SourceFiles = std::map<std::string, std::shared_ptr<const SourceFile>, std::less<>>;

struct TextWriterOptions {
  bool color = false;      // ANSI colours; the CLI enables them only on a TTY without NO_COLOR
  unsigned width = 0;      // wrap the detail at this many columns; 0 = no wrapping
};

/// Renders diagnostics as HCL does: "Error: summary", "  on FILE line N:", the source lines
/// with the subject underlined, then the detail.
class DiagnosticTextWriter {
 public:
  DiagnosticTextWriter(std::ostream& out, const SourceFiles& files, TextWriterOptions options = {});
  void write(const Diagnostic& diag);
  void write_all(const Diagnostics& diags);

 private:
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
