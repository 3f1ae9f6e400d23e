// build/hcldec beyond what the reference records can show: its command line (stdin, several input
// files, --vars, --out, --version, usage errors, text diagnostics), our extension `block_attrs`
// (cmd/hcldec's spec language cannot reach hcldec.BlockAttrsSpec), the "Useless default block"
// warning (on which the reference crashes), and robustness: hostile spec files give diagnostics and
// an exit status, never a crash.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "golden/specsuite/hcldec_run.hpp"

namespace hclschema {
namespace {

namespace fs = std::filesystem;
using testing::HcldecRun;
using testing::run_hcldec;

class HcldecCli : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(fs::exists(testing::hcldec_binary())) << "build the hcldec target first";
    std::string tmpl = (fs::temp_directory_path() / "hcldec-cli-XXXXXX").string();
    ASSERT_NE(::mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }
  HcldecRun run(const std::vector<std::string>& args, const std::string& stdin_file = "/dev/null") {
    return run_hcldec(dir_, args, stdin_file);
  }
  // The summaries of a --diags=json document, in order.
  static std::vector<std::string> summaries(const std::string& err) {
    std::vector<std::string> out;
    auto doc = nlohmann::json::parse(err, nullptr, false);
    if (doc.is_discarded()) return {"<not JSON> " + err};
    for (const auto& d : doc["diagnostics"]) out.push_back(d["severity"].get<std::string>() + ": " + d["summary"].get<std::string>());
    return out;
  }
  fs::path dir_;
};

TEST_F(HcldecCli, BlockAttrsDecodesABlockOfArbitraryAttributesToAMap) {
  write("s.hcldec", "object {\n  block_attrs \"tags\" {\n    element_type = string\n  }\n}\n");
  write("a.hcl", "tags {\n  b = 1\n  a = \"x\"\n}\n");
  auto r = run({"--spec=s.hcldec", "--with-type", "a.hcl"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_EQ(r.out, "{\"type\":[\"object\",{\"tags\":[\"map\",\"string\"]}],\"value\":{\"tags\":{\"a\":\"x\",\"b\":\"1\"}}}\n");

  write("b.hcl", "tags {\n  a = [1]\n}\ntags {}\n");
  r = run({"--spec=s.hcldec", "--diags=json", "b.hcl"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_EQ(summaries(r.err), (std::vector<std::string>{"error: Duplicate tags block", "error: Invalid attribute value"}));

  write("r.hcldec", "block_attrs {\n  block_type = \"tags\"\n  element_type = number\n  required = true\n}\n");
  write("empty.hcl", "");
  r = run({"--spec=r.hcldec", "--diags=json", "empty.hcl"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_EQ(summaries(r.err), (std::vector<std::string>{"error: Missing tags block"}));
}

TEST_F(HcldecCli, DefaultWithOneSpecWarnsButDecodes) {
  write("s.hcldec", "default {\n  literal {\n    value = 1\n  }\n}\n");
  write("ok.hcl", "");
  auto r = run({"--spec=s.hcldec", "--diags=json", "ok.hcl"});
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(r.out, "1\n");
  EXPECT_EQ(r.err, "");  // hcldec reports warnings only together with errors
  write("bad.hcl", "a = \n");
  r = run({"--spec=s.hcldec", "--diags=json", "bad.hcl"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_EQ(summaries(r.err), (std::vector<std::string>{"warning: Useless default block", "error: Invalid expression"}));
}

TEST_F(HcldecCli, SeveralInputFilesAreMergedAndDuplicatesAcrossThemAreErrors) {
  write("s.hcldec", "object {\n  attr \"a\" {\n    type = number\n    required = true\n  }\n  attr \"b\" { type = number }\n"
                    "  block_list \"x\" {\n    object {}\n  }\n}\n");
  write("1.hcl", "a = 1\nx {}\n");
  write("2.hcl.json", "{\"b\": 2, \"x\": {}}");
  auto r = run({"--spec=s.hcldec", "1.hcl", "2.hcl.json"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_EQ(r.out, "{\"a\":1,\"b\":2,\"x\":[{},{}]}\n");
  write("3.hcl", "a = 3\n");
  r = run({"--spec=s.hcldec", "--diags=json", "1.hcl", "3.hcl"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_EQ(summaries(r.err), (std::vector<std::string>{"error: Duplicate argument"}));
  r = run({"--spec=s.hcldec", "--diags=json", "2.hcl.json", "2.hcl.json"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_EQ(summaries(r.err), (std::vector<std::string>{"error: Duplicate argument", "error: Missing required argument"}));
}

TEST_F(HcldecCli, ReadsStdinVarsAndWritesOut) {
  write("s.hcldec", "object {\n  attr \"a\" { type = string }\n}\n");
  write("in.hcl", "a = \"${x}-${y.z}\"\n");
  write("vars.hcl", "y = { z = 2 }\n");
  auto r = run({"-s", "s.hcldec", "-V", "{\"x\": 5}", "--vars=vars.hcl"}, (dir_ / "in.hcl").string());
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_EQ(r.out, "{\"a\":\"5-2\"}\n");

  r = run({"--spec", "s.hcldec", "--var-refs", "-V", "{\"x\": \"<&>\"}"}, (dir_ / "in.hcl").string());
  ASSERT_EQ(r.exit, 0) << r.err;
  auto refs = nlohmann::json::parse(r.out);
  ASSERT_EQ(refs.size(), 2u);
  EXPECT_EQ(refs[0]["root_name"], "x");
  EXPECT_EQ(refs[0]["value"], "<&>");
  EXPECT_EQ(refs[0]["range"]["filename"], "<stdin>");
  EXPECT_FALSE(refs[1].contains("value"));  // y is not defined here
  EXPECT_EQ(refs[1]["steps"][1]["kind"], "attr");
  EXPECT_NE(r.out.find("\\u003c\\u0026\\u003e"), std::string::npos);  // Go's HTML-safe escaping

  r = run({"--spec=s.hcldec", "-o", "result.json", "-V", "{\"x\": 1, \"y\": {\"z\": 0}}", "in.hcl"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(testing::slurp(dir_ / "result.json"), "{\"a\":\"1-0\"}\n");
}

TEST_F(HcldecCli, UsageErrors) {
  auto r = run({"--version"});
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(r.out, "0.0.1-dev\n");
  r = run({"a.hcl"});
  EXPECT_EQ(r.exit, 1);
  EXPECT_EQ(r.err, "Error: the --spec=... argument is required\n\n");
  r = run({"--spec=s.hcldec", "--diags=xml"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_EQ(r.err, "Invalid diagnostics format \"xml\": only \"json\" is supported.\n");
  r = run({"--bogus"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_EQ(r.err.rfind("unknown flag: --bogus\nusage: hcldec", 0), 0u) << r.err;
  r = run({"--spec"});
  EXPECT_EQ(r.exit, 2);
}

TEST_F(HcldecCli, TextDiagnosticsByDefault) {
  write("s.hcldec", "object {\n  attr \"a\" { type = number }\n}\n");
  write("a.hcl", "a = \"x\"\n");
  auto r = run({"--spec=s.hcldec", "a.hcl"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_NE(r.err.find("Error: Incorrect attribute value type"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("on a.hcl line 1"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("Inappropriate value for attribute \"a\": a number is required."), std::string::npos) << r.err;
}

TEST_F(HcldecCli, UnreadableFilesAreDiagnostics) {
  write("s.hcldec", "literal {\n  value = 1\n}\n");
  auto r = run({"--spec=missing.hcldec", "--diags=json", "x.hcl"});
  EXPECT_EQ(r.exit, 2);
  ASSERT_EQ(summaries(r.err).size(), 1u) << r.err;
  r = run({"--spec=s.hcldec", "--diags=json", "missing.hcl"});
  EXPECT_EQ(r.exit, 2);
  ASSERT_EQ(summaries(r.err).size(), 1u) << r.err;
  r = run({"--spec=.", "--diags=json", "x.hcl"});
  EXPECT_EQ(r.exit, 2);
}

// Bad spec files of every kind: each run ends with exit 2 and JSON diagnostics (or, where the spec
// happens to be valid, a decoded value), never a crash.
TEST_F(HcldecCli, HostileSpecFilesNeverCrash) {
  std::string deep;
  for (int i = 0; i < 3000; ++i) deep += "object {\n  block \"b\" {\n";
  const std::vector<std::string> specs = {
      "",
      std::string("\x00\xff\xfe{{{", 6),
      deep,
      "object {\n  attr \"a\" { type = list(string, number) }\n}\n",
      "object {\n  attr \"a\" { type = object([string]) }\n}\n",
      "object {\n  attr \"a\" { type = tuple(string) }\n}\n",
      "object {\n  attr \"a\" { type = map(1) }\n}\n",
      "object {\n  attr \"a\" { type = [string] }\n}\n",
      "object {\n  attr \"a\" { type = true ? string : number }\n}\n",
      "object {\n  attr \"a\" { type = optional(string) }\n}\n",
      "object {\n  attr \"a\" {\n    name = [\"x\"]\n  }\n}\n",
      "object {\n  attr \"a\" {\n    required = \"maybe\"\n  }\n}\n",
      "block_list {\n  block_type = 1\n  min_items = -1\n  max_items = 1e30\n  object {}\n}\n",
      "block_map {\n  block_type = \"m\"\n  labels = \"x\"\n  object {}\n}\n",
      "block_map {\n  block_type = \"m\"\n  labels = [null]\n  object {}\n}\n",
      "block_map {\n  block_type = \"m\"\n  labels = [[1]]\n  object {}\n}\n",
      "block_map {\n  block_type = \"m\"\n  labels = [\"a\", \"b\", \"c\"]\n  block_map {\n    block_type = \"n\"\n    labels = [\"d\"]\n"
      "    attr {\n      name = \"v\"\n      type = number\n    }\n  }\n}\n",
      "literal {\n  value = [for x in 1 : x]\n}\n",
      "literal {\n  value = unknown_var\n}\n",
      "transform {\n  result = nested.foo\n  literal {\n    value = 1\n  }\n}\n",
      "transform {\n  result = nested\n  result2 = 1\n}\n",
      "transform {\n  literal {\n    value = 1\n  }\n  literal {\n    value = 2\n  }\n}\n",
      "default {\n  attr {\n    name = \"a\"\n  }\n  block {\n    block_type = \"b\"\n    object {}\n  }\n}\n",
      "array {\n  attr {\n    name = \"a\"\n  }\n  attr {\n    name = \"a\"\n    required = true\n  }\n}\n",
      "function \"f\" {\n  params = [x]\n  result = f(x)\n}\nobject {\n  attr \"a\" {}\n}\n",
      "function {\n  params = []\n  result = 1\n}\nliteral {\n  value = 1\n}\n",
      "function \"g\" {\n  params = x\n  variadic_param = \"y\"\n  result = 1\n}\nliteral {\n  value = 1\n}\n",
      "variables {\n  a = 1\n  block {}\n}\nliteral {\n  value = 1\n}\n",
      "variables \"x\" {\n}\nliteral {\n  value = 1\n}\n",
      "object {\n  attr \"a\" {}\n  attr \"a\" {}\n  block \"a\" {\n    object {}\n  }\n}\n",
      "block {\n  object {}\n}\n",
  };
  write("in.hcl", "a = f(1)\nb {}\nm \"x\" \"y\" \"z\" {\n  n \"w\" {\n    v = 1\n  }\n}\n");
  for (std::size_t i = 0; i < specs.size(); ++i) {
    write("s.hcldec", specs[i]);
    for (const char* mode : {"--keep-nulls", "--var-refs"}) {
      auto r = run({"--spec=s.hcldec", "--diags=json", "--with-type", mode, "in.hcl"});
      ASSERT_TRUE(r.exit == 0 || r.exit == 2) << "spec " << i << " " << mode << " exit " << r.exit << "\n" << r.err;
      if (r.exit == 2) {
        auto doc = nlohmann::json::parse(r.err, nullptr, false);
        ASSERT_FALSE(doc.is_discarded()) << "spec " << i << ": " << r.err;
        EXPECT_FALSE(doc["diagnostics"].empty()) << "spec " << i;
      }
    }
  }
}

}  // namespace
}  // namespace hclschema
