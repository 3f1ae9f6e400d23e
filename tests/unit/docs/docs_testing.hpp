// Shared helpers of the docs tests: documents built from schema, variable and input texts, entry
// lookup by path, and a scratch directory that cleans up after itself.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "docs/document.hpp"
#include "hclschema/inputs.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/schema.hpp"
#include "hclschema/vars.hpp"

namespace docs_testing {

using namespace hclschema;
namespace fs = std::filesystem;

inline docs::Document schema_doc(const std::string& text) {
  ParseResult parsed = parse_source(SourceFile::from_string("schema.hcl", text));
  SchemaLoadResult loaded = load_schema(parsed.file);
  EXPECT_FALSE(has_errors(loaded.diagnostics)) << text << "\n" << (loaded.diagnostics.empty() ? "" : loaded.diagnostics[0].summary + ": " + loaded.diagnostics[0].detail);
  if (!loaded.schema) return {};
  return docs::schema_document(*loaded.schema, "dir/schema.hcl");
}

/// A fresh directory under the test temp dir, removed when the object goes.
struct ScratchDir {
  fs::path path;
  explicit ScratchDir(const std::string& name) {
    static int counter = 0;
    path = fs::path(::testing::TempDir()) / ("hclschema_docs_" + name + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream out(path / name, std::ios::binary);
    out << text;
  }
  [[nodiscard]] std::string read(const std::string& name) const {
    std::ifstream in(path / name, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
};

inline docs::Document module_doc(const std::string& variables_tf) {
  ScratchDir dir("module");
  dir.write("variables.tf", variables_tf);
  Declarations decls = load_declarations(dir.path.string());
  EXPECT_FALSE(has_errors(decls.diagnostics)) << variables_tf << "\n" << (decls.diagnostics.empty() ? "" : decls.diagnostics[0].summary + ": " + decls.diagnostics[0].detail);
  return docs::module_document(decls, "modules/network");
}

inline docs::Document inputs_doc(const std::string& text) {
  auto source = SourceFile::from_string("app.inputs.hcl", text);
  InputsResult result = read_inputs(source);
  EXPECT_FALSE(has_errors(result.diagnostics)) << text;
  return docs::inputs_document(result.inputs, source.get(), "examples/app.inputs.hcl");
}

inline const docs::Entry* find_entry(const std::vector<docs::Entry>& entries, const std::string& path) {
  for (const auto& e : entries) {
    if (e.path == path) return &e;
    if (const docs::Entry* found = find_entry(e.children, path)) return found;
  }
  return nullptr;
}

inline const docs::NestedAttribute* find_nested(const docs::Entry& e, const std::string& path) {
  for (const auto& n : e.nested)
    if (n.path == path) return &n;
  return nullptr;
}

inline bool contains(const std::string& haystack, const std::string& needle) { return haystack.find(needle) != std::string::npos; }

}  // namespace docs_testing
