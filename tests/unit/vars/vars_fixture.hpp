// A scratch root-module directory for the vars tests: files written into a fresh temporary
// directory, an environment and a command line, resolved with resolve_variables.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "hclschema/value/json.hpp"
#include "hclschema/vars.hpp"

namespace vars_test {

struct Module {
  std::map<std::string, std::string> files;        // relative path -> content
  std::map<std::string, std::string> environment;  // NAME -> value
  std::vector<hclschema::VarOption> options;
};

inline hclschema::VarOption var(std::string s) { return {hclschema::VarOption::Kind::var, std::move(s)}; }
inline hclschema::VarOption var_file(std::string s) { return {hclschema::VarOption::Kind::var_file, std::move(s)}; }

// Writes the module into a new directory under the test temp dir and returns its path.
inline std::string write_module(const Module& m) {
  static int counter = 0;
  std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) /
                              ("hclschema_vars_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  for (const auto& [name, text] : m.files) {
    std::filesystem::create_directories((dir / name).parent_path());
    std::ofstream(dir / name, std::ios::binary) << text;
  }
  return dir.string();
}

inline hclschema::VarsResult resolve(const Module& m) {
  hclschema::VarsRequest request;
  request.directory = write_module(m);
  request.environment = m.environment;
  request.options = m.options;
  return hclschema::resolve_variables(request);
}

// The final value of `name` as cty JSON ("<none>" when it has none), marks ignored.
inline std::string value_json(const hclschema::VarsResult& r, const std::string& name) {
  const auto* v = r.find(name);
  if (!v || !v->value) return "<none>";
  hclschema::Value plain = v->value->unmarked_deep();
  return hclschema::value_to_json(plain, plain.type()).value_or("<unencodable>");
}

inline std::string summaries(const hclschema::Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags) out += (d.severity == hclschema::Severity::error ? "E: " : "W: ") + d.summary + " | " + d.detail + "\n";
  return out;
}

inline const hclschema::Diagnostic* find_diag(const hclschema::Diagnostics& diags, const std::string& summary) {
  for (const auto& d : diags)
    if (d.summary == summary) return &d;
  return nullptr;
}

}  // namespace vars_test
