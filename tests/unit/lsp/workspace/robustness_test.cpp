// Broken input never crashes: every feature at every offset of truncated and mangled documents of
// each kind, and ranges always inside the text.
#include "workspace_test_util.hpp"

namespace hclschema::lsp {
namespace {

using testing::TempTree;

void exercise(Workspace& ws, const std::string& path, const std::string& text) {
  ws.open(path, text);
  for (const auto& d : ws.diagnostics(path)) {
    EXPECT_LE(d.range.begin, d.range.end);
    EXPECT_LE(d.range.end, text.size());
  }
  for (std::size_t offset = 0; offset <= text.size() + 2; ++offset) {
    if (auto h = ws.hover(path, offset)) {
      EXPECT_LE(h->range.end, text.size());
    }
    (void)ws.completion(path, offset);
    (void)ws.definition(path, offset);
  }
  for (const auto& s : ws.document_symbols(path)) {
    EXPECT_LE(s.selection_range.end, text.size());
    EXPECT_LE(s.range.begin, s.selection_range.begin);
  }
}

TEST(WorkspaceRobustness, TruncatedDocumentsOfEveryKind) {
  TempTree tree;
  tree.write("mod/main.tf", "variable \"a\" {\n  type = bool\n}\n");
  tree.write("s.schema.hcl", testing::service_schema());
  const std::string config = "# schema: s.schema.hcl\n" + testing::read_file(testing::source_dir() + "/examples/service.hcl");
  const std::pair<std::string, std::string> documents[] = {
      {"c.hcl", config.substr(0, 700)},
      {"s2.schema.hcl", testing::service_schema().substr(0, 900)},
      {"mod/terraform.tfvars", "a = tr\nb = [1, \n"},
      {"mod/main.tf", "variable \"a\" {\n  type = list(\n"},
      {"in.hcl", "input \"x\" {\n  a: list(\n  b: int = \n"},
      {".hclschema.hcl", "schema \"s.schema.hcl\" {\n  files = [\"*.hcl\", 3\n"},
  };
  Workspace ws(tree.root());
  for (const auto& [name, full] : documents) {
    // Prefixes every 37 bytes, so unclosed blocks and strings appear at many places.
    for (std::size_t cut = 0; cut <= full.size(); cut += 37) exercise(ws, tree.path(name), full.substr(0, cut));
  }
}

TEST(WorkspaceRobustness, MangledBytes) {
  TempTree tree;
  tree.write("s.schema.hcl", testing::service_schema());
  const std::string texts[] = {
      "# schema: s.schema.hcl\n\xFF\xFE service \"\x80\" {\n",
      "# schema: s.schema.hcl\nservice {{{{ = = = }}}}\n",
      "# schema: s.schema.hcl\nservice \"a\" {\n  mode = \"${\n}\n",
      "# schema: s.schema.hcl\n" + std::string(3000, '{'),
      std::string("# schema: s.schema.hcl\n\0\0\0", 26),
      "# schema: /\n",
      "# schema: s.schema.hcl",
  };
  Workspace ws(tree.root());
  for (const auto& text : texts) exercise(ws, tree.path("c.hcl"), text);
  // Edits far out of range are clamped, never fatal.
  ws.edit(tree.path("c.hcl"), {1000000, 5}, "x");
  EXPECT_TRUE(ws.text_of(tree.path("c.hcl")).has_value());
}

}  // namespace
}  // namespace hclschema::lsp
