// The typechecker: the spec's table of default literal mismatches (every row, for fields and for
// optional(T, DEFAULT)), whole numbers for int, full structural checks of complex defaults with
// their paths and the ranges of the offending elements, constant defaults, duplicates.
#include <gtest/gtest.h>

#include "inputs_testing.hpp"

namespace {

using namespace hclschema;
using inputs_testing::describe;
using inputs_testing::describe_all;
using inputs_testing::read;

// A file with `declaration` on line 2 from column 3, and the diagnostics its check gives.
std::vector<std::string> check_line(const std::string& declaration) {
  InputsResult r = read("input \"s\" {\n  " + declaration + "\n}\n");
  inputs_testing::expect_ranges_true(r);
  return describe_all(r.diagnostics);
}

// "@2:C-2:E" for the first occurrence of `part` in the declaration on line 2.
std::string at(const std::string& declaration, const std::string& part) {
  const size_t i = declaration.find(part);
  const size_t col = i + 3;
  return "@2:" + std::to_string(col) + "-2:" + std::to_string(col + part.size());
}

// Every row of the spec's "Default value type checking" table, exactly.
TEST(InputsSpecTable, DefaultLiteralMismatches) {
  struct Row {
    const char* declaration;
    const char* literal;
    const char* message;
  } rows[] = {
      {"name: string = 42", "42", "default value is a number literal but field type is string"},
      {"name: string = true", "true", "default value is a boolean literal but field type is string"},
      {"count: number = \"30s\"", "\"30s\"", "default value is a string literal but field type is number"},
      {"count: number = true", "true", "default value is a boolean literal but field type is number"},
      {"enabled: bool = \"yes\"", "\"yes\"", "default value is a string literal but field type is bool"},
      {"enabled: bool = 1", "1", "default value is a number literal but field type is bool"},
  };
  for (const Row& row : rows) {
    EXPECT_EQ(check_line(row.declaration),
              std::vector<std::string>{"error" + at(row.declaration, row.literal) + " Invalid default value: " + row.message})
        << row.declaration;
  }
}

// The same rows with the default given as optional(T, DEFAULT).
TEST(InputsSpecTable, OptionalDefaultLiteralMismatches) {
  struct Row {
    const char* declaration;
    const char* literal;
    const char* message;
  } rows[] = {
      {"name: optional(string, 42)", "42", "default value is a number literal but field type is string"},
      {"name: optional(string, true)", "true", "default value is a boolean literal but field type is string"},
      {"count: optional(number, \"30s\")", "\"30s\"", "default value is a string literal but field type is number"},
      {"count: optional(number, true)", "true", "default value is a boolean literal but field type is number"},
      {"enabled: optional(bool, \"yes\")", "\"yes\"", "default value is a string literal but field type is bool"},
      {"enabled: optional(bool, 1)", "1", "default value is a number literal but field type is bool"},
      {"db: object({port: optional(int, \"x\")})", "\"x\"", "default value is a string literal but field type is int"},
      {"db: list(object({on: optional(bool, 0)}))", "0", "default value is a number literal but field type is bool"},
  };
  for (const Row& row : rows) {
    EXPECT_EQ(check_line(row.declaration),
              std::vector<std::string>{"error" + at(row.declaration, row.literal) + " Invalid default value: " + row.message})
        << row.declaration;
  }
}

// int: number literals only, and whole ones; other kinds of default at the top of a field.
TEST(InputsTypecheck, TopLevelMismatches) {
  struct Row {
    const char* declaration;
    const char* part;
    const char* message;
  } rows[] = {
      {"count: int = \"3\"", "\"3\"", "default value is a string literal but field type is int"},
      {"count: int = false", "false", "default value is a boolean literal but field type is int"},
      {"count: int = 1.5", "1.5", "default value 1.5 is not a whole number but field type is int"},
      {"count: int = -0.25", "-0.25", "default value -0.25 is not a whole number but field type is int"},
      {"count: optional(int, 2.5)", "2.5", "default value 2.5 is not a whole number but field type is int"},
      {"azs: list(string) = \"a\"", "\"a\"", "default value is a string literal but field type is list(string)"},
      {"azs: list(string) = {a = 1}", "{a = 1}", "default value is an object but field type is list(string)"},
      {"name: string = [1]", "[1]", "default value is a tuple but field type is string"},
      {"name: string = <<EOT\nx\nEOT", "", ""},  // a heredoc is a string: no error
      {"db: object({a: int}) = 3", "3", "default value is a number literal but field type is object({a: int})"},
      {"n: number = 1 == 1", "1 == 1", "default value is a bool but field type is number"},
      {"pair: tuple([string, int]) = [\"host\"]", "[\"host\"]", "default value has 1 elements but field type is tuple([string, int]), which has 2"},
      {"pair: optional(tuple([string, int]), {})", "{}", "default value is an object but field type is tuple([string, int])"},
  };
  for (const Row& row : rows) {
    std::vector<std::string> want;
    if (*row.message) want.push_back("error" + at(row.declaration, row.part) + " Invalid default value: " + row.message);
    EXPECT_EQ(check_line(row.declaration), want) << row.declaration;
  }
}

TEST(InputsTypecheck, CompatibleDefaults) {
  const char* declarations[] = {
      "name: string = \"x\"",
      "name: string = \"${\"a\"}b\"",
      "name: string = null",
      "count: number = 1",
      "count: number = -2.5",
      "count: int = -3",
      "count: int = 1e3",
      "count: int = 12345678901234567890123",
      "on: bool = false",
      "meta: any = [1, \"a\", {b = true}]",
      "cidr: CIDR = \"10.0.0.0/8\"",
      "nat: aws.ec2.NatStrategy = {kind = \"single\"}",
      "azs: list(string) = []",
      "azs: list(string) = [\"a\", \"b\"]",
      "ports: set(int) = [80, 443, 80]",
      "tags: map(string) = {}",
      "tags: map(string) = {Name = \"x\", \"with space\" = \"y\"}",
      "endpoint: tuple([string, int]) = [\"host\", 5432]",
      "db: object({host: string, port: int}) = {host = \"h\", port = 5432}",
      "db: object({host: string, port: optional(int, 80)}) = {host = \"h\"}",
      "db: object({host: string, tls: optional(bool)}) = {host = \"h\", tls = null}",
      "nets: list(object({cidr: string, az: string})) = [{cidr = \"10.0.0.0/24\", az = \"a\"}]",
      "az_map: map(list(string)) = {eu = [\"a\", \"b\"], us = []}",
      "extra: optional(list(string), [\"x\"])",
      "extra: optional(map(number)) = {a = 1}",
      "timeout: optional(number, 30)",
      "deep: list(list(list(int))) = [[[1]], [[2, 3], []]]",
  };
  for (const char* d : declarations) EXPECT_EQ(check_line(d), std::vector<std::string>{}) << d;
}

// Beyond the spec: complex defaults are checked all the way down; the message names the path and
// the range is the offending element's when the default is written as a constructor.
TEST(InputsTypecheck, StructuralMismatches) {
  struct Row {
    const char* declaration;
    std::vector<std::pair<const char*, const char*>> errors;  // (part of the line, message)
  } rows[] = {
      {"ports: list(int) = [80, \"x\", 1.5]",
       {{"\"x\"", "default value element 1: int required, got string"}, {"1.5", "default value element 2: a whole number is required, got 1.5"}}},
      {"ips: set(string) = [\"a\", 1]", {{"1", "default value element 1: string required, got number"}}},
      {"db: object({host: string, port: int}) = {host = \"h\", port = \"p\"}", {{"\"p\"", "default value attribute \"port\": int required, got string"}}},
      {"db: object({host: string, port: int}) = {host = \"h\"}",
       {{"{host = \"h\"}", "default value: attribute \"port\" is required"}}},
      {"db: object({host: string}) = {host = \"h\", prot = 2}",
       {{"2", "default value: unexpected attribute \"prot\", which the type does not declare"}}},
      {"nets: list(object({port: int})) = [{port = 1}, {port = \"x\"}]",
       {{"\"x\"", "default value element 1: attribute \"port\": int required, got string"}}},
      {"m: map(number) = {a = 1, b = \"x\"}", {{"\"x\"", "default value element \"b\": number required, got string"}}},
      {"m: map(number) = {\"a b\" = true}", {{"true", "default value element \"a b\": number required, got bool"}}},
      {"pair: tuple([string, int]) = [1, 5432]", {{"1", "default value element 0: string required, got number"}}},
      {"ll: list(list(string)) = [[\"a\"], \"b\"]", {{"\"b\"", "default value element 1: list(string) required, got string"}}},
      {"o: object({inner: object({n: int})}) = {inner = {n = 1.5}}",
       {{"1.5", "default value attribute \"inner\": attribute \"n\": a whole number is required, got 1.5"}}},
      {"o: object({t: tuple([int])}) = {t = [1, 2]}", {{"[1, 2]", "default value attribute \"t\": exactly 1 elements required, got 2"}}},
      {"x: optional(list(int), [1, \"a\"])", {{"\"a\"", "default value element 1: int required, got string"}}},
      {"x: optional(object({a: optional(list(bool), [true, 3])}))", {{"3", "default value element 1: bool required, got number"}}},
  };
  for (const Row& row : rows) {
    std::vector<std::string> want;
    for (const auto& [part, message] : row.errors) want.push_back("error" + at(row.declaration, part) + " Invalid default value: " + message);
    EXPECT_EQ(check_line(row.declaration), want) << row.declaration;
  }
}

// Paths compose through maps and sets: a map key, then an element index.
TEST(InputsTypecheck, PathThroughMapAndSet) {
  EXPECT_EQ(check_line("s: map(set(int)) = {a = [1, true]}"),
            std::vector<std::string>{"error" + at("s: map(set(int)) = {a = [1, true]}", "true") +
                                     " Invalid default value: default value element \"a\": element 1: int required, got bool"});
}

TEST(InputsTypecheck, DefaultsAreConstants) {
  auto var = check_line("name: string = var.x");
  ASSERT_EQ(var.size(), 1u);
  EXPECT_EQ(var[0], "error" + at("name: string = var.x", "var") + " Variables not allowed: Variables may not be used here.");
  auto fn = check_line("name: string = upper(\"a\")");
  ASSERT_EQ(fn.size(), 1u);
  EXPECT_NE(fn[0].find("Function calls not allowed"), std::string::npos) << fn[0];
  auto opt = check_line("name: optional(string, var.y)");
  ASSERT_EQ(opt.size(), 1u);
  EXPECT_NE(opt[0].find("Variables not allowed"), std::string::npos) << opt[0];
}

TEST(InputsTypecheck, ConflictingDefaults) {
  const std::string line = "timeout: optional(number, 30) = 40";
  EXPECT_EQ(check_line(line), std::vector<std::string>{"error" + at(line, "40") +
                                                       " Conflicting defaults: The field \"timeout\" has a default both in optional(T, DEFAULT) "
                                                       "and after its type; keep one of them."});
}

TEST(InputsTypecheck, DuplicateFields) {
  InputsResult r = read("input \"s\" {\n  port: int\n  host: string\n  port: number\n}\n");
  EXPECT_EQ(describe_all(r.diagnostics),
            std::vector<std::string>{"error@4:3-4:7 Duplicate field: The field \"port\" was already declared at inputs.hcl:2,3-7. Each field of an "
                                     "input may be declared only once."});
  // Both are kept in the model, in order.
  EXPECT_EQ(r.inputs[0].fields.size(), 3u);
}

// Input names must be unique across every file checked together.
TEST(InputsTypecheck, DuplicateInputs) {
  InputsResult a = parse_inputs(SourceFile::from_string("a.hcl", "input \"s\" {\n}\ninput \"t\" {\n}\ninput \"s\" {\n}\n"));
  InputsResult b = parse_inputs(SourceFile::from_string("b.hcl", "\ninput \"t\" {\n}\n"));
  std::vector<InputBlock> all = std::move(a.inputs);
  for (auto& block : b.inputs) all.push_back(std::move(block));
  Diagnostics d = check_inputs(all);
  EXPECT_EQ(describe_all(d),
            (std::vector<std::string>{
                "error@5:7-5:10 Duplicate input: An input named \"s\" was already declared at a.hcl:1,1-10. Each input name may be used only once.",
                "error@2:7-2:10 Duplicate input: An input named \"t\" was already declared at a.hcl:3,1-10. Each input name may be used only once.",
            }));
  EXPECT_EQ(d[1].subject->filename, "b.hcl");
}

}  // namespace
