// End-to-end tests of `hclschema vars` on the fixtures under tests/cli/vars/: the table, the JSON
// document, --explain on the spec's classic incident, Terraform's flag spellings and their order,
// exit codes, and sensitive values absent from every output without --show-sensitive.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

namespace {

using namespace hclschema_cli_test;

const std::string kIncident = "vars -chdir=vars/incident ";
const std::string kEnv = "TF_VAR_app_version=2.3.4";

TEST(CliVars, TableShowsValueTypeAndSource) {
  CliRun r = run(kIncident, kEnv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "NAME")) << r.out;
  EXPECT_TRUE(contains(r.out, "app_version     \"1.0.0\"")) << r.out;
  EXPECT_TRUE(contains(r.out, "file dev.auto.tfvars:2")) << r.out;
  EXPECT_TRUE(contains(r.out, "(sensitive value)")) << r.out;
  EXPECT_TRUE(contains(r.out, "default (main.tf:8)")) << r.out;
  EXPECT_EQ(r.err, "");
}

TEST(CliVars, JsonDocumentShape) {
  CliRun r = run(kIncident + "--format json -var-file=common.tfvars -var-file prod.tfvars", kEnv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto out = nlohmann::json::parse(r.out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_TRUE(out["diagnostics"].is_array());
  auto v = out["variables"];
  EXPECT_EQ(v["app_version"], nlohmann::json::parse(R"({"value":"1.0.0","type":"string","sensitive":false,"source":{"kind":"file","name":"dev.auto.tfvars"}})"));
  // No merging: prod.tfvars replaces common.tfvars' map.
  EXPECT_EQ(v["tags"]["value"], nlohmann::json::parse(R"({"env":"prod"})"));
  EXPECT_EQ(v["tags"]["source"]["name"], "prod.tfvars");
  EXPECT_EQ(v["instance_count"]["value"], 3);
  EXPECT_EQ(v["region"]["source"], nlohmann::json::parse(R"({"kind":"default","name":"main.tf"})"));
  EXPECT_FALSE(v["db_password"].contains("value"));
  EXPECT_EQ(v["db_password"]["sensitive"], true);
}

// A hidden value's own type could name its secret keys: the declared type is shown instead.
TEST(CliVars, HiddenValueShowsTheDeclaredType) {
  for (const char* format : {"text", "json"}) {
    CliRun r = run(std::string("vars -chdir=vars/sensitive_any --explain credentials --format ") + format);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_FALSE(contains(r.out + r.err, "SECRET")) << format << ": " << r.out;
    CliRun table = run(std::string("vars -chdir=vars/sensitive_any --format ") + format);
    EXPECT_EQ(table.exit_code, 0) << table.err;
    EXPECT_FALSE(contains(table.out + table.err, "SECRET")) << format << ": " << table.out;
  }
  auto hidden = nlohmann::json::parse(run("vars -chdir=vars/sensitive_any --format json").out);
  EXPECT_EQ(hidden["variables"]["credentials"]["type"], "dynamic");
  auto shown = nlohmann::json::parse(run("vars -chdir=vars/sensitive_any --format json --show-sensitive").out);
  EXPECT_EQ(shown["variables"]["credentials"]["type"], nlohmann::json::parse(R"(["object", {"SECRET_key_name": "string"}])"));
}

TEST(CliVars, TerraformSpellingsAndOrder) {
  const char* spellings[] = {
      "vars -chdir=vars/incident -var=instance_count=7 --format json",
      "vars -chdir vars/incident -var instance_count=7 --format json",
      "vars --chdir vars/incident --var instance_count=7 --format json",
      "vars --chdir=vars/incident --var=instance_count=7 --format json",
      "vars -chdir=vars/incident -var-file=prod.tfvars -var instance_count=7 --format json",
      "vars -chdir=vars/incident -var instance_count=1 -var-file prod.tfvars -var=instance_count=7 --format json",
  };
  for (const char* args : spellings) {
    CliRun r = run(args, kEnv);
    ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    auto v = nlohmann::json::parse(r.out)["variables"]["instance_count"];
    EXPECT_EQ(v["value"], 7) << args;
    EXPECT_EQ(v["source"]["kind"], "flag") << args;
  }
  // The rightmost wins: a -var-file after -var.
  CliRun r = run(kIncident + "-var instance_count=7 -var-file=prod.tfvars --format json", kEnv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["variables"]["instance_count"]["value"], 3);
}

TEST(CliVars, ExplainShowsTheClassicIncident) {
  CliRun r = run(kIncident + "--explain app_version", kEnv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "var.app_version = \"1.0.0\"")) << r.out;
  EXPECT_TRUE(contains(r.out, "1. the TF_VAR_app_version environment variable: \"2.3.4\"  (shadowed by 2)")) << r.out;
  EXPECT_TRUE(contains(r.out, "2. dev.auto.tfvars line 2: \"1.0.0\"  <- wins, shadowing 1")) << r.out;
  EXPECT_TRUE(contains(r.out, "Warning: TF_VAR_app_version is set in the environment, but dev.auto.tfvars line 2 also assigns app_version")) << r.out;

  CliRun j = run(kIncident + "--explain app_version --format json", kEnv);
  ASSERT_EQ(j.exit_code, 0) << j.err;
  auto out = nlohmann::json::parse(j.out);
  EXPECT_EQ(out["name"], "app_version");
  EXPECT_EQ(out["value"], "1.0.0");
  EXPECT_EQ(out["type"], "string");
  EXPECT_EQ(out["source"], nlohmann::json::parse(R"({"kind":"file","name":"dev.auto.tfvars","line":2})"));
  ASSERT_EQ(out["candidates"].size(), 2u);
  EXPECT_EQ(out["candidates"][0], nlohmann::json::parse(R"({"source":{"kind":"env","name":"TF_VAR_app_version"},"value":"2.3.4","won":false,"shadowed":[]})"));
  EXPECT_EQ(out["candidates"][1]["won"], true);
  EXPECT_EQ(out["candidates"][1]["shadowed"], nlohmann::json::parse("[0]"));
  ASSERT_EQ(out["notes"].size(), 1u);
}

TEST(CliVars, ExplainCommandLinePositions) {
  CliRun j = run(kIncident + "-var-file=common.tfvars -var instance_count=9 --explain instance_count --format json", kEnv);
  ASSERT_EQ(j.exit_code, 0) << j.err;
  auto c = nlohmann::json::parse(j.out)["candidates"];
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[0]["source"]["kind"], "default");
  EXPECT_EQ(c[1]["source"], nlohmann::json::parse(R"({"kind":"file","name":"common.tfvars","line":2,"position":1})"));
  EXPECT_EQ(c[2]["source"], nlohmann::json::parse(R"({"kind":"flag","name":"-var","position":2})"));
  EXPECT_EQ(c[2]["value"], "9");  // as written: a string, converted to the number type afterwards
}

TEST(CliVars, SensitiveValuesNeverPrintedWithoutShowSensitive) {
  const std::string env = kEnv + " TF_VAR_db_password=env-pw-SECRET";
  const std::vector<std::string> commands = {
      kIncident,
      kIncident + "--format json",
      kIncident + "-var-file=prod.tfvars",
      kIncident + "-var-file=prod.tfvars --format json",
      kIncident + "-var-file=prod.tfvars --explain db_password",
      kIncident + "-var-file=prod.tfvars --explain db_password --format json",
      kIncident + "--explain db_password",
      kIncident + "-var db_password=flag-pw-SECRET --explain db_password --format json",
      "vars -chdir=vars/errors",
      "vars -chdir=vars/errors --format json",
      "vars -chdir=vars/errors --explain token",
  };
  for (const auto& c : commands) {
    CliRun r = run(c, env);
    EXPECT_FALSE(contains(r.out, "SECRET")) << c << "\n" << r.out;
    EXPECT_FALSE(contains(r.err, "SECRET")) << c << "\n" << r.err;
  }
  CliRun shown = run(kIncident + "-var-file=prod.tfvars --explain db_password --show-sensitive", env);
  EXPECT_TRUE(contains(shown.out, "prod-pw-SECRET")) << shown.out;
  EXPECT_TRUE(contains(shown.out, "env-pw-SECRET")) << shown.out;
  EXPECT_TRUE(contains(shown.out, "default-pw-SECRET")) << shown.out;
}

TEST(CliVars, ErrorsExitOneWithTerraformWording) {
  CliRun r = run("vars -chdir=vars/errors --format json");
  EXPECT_EQ(r.exit_code, 1);
  auto d = nlohmann::json::parse(r.out)["diagnostics"];
  std::vector<std::string> summaries;
  for (const auto& x : d) summaries.push_back(x["summary"]);
  EXPECT_NE(std::find(summaries.begin(), summaries.end(), "Invalid value for input variable"), summaries.end()) << r.out;
  EXPECT_NE(std::find(summaries.begin(), summaries.end(), "Invalid value for variable"), summaries.end()) << r.out;
  CliRun t = run("vars -chdir=vars/errors");
  EXPECT_EQ(t.exit_code, 1);
  EXPECT_TRUE(contains(t.err, "Error: Invalid value for variable")) << t.err;
  EXPECT_TRUE(contains(t.err, "The port must be above 1024.")) << t.err;
  EXPECT_TRUE(contains(t.err, "on terraform.tfvars line 1:")) << t.err;
}

TEST(CliVars, UndeclaredWarningAndFlagError) {
  CliRun r = run("vars -chdir=vars/undeclared");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "Warning: Value for undeclared variable")) << r.err;
  EXPECT_TRUE(contains(r.err, "on terraform.tfvars line 1:")) << r.err;
  EXPECT_TRUE(contains(r.err, "Did you mean \"region\"?")) << r.err;
  CliRun f = run("vars -chdir=vars/undeclared -var regoin=x");
  EXPECT_EQ(f.exit_code, 1);
  EXPECT_TRUE(contains(f.err, "Error: Value for undeclared variable")) << f.err;
  CliRun e = run("vars -chdir=vars/undeclared --explain regoin --format json");
  EXPECT_EQ(e.exit_code, 0) << e.err;
  EXPECT_EQ(nlohmann::json::parse(e.out)["declared"], false);
}

TEST(CliVars, UsageProblems) {
  EXPECT_EQ(run("vars -chdir=vars/no-such-dir").exit_code, 2);
  CliRun unknown = run("vars -chdir=vars/undeclared --explain nothing_like_it");
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_TRUE(contains(unknown.out, "No variable named nothing_like_it is declared")) << unknown.out;
  CliRun nofile = run("vars -chdir=vars/incident -var-file=nothere.tfvars --format json");
  EXPECT_EQ(nofile.exit_code, 1);
  auto d = nlohmann::json::parse(nofile.out)["diagnostics"];
  ASSERT_EQ(d.size(), 1u) << nofile.out;
  EXPECT_EQ(d[0]["summary"], "Failed to read variables file");
  EXPECT_EQ(d[0]["detail"], "Given variables file nothere.tfvars does not exist.");
}

}  // namespace
