// HCL's own spec suite against our hcldec (tools/hcldec), without Go: generate.sh recorded what
// HashiCorp's real cmd/hcldec prints for every test of the suite (read in place from Debian's
// package) and every case under cases/, in three modes; each run is replayed with build/hcldec and
// compared as HCL's cmd/hclspecsuite compares: the exit code; a decoded value with RawEquals (type
// included); diagnostics as an unordered set, here by severity, subject range, summary *and*
// detail (hclspecsuite checks only severity and range); variable references as an unordered set of
// traversals with their step ranges. Null stripping (plain mode) must match byte for byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "golden/specsuite/hcldec_run.hpp"
#include "hclschema/value/json.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::run_hcldec;

std::string source_dir() {
  const char* env = std::getenv("HCLSCHEMA_SOURCE_DIR");
  return env && *env ? env : HCLSCHEMA_SOURCE_DIR;
}
fs::path golden_dir() { return fs::path(source_dir()) / "tests" / "golden" / "specsuite"; }
fs::path suite_dir() {
  const char* env = std::getenv("HCLSCHEMA_HCL_SRC");
  return fs::path(env && *env ? env : "/usr/share/gocode/src/github.com/hashicorp/hcl/v2") / "specsuite" / "tests";
}

struct Record {
  std::string set, test, input, mode;
  std::vector<std::string> args;
  int exit = 0;
  std::string out, err;
};

// How gtest names a run in its messages.
void PrintTo(const Record& r, std::ostream* os) { *os << r.set << ": " << r.test << " on " << r.input << " (" << r.mode << ")"; }

std::vector<Record> records() {
  std::vector<Record> out;
  std::ifstream in(golden_dir() / "expected.jsonl");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    json j = json::parse(line);
    out.push_back({j["set"], j["test"], j["input"], j["mode"], j["args"].get<std::vector<std::string>>(), j["exit"],
                   j["stdout"], j["stderr"]});
  }
  return out;
}

std::string test_name(const Record& r) {
  std::string s = r.set + "_" + r.input + "_" + r.mode;
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

// Diagnostics JSON as a sorted list of one-line descriptions (hcldec decodes an object spec's
// properties in Go map order, so the order of its diagnostics is not meaningful).
std::vector<std::string> diagnostic_set(const std::string& text) {
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.contains("diagnostics")) return {"<not JSON diagnostics> " + text};
  std::vector<std::string> out;
  for (const auto& d : doc["diagnostics"]) out.push_back(d.dump());
  std::sort(out.begin(), out.end());
  return out;
}

// --var-refs output as a sorted list of traversals (steps and ranges; the value where known).
std::vector<std::string> traversal_set(const std::string& text) {
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_array()) return {"<not a JSON array> " + text};
  std::vector<std::string> out;
  for (const auto& t : doc) out.push_back(t.dump());
  std::sort(out.begin(), out.end());
  return out;
}

class SpecSuiteGolden : public ::testing::TestWithParam<Record> {};

TEST_P(SpecSuiteGolden, MatchesReferenceHcldec) {
  const Record& want = GetParam();
  fs::path dir = want.set == "suite" ? suite_dir() : golden_dir() / "cases";
  if (want.set == "suite" && !fs::is_directory(dir)) GTEST_SKIP() << "HCL specsuite not installed at " << dir;
  ASSERT_TRUE(fs::exists(testing::hcldec_binary())) << "build the hcldec target first";
  auto got = run_hcldec(dir, want.args);
  std::string what = want.test + " on " + want.input + " (" + want.mode + ")";
  ASSERT_EQ(got.exit, want.exit) << what << "\nstdout: " << got.out << "\nstderr: " << got.err;

  if (want.exit == 0) {
    EXPECT_EQ(got.err, want.err) << what;
    if (want.mode == "decode") {
      ValueError e1, e2;
      auto want_v = value_from_json(want.out, Type::dynamic(), &e1);
      auto got_v = value_from_json(got.out, Type::dynamic(), &e2);
      ASSERT_TRUE(want_v) << what << ": " << e1.message;
      ASSERT_TRUE(got_v) << what << ": our output is not cty JSON with its type: " << e2.message << "\n" << got.out;
      EXPECT_TRUE(raw_equals(*got_v, *want_v)) << what << "\nwant: " << want.out << "got:  " << got.out;
    } else if (want.mode == "var-refs") {
      EXPECT_EQ(traversal_set(got.out), traversal_set(want.out)) << what;
    } else {
      EXPECT_EQ(got.out, want.out) << what;
    }
    return;
  }
  EXPECT_EQ(got.out, want.out) << what;
  if (want.err.rfind("{", 0) == 0) {
    EXPECT_EQ(diagnostic_set(got.err), diagnostic_set(want.err)) << what << "\n" << got.err;
  } else {
    EXPECT_EQ(got.err, want.err) << what;
  }
}

INSTANTIATE_TEST_SUITE_P(Runs, SpecSuiteGolden, ::testing::ValuesIn(records()),
                         [](const ::testing::TestParamInfo<Record>& info) { return test_name(info.param); });

// Every test of the suite and every case is in the expected file (run generate.sh after adding one),
// and each input was run in all three modes.
TEST(SpecSuiteGoldenCoverage, EveryTestIsRecorded) {
  std::set<std::string> recorded;
  for (const auto& r : records()) recorded.insert(r.set + ":" + r.input + ":" + r.mode);
  std::vector<std::string> missing;
  auto expect_runs = [&](const std::string& set, const fs::path& dir, const std::string& ext) {
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      std::string rel = fs::relative(e.path(), dir).string();
      if (rel.size() <= ext.size() || rel.compare(rel.size() - ext.size(), ext.size(), ext) != 0) continue;
      std::string base = rel.substr(0, rel.size() - ext.size());
      for (const char* input_ext : {".hcl", ".hcl.json"}) {
        if (!fs::exists(dir / (base + input_ext))) continue;
        for (const char* mode : {"decode", "var-refs", "plain"})
          if (!recorded.count(set + ":" + base + input_ext + ":" + mode)) missing.push_back(set + ":" + base + input_ext + ":" + mode);
      }
    }
  };
  if (fs::is_directory(suite_dir())) expect_runs("suite", suite_dir(), ".t");
  expect_runs("cases", golden_dir() / "cases", ".hcldec");
  EXPECT_TRUE(missing.empty()) << "not in expected.jsonl (run tests/golden/specsuite/generate.sh): " << missing.front();
  EXPECT_GE(recorded.size(), 150u);
}

}  // namespace
}  // namespace hclschema
