// End-to-end tests of `hclschema inputs`: the JSON document (exact, so its shape stays stable), the
// text tables, diagnostics and exit codes, several files checked together, and --emit python
// (valid Python, checked by python3 when it is installed).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

namespace {

using namespace hclschema_cli_test;

TEST(CliInputs, JsonIsExactAndStable) {
  CliRun r = run("inputs inputs/small.hcl --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, R"J({
  "diagnostics": [],
  "inputs": [
    {
      "fields": [
        {
          "accessor": "config.require",
          "name": "name",
          "required": true,
          "type": "string"
        },
        {
          "accessor": "config.get_int",
          "default": 1,
          "name": "count",
          "required": false,
          "type": "int"
        },
        {
          "accessor": "config.get_float",
          "default": 12345678901234567890.5,
          "name": "big",
          "required": false,
          "type": "number"
        },
        {
          "accessor": "config.get_object",
          "default": {"env":"dev"},
          "name": "tags",
          "required": false,
          "type": "optional(map(string), {\"env\":\"dev\"})"
        }
      ],
      "name": "s",
      "range": {
        "end": {
          "byte": 9,
          "column": 10,
          "line": 1
        },
        "filename": "inputs/small.hcl",
        "start": {
          "byte": 0,
          "column": 1,
          "line": 1
        }
      }
    }
  ]
}
)J");
  // Running it again gives the same bytes.
  EXPECT_EQ(run("inputs inputs/small.hcl --format json").out, r.out);
}

TEST(CliInputs, TextTable) {
  CliRun r = run("inputs inputs/small.hcl");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "input \"s\" (inputs/small.hcl:1)\n"
            "  FIELD  TYPE                                  REQUIRED  DEFAULT                 ACCESSOR\n"
            "  name   string                                yes       -                       config.require\n"
            "  count  int                                   no        1                       config.get_int\n"
            "  big    number                                no        12345678901234567890.5  config.get_float\n"
            "  tags   optional(map(string), {\"env\":\"dev\"})  no        {\"env\":\"dev\"}           config.get_object\n");
}

// Every example of the spec, as the JSON reports it.
TEST(CliInputs, SpecExamples) {
  CliRun r = run("inputs inputs/spec.hcl --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto doc = nlohmann::json::parse(r.out);
  EXPECT_TRUE(doc["diagnostics"].empty());
  std::vector<std::string> seen;
  for (const auto& input : doc["inputs"])
    for (const auto& f : input["fields"])
      seen.push_back(input["name"].get<std::string>() + "." + f["name"].get<std::string>() + ": " + f["type"].get<std::string>() + " " +
                     (f["required"].get<bool>() ? "required " : "") + f["accessor"].get<std::string>() +
                     (f.contains("default") ? " default=" + f["default"].dump() : ""));
  EXPECT_EQ(seen, (std::vector<std::string>{
                      "primitives.name: string required config.require",
                      "primitives.enabled: bool config.get_bool default=true",
                      "primitives.count: int config.get_int default=1",
                      "primitives.ratio: number config.get_float default=0.5",
                      "primitives.meta: any required config.require_object",
                      "collections.azs: list(string) required config.require_object",
                      "collections.port_ranges: list(int) required config.require_object",
                      "collections.allowed_ips: set(string) required config.require_object",
                      "collections.tags: map(string) required config.require_object",
                      "collections.replica_info: map(number) required config.require_object",
                      "collections.endpoint: tuple([string, int]) required config.require_object",
                      "collections.db_config: object({host: string, port: int, name: string}) required config.require_object",
                      "optionals.extra_tags: optional(map(string)) config.get_object",
                      "optionals.timeout: optional(number, 30) config.get_float default=30",
                      "named.nat_strategy: aws.ec2.NatStrategy required config.require_object",
                      "named.cidr: CIDR required config.require_object",
                      "nested.subnet_configs: list(object({cidr: string, az: string})) required config.require_object",
                      "nested.az_map: map(list(string)) required config.require_object",
                      "nested.extra_cidrs: optional(list(string)) config.get_object",
                  }));
}

TEST(CliInputs, ErrorsExit1WithAllDiagnostics) {
  CliRun j = run("inputs inputs/errors.hcl --format json");
  EXPECT_EQ(j.exit_code, 1);
  auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["inputs"].size(), 2u);  // the model is still reported
  const auto& d = doc["diagnostics"];
  ASSERT_EQ(d.size(), 13u) << j.out;
  EXPECT_EQ(d[0]["summary"], "Unknown type constructor");
  EXPECT_EQ(d[0]["severity"], "error");
  EXPECT_EQ(d[0]["range"]["filename"], "inputs/errors.hcl");
  EXPECT_EQ(d[0]["range"]["start"]["line"], 2);
  EXPECT_EQ(d[0]["range"]["start"]["column"], 6);
  EXPECT_EQ(d[3]["detail"], "default value is a number literal but field type is string");
  EXPECT_EQ(d[12]["detail"], "default value attribute \"port\": int required, got string");

  CliRun t = run("inputs inputs/errors.hcl");
  EXPECT_EQ(t.exit_code, 1);
  EXPECT_TRUE(contains(t.out, "input \"s\" (inputs/errors.hcl:1)")) << t.out;
  EXPECT_TRUE(contains(t.err, "Error: Unknown type constructor")) << t.err;
  EXPECT_TRUE(contains(t.err, "on inputs/errors.hcl line 2")) << t.err;
  EXPECT_TRUE(contains(t.err, "default value is a string literal but field type is number")) << t.err;
}

TEST(CliInputs, FilesAreCheckedTogether) {
  CliRun r = run("inputs inputs/small.hcl inputs/small.hcl --format json");
  EXPECT_EQ(r.exit_code, 1);
  auto d = nlohmann::json::parse(r.out)["diagnostics"];
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0]["summary"], "Duplicate input");
  CliRun ok = run("inputs inputs/small.hcl inputs/spec.hcl --format json");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(nlohmann::json::parse(ok.out)["inputs"].size(), 6u);
}

TEST(CliInputs, WarningsExit0) {
  CliRun r = run("inputs inputs/warning.hcl");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(contains(r.err, "Warning: Unknown type name")) << r.err;
  EXPECT_TRUE(contains(r.out, "strng")) << r.out;
}

TEST(CliInputs, UnreadableFileExits2) {
  CliRun r = run("inputs inputs/small.hcl no-such-file.hcl");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "Failed to read file")) << r.err;
  EXPECT_TRUE(contains(r.err, "no-such-file.hcl")) << r.err;
  EXPECT_EQ(run("inputs inputs").exit_code, 2);  // a directory
  EXPECT_EQ(run("inputs inputs/small.hcl --emit java").exit_code, 2);
  EXPECT_EQ(run("inputs").exit_code, 2);
}

TEST(CliInputs, EmitPython) {
  CliRun r = run("inputs inputs/defaults.hcl --emit python");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "# Source: inputs/defaults.hcl\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "def read_app(config):\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "        \"replicas\": _default(config.get_int(\"replicas\"), 3),\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "        \"enabled\": config.require_bool(\"enabled\"),\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "    \"my-other.input\": read_my_other_input,\n")) << r.out;
  if (std::system("python3 -c 'import ast' >/dev/null 2>&1") == 0) {
    CliRun checked = run("inputs inputs/spec.hcl inputs/defaults.hcl --emit python", "",
                         "%s | python3 -c \"import ast,sys; ast.parse(sys.stdin.read()); print('valid')\"");
    EXPECT_EQ(checked.exit_code, 0) << checked.err;
    EXPECT_EQ(checked.out, "valid\n");
  }
}

TEST(CliInputs, EmitPythonRefusesErrors) {
  CliRun r = run("inputs inputs/errors.hcl --emit python");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "Error: Unknown type constructor")) << r.err;
  CliRun j = run("inputs inputs/errors.hcl --emit python --format json");
  EXPECT_EQ(j.exit_code, 1);
  EXPECT_EQ(nlohmann::json::parse(j.out)["diagnostics"].size(), 13u);
}

}  // namespace
