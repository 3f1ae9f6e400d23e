// Go to definition: configuration names to their schema declarations, tfvars names to their
// `variable` blocks, with exact byte ranges.
#include "workspace_test_util.hpp"

namespace hclschema::lsp {
namespace {

using testing::offset_of;
using testing::TempTree;

struct DefinitionCase {
  const char* name;
  const char* at;       // the cursor is one byte into the first occurrence of this text
  const char* target;   // the exact text of the target range in the schema; nullptr: no definition
};

TEST(WorkspaceDefinition, ConfigurationToSchema) {
  TempTree tree;
  const std::string schema_text =
      "attribute \"name\" {\n  type = string\n}\n"
      "block \"listener\" {\n  labels = [\"port\"]\n  attribute \"tls\" {\n    type = bool\n  }\n}\n"
      "block \"tls\" {\n}\n";
  const std::string schema = tree.write("schemas/s.schema.hcl", schema_text);
  const std::string path = tree.path("c.hcl");
  const std::string text =
      "# schema: schemas/s.schema.hcl\nname = \"x\"\nlistener \"80\" {\n  tls = true\n}\ntls {\n}\nunknown = 1\n";
  Workspace ws(tree.root());
  ws.open(path, text);
  const DefinitionCase cases[] = {
      {"top-level attribute", "name =", "attribute \"name\""},
      {"block type", "listener", "block \"listener\""},
      {"attribute in a block", "tls = true", "attribute \"tls\""},
      {"a top-level block of the same name", "tls {", "block \"tls\""},
      {"undeclared name", "unknown", nullptr},
      {"a value", "\"x\"", nullptr},
      {"a label", "\"80\"", nullptr},
  };
  for (const auto& c : cases) {
    const auto location = ws.definition(path, offset_of(text, c.at, 1));
    if (!c.target) {
      EXPECT_FALSE(location) << c.name;
      continue;
    }
    ASSERT_TRUE(location) << c.name;
    EXPECT_EQ(location->path, schema) << c.name;
    // The exact declaration header: begins where the text does, ends after the label.
    const std::size_t begin = schema_text.find(c.target);
    EXPECT_EQ(location->range, (ByteRange{begin, begin + std::string(c.target).size()})) << c.name;
  }
}

TEST(WorkspaceDefinition, TfvarsToVariableBlock) {
  TempTree tree;
  const std::string tf_text = "# variables\nvariable \"region\" {\n  type = string\n}\n";
  const std::string tf = tree.write("mod/variables.tf", tf_text);
  const std::string path = tree.path("mod/terraform.tfvars");
  Workspace ws(tree.root());
  ws.open(path, "region = \"eu\"\nundeclared = 1\n");
  const auto location = ws.definition(path, 3);
  ASSERT_TRUE(location);
  EXPECT_EQ(location->path, tf);
  const std::size_t begin = tf_text.find("variable \"");
  EXPECT_EQ(location->range, (ByteRange{begin, begin + std::string("variable \"region\"").size()}));
  EXPECT_FALSE(ws.definition(path, 15));  // undeclared
  EXPECT_FALSE(ws.definition(path, 10));  // a value
}

}  // namespace
}  // namespace hclschema::lsp
