// The re-validation cost of an edit on a 1 MB document (parse + validate, schema cached). Timing is
// measured, not asserted (no test here asserts timing): run it with
//   build-ws/tests/hclschema_tests --gtest_also_run_disabled_tests --gtest_filter='Workspace*Performance*'
// What is asserted is that the edit is seen and the schema is not reloaded.
#include <chrono>
#include <cstdio>

#include "workspace_test_util.hpp"

namespace hclschema::lsp {
namespace {

using testing::TempTree;

std::string megabyte_config() {
  std::string text = "# schema: s.schema.hcl\n";
  int i = 0;
  while (text.size() < (std::size_t{1} << 20)) {
    text += "service \"svc" + std::to_string(i++) +
            "\" {\n  image    = \"registry.example.com/app:1.0\"\n  replicas = 3\n  regions  = [\"eu-west-1\"]\n  mode     = \"safe\"\n  config_file = \"/etc/app.yaml\"\n"
            "  port \"http\" {\n    container = 8080\n  }\n}\n";
  }
  return text;
}

TEST(WorkspacePerformance, DISABLED_RevalidateOneMegabyteAfterAnEdit) {
  TempTree tree;
  tree.write("s.schema.hcl", testing::service_schema());
  const std::string path = tree.path("big.hcl");
  const std::string text = megabyte_config();
  Workspace ws(tree.root());
  ws.open(path, text);
  EXPECT_TRUE(ws.diagnostics(path).empty()) << testing::messages(ws.diagnostics(path));  // schema loaded once here

  const std::size_t at = text.find("replicas = 3") + 11;
  constexpr int kRounds = 20;
  double total_ms = 0, worst_ms = 0;
  for (int round = 0; round < kRounds; ++round) {
    ws.edit(path, {at, at + 1}, round % 2 ? "3" : "4");  // 4 is even: the validation rule fails
    const auto start = std::chrono::steady_clock::now();
    const auto diags = ws.diagnostics(path);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    total_ms += ms;
    worst_ms = std::max(worst_ms, ms);
    EXPECT_EQ(diags.size(), round % 2 ? 0u : 1u);
  }
  std::printf("[ measure  ] %zu bytes: edit + diagnostics %.2f ms mean, %.2f ms worst over %d edits\n", text.size(), total_ms / kRounds,
              worst_ms, kRounds);
}

}  // namespace
}  // namespace hclschema::lsp
