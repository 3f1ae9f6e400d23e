// End-to-end tests of the `hclschema` binary: help texts, exit codes, `parse` output and colour.
// Each test runs build/hclschema (HCLSCHEMA_BINARY_DIR) through popen in tests/cli/, capturing
// stdout, stderr and the exit status.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

namespace {

using namespace hclschema_cli_test;

const std::array<const char*, 8> commands = {"parse", "eval", "type", "convert", "validate", "decode", "vars", "inputs"};

TEST(Cli, HelpListsEveryCommand) {
  CliRun r = run("--help");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* command : commands) EXPECT_TRUE(contains(r.out, std::string("hclschema ") + command)) << command << "\n" << r.out;
  EXPECT_TRUE(contains(r.out, "Exit status"));
}

struct HelpCase {
  const char* command;
  std::vector<std::string> options;
};

class CliCommandHelp : public ::testing::TestWithParam<HelpCase> {};

TEST_P(CliCommandHelp, ListsEveryOption) {
  CliRun r = run(std::string(GetParam().command) + " --help");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, std::string("Usage: hclschema ") + GetParam().command)) << r.out;
  for (const auto& option : GetParam().options) EXPECT_TRUE(contains(r.out, option)) << option << "\n" << r.out;
}

INSTANTIATE_TEST_SUITE_P(
    Contract, CliCommandHelp,
    ::testing::Values(HelpCase{"parse", {"FILE", "--format", "text", "json"}},
                      HelpCase{"eval", {"EXPR", "--vars", "FILE.json", "--format"}},
                      HelpCase{"type", {"TYPE_EXPR", "--format"}},
                      HelpCase{"convert", {"TYPE_EXPR", "VALUE_EXPR", "--format"}},
                      HelpCase{"validate", {"--schema", "FILE", "--format", "sarif", "--vars-file"}},
                      HelpCase{"decode", {"--schema", "FILE", "--vars-file"}},
                      HelpCase{"vars", {"-chdir=DIR", "-var NAME=VALUE", "-var-file=FILE", "--explain", "--format", "--show-sensitive"}},
                      HelpCase{"inputs", {"FILE", "--format", "--emit", "python"}}),
    [](const auto& info) { return std::string(info.param.command); });

TEST(Cli, UsageErrorsExit2) {
  for (const char* args : {"", "bogus", "parse", "parse --bogus valid.hcl", "parse --format yaml valid.hcl", "--bogus",
                           "validate valid.hcl", "inputs --emit cobol valid.hcl", "vars -var",
                           // each -var takes exactly one NAME=VALUE; misspelt Terraform flags are not guessed at
                           "vars -var a=1 b=2", "vars -chdri=x", "vars -var-files=x"}) {
    CliRun r = run(args);
    EXPECT_EQ(r.exit_code, 2) << "args: " << args << "\n" << r.out << r.err;
    EXPECT_FALSE(r.err.empty()) << "args: " << args;
  }
}

TEST(Cli, UnknownCommandIsNamed) {
  CliRun r = run("bogus");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "unknown command 'bogus'")) << r.err;
}

// Commands of later issues parse their flags, then say honestly that they do not work yet.
// ---- eval ------------------------------------------------------------------------------------------

TEST(CliEval, PrintsValueAndTypeAsText) {
  CliRun r = run("eval '[for x in xs : x * 2 if x > 1]' --vars eval_vars.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "[4,6]\ntype: [\"tuple\",[\"number\",\"number\"]]\n");
}

TEST(CliEval, JsonKeepsEveryDigit) {
  CliRun r = run("eval 'big + 1' --vars eval_vars.json --format json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto out = nlohmann::json::parse(r.out);
  EXPECT_EQ(out["type"], "number");
  EXPECT_TRUE(contains(r.out, "\"value\": 12345678901234567890124")) << r.out;
}

TEST(CliEval, TemplatesObjectsAndTraversals) {
  CliRun r = run("eval '{ id = \"${name}-${tags.env}\", n = length }' --vars eval_vars.json --format json", "", "");
  // `length` without a call is an unknown variable: an error, with its did-you-mean-free detail.
  EXPECT_EQ(r.exit_code, 1);
  auto out = nlohmann::json::parse(r.out);
  ASSERT_EQ(out["diagnostics"].size(), 1u);
  EXPECT_EQ(out["diagnostics"][0]["summary"], "Unknown variable");
  CliRun ok = run("eval '{ id = \"${name}-${tags.env}\" }' --vars eval_vars.json --format json");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(nlohmann::json::parse(ok.out)["value"]["id"], "web-prod");
}

TEST(CliEval, FunctionsAndSensitiveResults) {
  CliRun r = run("eval 'upper(join(\"-\", [\"a\", \"b\"]))'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "\"A-B\"\ntype: \"string\"\n");
  for (const char* format : {"text", "json"}) {
    CliRun s = run(std::string("eval 'sensitive(\"tok_secret\")' --format ") + format);
    EXPECT_EQ(s.exit_code, 0) << s.err;
    EXPECT_FALSE(contains(s.out + s.err, "tok_secret")) << format << ": " << s.out;
  }
  CliRun p = run("parse sensitive.hcl --format json");
  EXPECT_EQ(p.exit_code, 0) << p.err;
  EXPECT_FALSE(contains(p.out, "tok_secret")) << p.out;
  auto attrs = nlohmann::json::parse(p.out)["files"][0]["body"]["attributes"];
  EXPECT_EQ(attrs["token"]["sensitive"], true);
  EXPECT_EQ(attrs["plain"]["value"], "X");
  EXPECT_EQ(attrs["decoded"]["type"], "dynamic");
}

// The type of a sensitive value is shown, except where it holds an object or tuple: those name
// attributes and count elements, which for decoded secrets are the secret's own keys and length.
TEST(CliEval, SensitiveStructureIsWithheldFromTheType) {
  for (const char* format : {"text", "json"}) {
    CliRun r = run(std::string(R"(eval 'jsondecode(sensitive("{\"tok_key\": [1, 2]}"))' --format )") + format);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_FALSE(contains(r.out + r.err, "tok_key")) << format << ": " << r.out;
  }
  auto type_of = [](const std::string& expr) {
    CliRun r = run("eval '" + expr + "' --format json");
    EXPECT_EQ(r.exit_code, 0) << expr << ": " << r.err;
    return nlohmann::json::parse(r.out)["type"];
  };
  EXPECT_EQ(type_of(R"(jsondecode(sensitive("{\"tok_key\": 1}")))"), "dynamic");
  EXPECT_EQ(type_of(R"({a = jsondecode(sensitive("[1, 2]")), b = "x"})"),
            nlohmann::json::parse(R"(["object", {"a": "dynamic", "b": "string"}])"));
  EXPECT_EQ(type_of(R"([{k = sensitive({tok_key = 1})}, {k = {tok_key = 2}}])"),
            nlohmann::json::parse(R"(["tuple", [["object", {"k": "dynamic"}], ["object", {"k": ["object", {"tok_key": "number"}]}]]])"));
  EXPECT_EQ(type_of(R"(tolist([sensitive({tok_key = 1}), {tok_key = 2}]))"), nlohmann::json::parse(R"(["list", "dynamic"])"));
  // Names nothing: shown as it is (a tuple would count its elements).
  EXPECT_EQ(type_of(R"(tolist(sensitive(["a", "b"])))"), nlohmann::json::parse(R"(["list", "string"])"));
  EXPECT_EQ(type_of(R"(sensitive("x"))"), "string");
}

TEST(CliEval, ErrorsPointIntoTheExpression) {
  CliRun r = run("eval '1 +'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "Error: Missing expression")) << r.err;
  EXPECT_TRUE(contains(r.err, "on <expr> line 1:")) << r.err;
  CliRun j = run("eval 'nope' --format json");
  EXPECT_EQ(j.exit_code, 1);
  EXPECT_EQ(nlohmann::json::parse(j.out)["diagnostics"][0]["summary"], "Unknown variable");
}

TEST(CliEval, AnExpressionPastTheWorkLimitStopsWithOneError) {
  // A billion iterations in little memory: the default work limit stops it in about half a second.
  CliRun r = run("eval '[for a in range(1024) : [for b in range(1024) : [for c in range(1024) : 1 if false]]]'");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "Error: Evaluation too expensive")) << r.err;
  EXPECT_TRUE(contains(r.err, "on <expr> line 1:")) << r.err;
  EXPECT_TRUE(contains(r.err, "more than the limit of 20000000 units of work")) << r.err;
  // The caret line marks a part of the innermost loop (the loop or its range() call), where the
  // budget ran out.
  EXPECT_TRUE(contains(r.err, std::string(54, ' ') + "^")) << r.err;
  CliRun j = run("eval '[for a in range(1024) : [for b in range(1024) : [for c in range(1024) : 1 if false]]]' --format json");
  EXPECT_EQ(j.exit_code, 1);
  const auto diags = nlohmann::json::parse(j.out)["diagnostics"];
  ASSERT_EQ(diags.size(), 1u) << j.out;
  EXPECT_EQ(diags[0]["summary"], "Evaluation too expensive");
  EXPECT_GE(diags[0]["range"]["start"]["column"], 49);
}

TEST(CliEval, BadVariablesFileIsAUsageProblem) {
  CliRun missing = run("eval '1' --vars no-such-file.json");
  EXPECT_EQ(missing.exit_code, 2);
  CliRun not_object = run("eval '1' --vars valid.hcl.json --format json");  // an object, so it loads
  EXPECT_EQ(not_object.exit_code, 0) << not_object.err;
  CliRun array = run("eval '1' --vars <(echo '[1]')", "", "bash -c \"%s\"");
  EXPECT_EQ(array.exit_code, 2) << array.err;
}

TEST(CliParse, JsonAddsValuesOfAttributesThatEvaluateWithoutVariables) {
  CliRun r = run("parse values.hcl --format json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto attrs = nlohmann::json::parse(r.out)["files"][0]["body"]["attributes"];
  EXPECT_EQ(attrs["sum"]["value"], 3);
  EXPECT_EQ(attrs["sum"]["type"], "number");
  EXPECT_FALSE(attrs["ref"].contains("value"));
  EXPECT_EQ(attrs["ref"]["diagnostics"][0]["summary"], "Variables not allowed");
  EXPECT_TRUE(contains(r.out, "\"value\": 12345678901234567890123")) << "numbers keep every digit";
  EXPECT_EQ(attrs["which"]["value"], "@@hclschema-value-0@@") << "text that looks like a placeholder stays text";
  auto block = nlohmann::json::parse(r.out)["files"][0]["body"]["blocks"][0]["body"]["attributes"];
  EXPECT_EQ(block["ports"]["type"], nlohmann::json::parse(R"(["tuple",["number","number"]])"));
}

TEST(CliParse, ValidFilesPrintNothing) {
  CliRun r = run("parse valid.hcl valid.hcl.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
}

TEST(CliParse, MissingFileExits2) {
  CliRun r = run("parse valid.hcl no-such-file.hcl");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "Error: ")) << r.err;
  EXPECT_TRUE(contains(r.err, "no-such-file.hcl")) << r.err;
  EXPECT_EQ(r.out, "");
  // Also with --format json: an I/O problem is not a result.
  r = run("parse --format json no-such-file.hcl");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
}

TEST(CliParse, InvalidFileExits1WithTextDiagnostics) {
  CliRun r = run("parse valid.hcl invalid.hcl");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");  // diagnostics go to stderr
  EXPECT_TRUE(contains(r.err, "Error: Invalid expression\n\n")) << r.err;
  EXPECT_TRUE(contains(r.err, "  on invalid.hcl line 5, in resource \"aws_instance\" \"web\":\n   5:   ami =\n")) << r.err;
  EXPECT_TRUE(contains(r.err, "\n             ^\n")) << r.err;  // a point just past "ami ="
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << "no colour when stderr is not a terminal";
}

TEST(CliParse, InvalidJsonSyntaxFile) {
  CliRun r = run("parse invalid.json");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(contains(r.err, "Error: ")) << r.err;
  EXPECT_TRUE(contains(r.err, "  on invalid.json line 4:")) << r.err;
}

TEST(CliParse, JsonFormat) {
  CliRun r = run("parse --format json valid.hcl invalid.hcl valid.hcl.json");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.err, "");
  auto doc = nlohmann::json::parse(r.out);
  ASSERT_TRUE(doc.contains("files"));
  ASSERT_EQ(doc["files"].size(), 3u);
  EXPECT_EQ(doc["files"][0]["filename"], "valid.hcl");
  EXPECT_EQ(doc["files"][1]["filename"], "invalid.hcl");
  EXPECT_EQ(doc["files"][2]["filename"], "valid.hcl.json");
  for (const auto& file : doc["files"]) {
    EXPECT_TRUE(file["body"].contains("attributes")) << file;
    EXPECT_TRUE(file["body"].contains("blocks")) << file;
    EXPECT_TRUE(file["diagnostics"].is_array());
  }
  const auto& attrs = doc["files"][0]["body"]["attributes"];
  ASSERT_TRUE(attrs.contains("name"));
  EXPECT_EQ(attrs["name"]["expr"]["kind"], "TemplateExpr");
  EXPECT_EQ(attrs["name"]["range"]["start"], nlohmann::json::parse(R"({"line":2,"column":1,"byte":76})"));
  const auto& block = doc["files"][0]["body"]["blocks"][0];
  EXPECT_EQ(block["type"], "resource");
  EXPECT_EQ(block["labels"], nlohmann::json::parse(R"(["aws_instance","web"])"));
  EXPECT_TRUE(doc["files"][0]["diagnostics"].empty());
  const auto& diags = doc["files"][1]["diagnostics"];
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0]["severity"], "error");
  EXPECT_EQ(diags[0]["summary"], "Invalid expression");
  EXPECT_EQ(diags[0]["range"]["filename"], "invalid.hcl");
  EXPECT_EQ(diags[0]["range"]["start"]["line"], 5);

  r = run("parse --format json valid.hcl");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(nlohmann::json::accept(r.out)) << r.out;
}

// Colour needs a terminal: `script` runs the command on a pseudo-terminal.
// (A container without pseudo-terminals cannot run it; the test is skipped there.)
bool have_script() { return std::system("script -qec true /dev/null >/dev/null 2>&1") == 0; }

TEST(CliParse, ColourOnlyOnATerminalWithoutNoColor) {
  if (!have_script()) GTEST_SKIP() << "util-linux `script` cannot run a pseudo-terminal here";
  CliRun tty = run("parse invalid.hcl", "", "script -qec \"%s\" /dev/null");
  EXPECT_EQ(tty.exit_code, 1) << tty.out << tty.err;
  EXPECT_TRUE(contains(tty.out, "\x1b[1;31mError\x1b[0m: Invalid expression")) << tty.out;

  CliRun no_color = run("parse invalid.hcl", "NO_COLOR=1", "script -qec \"%s\" /dev/null");
  EXPECT_EQ(no_color.exit_code, 1);
  EXPECT_TRUE(contains(no_color.out, "Error: Invalid expression")) << no_color.out;
  EXPECT_EQ(no_color.out.find('\x1b'), std::string::npos) << no_color.out;
}

}  // namespace
