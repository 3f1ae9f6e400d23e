// Helpers shared by the inputs tests: read a file of input blocks from a string, find a field,
// and describe diagnostics compactly ("error@2:20-2:22 summary: detail") so that table rows can
// state the whole diagnostic, range included, in one string.
#pragma once

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hclschema/inputs.hpp"

namespace inputs_testing {

inline hclschema::InputsResult read(const std::string& text, const std::string& filename = "inputs.hcl") {
  return hclschema::read_inputs(hclschema::SourceFile::from_string(filename, text));
}

inline std::string describe(const hclschema::Diagnostic& d) {
  std::string out = d.severity == hclschema::Severity::error ? "error" : "warning";
  if (d.subject)
    out += "@" + std::to_string(d.subject->start.line) + ":" + std::to_string(d.subject->start.column) + "-" + std::to_string(d.subject->end.line) +
           ":" + std::to_string(d.subject->end.column);
  return out + " " + d.summary + ": " + d.detail;
}

inline std::vector<std::string> describe_all(const hclschema::Diagnostics& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags) out.push_back(describe(d));
  return out;
}

// The field `name` of the first input, or nullptr.
inline const hclschema::InputField* field(const hclschema::InputsResult& r, const std::string& name) {
  if (r.inputs.empty()) return nullptr;
  for (const auto& f : r.inputs[0].fields)
    if (f.name == name) return &f;
  return nullptr;
}

// Every diagnostic's subject lies inside the text and agrees with the source's own positions.
inline void expect_ranges_true(const hclschema::InputsResult& r) {
  ASSERT_TRUE(r.source);
  for (const auto& d : r.diagnostics) {
    if (!d.subject) continue;
    EXPECT_LE(d.subject->start.byte, d.subject->end.byte) << describe(d);
    EXPECT_LE(d.subject->end.byte, r.source->text().size()) << describe(d);
    EXPECT_EQ(d.subject->start, r.source->pos_at(d.subject->start.byte)) << describe(d);
    EXPECT_EQ(d.subject->end, r.source->pos_at(d.subject->end.byte)) << describe(d);
  }
}

}  // namespace inputs_testing
