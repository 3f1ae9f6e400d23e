// Hover: schema declarations on attribute and block names (description first, then the facts),
// and on tfvars names the variable's declaration and the winning value, never a sensitive one.
#include "workspace_test_util.hpp"

namespace hclschema::lsp {
namespace {

using testing::offset_of;
using testing::TempTree;

struct HoverCase {
  const char* name;
  const char* at;  // the hover is asked one byte into the first occurrence of this text
  std::vector<const char*> contains;
  const char* word;  // the range's text; nullptr: no hover at all
};

TEST(WorkspaceHover, SchemaDeclarations) {
  const std::string examples = testing::source_dir() + "/examples";
  const std::string path = examples + "/service.hcl";
  const std::string text = "# schema: service.schema.hcl\n" + testing::read_file(path);
  Workspace ws("");
  ws.open(path, text);
  const HoverCase cases[] = {
      {"required with pattern", "image ",
       {"**image** (attribute)", "The container image, with a registry host and a tag.", "- Type: `string`", "- Required",
        "- Pattern: `^[a-z0-9.-]+(/[a-z0-9._-]+)+:[A-Za-z0-9._-]+$`"},
       "image"},
      {"number with min and max", "replicas =",
       {"How many instances run.", "- Type: `number`", "- Optional", "- Default: `1`", "- Minimum: 1", "- Maximum: 9"},
       "replicas"},
      {"a collection's min is a length", "command ", {"- Type: `list(string)`", "- Minimum length: 1"}, "command"},
      {"sensitive attribute", "token ", {"The deploy token. Never printed.", "- Sensitive: its value is never shown"}, "token"},
      {"block with labels", "service \"", {"**service** (block)", "A service to deploy.", "- Labels: `name`", "- At least 1"}, "service"},
      {"nested block", "health_check", {"**health_check** (block)", "- At most 1", "- Optional"}, "health_check"},
      {"attribute in a nested block", "container", {"The port number inside the container.", "- Maximum: 65535"}, "container"},
      {"cross-field attribute", "checksum", {"The SHA-256 of config_file."}, "checksum"},
      {"a value is no name", "registry.example", {}, nullptr},
      {"a comment is nothing", "Regions to deploy", {}, nullptr},
  };
  for (const auto& c : cases) {
    const auto hover = ws.hover(path, text.find(c.at) == std::string::npos ? 0 : text.find(c.at) + 1);
    if (!c.word) {
      EXPECT_FALSE(hover) << c.name;
      continue;
    }
    ASSERT_TRUE(hover) << c.name;
    for (const char* s : c.contains) EXPECT_NE(hover->markdown.find(s), std::string::npos) << c.name << ": " << s << "\n" << hover->markdown;
    EXPECT_EQ(text.substr(hover->range.begin, hover->range.end - hover->range.begin), c.word) << c.name;
  }
}

TEST(WorkspaceHover, EnumDeprecationAndDescriptionFirst) {
  TempTree tree;
  tree.write("s.schema.hcl",
             "attribute \"mode\" {\n  type = string\n  enum = [\"fast\", \"safe\"]\n  default = \"safe\"\n"
             "  description = \"How to roll out.\"\n  deprecated = \"use strategy\"\n}\n");
  const std::string path = tree.path("c.hcl");
  const std::string text = "# schema: s.schema.hcl\nmode = \"fast\"\n";
  Workspace ws(tree.root());
  ws.open(path, text);
  const auto hover = ws.hover(path, offset_of(text, "mode", 4));  // the cursor right after the name counts
  ASSERT_TRUE(hover);
  EXPECT_EQ(hover->markdown,
            "**mode** (attribute)\n\nHow to roll out.\n\n- Type: `string`\n- Optional\n- Default: `\"safe\"`\n"
            "- Allowed values: `\"fast\"`, `\"safe\"`\n\n**Deprecated:** use strategy");
}

TEST(WorkspaceHover, SensitiveDefaultNeverShown) {
  TempTree tree;
  tree.write("s.schema.hcl", "attribute \"token\" {\n  type = string\n  sensitive = true\n  default = \"tok_hidden_default\"\n}\n");
  const std::string path = tree.path("c.hcl");
  const std::string text = "# schema: s.schema.hcl\ntoken = \"tok_typed_secret\"\n";
  Workspace ws(tree.root());
  ws.open(path, text);
  const auto hover = ws.hover(path, offset_of(text, "token", 1));
  ASSERT_TRUE(hover);
  EXPECT_EQ(hover->markdown.find("tok_hidden_default"), std::string::npos) << hover->markdown;
  EXPECT_EQ(hover->markdown.find("tok_typed_secret"), std::string::npos) << hover->markdown;
  EXPECT_NE(hover->markdown.find("- Default: `(sensitive value)`"), std::string::npos) << hover->markdown;
}

TEST(WorkspaceHover, TfvarsNameShowsDeclarationAndWinner) {
  TempTree tree;
  tree.write("mod/variables.tf",
             "variable \"region\" {\n  type = string\n  description = \"Where to deploy.\"\n  default = \"eu-west-1\"\n}\n");
  tree.write("mod/terraform.tfvars", "region = \"us-east-1\"\n");
  const std::string path = tree.path("mod/prod.auto.tfvars");
  const std::string text = "region = \"ap-south-1\"\n";
  Workspace ws(tree.root());
  ws.set_environment({{"TF_VAR_region", "from-env"}});
  ws.open(path, text);
  const auto hover = ws.hover(path, 2);
  ASSERT_TRUE(hover);
  const std::string& md = hover->markdown;
  for (const char* s : {"**var.region** (variable)", "Where to deploy.", "- Type: `string`", "- Default: `\"eu-west-1\"`",
                        "- Declared in `variables.tf` line 1", "**Value:** `\"ap-south-1\"` from prod.auto.tfvars line 1",
                        "`\"from-env\"` (shadowed)", "`\"us-east-1\"` (shadowed)", "`\"ap-south-1\"` (wins)", "Warning: TF_VAR_region"})
    EXPECT_NE(md.find(s), std::string::npos) << s << "\n" << md;
  EXPECT_EQ(hover->range, (ByteRange{0, 6}));
}

TEST(WorkspaceHover, TfvarsSensitiveValueNeverShown) {
  TempTree tree;
  tree.write("mod/main.tf", "variable \"token\" {\n  type = string\n  sensitive = true\n  default = \"default-secret-1\"\n}\n");
  tree.write("mod/terraform.tfvars", "token = \"file-secret-2\"\n");
  const std::string path = tree.path("mod/override.tfvars");  // not auto-loaded: read as -var-file
  const std::string text = "token = \"editor-secret-3\"\n";
  Workspace ws(tree.root());
  ws.set_environment({{"TF_VAR_token", "env-secret-4"}});
  ws.open(path, text);
  const auto hover = ws.hover(path, 1);
  ASSERT_TRUE(hover);
  for (const char* secret : {"default-secret-1", "file-secret-2", "editor-secret-3", "env-secret-4", "secret"})
    EXPECT_EQ(hover->markdown.find(secret), std::string::npos) << secret << "\n" << hover->markdown;
  EXPECT_NE(hover->markdown.find("(sensitive value)"), std::string::npos) << hover->markdown;
  EXPECT_NE(hover->markdown.find("- Sensitive"), std::string::npos);
}

TEST(WorkspaceHover, NothingWithoutASchemaOrOnUndeclaredNames) {
  TempTree tree;
  tree.write("mod/main.tf", "variable \"a\" {}\n");
  const std::string vars = tree.write("mod/terraform.tfvars", "b = 1\n");
  const std::string plain = tree.write("plain.hcl", "a = 1\n");
  Workspace ws(tree.root());
  EXPECT_FALSE(ws.hover(vars, 0));
  EXPECT_FALSE(ws.hover(plain, 0));
  EXPECT_FALSE(ws.hover(tree.path("missing.hcl"), 0));
}

}  // namespace
}  // namespace hclschema::lsp
