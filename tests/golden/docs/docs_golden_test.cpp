// Golden tests of `hclschema docs`: the Markdown and HTML for the bundled example schema, for an
// example file of input blocks, and for a real-world module with deep optional object types
// (Azure's virtual network module in ../shared/corpus, read in place). tests/golden/docs/expected/
// is written by generate.sh with the built binary and reviewed by eye; this test builds the same
// documents through the library and compares byte for byte.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "docs/document.hpp"
#include "docs/html_renderer.hpp"
#include "docs/markdown_renderer.hpp"
#include "hclschema/inputs.hpp"
#include "hclschema/schema.hpp"
#include "hclschema/vars.hpp"

namespace {

namespace fs = std::filesystem;
using namespace hclschema;

const fs::path source_dir = HCLSCHEMA_SOURCE_DIR;
const fs::path expected_dir = source_dir / "tests" / "golden" / "docs" / "expected";

fs::path corpus_dir() {
  if (const char* env = std::getenv("HCLSCHEMA_CORPUS")) return env;
  return source_dir / ".." / "shared" / "corpus";
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Compares with the expected file and, on a difference, shows the first differing line.
void expect_golden(const std::string& actual, const std::string& name) {
  const fs::path path = expected_dir / name;
  ASSERT_TRUE(fs::exists(path)) << path << " is missing: run tests/golden/docs/generate.sh";
  const std::string expected = slurp(path);
  if (actual == expected) return;
  std::istringstream a(actual), e(expected);
  std::string la, le;
  int line = 1;
  while (true) {
    const bool ga = static_cast<bool>(std::getline(a, la)), ge = static_cast<bool>(std::getline(e, le));
    if (!ga && !ge) break;
    if (la != le || ga != ge) {
      ADD_FAILURE() << name << " differs at line " << line << "\n  expected: " << (ge ? le : "<end>") << "\n  actual:   " << (ga ? la : "<end>")
                    << "\n(regenerate with tests/golden/docs/generate.sh and review the diff)";
      return;
    }
    ++line;
  }
  ADD_FAILURE() << name << " differs (line endings or the final newline)";
}

// Paths as generate.sh passes them on the command line, relative to the repository root.
docs::Document service_schema() {
  const std::string name = "examples/service.schema.hcl";
  SchemaLoadResult loaded = load_schema_file((source_dir / name).string());
  EXPECT_TRUE(loaded.schema && !has_errors(loaded.diagnostics));
  return loaded.schema ? docs::schema_document(*loaded.schema, name) : docs::Document{};
}

docs::Document app_inputs() {
  const std::string name = "examples/inputs/app.inputs.hcl";
  InputsResult parsed = parse_inputs_path((source_dir / name).string());
  EXPECT_TRUE(parsed.source);
  Diagnostics diags = check_inputs(parsed.inputs);
  EXPECT_FALSE(has_errors(parsed.diagnostics) || has_errors(diags));
  return docs::inputs_document(parsed.inputs, parsed.source.get(), name);
}

TEST(DocsGolden, ServiceSchemaMarkdown) { expect_golden(docs::render_markdown(service_schema()), "service.schema.md"); }
TEST(DocsGolden, ServiceSchemaHtml) { expect_golden(docs::render_html(service_schema()), "service.schema.html"); }
TEST(DocsGolden, InputsMarkdown) { expect_golden(docs::render_markdown(app_inputs()), "app.inputs.md"); }
TEST(DocsGolden, InputsHtml) { expect_golden(docs::render_html(app_inputs()), "app.inputs.html"); }

TEST(DocsGolden, CorpusModuleWithDeepOptionalObjects) {
  const std::string module = "Azure__terraform-azurerm-avm-res-network-virtualnetwork";
  const fs::path dir = corpus_dir() / module;
  if (!fs::is_directory(dir)) GTEST_SKIP() << "corpus not found at " << dir;
  Declarations decls = load_declarations(dir.string());
  ASSERT_FALSE(has_errors(decls.diagnostics));
  // generate.sh runs from inside the corpus, so the document names the module directory alone.
  const docs::Document doc = docs::module_document(decls, module);
  expect_golden(docs::render_markdown(doc), "virtualnetwork.md");
  expect_golden(docs::render_html(doc), "virtualnetwork.html");
}

}  // namespace
