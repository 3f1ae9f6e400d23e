// Open documents: byte-range edits (one, several in a row, a full replace), clamping of bad
// ranges, and the disk as the truth for files that are not open.
#include "workspace_test_util.hpp"

namespace hclschema::lsp {
namespace {

using testing::TempTree;

struct EditCase {
  const char* name;
  const char* before;
  std::vector<std::tuple<std::size_t, std::size_t, const char*>> edits;
  const char* after;
};

TEST(WorkspaceEdits, ByteRangeEdits) {
  const EditCase cases[] = {
      {"insert at start", "b = 2\n", {{0, 0, "a = 1\n"}}, "a = 1\nb = 2\n"},
      {"insert at end", "a = 1\n", {{6, 6, "b = 2\n"}}, "a = 1\nb = 2\n"},
      {"replace middle", "port = 80\n", {{7, 9, "8080"}}, "port = 8080\n"},
      {"delete", "a = 1\nb = 2\n", {{0, 6, ""}}, "b = 2\n"},
      {"several, each on the previous result", "x\n", {{0, 1, "ab"}, {2, 2, "c"}, {0, 1, ""}}, "bc\n"},
      {"full replace", "old text\n", {{0, 9, "new = 1\n"}}, "new = 1\n"},
      {"multi-byte text is bytes", "s = \"\xC3\xA9\"\n", {{5, 7, "e"}}, "s = \"e\"\n"},
      {"range past the end is clamped", "a\n", {{1, 99, "!"}}, "a!"},
      {"inverted range inserts at begin", "abc", {{2, 1, "X"}}, "abXc"},
  };
  for (const auto& c : cases) {
    Workspace ws("");
    ws.open("/nowhere/doc.hcl", c.before);
    for (const auto& [b, e, r] : c.edits) ws.edit("/nowhere/doc.hcl", {b, e}, r);
    EXPECT_EQ(ws.text_of("/nowhere/doc.hcl"), std::optional<std::string>(c.after)) << c.name;
  }
}

TEST(WorkspaceEdits, DiskIsTheTruthForClosedFiles) {
  TempTree tree;
  const std::string path = tree.write("a.hcl", "on_disk = 1\n");
  Workspace ws(tree.root());
  EXPECT_EQ(ws.text_of(path), std::optional<std::string>("on_disk = 1\n"));
  ws.open(path, "in_editor = 1\n");
  EXPECT_EQ(ws.text_of(path), std::optional<std::string>("in_editor = 1\n"));
  ws.close(path);
  EXPECT_EQ(ws.text_of(path), std::optional<std::string>("on_disk = 1\n"));
  EXPECT_EQ(ws.text_of(tree.path("missing.hcl")), std::nullopt);
  EXPECT_EQ(ws.text_of(tree.root()), std::nullopt);  // a directory is no text
}

TEST(WorkspaceEdits, EditOfAClosedDocumentIsIgnored) {
  TempTree tree;
  const std::string path = tree.write("a.hcl", "a = 1\n");
  Workspace ws(tree.root());
  ws.edit(path, {0, 1}, "zzz");
  EXPECT_EQ(ws.text_of(path), std::optional<std::string>("a = 1\n"));
  EXPECT_TRUE(ws.stale_documents().empty());
}

TEST(WorkspaceEdits, DiagnosticsFollowEdits) {
  TempTree tree;
  tree.write("app.schema.hcl", "attribute \"port\" {\n  type = number\n}\n");
  const std::string path = tree.path("app.hcl");
  Workspace ws(tree.root());
  ws.open(path, "# schema: app.schema.hcl\nport = 80\n");
  EXPECT_TRUE(ws.diagnostics(path).empty()) << testing::messages(ws.diagnostics(path));
  const std::string text = *ws.text_of(path);
  const std::size_t at = testing::offset_of(text, "80");
  ws.edit(path, {at, at + 2}, "\"eighty\"");
  auto diags = ws.diagnostics(path);
  ASSERT_EQ(diags.size(), 1u) << testing::messages(diags);
  EXPECT_EQ(diags[0].range, (ByteRange{at, at + 8}));
  ws.edit(path, {at, at + 8}, "8080");
  EXPECT_TRUE(ws.diagnostics(path).empty());
}

}  // namespace
}  // namespace hclschema::lsp
