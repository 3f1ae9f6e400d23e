// Document symbols: blocks named by type and labels, attributes, nesting, ranges; variables in
// tfvars files; inputs and their fields.
#include "workspace_test_util.hpp"

namespace hclschema::lsp {
namespace {

using testing::TempTree;

std::string span(const std::string& text, ByteRange r) { return text.substr(r.begin, r.end - r.begin); }

TEST(WorkspaceSymbols, BlocksAndAttributesNested) {
  TempTree tree;
  const std::string path = tree.path("a.hcl");
  const std::string text = "top = 1\nservice \"web\" \"eu\" {\n  image = \"x\"\n  port {\n    n = 80\n  }\n}\nlast = 2\n";
  Workspace ws(tree.root());
  ws.open(path, text);
  const auto symbols = ws.document_symbols(path);
  ASSERT_EQ(symbols.size(), 3u);
  EXPECT_EQ(symbols[0].name, "top");
  EXPECT_EQ(symbols[0].kind, SymbolKind::attribute);
  EXPECT_EQ(span(text, symbols[0].range), "top = 1");
  EXPECT_EQ(span(text, symbols[0].selection_range), "top");
  const auto& service = symbols[1];
  EXPECT_EQ(service.name, "service \"web\" \"eu\"");
  EXPECT_EQ(service.kind, SymbolKind::block);
  EXPECT_EQ(span(text, service.range), text.substr(8, text.find("}\nlast") + 1 - 8));
  EXPECT_EQ(span(text, service.selection_range), "service");
  ASSERT_EQ(service.children.size(), 2u);
  EXPECT_EQ(service.children[0].name, "image");
  EXPECT_EQ(service.children[1].name, "port");
  ASSERT_EQ(service.children[1].children.size(), 1u);
  EXPECT_EQ(service.children[1].children[0].name, "n");
  EXPECT_EQ(symbols[2].name, "last");
}

TEST(WorkspaceSymbols, TfvarsAreVariables) {
  TempTree tree;
  const std::string path = tree.path("terraform.tfvars");
  Workspace ws(tree.root());
  ws.open(path, "a = 1\nb = 2\n");
  const auto symbols = ws.document_symbols(path);
  ASSERT_EQ(symbols.size(), 2u);
  EXPECT_EQ(symbols[0].kind, SymbolKind::variable);
  EXPECT_EQ(symbols[1].name, "b");
}

TEST(WorkspaceSymbols, InputsAndFields) {
  TempTree tree;
  const std::string path = tree.path("in.hcl");
  const std::string text = "input \"db\" {\n  host: string\n  port: optional(int, 5432)\n}\n";
  Workspace ws(tree.root());
  ws.open(path, text);
  const auto symbols = ws.document_symbols(path);
  ASSERT_EQ(symbols.size(), 1u);
  EXPECT_EQ(symbols[0].name, "input \"db\"");
  EXPECT_EQ(symbols[0].kind, SymbolKind::input);
  ASSERT_EQ(symbols[0].children.size(), 2u);
  EXPECT_EQ(symbols[0].children[0].name, "host");
  EXPECT_EQ(symbols[0].children[0].detail, "string");
  EXPECT_EQ(span(text, symbols[0].children[1].selection_range), "port");
  EXPECT_EQ(symbols[0].children[1].detail, "optional(int, 5432)");
  EXPECT_LE(symbols[0].children[1].range.end, symbols[0].range.end);
}

}  // namespace
}  // namespace hclschema::lsp
