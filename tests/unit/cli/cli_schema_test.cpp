// End-to-end tests of `hclschema validate` and `hclschema decode` (fixtures in tests/cli/schema/
// and the bundled examples): formats, exit codes, file order, schema errors, sensitive values.
#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

namespace {

using namespace hclschema_cli_test;

const std::string kExamples = std::string(HCLSCHEMA_SOURCE_DIR) + "/examples/";

TEST(CliValidate, BundledExamples) {
  CliRun ok = run("validate --schema '" + kExamples + "service.schema.hcl' '" + kExamples + "service.hcl'");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out + ok.err, "");
  CliRun bad = run("validate --schema '" + kExamples + "service.schema.hcl' '" + kExamples + "service_invalid.hcl' --format json");
  EXPECT_EQ(bad.exit_code, 1) << bad.err;
  auto doc = nlohmann::json::parse(bad.out);
  EXPECT_EQ(doc["format_version"], "1.0");
  EXPECT_EQ(doc["valid"], false);
  EXPECT_GE(doc["error_count"].get<int>(), 10);
  EXPECT_EQ(doc["warning_count"], 1);
  // Every kind of mistake the file announces is found.
  std::set<std::string> found;
  for (const auto& d : doc["diagnostics"]) found.insert(d["summary"].get<std::string>());
  for (const char* want : {"Unsupported argument", "Value does not match pattern", "Invalid value for attribute", "Value out of range",
                           "Value not permitted", "Incorrect attribute value type", "Deprecated attribute", "Conflicting attributes",
                           "Duplicate health_check block"})
    EXPECT_TRUE(found.count(want)) << want;
  EXPECT_FALSE(contains(bad.out, "secret-123"));
}

TEST(CliValidate, FilesAreReportedInTheOrderGiven) {
  CliRun r = run("validate --schema schema/tiny.schema.hcl schema/leak.hcl schema/ok.hcl schema/deprecated.hcl schema/leak.hcl --format json");
  EXPECT_EQ(r.exit_code, 1);
  std::vector<std::string> files;
  const auto doc = nlohmann::json::parse(r.out);  // named: a range-for over a temporary's member would dangle
  for (const auto& d : doc["diagnostics"]) files.push_back(d["range"]["filename"]);
  EXPECT_EQ(files, (std::vector<std::string>{"schema/leak.hcl", "schema/leak.hcl", "schema/deprecated.hcl", "schema/leak.hcl", "schema/leak.hcl"}));
}

TEST(CliValidate, WarningsAloneExit0) {
  CliRun r = run("validate --schema schema/tiny.schema.hcl schema/deprecated.hcl");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "Warning: Deprecated attribute")) << r.err;
}

TEST(CliValidate, SensitiveValuesInNoFormat) {
  for (const char* format : {"text", "json", "sarif"}) {
    CliRun r = run(std::string("validate --schema schema/tiny.schema.hcl schema/leak.hcl --format ") + format);
    EXPECT_EQ(r.exit_code, 1) << format;
    EXPECT_FALSE(contains(r.out + r.err, "hunter2")) << format << ": " << r.out << r.err;
    EXPECT_TRUE(contains(r.out + r.err, "(sensitive value)")) << format;
  }
  CliRun decoded = run("decode --schema schema/tiny.schema.hcl schema/ok.hcl");
  EXPECT_EQ(decoded.exit_code, 0) << decoded.err;
  EXPECT_FALSE(contains(decoded.out, "tok_ok")) << decoded.out;
  EXPECT_EQ(nlohmann::json::parse(decoded.out)["value"]["token"], "(sensitive value)");
}

TEST(CliValidate, Sarif) {
  CliRun r = run("validate --schema schema/tiny.schema.hcl schema/leak.hcl --format sarif");
  auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["version"], "2.1.0");
  const auto& run0 = doc["runs"][0];
  EXPECT_EQ(run0["tool"]["driver"]["name"], "hclschema");
  ASSERT_EQ(run0["results"].size(), 2u);
  const auto& result = run0["results"][1];
  EXPECT_EQ(result["level"], "error");
  EXPECT_EQ(result["ruleId"], "value-out-of-range");
  const auto& region = result["locations"][0]["physicalLocation"]["region"];
  EXPECT_EQ(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "schema/leak.hcl");
  EXPECT_EQ(region["startLine"], 2);
  EXPECT_EQ(region["startColumn"], 8);
  bool rule_listed = false;
  for (const auto& rule : run0["tool"]["driver"]["rules"]) rule_listed = rule_listed || rule["id"] == "value-out-of-range";
  EXPECT_TRUE(rule_listed);
}

TEST(CliValidate, SchemaErrorsStopEverything) {
  CliRun r = run("validate --schema schema/bad.schema.hcl schema/leak.hcl --format json");
  EXPECT_EQ(r.exit_code, 1);
  auto d = nlohmann::json::parse(r.out)["diagnostics"];
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0]["summary"], "Default on a required attribute");
  EXPECT_EQ(d[0]["range"]["filename"], "schema/bad.schema.hcl");
}

TEST(CliValidate, UnreadableFilesAndSchemasExit2) {
  EXPECT_EQ(run("validate --schema schema/none.hcl schema/ok.hcl").exit_code, 2);
  CliRun missing = run("validate --schema schema/tiny.schema.hcl schema/ok.hcl schema/none.hcl");
  EXPECT_EQ(missing.exit_code, 2);
}

TEST(CliValidate, VariablesFileChecksReferences) {
  EXPECT_EQ(run("validate --schema schema/tiny.schema.hcl schema/uses_var.hcl").exit_code, 0);
  CliRun r = run("validate --schema schema/tiny.schema.hcl schema/uses_var.hcl --vars-file schema/vars.json --format json");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(nlohmann::json::parse(r.out)["diagnostics"][0]["detail"], "The value of \"port\" must be at most 9; got 12.");
}

TEST(CliDecode, ValueTypeAndDiagnostics) {
  CliRun r = run("decode --schema '" + kExamples + "service.schema.hcl' '" + kExamples + "service.hcl' --vars-file schema/vars.json");
  auto doc = nlohmann::json::parse(r.out);
  const auto& svc = doc["value"]["service"]["checkout"];
  EXPECT_EQ(svc["mode"], "safe");                                  // an attribute default
  EXPECT_EQ(svc["deploy"]["canary"]["enabled"], true);             // a nested optional default
  EXPECT_EQ(svc["deploy"]["strategy"], "rolling");
  EXPECT_EQ(svc["port"]["http"]["container"], 8080);               // labelled blocks: a map
  EXPECT_EQ(doc["type"][0], "object");
  EXPECT_TRUE(doc["diagnostics"].is_array());
  CliRun bad = run("decode --schema schema/tiny.schema.hcl schema/leak.hcl");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(nlohmann::json::parse(bad.out)["diagnostics"].size(), 2u);
}

}  // namespace
