// Completion: names not yet set in the body at the cursor (with snippets and descriptions), enum
// values at an attribute's value as HCL text, true/false for bools, variables in tfvars files.
#include <algorithm>

#include "workspace_test_util.hpp"

namespace hclschema::lsp {
namespace {

using testing::offset_of;
using testing::TempTree;
using testing::MarkedText;
using testing::with_cursor;

const char* kSchema =
    "attribute \"name\" {\n  type = string\n  required = true\n  description = \"The name.\"\n}\n"
    "attribute \"mode\" {\n  type = string\n  enum = [\"fast\", \"safe\", \"a$${b}\"]\n}\n"
    "attribute \"level\" {\n  type = number\n  enum = [1, 2.5]\n}\n"
    "attribute \"debug\" {\n  type = bool\n}\n"
    "block \"listener\" {\n  labels = [\"protocol\", \"port\"]\n  description = \"Where to listen.\"\n"
    "  attribute \"tls\" {\n    type = bool\n  }\n  attribute \"host\" {\n    type = string\n  }\n}\n"
    "block \"limits\" {\n  max_items = 1\n  attribute \"cpu\" {\n    type = number\n  }\n}\n";

std::vector<std::string> labels(const std::vector<CompletionEntry>& entries) {
  std::vector<std::string> out;
  for (const auto& e : entries) out.push_back(e.label);
  return out;
}

const CompletionEntry* entry(const std::vector<CompletionEntry>& entries, std::string_view label) {
  for (const auto& e : entries)
    if (e.label == label) return &e;
  return nullptr;
}

struct CompletionCase {
  const char* name;
  const char* text;  // after the schema comment; `|` marks the cursor and is removed
  std::vector<std::string> expected;
};

TEST(WorkspaceCompletion, WhatIsOffered) {
  TempTree tree;
  tree.write("s.schema.hcl", kSchema);
  const std::string path = tree.path("c.hcl");
  const CompletionCase cases[] = {
      {"empty file", "|", {"name", "mode", "level", "debug", "listener", "limits"}},
      {"names already set are left out", "name = \"x\"\n|\nmode = \"fast\"\n", {"level", "debug", "listener", "limits"}},
      {"a block that may appear once is left out once there",
       "limits {}\nlisteners = 1\n|\n",
       {"name", "mode", "level", "debug", "listener"}},
      {"a labelled block may repeat", "listener \"http\" \"80\" {}\n|\n", {"name", "mode", "level", "debug", "listener", "limits"}},
      {"inside a block: its own attributes", "listener \"http\" \"80\" {\n  tls = true\n  |\n}\n", {"host"}},
      {"enum values of a string, as HCL text", "mode = |\n", {"\"fast\"", "\"safe\"", "\"a$${b}\""}},
      {"enum values while typing a string", "mode = \"sa|\n", {"\"fast\"", "\"safe\"", "\"a$${b}\""}},
      {"enum values on a complete value", "mode = \"fa|st\"\n", {"\"fast\"", "\"safe\"", "\"a$${b}\""}},
      {"enum values of a number", "level = |", {"1", "2.5"}},
      {"booleans", "debug = |\n", {"true", "false"}},
      {"booleans inside a block", "listener \"a\" \"b\" {\n  tls = |\n}\n", {"true", "false"}},
      {"no values for a free string", "name = |\n", {}},
      {"unknown block: nothing", "unknown {\n  |\n}\n", {}},
  };
  Workspace ws(tree.root());
  for (const auto& c : cases) {
    const MarkedText doc = with_cursor(std::string("# schema: s.schema.hcl\n") + c.text);
    ws.open(path, doc.text);
    EXPECT_EQ(labels(ws.completion(path, doc.cursor)), c.expected) << c.name;
  }
}

// A value completion replaces the value typed so far (so `"sa` becomes `"safe"`, not `"sa"safe"`);
// name completions leave the word to the editor.
TEST(WorkspaceCompletion, ValuesReplaceWhatIsTyped) {
  TempTree tree;
  tree.write("s.schema.hcl", kSchema);
  const std::string path = tree.path("c.hcl");
  struct ReplaceCase {
    const char* name;
    const char* text;          // `|` marks the cursor
    const char* replaced;      // the text replaced ("": none or an empty range); nullptr: no replace range
  };
  const ReplaceCase cases[] = {
      {"nothing typed yet", "mode = |\n", ""},
      {"an unterminated string", "mode = \"sa|\n", "\"sa"},
      {"inside a complete string", "mode = \"fa|st\"\n", "\"fast\""},
      {"inside empty quotes", "mode = \"|\"\n", "\"\""},
      {"a number being typed", "level = 2|\n", "2"},
      {"a bool being typed", "debug = tr|\n", "tr"},
      {"a name: the editor's word", "mo|\n", nullptr},
  };
  Workspace ws(tree.root());
  for (const auto& c : cases) {
    const MarkedText doc = with_cursor(std::string("# schema: s.schema.hcl\n") + c.text);
    ws.open(path, doc.text);
    const auto entries = ws.completion(path, doc.cursor);
    ASSERT_FALSE(entries.empty()) << c.name;
    for (const auto& e : entries) {
      if (!c.replaced || (*c.replaced == '\0' && !e.replace)) {
        EXPECT_FALSE(e.replace.has_value()) << c.name;
        continue;
      }
      ASSERT_TRUE(e.replace.has_value()) << c.name << ": " << e.label;
      EXPECT_LE(e.replace->begin, doc.cursor) << c.name;
      EXPECT_GE(e.replace->end, doc.cursor) << c.name;
      EXPECT_EQ(doc.text.substr(e.replace->begin, e.replace->end - e.replace->begin), c.replaced) << c.name;
    }
  }
}

// Enum strings are inserted as HCL reads them back: a control character as \uNNNN (Go's quoting
// would write \a, which HCL has no escape for), a template sequence doubled.
TEST(WorkspaceCompletion, EnumStringsAreHclLiterals) {
  TempTree tree;
  tree.write("s.schema.hcl", "attribute \"bell\" {\n  type = string\n  enum = [\"\\u0007x\", \"%%{y}\"]\n}\n");
  const std::string path = tree.path("c.hcl");
  const std::string text = "# schema: s.schema.hcl\nbell = \n";
  Workspace ws(tree.root());
  ws.open(path, text);
  EXPECT_EQ(labels(ws.completion(path, text.size() - 1)), (std::vector<std::string>{"\"\\u0007x\"", "\"%%{y}\""}));
}

TEST(WorkspaceCompletion, SnippetsAndDocumentation) {
  TempTree tree;
  tree.write("s.schema.hcl", kSchema);
  const std::string path = tree.path("c.hcl");
  Workspace ws(tree.root());
  ws.open(path, "# schema: s.schema.hcl\n\n");
  const auto entries = ws.completion(path, 23);
  const CompletionEntry* name = entry(entries, "name");
  ASSERT_TRUE(name);
  EXPECT_EQ(name->kind, CompletionKind::attribute);
  EXPECT_EQ(name->insert_text, "name = $0");
  EXPECT_TRUE(name->is_snippet);
  EXPECT_EQ(name->detail, "string (required)");
  EXPECT_NE(name->documentation.find("The name."), std::string::npos);
  const CompletionEntry* listener = entry(entries, "listener");
  ASSERT_TRUE(listener);
  EXPECT_EQ(listener->kind, CompletionKind::block);
  EXPECT_EQ(listener->insert_text, "listener \"${1:protocol}\" \"${2:port}\" {\n  $0\n}");
  EXPECT_NE(listener->documentation.find("Where to listen."), std::string::npos);
  const CompletionEntry* limits = entry(entries, "limits");
  ASSERT_TRUE(limits);
  EXPECT_EQ(limits->insert_text, "limits {\n  $0\n}");

  ws.open(path, "# schema: s.schema.hcl\nmode = \n");
  const auto values = ws.completion(path, 30);
  ASSERT_FALSE(values.empty());
  EXPECT_EQ(values[0].kind, CompletionKind::value);
  EXPECT_FALSE(values[0].is_snippet);
}

TEST(WorkspaceCompletion, TfvarsVariableNames) {
  TempTree tree;
  tree.write("mod/main.tf",
             "variable \"region\" {\n  type = string\n  description = \"Where.\"\n}\n"
             "variable \"enabled\" {\n  type = bool\n}\nvariable \"size\" {}\n");
  const std::string path = tree.path("mod/terraform.tfvars");
  Workspace ws(tree.root());
  std::string text = "region = \"eu\"\n\n";
  ws.open(path, text);
  const auto entries = ws.completion(path, text.size() - 1);
  EXPECT_EQ(labels(entries), (std::vector<std::string>{"enabled", "size"}));
  ASSERT_FALSE(entries.empty());
  EXPECT_EQ(entries[0].kind, CompletionKind::variable);
  EXPECT_EQ(entries[0].insert_text, "enabled = $0");
  EXPECT_EQ(entries[0].detail, "bool");
  EXPECT_EQ(entries[1].detail, "any");

  text = "enabled = \n";
  ws.open(path, text);
  EXPECT_EQ(labels(ws.completion(path, offset_of(text, "= ", 2))), (std::vector<std::string>{"true", "false"}));
}

TEST(WorkspaceCompletion, NothingForUngovernedFiles) {
  TempTree tree;
  const std::string path = tree.path("plain.hcl");
  Workspace ws(tree.root());
  ws.open(path, "a = 1\n\n");
  EXPECT_TRUE(ws.completion(path, 6).empty());
  ws.open(path, "# schema: missing.schema.hcl\n\n");
  EXPECT_TRUE(ws.completion(path, 30).empty());
}

}  // namespace
}  // namespace hclschema::lsp
