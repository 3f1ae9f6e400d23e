// End-to-end tests of `hclschema type` and `hclschema convert`: output shapes, exit codes,
// diagnostics in both formats, the spec's nested-defaults example, and sensitive results.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

namespace {

using namespace hclschema_cli_test;

TEST(CliType, JsonHasTypeAndCanonicalString) {
  CliRun r = run("type 'object({name = string, retries = optional(number, 3), tags = optional(map(string))})' --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto out = nlohmann::json::parse(r.out);
  EXPECT_EQ(out["type"], nlohmann::json::parse(R"(["object",{"name":"string","retries":"number","tags":["map","string"]},["retries","tags"]])"));
  EXPECT_EQ(out["string"], "object({name=string,retries=number,tags=map(string)})");
  EXPECT_EQ(out.size(), 2u);
}

TEST(CliType, TextIsCanonicalStringThenType) {
  CliRun r = run("type 'list(tuple([string, any]))'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "list(tuple([string,any]))\ntype: [\"list\",[\"tuple\",[\"string\",\"dynamic\"]]]\n");
}

TEST(CliType, InvalidTypeExits1WithDiagnostics) {
  CliRun j = run("type 'list(strin)' --format json");
  EXPECT_EQ(j.exit_code, 1);
  auto d = nlohmann::json::parse(j.out)["diagnostics"];
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0]["summary"], "Invalid type specification");
  EXPECT_EQ(d[0]["detail"], "The keyword \"strin\" is not a valid type specification.");
  EXPECT_EQ(d[0]["range"]["start"]["column"], 6);
  EXPECT_EQ(d[0]["range"]["end"]["column"], 11);
  CliRun t = run("type 'optional(string)'");
  EXPECT_EQ(t.exit_code, 1);
  EXPECT_EQ(t.out, "");
  EXPECT_TRUE(contains(t.err, "Error: Invalid type specification")) << t.err;
  EXPECT_TRUE(contains(t.err, "on <type> line 1:")) << t.err;
  CliRun syntax = run("type 'list(' --format json");
  EXPECT_EQ(syntax.exit_code, 1);
  EXPECT_FALSE(nlohmann::json::parse(syntax.out)["diagnostics"].empty());
}

// The nested example of ../shared/spec/000_*.txt: defaults apply from the outside inward.
const char* const kSettings =
    "'object({logging = optional(object({enabled = optional(bool, true), format = optional(string, \"json\")}), {})})'";

TEST(CliConvert, SpecNestedDefaults) {
  struct Case {
    const char* value;
    const char* want;
  } cases[] = {
      {"'{}'", R"({"logging":{"enabled":true,"format":"json"}})"},
      {"'{logging = {format = \"text\"}}'", R"({"logging":{"enabled":true,"format":"text"}})"},
      {"'{logging = null}'", R"({"logging":{"enabled":true,"format":"json"}})"},
      {"'{logging = {enabled = false, format = null}}'", R"({"logging":{"enabled":false,"format":"json"}})"},
  };
  for (const auto& c : cases) {
    CliRun r = run(std::string("convert ") + kSettings + " " + c.value + " --format json");
    ASSERT_EQ(r.exit_code, 0) << c.value << ": " << r.err;
    auto out = nlohmann::json::parse(r.out);
    EXPECT_EQ(out["value"], nlohmann::json::parse(c.want)) << c.value;
    EXPECT_EQ(out["type"], nlohmann::json::parse(R"(["object",{"logging":["object",{"enabled":"bool","format":"string"}]}])"));
  }
}

TEST(CliConvert, TextOutputAndExactNumbers) {
  CliRun r = run("convert 'map(number)' '{a = \"12345678901234567890.5\", b = 2}'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "{\"a\":12345678901234567890.5,\"b\":2}\ntype: [\"map\",\"number\"]\n");
}

TEST(CliConvert, MismatchNamesThePath) {
  CliRun r = run(std::string("convert ") + kSettings + " '{logging = {format = {}}}' --format json");
  EXPECT_EQ(r.exit_code, 1);
  auto d = nlohmann::json::parse(r.out)["diagnostics"];
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0]["summary"], "Invalid value for type constraint");
  EXPECT_EQ(d[0]["detail"], "The given value is not suitable for this type constraint: attribute \"logging\": attribute \"format\": string required.");
  EXPECT_EQ(d[0]["range"]["filename"], "<value>");
  CliRun missing = run("convert 'object({name = string})' '{}' --format json");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(nlohmann::json::parse(missing.out)["diagnostics"][0]["detail"],
            "The given value is not suitable for this type constraint: attribute \"name\" is required.");
  CliRun value_error = run("convert 'object({n = number})' '{n = \"many\"}'");
  EXPECT_EQ(value_error.exit_code, 1);
  EXPECT_TRUE(contains(value_error.err, ".n: a number is required.")) << value_error.err;
}

TEST(CliConvert, ErrorsOfBothExpressionsInOneRun) {
  CliRun r = run("convert 'list(strng)' 'nope' --format json");
  EXPECT_EQ(r.exit_code, 1);
  auto d = nlohmann::json::parse(r.out)["diagnostics"];
  ASSERT_EQ(d.size(), 2u) << r.out;
  EXPECT_EQ(d[0]["range"]["filename"], "<type>");
  EXPECT_EQ(d[1]["range"]["filename"], "<value>");
  EXPECT_EQ(d[1]["summary"], "Variables not allowed");  // convert has no variables
}

TEST(CliConvert, SensitiveResultIsNeverPrinted) {
  for (const char* format : {"text", "json"}) {
    CliRun r = run(std::string("convert 'object({token = string, n = optional(number, 1)})' '{token = sensitive(\"tok_secret\")}' --format ") +
                   format);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_FALSE(contains(r.out + r.err, "tok_secret")) << r.out;
  }
  // The type is the constraint's, shown whole; with `any` it could be the secret's own keys.
  CliRun typed = run("convert 'object({creds = object({user = string})})' '{creds = sensitive({user = \"tok_secret\"})}' --format json");
  EXPECT_EQ(typed.exit_code, 0) << typed.err;
  EXPECT_EQ(nlohmann::json::parse(typed.out)["type"], nlohmann::json::parse(R"(["object", {"creds": ["object", {"user": "string"}]}])"));
  CliRun any = run(R"(convert 'object({creds = any})' '{creds = jsondecode(sensitive("{\"tok_key\": 1}"))}' --format json)");
  EXPECT_EQ(any.exit_code, 0) << any.err;
  EXPECT_FALSE(contains(any.out + any.err, "tok_key")) << any.out;
  EXPECT_EQ(nlohmann::json::parse(any.out)["type"], nlohmann::json::parse(R"(["object", {"creds": "dynamic"}])"));
  CliRun bad = run("convert 'object({token = number})' '{token = sensitive(\"tok_secret\")}' --format json");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_FALSE(contains(bad.out + bad.err, "tok_secret")) << bad.out;
}

}  // namespace
