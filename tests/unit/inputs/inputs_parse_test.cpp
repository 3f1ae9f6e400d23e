// The input block language as the spec (../shared/spec/001_*.txt) writes it: every example parses
// to the fields, canonical types, required flags and accessors the spec's table gives; comments,
// blank lines, one-line blocks and multi-line types; exact ranges of fields and inputs.
#include <gtest/gtest.h>

#include "inputs_testing.hpp"

namespace {

using namespace hclschema;
using inputs_testing::describe_all;
using inputs_testing::field;
using inputs_testing::read;

struct FieldWant {
  const char* name;
  const char* type;
  bool required;
  const char* accessor;
};

void expect_fields(const std::string& text, const std::vector<FieldWant>& want) {
  InputsResult r = read(text);
  EXPECT_TRUE(r.diagnostics.empty()) << testing::PrintToString(describe_all(r.diagnostics)) << "\n" << text;
  ASSERT_EQ(r.inputs.size(), 1u) << text;
  ASSERT_EQ(r.inputs[0].fields.size(), want.size()) << text;
  for (size_t i = 0; i < want.size(); ++i) {
    const InputField& f = r.inputs[0].fields[i];
    EXPECT_EQ(f.name, want[i].name);
    EXPECT_EQ(type_text(f.type), want[i].type) << f.name;
    EXPECT_EQ(f.required, want[i].required) << f.name;
    EXPECT_EQ(f.accessor, want[i].accessor) << f.name;
  }
}

// The spec's first example, under "Primitive types".
TEST(InputsSpecExamples, PrimitiveTypes) {
  expect_fields(
      "input \"s\" {\n"
      "    name:    string\n"
      "    enabled: bool   = true\n"
      "    count:   int    = 1\n"
      "    ratio:   number = 0.5\n"
      "    meta:    any\n"
      "}\n",
      {{"name", "string", true, "config.require"},
       {"enabled", "bool", false, "config.get_bool"},
       {"count", "int", false, "config.get_int"},
       {"ratio", "number", false, "config.get_float"},
       {"meta", "any", true, "config.require_object"}});
}

// Every row of the spec's table of primitive types and their Python config accessors: require*
// without a default, get* with one.
TEST(InputsSpecTable, PrimitiveAccessors) {
  struct Row {
    const char* type;
    const char* default_text;
    const char* get;
    const char* require;
  } rows[] = {
      {"string", "\"x\"", "config.get", "config.require"},
      {"bool", "true", "config.get_bool", "config.require_bool"},
      {"number", "1.5", "config.get_float", "config.require_float"},
      {"int", "2", "config.get_int", "config.require_int"},
      {"any", "{a = 1}", "config.get_object", "config.require_object"},
  };
  for (const Row& row : rows) {
    expect_fields(std::string("input \"s\" {\n  a: ") + row.type + "\n  b: " + row.type + " = " + row.default_text + "\n  c: optional(" + row.type +
                      ")\n}\n",
                  {{"a", row.type, true, row.require}, {"b", row.type, false, row.get}, {"c", (std::string("optional(") + row.type + ")").c_str(), false, row.get}});
  }
}

// The examples under "Collection types", "Object type", "optional(T)", "Named types".
TEST(InputsSpecExamples, EveryTypeForm) {
  struct Case {
    const char* declaration;
    const char* type;
    bool required;
    const char* accessor;
  } cases[] = {
      {"azs:         list(string)", "list(string)", true, "config.require_object"},
      {"port_ranges: list(int)", "list(int)", true, "config.require_object"},
      {"allowed_ips: set(string)", "set(string)", true, "config.require_object"},
      {"tags:         map(string)", "map(string)", true, "config.require_object"},
      {"replica_info: map(number)", "map(number)", true, "config.require_object"},
      {"endpoint: tuple([string, int])    // e.g. [\"host\", 5432]", "tuple([string, int])", true, "config.require_object"},
      {"db_config: object({\n    host: string\n    port: int\n    name: string\n})", "object({host: string, port: int, name: string})", true,
       "config.require_object"},
      {"extra_tags: optional(map(string))", "optional(map(string))", false, "config.get_object"},
      {"timeout: optional(number, 30)", "optional(number, 30)", false, "config.get_float"},
      {"nat_strategy: aws.ec2.NatStrategy", "aws.ec2.NatStrategy", true, "config.require_object"},
      {"cidr:         CIDR", "CIDR", true, "config.require_object"},
  };
  for (const Case& c : cases) {
    std::string text = std::string("input \"s\" {\n    ") + c.declaration + "\n}\n";
    InputsResult r = read(text);
    EXPECT_TRUE(r.diagnostics.empty()) << testing::PrintToString(describe_all(r.diagnostics)) << "\n" << text;
    ASSERT_EQ(r.inputs.size(), 1u);
    ASSERT_EQ(r.inputs[0].fields.size(), 1u) << text;
    const InputField& f = r.inputs[0].fields[0];
    EXPECT_EQ(type_text(f.type), c.type) << text;
    EXPECT_EQ(f.required, c.required) << text;
    EXPECT_EQ(f.accessor, c.accessor) << text;
  }
}

// "Nested types": comments, blank lines, types spanning lines.
TEST(InputsSpecExamples, NestedTypes) {
  expect_fields(
      "input \"s\" {\n"
      "    // list of objects\n"
      "    subnet_configs: list(object({\n"
      "        cidr: string\n"
      "        az:   string\n"
      "    }))\n"
      "\n"
      "    // map of lists\n"
      "    az_map: map(list(string))\n"
      "\n"
      "    // optional list\n"
      "    extra_cidrs: optional(list(string))\n"
      "}\n",
      {{"subnet_configs", "list(object({cidr: string, az: string}))", true, "config.require_object"},
       {"az_map", "map(list(string))", true, "config.require_object"},
       {"extra_cidrs", "optional(list(string))", false, "config.get_object"}});
}

TEST(InputsParse, NamedTypesAreAnyAtRuntime) {
  InputsResult r = read("input \"s\" {\n  nat_strategy: aws.ec2.NatStrategy\n  cidr: CIDR\n}\n");
  ASSERT_TRUE(r.diagnostics.empty());
  const InputField* nat = field(r, "nat_strategy");
  ASSERT_TRUE(nat);
  EXPECT_EQ(nat->type.kind, InputType::Kind::named);
  EXPECT_EQ(nat->type.path, "aws.ec2.NatStrategy");
  EXPECT_TRUE(runtime_type(nat->type).is_dynamic());
  EXPECT_EQ(field(r, "cidr")->type.path, "CIDR");
}

TEST(InputsParse, RuntimeTypes) {
  InputsResult r = read(
      "input \"s\" {\n  a: int\n  b: list(object({port: int, host: optional(string)}))\n  c: optional(tuple([bool, number]))\n"
      "  d: map(set(string))\n}\n");
  ASSERT_TRUE(r.diagnostics.empty()) << testing::PrintToString(describe_all(r.diagnostics));
  EXPECT_EQ(runtime_type(field(r, "a")->type), Type::number());
  Type object = Type::object({{"port", Type::number()}, {"host", Type::string()}}, {"host"});
  EXPECT_EQ(runtime_type(field(r, "b")->type), Type::list(object));
  EXPECT_EQ(runtime_type(field(r, "c")->type), Type::tuple({Type::boolean(), Type::number()}));
  EXPECT_EQ(runtime_type(field(r, "d")->type), Type::map(Type::set(Type::string())));
}

// Object fields use `name: TYPE`, separated by newlines or commas; HCL's `name = TYPE` also reads.
TEST(InputsParse, ObjectFieldSeparators) {
  struct Case {
    const char* type;
    const char* want;
  } cases[] = {
      {"object({a: string, b: int})", "object({a: string, b: int})"},
      {"object({a: string,\n b: int,\n})", "object({a: string, b: int})"},
      {"object({\n  a: string\n  b: int\n})", "object({a: string, b: int})"},
      {"object({a = string, b = int})", "object({a: string, b: int})"},
      {"object({})", "object({})"},
      {"tuple([])", "tuple([])"},
      {"tuple([\n  string,\n  int,\n])", "tuple([string, int])"},
      {"object({b: int, a: optional(string, \"x\")})", "object({b: int, a: optional(string, \"x\")})"},
  };
  for (const Case& c : cases) {
    std::string text = std::string("input \"s\" {\n  f: ") + c.type + "\n}\n";
    InputsResult r = read(text);
    EXPECT_TRUE(r.diagnostics.empty()) << testing::PrintToString(describe_all(r.diagnostics)) << "\n" << text;
    ASSERT_EQ(r.inputs.size(), 1u);
    ASSERT_EQ(r.inputs[0].fields.size(), 1u) << text;
    EXPECT_EQ(type_text(r.inputs[0].fields[0].type), c.want) << text;
  }
}

// Comments of every kind, blank lines, one-line blocks, identifier labels, several blocks.
TEST(InputsParse, LayoutVariants) {
  InputsResult r = read(
      "# a file of inputs\n"
      "/* block\n comment */\n"
      "input \"a\" {\n"
      "  x: int = 1 # trailing\n"
      "  y: string // trailing\n"
      "  z: /* inline */ bool /* and */ = /* here */ false\n"
      "\n"
      "}\n"
      "input b { w: number }\n"
      "input \"c\" {}\n"
      "input \"d\" {\n  v: list(\n    string\n  ) = [\n    \"a\",\n    \"b\",\n  ]\n}\n");
  EXPECT_TRUE(r.diagnostics.empty()) << testing::PrintToString(describe_all(r.diagnostics));
  ASSERT_EQ(r.inputs.size(), 4u);
  EXPECT_EQ(r.inputs[0].name, "a");
  ASSERT_EQ(r.inputs[0].fields.size(), 3u);
  EXPECT_EQ(type_text(r.inputs[0].fields[2].type), "bool");
  ASSERT_TRUE(r.inputs[0].fields[2].default_value);
  ASSERT_TRUE(r.inputs[0].fields[2].default_value->value);
  EXPECT_FALSE(r.inputs[0].fields[2].default_value->value->as_bool());
  EXPECT_EQ(r.inputs[1].name, "b");
  ASSERT_EQ(r.inputs[1].fields.size(), 1u);
  EXPECT_EQ(r.inputs[1].fields[0].name, "w");
  EXPECT_TRUE(r.inputs[2].fields.empty());
  ASSERT_EQ(r.inputs[3].fields.size(), 1u);
  EXPECT_EQ(type_text(r.inputs[3].fields[0].type), "list(string)");
  ASSERT_TRUE(r.inputs[3].fields[0].default_value->value);
  EXPECT_EQ(r.inputs[3].fields[0].default_value->value->length(), 2u);
}

TEST(InputsParse, LabelEscapesAreDecoded) {
  InputsResult r = read("input \"a\\tb\\u00e9\" {\n}\n");
  ASSERT_TRUE(r.diagnostics.empty()) << testing::PrintToString(describe_all(r.diagnostics));
  ASSERT_EQ(r.inputs.size(), 1u);
  EXPECT_EQ(r.inputs[0].name, "a\tb\xc3\xa9");
}

// Ranges: of the block header, the name, each field and its parts; columns count grapheme clusters.
TEST(InputsParse, Ranges) {
  InputsResult r = read("input \"é\" {\n  port: int = 8080\n  tags: map(string)\n}\n");
  ASSERT_TRUE(r.diagnostics.empty());
  const InputBlock& b = r.inputs[0];
  EXPECT_EQ(b.range.start, (Pos{1, 1, 0}));
  EXPECT_EQ(b.range.end, (Pos{1, 10, 10}));
  EXPECT_EQ(b.name_range.start, (Pos{1, 7, 6}));
  EXPECT_EQ(b.range.filename, "inputs.hcl");
  const InputField& port = b.fields[0];
  EXPECT_EQ(port.name_range.start, (Pos{2, 3, 15}));
  EXPECT_EQ(port.name_range.end, (Pos{2, 7, 19}));
  EXPECT_EQ(port.type.range.start, (Pos{2, 9, 21}));
  EXPECT_EQ(port.type.range.end, (Pos{2, 12, 24}));
  ASSERT_TRUE(port.default_value);
  EXPECT_EQ(port.default_value->range.start, (Pos{2, 15, 27}));
  EXPECT_EQ(port.default_value->range.end, (Pos{2, 19, 31}));
  EXPECT_EQ(port.range.start, port.name_range.start);
  EXPECT_EQ(port.range.end, port.default_value->range.end);
  const InputField& tags = b.fields[1];
  EXPECT_EQ(tags.type.range.start, (Pos{3, 9, 40}));
  EXPECT_EQ(tags.type.range.end, (Pos{3, 20, 51}));
  ASSERT_EQ(tags.type.children.size(), 1u);
  EXPECT_EQ(tags.type.children[0].range.start, (Pos{3, 13, 44}));
}

TEST(InputsParse, EffectiveDefault) {
  InputsResult r = read("input \"s\" {\n  a: optional(number, 30)\n  b: int = 2\n  c: optional(string)\n  d: string\n}\n");
  ASSERT_TRUE(r.diagnostics.empty());
  ASSERT_TRUE(field(r, "a")->effective_default());
  EXPECT_EQ(field(r, "a")->effective_default()->value->as_number(), Number(30));
  EXPECT_EQ(field(r, "b")->effective_default()->value->as_number(), Number(2));
  EXPECT_EQ(field(r, "c")->effective_default(), nullptr);
  EXPECT_EQ(field(r, "d")->effective_default(), nullptr);
}

// parse_inputs alone does not evaluate defaults; check_inputs does.
TEST(InputsParse, ParseThenCheck) {
  InputsResult r = parse_inputs(SourceFile::from_string("a.hcl", "input \"s\" {\n  n: string = 42\n}\n"));
  ASSERT_TRUE(r.diagnostics.empty());
  EXPECT_FALSE(r.inputs[0].fields[0].default_value->value);
  Diagnostics d = check_inputs(r.inputs);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].detail, "default value is a number literal but field type is string");
  ASSERT_TRUE(r.inputs[0].fields[0].default_value->value);
}

TEST(InputsParse, PathReading) {
  InputsResult missing = parse_inputs_path("/nonexistent/inputs.hcl");
  EXPECT_FALSE(missing.source);
  ASSERT_EQ(missing.diagnostics.size(), 1u);
  EXPECT_EQ(missing.diagnostics[0].code, "io");
  EXPECT_EQ(missing.diagnostics[0].summary, "Failed to read file");
  InputsResult dir = parse_inputs_path(std::string(HCLSCHEMA_SOURCE_DIR) + "/tests");
  EXPECT_FALSE(dir.source);
  ASSERT_EQ(dir.diagnostics.size(), 1u);
  EXPECT_EQ(dir.diagnostics[0].code, "io");
  InputsResult ok = parse_inputs_path(std::string(HCLSCHEMA_SOURCE_DIR) + "/tests/cli/inputs/spec.hcl");
  ASSERT_TRUE(ok.source);
  EXPECT_FALSE(ok.inputs.empty());
}

}  // namespace

namespace {

// A byte-order mark and Windows line endings read as any other file.
TEST(InputsParse, ByteOrderMarkAndCrlf) {
  hclschema::InputsResult r =
      inputs_testing::read("\xef\xbb\xbfinput \"s\" {\r\n  a: int = 1\r\n  b: list(\r\n    string\r\n  )\r\n  c: string = <<EOT\r\nx\r\nEOT\r\n}\r\n");
  ASSERT_TRUE(r.diagnostics.empty()) << testing::PrintToString(inputs_testing::describe_all(r.diagnostics));
  ASSERT_EQ(r.inputs.size(), 1u);
  ASSERT_EQ(r.inputs[0].fields.size(), 3u);
  EXPECT_EQ(r.inputs[0].range.start.column, 1u);
  EXPECT_EQ(r.inputs[0].fields[0].name_range.start, (hclschema::Pos{2, 3, 18}));
  EXPECT_EQ(hclschema::type_text(r.inputs[0].fields[1].type), "list(string)");
  ASSERT_TRUE(r.inputs[0].fields[2].default_value->value);
  EXPECT_EQ(r.inputs[0].fields[2].default_value->value->as_string(), "x\r\n");  // heredoc text keeps its line ends, as in HCL
}

}  // namespace

namespace {

TEST(InputsParse, OptionalDefaultTextBeforeAndAfterCheck) {
  hclschema::InputsResult r = hclschema::parse_inputs(hclschema::SourceFile::from_string("a.hcl", "input \"s\" {\n  t: optional(list(int), [1, 2])\n}\n"));
  ASSERT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(hclschema::type_text(r.inputs[0].fields[0].type), "optional(list(int), ...)");
  EXPECT_TRUE(hclschema::check_inputs(r.inputs).empty());
  EXPECT_EQ(hclschema::type_text(r.inputs[0].fields[0].type), "optional(list(int), [1,2])");
}

}  // namespace
