// Diagnostics per kind of file, from the same library calls as the CLI: validate against a schema,
// the schema loader, the vars layer (tfvars and *.tf), read_inputs, and the project file's checks.
// Problems located in another file appear at {0, 0} with "FILE:LINE:COL: " in the message.
#include <algorithm>

#include "workspace_test_util.hpp"

namespace hclschema::lsp {
namespace {

using testing::messages;
using testing::offset_of;
using testing::TempTree;

const DocumentDiagnostic* find(const std::vector<DocumentDiagnostic>& diags, std::string_view text) {
  for (const auto& d : diags)
    if (d.message.find(text) != std::string::npos) return &d;
  return nullptr;
}

TEST(WorkspaceDiagnostics, ExamplesAsTheValidateCommandSeesThem) {
  const std::string dir = testing::source_dir() + "/examples";
  Workspace ws("");
  const std::string valid = dir + "/service.hcl";
  const std::string invalid = dir + "/service_invalid.hcl";
  // No project file at this root: associate by a first-line comment in the open text.
  ws.open(valid, "# schema: service.schema.hcl\n" + testing::read_file(valid));
  EXPECT_TRUE(ws.diagnostics(valid).empty()) << messages(ws.diagnostics(valid));

  const std::string text = "# schema: service.schema.hcl\n" + testing::read_file(invalid);
  ws.open(invalid, text);
  const auto diags = ws.diagnostics(invalid);
  const DocumentDiagnostic* pattern = find(diags, "Value does not match pattern: The value of \"image\"");
  ASSERT_TRUE(pattern) << messages(diags);
  EXPECT_EQ(pattern->severity, Severity::error);
  EXPECT_EQ(text.substr(pattern->range.begin, pattern->range.end - pattern->range.begin), "\"checkout\"");
  // A sensitive value is never in a message.
  const DocumentDiagnostic* token = find(diags, "The value of \"token\"");
  ASSERT_TRUE(token) << messages(diags);
  EXPECT_NE(token->message.find("(sensitive value)"), std::string::npos);
}

TEST(WorkspaceDiagnostics, ProjectFileGovernsByGlob) {
  TempTree tree;
  tree.write(".hclschema.hcl", "schema \"s/app.schema.hcl\" {\n  files = [\"conf/*.hcl\"]\n}\n");
  tree.write("s/app.schema.hcl", "attribute \"mode\" {\n  type = string\n  enum = [\"fast\", \"safe\"]\n}\n");
  const std::string conf = tree.write("conf/a.hcl", "mode = \"slow\"\n");
  Workspace ws(tree.root());
  const auto diags = ws.diagnostics(conf);  // a closed file: read from disk
  ASSERT_EQ(diags.size(), 1u) << messages(diags);
  EXPECT_EQ(diags[0].range, (ByteRange{7, 13}));
}

TEST(WorkspaceDiagnostics, SchemaFileGetsTheLoadersDiagnostics) {
  TempTree tree;
  const std::string schema = tree.path("bad.schema.hcl");
  const std::string text = "attribute \"a\" {\n  type = strin\n}\n";
  Workspace ws(tree.root());
  ws.open(schema, text);
  const auto diags = ws.diagnostics(schema);
  ASSERT_FALSE(diags.empty());
  EXPECT_EQ(text.substr(diags[0].range.begin, diags[0].range.end - diags[0].range.begin), "strin") << messages(diags);
}

TEST(WorkspaceDiagnostics, BrokenSchemaIsReportedAtTheTopOfTheConfig) {
  TempTree tree;
  tree.write("bad.schema.hcl", "attribute \"a\" {\n  type = strin\n}\n");
  const std::string conf = tree.path("c.hcl");
  Workspace ws(tree.root());
  ws.open(conf, "# schema: bad.schema.hcl\na = 1\n");
  const auto diags = ws.diagnostics(conf);
  ASSERT_FALSE(diags.empty());
  EXPECT_EQ(diags[0].range, (ByteRange{0, 0}));
  EXPECT_NE(diags[0].message.find(tree.path("bad.schema.hcl") + ":2:10: "), std::string::npos) << messages(diags);
  EXPECT_NE(diags[0].message.find("has errors, so nothing is validated"), std::string::npos);
}

TEST(WorkspaceDiagnostics, MissingSchemaPointsAtTheComment) {
  TempTree tree;
  const std::string conf = tree.path("c.hcl");
  Workspace ws(tree.root());
  const std::string text = "# schema: nowhere.schema.hcl\na = 1\n";
  ws.open(conf, text);
  const auto diags = ws.diagnostics(conf);
  ASSERT_EQ(diags.size(), 1u) << messages(diags);
  EXPECT_EQ(diags[0].code, "schema-not-found");
  EXPECT_EQ(text.substr(diags[0].range.begin, diags[0].range.end - diags[0].range.begin), "nowhere.schema.hcl");
}

TEST(WorkspaceDiagnostics, TfvarsUseTheirDirectorysVariables) {
  TempTree tree;
  tree.write("mod/main.tf",
             "variable \"region\" {\n  type = string\n}\nvariable \"replicas\" {\n  type = number\n  default = 1\n}\n");
  const std::string vars = tree.path("mod/terraform.tfvars");
  const std::string text = "region = \"eu\"\nreplicas = \"abc\"\nregoin = 1\n";
  Workspace ws(tree.root());
  ws.open(vars, text);  // not on disk at all: the open text is what the vars layer reads
  const auto diags = ws.diagnostics(vars);
  const DocumentDiagnostic* invalid = find(diags, "Invalid value for input variable");
  ASSERT_TRUE(invalid) << messages(diags);
  EXPECT_EQ(text.substr(invalid->range.begin, invalid->range.end - invalid->range.begin), "\"abc\"");
  const DocumentDiagnostic* undeclared = find(diags, "Value for undeclared variable");
  ASSERT_TRUE(undeclared) << messages(diags);
  EXPECT_EQ(undeclared->severity, Severity::warning);
  EXPECT_EQ(undeclared->range.begin, text.rfind("1\n"));
}

TEST(WorkspaceDiagnostics, TfvarsSeeProblemsOfTheDeclarationsElsewhere) {
  TempTree tree;
  tree.write("mod/main.tf", "variable \"count\" {\n  type = number\n}\n");
  const std::string vars = tree.write("mod/terraform.tfvars", "count = 1\n");
  Workspace ws(tree.root());
  const auto diags = ws.diagnostics(vars);
  const DocumentDiagnostic* reserved = find(diags, "Invalid variable name");
  ASSERT_TRUE(reserved) << messages(diags);
  EXPECT_EQ(reserved->range, (ByteRange{0, 0}));
  EXPECT_EQ(reserved->message.rfind(tree.path("mod/main.tf") + ":1:10: Invalid variable name", 0), 0u) << reserved->message;
}

TEST(WorkspaceDiagnostics, NamedTfvarsFileIsReadAsAVarFile) {
  TempTree tree;
  tree.write("mod/main.tf", "variable \"replicas\" {\n  type = number\n}\n");
  tree.write("mod/terraform.tfvars", "replicas = \"bad in another file\"\n");
  const std::string prod = tree.write("mod/prod.tfvars", "replicas = \"bad here\"\n");
  Workspace ws(tree.root());
  const auto diags = ws.diagnostics(prod);
  // Only this file's problem: the other tfvars file's is that document's.
  ASSERT_EQ(diags.size(), 1u) << messages(diags);
  EXPECT_EQ(diags[0].range, (ByteRange{11, 21}));
}

TEST(WorkspaceDiagnostics, ModuleFileGetsItsDeclarationProblems) {
  TempTree tree;
  const std::string main_tf = tree.path("mod/main.tf");
  tree.write("mod/other.tf", "variable \"b\" {\n  type = strin\n}\n");
  const std::string text = "variable \"a\" {}\nvariable \"a\" {}\nresource \"x\" \"y\" {\n";
  Workspace ws(tree.root());
  ws.open(main_tf, text);
  const auto diags = ws.diagnostics(main_tf);
  const DocumentDiagnostic* dup = find(diags, "Duplicate variable declaration");
  ASSERT_TRUE(dup) << messages(diags);
  EXPECT_EQ(dup->range.begin, text.find("variable", 1));
  EXPECT_TRUE(find(diags, "Unclosed configuration block")) << messages(diags);
  EXPECT_FALSE(find(diags, "strin")) << "other.tf's problems are other.tf's: " << messages(diags);
}

TEST(WorkspaceDiagnostics, InputFilesAreTypechecked) {
  TempTree tree;
  const std::string path = tree.path("inputs.hcl");
  const std::string text = "input \"db\" {\n  port: int = \"x\"\n  host: string\n}\n";
  Workspace ws(tree.root());
  ws.open(path, text);
  const auto diags = ws.diagnostics(path);
  ASSERT_EQ(diags.size(), 1u) << messages(diags);
  EXPECT_EQ(diags[0].message, "Invalid default value: default value is a string literal but field type is int");
  EXPECT_EQ(text.substr(diags[0].range.begin, diags[0].range.end - diags[0].range.begin), "\"x\"");
}

TEST(WorkspaceDiagnostics, ProjectFileAndPlainFiles) {
  TempTree tree;
  Workspace ws(tree.root());
  const std::string project = tree.path(".hclschema.hcl");
  ws.open(project, "schema \"a.hcl\" {\n  globs = []\n}\n");
  const auto p = ws.diagnostics(project);
  EXPECT_TRUE(find(p, "Missing required argument")) << messages(p);
  EXPECT_TRUE(find(p, "Unsupported argument")) << messages(p);

  const std::string plain = tree.path("plain.hcl");
  ws.open(plain, "a = \n");
  const auto d = ws.diagnostics(plain);
  ASSERT_FALSE(d.empty());
  EXPECT_TRUE(find(d, "Invalid expression")) << messages(d);
}

TEST(WorkspaceDiagnostics, StaleDocumentsAfterASchemaEdit) {
  TempTree tree;
  const std::string schema = tree.write("app.schema.hcl", "attribute \"port\" {\n  type = number\n}\n");
  const std::string a = tree.path("a.hcl");
  const std::string b = tree.path("b.hcl");
  const std::string c = tree.path("c.hcl");
  Workspace ws(tree.root());
  ws.open(a, "# schema: app.schema.hcl\nport = \"x\"\n");
  ws.open(b, "# schema: app.schema.hcl\nport = 1\n");
  ws.open(c, "x = 1\n");  // governed by nothing
  EXPECT_EQ(ws.stale_documents(), (std::vector<std::string>{a, b, c}));
  EXPECT_EQ(ws.diagnostics(a).size(), 1u);
  (void)ws.diagnostics(b);
  (void)ws.diagnostics(c);
  EXPECT_TRUE(ws.stale_documents().empty());

  ws.open(schema, "attribute \"port\" {\n  type = number\n}\n");
  ws.edit(schema, {0, 0}, "attribute \"other\" {}\n");
  EXPECT_EQ(ws.stale_documents(), (std::vector<std::string>{a, schema, b}));
  // The edited schema's text is what governs now (nothing unsaved is read from disk).
  const std::string text = *ws.text_of(schema);
  ws.edit(schema, {0, text.size()}, "attribute \"port\" {\n  type = string\n}\n");
  EXPECT_TRUE(ws.diagnostics(a).empty()) << messages(ws.diagnostics(a));
  EXPECT_EQ(ws.diagnostics(b).size(), 0u) << "a number converts to a string";
  EXPECT_EQ(ws.stale_documents(), (std::vector<std::string>{schema}));
}

TEST(WorkspaceDiagnostics, StaleDocumentsAfterAModuleEdit) {
  TempTree tree;
  const std::string main_tf = tree.write("mod/main.tf", "variable \"a\" {\n  type = number\n}\n");
  const std::string vars = tree.write("mod/terraform.tfvars", "a = \"x\"\n");
  const std::string elsewhere = tree.write("other/terraform.tfvars", "a = 1\n");
  Workspace ws(tree.root());
  ws.open(vars, *ws.text_of(vars));
  ws.open(elsewhere, *ws.text_of(elsewhere));
  EXPECT_EQ(ws.diagnostics(vars).size(), 1u);
  (void)ws.diagnostics(elsewhere);
  ws.open(main_tf, "variable \"a\" {\n  type = string\n}\n");
  EXPECT_EQ(ws.stale_documents(), (std::vector<std::string>{main_tf, vars}));
  EXPECT_TRUE(ws.diagnostics(vars).empty()) << "the open main.tf's text is the declaration now: " << messages(ws.diagnostics(vars));
}

// An incremental edit of an open declaration file (not a whole new text) reaches the open tfvars
// file's diagnostics too, both ways; the tfvars file's unsaved text is what is checked, not the disk.
TEST(WorkspaceDiagnostics, EditingTheDeclarationRechecksTheOpenTfvars) {
  TempTree tree;
  const std::string decl = "variable \"region\" {\n  type        = string\n}\n";
  const std::string main_tf = tree.write("mod/variables.tf", decl);
  const std::string vars = tree.write("mod/terraform.tfvars", "region = \"eu-west-1\"\n");
  Workspace ws(tree.root());
  ws.open(vars, *ws.text_of(vars));
  ws.open(main_tf, decl);
  EXPECT_TRUE(ws.diagnostics(vars).empty()) << messages(ws.diagnostics(vars));
  const std::size_t type_at = decl.find("string");
  ws.edit(main_tf, {type_at, type_at + 6}, "number");
  std::vector<std::string> stale = ws.stale_documents();
  std::sort(stale.begin(), stale.end());
  EXPECT_EQ(stale, (std::vector<std::string>{vars, main_tf}));  // "terraform.tfvars" < "variables.tf"
  EXPECT_TRUE(find(ws.diagnostics(vars), "a number is required")) << messages(ws.diagnostics(vars));
  ws.edit(vars, {9, 20}, "42");  // the open text now says 42; the disk still says "eu-west-1"
  EXPECT_TRUE(ws.diagnostics(vars).empty()) << messages(ws.diagnostics(vars));
  ws.edit(main_tf, {type_at, type_at + 6}, "bool  ");
  EXPECT_TRUE(find(ws.diagnostics(vars), "bool required")) << messages(ws.diagnostics(vars));
}

}  // namespace
}  // namespace hclschema::lsp
