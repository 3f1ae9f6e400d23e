// Issue 8: what one keystroke costs the language server on a 1 MB document. The document is the
// bundled example's service block repeated to 1 MiB, governed by examples/service.schema.hcl; each
// measured step is an edit through the workspace followed by the diagnostics the server would
// publish (parse + validate, the schema cached). Also timed: an edit that adds a line at the top
// (every block below moves), and hover and completion at a position in the middle.
//
//   build-bench/bench/lsp_edit_bench [EDITS]      (bench/run.sh part `lsp`)
//
// Prints one line per measurement: best, median and worst wall time in milliseconds. Benchmark-only
// code; tests/unit/lsp/workspace/ checks the same edits give the same diagnostics as a whole validate.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "lsp/workspace.hpp"

#ifndef HCLSCHEMA_SOURCE_DIR
#error "HCLSCHEMA_SOURCE_DIR must name the source tree (for the example schema)"
#endif

namespace {

using hclschema::lsp::ByteRange;
using hclschema::lsp::Workspace;

std::string megabyte_document() {
  std::string text = "# schema: " HCLSCHEMA_SOURCE_DIR "/examples/service.schema.hcl\n";
  for (int i = 0; text.size() < (std::size_t{1} << 20); ++i) {
    const std::string name = "svc" + std::to_string(i);
    text += "service \"" + name + "\" {\n"
            "  image    = \"registry.example.com/" + name + ":1.4.2\"\n"
            "  replicas = 3\n"
            "  config_file = \"/etc/" + name + ".yaml\"\n"
            "  command  = [\"/app/" + name + "\", \"--port\", \"8080\"]\n"
            "  env = {\n    LOG_LEVEL = \"info\"\n  }\n"
            "  deploy = {\n    canary = { weight = 25 }\n  }\n"
            "  port \"http\" {\n    container = 8080\n    public    = true\n  }\n"
            "  regions = [\"eu-west-1\", \"us-east-1\"]\n"
            "  labels  = { for r in regions : r => \"" + name + "-${r}\" }\n"
            "}\n\n";
  }
  return text;
}

struct Summary {
  double best = 0, median = 0, worst = 0;
};

Summary summarise(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  return {ms.front(), ms[ms.size() / 2], ms.back()};
}

void print(const char* what, const Summary& s, int runs) {
  std::printf("%-48s best %7.2f ms  median %7.2f ms  worst %7.2f ms  (%d runs)\n", what, s.best, s.median, s.worst, runs);
}

template <class F>
double time_ms(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int edits = argc > 1 ? std::max(1, std::atoi(argv[1])) : 50;
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "hclschema-lsp-edit-bench";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "big.hcl").string();
  std::string text = megabyte_document();

  Workspace workspace(dir.string());
  const double first_ms = time_ms([&] {
    workspace.open(path, text);
    const auto diags = workspace.diagnostics(path);
    if (!diags.empty()) {
      std::fprintf(stderr, "lsp_edit_bench: the generated document is not valid against the example schema: %s\n",
                   diags.front().message.c_str());
      std::exit(1);
    }
  });
  std::printf("document: %zu bytes; open + first diagnostics (schema loaded, whole validate): %.2f ms\n", text.size(), first_ms);

  // Typing in one block in the middle: replicas 3 -> 4 (an error: the schema wants an odd number) and back.
  const std::size_t at = text.find("replicas = 3", text.size() / 2) + 11;
  std::vector<double> in_place;
  for (int i = 0; i < edits; ++i) {
    in_place.push_back(time_ms([&] {
      workspace.edit(path, ByteRange{at, at + 1}, i % 2 == 0 ? "4" : "3");
      const auto diags = workspace.diagnostics(path);
      if (diags.size() != (i % 2 == 0 ? 1u : 0u)) std::exit(1);
    }));
  }
  print("edit in one block + diagnostics", summarise(in_place), edits);

  // A line added and removed at the top: every block below moves, so every block is re-validated.
  const std::size_t top = text.find('\n') + 1;
  std::vector<double> shifted;
  for (int i = 0; i < std::max(2, edits / 10); ++i) {
    shifted.push_back(time_ms([&] {
      if (i % 2 == 0)
        workspace.edit(path, ByteRange{top, top}, "\n");
      else
        workspace.edit(path, ByteRange{top, top + 1}, "");
      (void)workspace.diagnostics(path);
    }));
  }
  print("line added at the top + diagnostics", summarise(shifted), static_cast<int>(shifted.size()));

  // Hover and completion just after an edit (the analysis is redone once) and then again (reused).
  const std::size_t name_at = text.find("image", text.size() / 2) + 1;
  std::vector<double> hovers, completions;
  for (int i = 0; i < edits; ++i) {
    workspace.edit(path, ByteRange{at, at + 1}, "3");
    hovers.push_back(time_ms([&] { (void)workspace.hover(path, name_at); }));
    completions.push_back(time_ms([&] { (void)workspace.completion(path, at); }));
  }
  print("hover after an edit", summarise(hovers), edits);
  print("completion right after that hover", summarise(completions), edits);
  std::filesystem::remove_all(dir);
  return 0;
}
