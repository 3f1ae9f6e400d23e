// The command-line tool writing out numbers of huge exponent: 1e9999999 (ten million digits) prints
// in full and at once (it took seconds, 1e99999999 minutes), and a number of more than 20 million
// digits (Number::max_digits) is an error where its expression is, "Number too large to write out",
// for eval, convert and parse --format json. A hang shows as ctest's timeout.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "cli_run.hpp"

namespace {

using namespace hclschema_cli_test;

TEST(CliNumberText, TenMillionDigitsPrintInFull) {
  CliRun r = run("eval 1e9999999");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(r.out.size(), 10'000'000u + std::string("\ntype: \"number\"\n").size());
  EXPECT_EQ(r.out[0], '1');
  EXPECT_EQ(r.out.find_first_not_of('0', 1), 10'000'000u);
  EXPECT_EQ(r.out.substr(10'000'000), "\ntype: \"number\"\n");

  CliRun j = run("eval --format json -- -1e-9999999");
  EXPECT_EQ(j.exit_code, 0) << j.err;
  const std::string head = "{\n  \"value\": -0.";
  ASSERT_EQ(j.out.substr(0, head.size()), head);
  EXPECT_EQ(j.out.find_first_not_of('0', head.size()), head.size() + 9'999'998u);
  EXPECT_EQ(j.out.substr(head.size() + 9'999'998u), "1,\n  \"type\": \"number\"\n}\n");
}

TEST(CliNumberText, PastTwentyMillionDigitsAnErrorAtTheExpression) {
  CliRun r = run("eval '1e99999999'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "Error: Number too large to write out")) << r.err;
  EXPECT_TRUE(contains(r.err, "on <expr> line 1:")) << r.err;
  EXPECT_TRUE(contains(r.err, "its decimal text would have 100000000 digits, more than the limit of 20000000")) << r.err;

  CliRun j = run("eval --format json '{a = [1.5e9999999, 1e-9999999, 1e9999999]}'");
  EXPECT_EQ(j.exit_code, 1);
  const auto diags = nlohmann::json::parse(j.out)["diagnostics"];
  ASSERT_EQ(diags.size(), 1u) << j.out;
  EXPECT_EQ(diags[0]["summary"], "Number too large to write out");
  EXPECT_EQ(diags[0]["detail"],
            "The result cannot be written in cty's JSON encoding (at .a[2]): numbers too large to write out: together their decimal "
            "text would have 30000000 digits, more than the limit of 20000000.");
  EXPECT_EQ(diags[0]["range"]["start"]["column"], 1);

  CliRun c = run("convert number '1e20000000'");
  EXPECT_EQ(c.exit_code, 1);
  EXPECT_TRUE(contains(c.err, "Error: Number too large to write out")) << c.err;
}

TEST(CliNumberText, ParseJsonReportsTheAttributeWhoseNumberIsTooLarge) {
  CliRun r = run("parse huge_numbers.hcl --format json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto attrs = nlohmann::json::parse(r.out)["files"][0]["body"]["attributes"];
  EXPECT_EQ(attrs["small"]["value"], 1.5);
  for (const char* name : {"huge", "list"}) {
    EXPECT_FALSE(attrs[name].contains("value")) << name;
    ASSERT_EQ(attrs[name]["diagnostics"].size(), 1u) << name;
    EXPECT_EQ(attrs[name]["diagnostics"][0]["summary"], "Number too large to write out") << name;
  }
  EXPECT_EQ(attrs["huge"]["diagnostics"][0]["range"]["start"]["line"], 1);
  EXPECT_EQ(attrs["huge"]["diagnostics"][0]["range"]["start"]["column"], 9);
  EXPECT_TRUE(contains(attrs["list"]["diagnostics"][0]["detail"], "(at [1])"));
}

}  // namespace
