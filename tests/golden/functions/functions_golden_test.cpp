// Differential test of the standard function library against go-cty's stdlib (and HCL's tryfunc).
//
// tests/golden/functions/cases.jsonl (written by generate.py) holds thousands of function calls:
// hand-written ones for every function that has a cty reference (numbers at the edges, Unicode,
// sets, nested structures, unknowns, nulls, sensitive values, `...` expansion, wrong argument
// counts) and a seeded sweep of every function over a pool of typed values. expected.jsonl is what
// `reference functions` (tools/reference/functions.go) printed for each. This test evaluates each
// call in a context with add_standard_functions() and the variables of vars.json, and compares
// diagnostics (summary, detail, subject range) and, when there are no errors, the value (cty JSON),
// type, knownness, nullness and sensitivity.
//
// known_differences.txt lists the cases where we knowingly answer differently (Terraform's own
// semantics, or a go-cty version difference), each with the reason and OUR answer: the test
// asserts that answer, so a listed case still fails if our behaviour changes.
//
// HCLSCHEMA_FUNCTIONS_GOLDEN_DUMP=FILE writes every unlisted mismatch (case, expression, the
// reference's and our answer) to FILE, for triage.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/value.hpp"
#include "golden/golden_testing.hpp"
#include "value/json_tree.hpp"

namespace {

using namespace golden_testing;
using nlohmann::json;  // not hclschema::json, the JSON-syntax tree

fs::path golden_dir() { return golden_testing::golden_dir("functions"); }

EvalContext make_context() {
  EvalContext ctx;
  add_golden_variables(golden_dir() / "vars.json", ctx);
  add_standard_functions(ctx);
  return ctx;
}

// With errors HCL's value is a placeholder: only the diagnostics are compared.
json comparable(const json& a) {
  if (a.contains("parse_error")) return a;
  for (const auto& d : a.value("diagnostics", json::array()))
    if (d["severity"] == "error") return json{{"diagnostics", a["diagnostics"]}};
  return a;
}

struct KnownDifference {
  std::string why;
  json ours;  // our pinned answer (comparable form)
};

// One JSON object a line, {"expr": EXPR, "why": REASON, "ours": ANSWER}, keyed by the expression
// (not the case number, so regenerating the cases keeps them); '#' starts a comment line.
std::map<std::string, KnownDifference> read_known_differences() {
  std::map<std::string, KnownDifference> out;
  for (const auto& line : read_lines(golden_dir() / "known_differences.txt")) {
    if (line[0] != '{') continue;
    json j = json::parse(line);
    out[j.at("expr").get<std::string>()] = {j.at("why").get<std::string>(), j.at("ours")};
  }
  return out;
}

TEST(FunctionsGolden, MatchesReference) {
  auto cases = read_lines(golden_dir() / "cases.jsonl");
  auto expected = read_lines(golden_dir() / "expected.jsonl");
  ASSERT_EQ(cases.size(), expected.size());
  ASSERT_GT(cases.size(), 5000u);
  auto known = read_known_differences();
  EvalContext ctx = make_context();
  const char* dump_path = std::getenv("HCLSCHEMA_FUNCTIONS_GOLDEN_DUMP");
  std::ofstream dump_file;
  if (dump_path && *dump_path) dump_file.open(dump_path);
  size_t compared = 0, passed = 0, skipped = 0, known_held = 0;
  std::vector<std::string> now_passing;
  std::string failures;
  size_t failure_count = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    json c = json::parse(cases[i]);
    json want = json::parse(expected[i]);
    if (want.contains("panic") || want.contains("parse_error") || want.contains("error")) {
      ++skipped;
      continue;
    }
    ++compared;
    auto parsed = parse_expression(c["expr"].get<std::string>(), "expr.hcl");
    json got = has_errors(parsed.diagnostics) || !parsed.expr ? json{{"parse_error", true}} : eval_answer(evaluate(*parsed.expr, &ctx));
    json cmp_want = comparable(want), cmp_got = comparable(got);
    bool ok = cmp_want == cmp_got;
    auto k = known.find(c["expr"].get<std::string>());
    if (ok) {
      ++passed;
      if (k != known.end()) now_passing.push_back(k->first);
      continue;
    }
    if (k != known.end()) {
      // A documented difference: our answer must be the documented one.
      if (cmp_got == k->second.ours) {
        ++known_held;
        continue;
      }
      if (++failure_count <= 40)
        failures += "case " + std::to_string(i) + " (known difference: " + k->second.why + "): " + c["expr"].get<std::string>() +
                    "\n  documented " + k->second.ours.dump() + "\n  got        " + cmp_got.dump() + "\n";
      continue;
    }
    if (dump_file) dump_file << json{{"case", i}, {"expr", c["expr"]}, {"want", cmp_want}, {"got", cmp_got}}.dump() << "\n";
    if (++failure_count <= 40)
      failures += "case " + std::to_string(i) + ": " + c["expr"].get<std::string>() + "\n  want " + cmp_want.dump() + "\n  got  " +
                  cmp_got.dump() + "\n";
  }
  std::cout << "[functions golden] " << passed << " of " << compared << " cases match the reference, " << known_held
            << " documented differences hold (" << skipped << " skipped: the reference panicked or could not parse)\n";
  EXPECT_EQ(failure_count, 0u) << failures;
  EXPECT_TRUE(now_passing.empty()) << "listed in known_differences.txt but now matching the reference: " << [&] {
    std::string exprs;
    for (const auto& e : now_passing) exprs += "\n  " + e;
    return exprs;
  }();
}

}  // namespace
