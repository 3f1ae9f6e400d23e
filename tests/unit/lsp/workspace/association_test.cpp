// Which schema governs a file: globs, first-line comments, the project file, tfvars and module
// directories, `input` files, schema files, and the precedence among them.
#include "lsp/schema_association.hpp"

#include "workspace_test_util.hpp"

namespace hclschema::lsp {
namespace {

using testing::TempTree;

struct GlobCase {
  const char* glob;
  const char* path;
  bool matches;
};

TEST(WorkspaceAssociation, GlobMatching) {
  const GlobCase cases[] = {
      {"examples/*.hcl", "examples/service.hcl", true},
      {"examples/*.hcl", "examples/sub/service.hcl", false},  // * stays in one segment
      {"examples/*.hcl", "other/service.hcl", false},
      {"**/*.hcl", "a/b/c/x.hcl", true},
      {"**/*.hcl", "x.hcl", true},  // ** may be no segment at all
      {"deploy/**/app.hcl", "deploy/app.hcl", true},
      {"deploy/**/app.hcl", "deploy/eu/prod/app.hcl", true},
      {"deploy/**/app.hcl", "deploy/eu/prod/db.hcl", false},
      {"svc-?.hcl", "svc-a.hcl", true},
      {"svc-?.hcl", "svc-ab.hcl", false},
      {"*", "anything.hcl", true},
      {"*.hcl", ".hclschema.hcl", true},
      {"a*b*c", "axxbyyc", true},
      {"a*b*c", "axxbyy", false},
  };
  for (const auto& c : cases) EXPECT_EQ(glob_match(c.glob, c.path), c.matches) << c.glob << " vs " << c.path;
}

struct CommentCase {
  const char* text;
  const char* path;  // nullptr: no schema comment
};

TEST(WorkspaceAssociation, FirstLineComment) {
  const CommentCase cases[] = {
      {"# schema: ../schemas/app.schema.hcl\nname = 1\n", "../schemas/app.schema.hcl"},
      {"// schema: app.hcl\n", "app.hcl"},
      {"#schema:app.hcl", "app.hcl"},
      {"  # schema:   spaced.hcl   \r\n", "spaced.hcl"},
      {"\xEF\xBB\xBF# schema: bom.hcl\n", "bom.hcl"},
      {"name = 1\n# schema: second-line.hcl\n", nullptr},  // only the first line counts
      {"# a comment\n", nullptr},
      {"# schema:\n", nullptr},
      {"", nullptr},
  };
  for (const auto& c : cases) {
    auto comment = schema_comment(c.text);
    if (!c.path) {
      EXPECT_FALSE(comment) << c.text;
      continue;
    }
    ASSERT_TRUE(comment) << c.text;
    EXPECT_EQ(comment->path, c.path);
    EXPECT_EQ(std::string_view(c.text).substr(comment->begin, comment->end - comment->begin), c.path);
  }
}

TEST(WorkspaceAssociation, InputBlockDetection) {
  EXPECT_TRUE(has_input_blocks("input \"db\" {\n  host: string\n}\n"));
  EXPECT_TRUE(has_input_blocks("# inputs\n\ninput   \"db\" {\n}\n"));
  EXPECT_FALSE(has_input_blocks("inputs = 1\n"));
  EXPECT_FALSE(has_input_blocks("  nested { input \"x\" {} }\n"));
  EXPECT_FALSE(has_input_blocks("service \"input\" {}\n"));
}

TEST(WorkspaceAssociation, ProjectFileFormatErrors) {
  const ProjectFile bad = parse_project_file("/w/.hclschema.hcl", "schema \"a.hcl\" {\n  files = \"x\"\n}\nextra = 1\n", "/w");
  const std::string all = [&] {
    std::string s;
    for (const auto& d : bad.diagnostics) s += d.summary + "\n";
    return s;
  }();
  EXPECT_NE(all.find("Invalid files list"), std::string::npos) << all;
  EXPECT_NE(all.find("Unsupported argument"), std::string::npos) << all;

  const ProjectFile good = parse_project_file("/w/.hclschema.hcl", "schema \"s/a.schema.hcl\" {\n  files = [\"x/*.hcl\", \"y/**\"]\n}\n", "/w");
  EXPECT_TRUE(good.diagnostics.empty());
  ASSERT_EQ(good.entries.size(), 1u);
  EXPECT_EQ(good.entries[0].schema_path, "/w/s/a.schema.hcl");
  EXPECT_EQ(good.entries[0].globs, (std::vector<std::string>{"x/*.hcl", "y/**"}));
}

struct KindCase {
  const char* file;
  const char* text;
  FileKind kind;
  const char* schema;  // relative to the root, for config; "" otherwise
};

TEST(WorkspaceAssociation, KindsAndPrecedence) {
  TempTree tree;
  tree.write(".hclschema.hcl",
             "schema \"schemas/app.schema.hcl\" {\n  files = [\"apps/*.hcl\", \"schemas/*.hcl\", \"vars/*.tfvars\"]\n}\n"
             "schema \"schemas/other.schema.hcl\" {\n  files = [\"apps/*.hcl\", \"more/**/*.hcl\"]\n}\n");
  const KindCase cases[] = {
      {".hclschema.hcl", "", FileKind::project, ""},
      {"apps/a.hcl", "x = 1\n", FileKind::config, "schemas/app.schema.hcl"},               // first entry wins
      {"more/deep/b.hcl", "x = 1\n", FileKind::config, "schemas/other.schema.hcl"},
      {"apps/c.hcl", "# schema: ../own.schema.hcl\nx = 1\n", FileKind::config, "own.schema.hcl"},  // comment beats project
      {"schemas/app.schema.hcl", "", FileKind::schema, ""},       // a target, though a glob matches it
      {"schemas/helper.hcl", "x = 1\n", FileKind::config, "schemas/app.schema.hcl"},
      {"elsewhere/x.schema.hcl", "", FileKind::schema, ""},       // by name
      {"vars/prod.tfvars", "a = 1\n", FileKind::config, "schemas/app.schema.hcl"},  // explicit glob beats tfvars
      {"mod/terraform.tfvars", "a = 1\n", FileKind::tfvars, ""},
      {"mod/x.tfvars.json", "{}", FileKind::tfvars, ""},
      {"mod/main.tf", "", FileKind::module, ""},
      {"mod/main.tf.json", "{}", FileKind::module, ""},
      {"inputs.hcl", "input \"db\" {\n  host: string\n}\n", FileKind::inputs, ""},
      {"plain.hcl", "x = 1\n", FileKind::plain, ""},
  };
  Workspace ws(tree.root());
  for (const auto& c : cases) {
    const std::string path = c.file[0] == '.' ? tree.path(c.file) : tree.write(c.file, c.text);
    const Association a = ws.association_of(path);
    EXPECT_EQ(a.kind, c.kind) << c.file;
    if (c.kind == FileKind::config) {
      EXPECT_EQ(a.schema_path, tree.path(c.schema)) << c.file;
    }
  }
}

TEST(WorkspaceAssociation, OpenProjectFileTextWins) {
  TempTree tree;
  tree.write(".hclschema.hcl", "schema \"a.schema.hcl\" {\n  files = [\"*.hcl\"]\n}\n");
  const std::string file = tree.write("x.hcl", "x = 1\n");
  Workspace ws(tree.root());
  EXPECT_EQ(ws.association_of(file).schema_path, tree.path("a.schema.hcl"));
  ws.open(tree.path(".hclschema.hcl"), "schema \"b.schema.hcl\" {\n  files = [\"*.hcl\"]\n}\n");
  EXPECT_EQ(ws.association_of(file).schema_path, tree.path("b.schema.hcl"));
  ws.close(tree.path(".hclschema.hcl"));
  EXPECT_EQ(ws.association_of(file).schema_path, tree.path("a.schema.hcl"));
}

TEST(WorkspaceAssociation, NoRootMeansNoProjectFile) {
  TempTree tree;
  tree.write(".hclschema.hcl", "schema \"a.schema.hcl\" {\n  files = [\"*.hcl\"]\n}\n");
  const std::string file = tree.write("x.hcl", "x = 1\n");
  Workspace ws("");
  EXPECT_EQ(ws.association_of(file).kind, FileKind::plain);
}

}  // namespace
}  // namespace hclschema::lsp
