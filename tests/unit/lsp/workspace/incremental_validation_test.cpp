// The incremental re-validation gives exactly what `validate` gives: the same diagnostics, in the
// same order, at the same places, through a series of edits that move, change, duplicate and break
// top-level blocks.
#include "lsp/incremental_validation.hpp"

#include "workspace_test_util.hpp"

namespace hclschema::lsp {
namespace {

std::string describe(const Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags) {
    out += (d.severity == Severity::error ? "E " : "W ") + d.summary + " | " + d.detail;
    if (d.subject)
      out += " @" + std::to_string(d.subject->start.byte) + "-" + std::to_string(d.subject->end.byte) + " " +
             std::to_string(d.subject->start.line) + ":" + std::to_string(d.subject->start.column) + "-" + std::to_string(d.subject->end.line) + ":" +
             std::to_string(d.subject->end.column);
    if (d.context) out += " ctx@" + std::to_string(d.context->start.byte) + "-" + std::to_string(d.context->end.byte);
    out += "\n";
  }
  return out;
}

TEST(WorkspaceIncrementalValidation, SameAsValidateThroughEdits) {
  const std::string dir = testing::source_dir() + "/examples";
  SchemaLoadResult loaded = load_schema_file(dir + "/service.schema.hcl");
  ASSERT_TRUE(loaded.schema);
  const std::string valid = testing::read_file(dir + "/service.hcl");
  const std::string invalid = testing::read_file(dir + "/service_invalid.hcl");
  const std::string small = "service \"a\" {\n  image = \"r.io/a:1\"\n  regions = [\"x\"]\n  port \"p\" {\n    container = 0\n  }\n}\n";
  // Each step is a whole document: the validator keeps state from one to the next.
  const std::vector<std::string> steps = {
      valid,
      invalid,
      invalid + small,                                   // a block appended
      small + invalid,                                   // everything after it moved (bytes and lines)
      "# one more line\n" + small + invalid,            // lines moved too
      "x = 1\n" + small + small,                       // an unknown root attribute, duplicate labels
      small + "health_check {\n  path = \"x\"\n}\n",      // a block outside its place (nested type at the root)
      "service \"b\" {\n  port \"p\" {\n    container = 1\n  }\n  health_check {\n    path = \"x\"\n  }\n  health_check {\n    path = 1\n  }\n}\n",
      "service {\n}\n",                                  // missing label
      "service \"a\" \"b\" {\n  image = 1\n}\n",          // extra label
      "",                                                // no service at all: min_items
      small.substr(0, small.size() / 2),                 // broken: unclosed block
      small,
  };
  IncrementalValidator incremental;
  for (size_t i = 0; i < steps.size(); ++i) {
    ParseResult parsed = parse_source(SourceFile::from_string("doc.hcl", steps[i]));
    ASSERT_TRUE(parsed.file);
    const Diagnostics expected = validate(*loaded.schema, parsed.file->body());
    const Diagnostics got = incremental.validate(loaded.schema, *parsed.file);
    EXPECT_EQ(describe(got), describe(expected)) << "step " << i;
  }
}

TEST(WorkspaceIncrementalValidation, JsonDocumentsAreValidatedWhole) {
  SchemaLoadResult loaded = load_schema_file(testing::source_dir() + "/examples/service.schema.hcl");
  ASSERT_TRUE(loaded.schema);
  ParseResult parsed = parse_source(SourceFile::from_string("doc.hcl.json", "{\"service\": {\"a\": {\"image\": 1}}}"));
  IncrementalValidator incremental;
  EXPECT_EQ(describe(incremental.validate(loaded.schema, *parsed.file)), describe(validate(*loaded.schema, parsed.file->body())));
}

}  // namespace
}  // namespace hclschema::lsp
