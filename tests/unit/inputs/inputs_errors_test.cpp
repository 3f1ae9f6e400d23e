// Every diagnostic of the parser and the type reader, with its exact text and range; recovery at
// the next line; a file with many errors reports all of them in one run.
#include <gtest/gtest.h>

#include "inputs_testing.hpp"

namespace {

using namespace hclschema;
using inputs_testing::describe_all;
using inputs_testing::read;

struct Row {
  const char* text;                 // the whole file
  std::vector<std::string> want;    // describe() of every diagnostic, in order
};

void check_rows(const std::vector<Row>& rows) {
  for (const Row& row : rows) {
    InputsResult r = read(row.text);
    inputs_testing::expect_ranges_true(r);
    EXPECT_EQ(describe_all(r.diagnostics), row.want) << row.text;
  }
}

TEST(InputsTypeErrors, MalformedTypes) {
  check_rows({
      {"input \"s\" {\n  a: lst(string)\n}\n",
       {"error@2:6-2:9 Unknown type constructor: There is no type constructor named \"lst\". Did you mean \"list\"?"}},
      {"input \"s\" {\n  a: frobnicate(string)\n}\n",
       {"error@2:6-2:16 Unknown type constructor: There is no type constructor named \"frobnicate\". The constructors are list, set, map, tuple, "
        "object and optional."}},
      {"input \"s\" {\n  a: map(lst(int))\n}\n",
       {"error@2:10-2:13 Unknown type constructor: There is no type constructor named \"lst\". Did you mean \"list\"?"}},
      {"input \"s\" {\n  a: list(string, int)\n}\n",
       {"error@2:19-2:22 Wrong number of type arguments: The list type constructor takes one argument, the element type: list(string)."}},
      {"input \"s\" {\n  a: set()\n}\n",
       {"error@2:9-2:11 Wrong number of type arguments: The set type constructor takes one argument, the element type: set(string)."}},
      {"input \"s\" {\n  a: map(string, number, bool)\n}\n",
       {"error@2:18-2:30 Wrong number of type arguments: The map type constructor takes one argument, the element type: map(string)."}},
      {"input \"s\" {\n  a: optional(number, 1, 2)\n}\n",
       {"error@2:26-2:27 Wrong number of type arguments: The optional modifier takes the type and, optionally, a default value: optional(T) or "
        "optional(T, DEFAULT)."}},
      {"input \"s\" {\n  a: optional()\n}\n",
       {"error@2:14-2:16 Wrong number of type arguments: The optional modifier takes the type and, optionally, a default value: optional(T) or "
        "optional(T, DEFAULT)."}},
      {"input \"s\" {\n  a: tuple([string], [int])\n}\n",
       {"error@2:22-2:27 Wrong number of type arguments: The tuple type constructor takes one argument, a list of the element types: tuple([string, "
        "int])."}},
      {"input \"s\" {\n  a: object()\n}\n",
       {"error@2:12-2:14 Wrong number of type arguments: The object type constructor takes one argument, an object of attribute types: "
        "object({name: string})."}},
      {"input \"s\" {\n  a: tuple(string)\n}\n",
       {"error@2:12-2:18 Invalid type specification: The tuple type constructor takes one argument, a list of the element types: tuple([string, "
        "int])."}},
      {"input \"s\" {\n  a: object([string])\n}\n",
       {"error@2:13-2:21 Invalid type specification: The object type constructor takes one argument, an object of attribute types: "
        "object({name: string})."}},
      {"input \"s\" {\n  a: list(optional(string))\n}\n",
       {"error@2:11-2:19 Invalid type specification: The optional modifier is valid only as the whole type of a field or of an object attribute."}},
      {"input \"s\" {\n  a: optional(optional(string))\n}\n",
       {"error@2:15-2:23 Invalid type specification: The optional modifier is valid only as the whole type of a field or of an object attribute."}},
      {"input \"s\" {\n  a: list\n}\n",
       {"error@2:6-2:10 Invalid type specification: The keyword \"list\" needs arguments. The list type constructor takes one argument, the "
        "element type: list(string)."}},
      {"input \"s\" {\n  a: optional\n}\n",
       {"error@2:6-2:14 Invalid type specification: The keyword \"optional\" needs arguments. The optional modifier takes the type and, "
        "optionally, a default value: optional(T) or optional(T, DEFAULT)."}},
      {"input \"s\" {\n  a: string(1)\n}\n", {"error@2:12-2:15 Invalid type specification: The type keyword \"string\" does not take arguments."}},
      {"input \"s\" {\n  a: int()\n}\n", {"error@2:9-2:11 Invalid type specification: The type keyword \"int\" does not take arguments."}},
      {"input \"s\" {\n  a: object({\"k\": string})\n}\n",
       {"error@2:14-2:17 Invalid type specification: The attribute names of an object type must be identifiers, as in object({name: string})."}},
      {"input \"s\" {\n  a: object({x: string, x: int})\n}\n",
       {"error@2:25-2:26 Duplicate attribute: The attribute \"x\" was already declared at inputs.hcl:2,14-15. Each attribute of an object type "
        "may be declared only once."}},
      {"input \"s\" {\n  a: 42\n}\n",
       {"error@2:6-2:8 Invalid type specification: A type is a keyword such as string or int, a constructor such as list(string), or a named "
        "type such as aws.ec2.NatStrategy."}},
      {"input \"s\" {\n  a: \"string\"\n}\n",
       {"error@2:6-2:14 Invalid type specification: A type is a keyword such as string or int, a constructor such as list(string), or a named "
        "type such as aws.ec2.NatStrategy."}},
      {"input \"s\" {\n  a: aws.types[0]\n}\n",
       {"error@2:15-2:18 Invalid type specification: A named type is a dotted path of identifiers, such as aws.ec2.NatStrategy; it cannot hold "
        "index or splat steps."}},
      // A lone near-miss of a keyword is a named type, with a warning.
      {"input \"s\" {\n  a: strng\n}\n",
       {"warning@2:6-2:11 Unknown type name: There is no built-in type named \"strng\"; did you mean \"string\"? It is read as a named type, "
        "treated as any."}},
  });
}

// A malformed type reads as any, so the rest of the file is still checked.
TEST(InputsTypeErrors, MalformedTypeReadsAsAny) {
  InputsResult r = read("input \"s\" {\n  a: lst(string) = 3\n  b: string = 4\n}\n");
  ASSERT_EQ(r.diagnostics.size(), 2u);
  EXPECT_EQ(type_text(r.inputs[0].fields[0].type), "any");
  EXPECT_EQ(r.diagnostics[1].detail, "default value is a number literal but field type is string");
}

TEST(InputsSyntaxErrors, FieldLines) {
  check_rows({
      {"input \"s\" {\n  a = string\n}\n",
       {"error@2:5-2:6 Missing colon after field name: A field's name and type are separated by a colon, as in port: int; an equals sign "
        "introduces the default value after the type."}},
      {"input \"s\" {\n  a:\n}\n",
       {"error@2:4-2:5 Missing field type: The colon after a field name must be followed by the field's type, such as string or list(string)."}},
      {"input \"s\" {\n  a: # nothing\n}\n",
       {"error@2:4-2:5 Missing field type: The colon after a field name must be followed by the field's type, such as string or list(string)."}},
      {"input \"s\" {\n  a: int =\n}\n",
       {"error@2:10-2:11 Missing default value: The equals sign after a field's type must be followed by the default value."}},
      {"input \"s\" {\n  42: int\n}\n",
       {"error@2:3-2:5 Invalid field declaration: A field is declared on a line of its own as name: TYPE or name: TYPE = DEFAULT."}},
      {"input \"s\" {\n  a\n}\n",
       {"error@2:3-2:4 Invalid field declaration: A field is declared on a line of its own as name: TYPE or name: TYPE = DEFAULT."}},
      {"input \"s\" {\n  a int\n}\n",
       {"error@2:5-2:8 Invalid field declaration: A field is declared on a line of its own as name: TYPE or name: TYPE = DEFAULT."}},
      {"input \"s\" {\n  nested {\n    a: int\n  }\n}\n",
       {"error@2:3-2:9 Unexpected block: An input block holds only fields, not nested blocks. A field is declared on a line of its own as name: "
        "TYPE or name: TYPE = DEFAULT."}},
      {"input \"s\" {\n  a: int = 1 = 2\n}\n", {"error@2:14-2:15 Extra characters after expression: An expression was successfully parsed, but extra characters were found after it."}},
      {"input \"s\" {\n  a: list(string\n}\n", {"error@2:6-2:11 Unterminated function call: There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file."}},
  });
}

TEST(InputsSyntaxErrors, Blocks) {
  check_rows({
      {"variable \"x\" {\n  a = 1\n}\ninput \"s\" {\n}\n",
       {"error@1:1-1:9 Unexpected item: A file of inputs holds only input blocks: input \"NAME\" { ... }."}},
      {"x = 1\n", {"error@1:1-1:2 Unexpected item: A file of inputs holds only input blocks: input \"NAME\" { ... }."}},
      {"input {\n  a: int\n}\n", {"error@1:7-1:8 Missing name for input: An input block has one label, its name: input \"NAME\" { ... }."}},
      {"input \"a\" \"b\" {\n}\n", {"error@1:11-1:14 Extraneous label for input: An input block has one label, its name: input \"NAME\" { ... }."}},
      {"input \"a\"\n{\n}\n",
       {"error@1:10-2:1 Invalid block definition: A block definition must have block content delimited by \"{\" and \"}\", starting on the same "
        "line as the block header."}},
      {"input \"a\" {\n  a: int\n",
       {"error@1:11-1:12 Unclosed configuration block: There is no closing brace for this block before the end of the file. This may be caused "
        "by incorrect brace nesting elsewhere in this file."}},
      {"input \"a${x}\" {\n}\n", {"error@1:9-1:11 Invalid string literal: Template sequences are not allowed in an input name."}},
      // The lexer reports a quoted string broken by a line end, as HCL's does, line by line.
      {"input \"a {\n}\n",
       {"error@1:11-2:1 Invalid multi-line string: Quoted strings may not be split over multiple lines. To produce a multi-line string, either "
        "use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.",
        "error@2:2-3:1 Invalid multi-line string: Quoted strings may not be split over multiple lines. To produce a multi-line string, either "
        "use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax."}},
      {"input \"a", {"error@1:9-1:9 Unterminated string literal: Unable to find the closing quote mark before the end of the file."}},
  });
}

// One run reports every problem of a file, in source order: the parser recovers at the next line,
// the type reader reads a bad type as any, and the typechecker still runs over everything that parsed.
TEST(InputsErrors, ManyErrorsAllReported) {
  InputsResult r = read(
      "input \"s\" {\n"                                  // 1
      "  a: lst(string)\n"                               // 2
      "  b: list(string, int)\n"                         // 3
      "  c: optional(number, 1, 2)\n"                    // 4
      "  name: string = 42\n"                            // 5
      "  count: number = \"30s\"\n"                      // 6
      "  enabled: bool = 1\n"                            // 7
      "  ports: list(int) = [80, \"x\", 1.5]\n"          // 8
      "  a: int\n"                                       // 9
      "  d: optional(string, true)\n"                    // 10
      "  e = string\n"                                   // 11
      "  f:\n"                                           // 12
      "}\n"                                              // 13
      "\n"                                               // 14
      "input \"s\" {\n"                                  // 15
      "  db: object({host: string, port: int}) = {host = \"h\", port = \"p\"}\n"  // 16
      "  g: int = 1.5\n"                                 // 17
      "}\n");
  inputs_testing::expect_ranges_true(r);
  std::vector<std::string> want{
      "error@2:6-2:9 Unknown type constructor: There is no type constructor named \"lst\". Did you mean \"list\"?",
      "error@3:19-3:22 Wrong number of type arguments: The list type constructor takes one argument, the element type: list(string).",
      "error@4:26-4:27 Wrong number of type arguments: The optional modifier takes the type and, optionally, a default value: optional(T) or "
      "optional(T, DEFAULT).",
      "error@5:18-5:20 Invalid default value: default value is a number literal but field type is string",
      "error@6:19-6:24 Invalid default value: default value is a string literal but field type is number",
      "error@7:19-7:20 Invalid default value: default value is a number literal but field type is bool",
      "error@8:27-8:30 Invalid default value: default value element 1: int required, got string",
      "error@8:32-8:35 Invalid default value: default value element 2: a whole number is required, got 1.5",
      "error@9:3-9:4 Duplicate field: The field \"a\" was already declared at inputs.hcl:2,3-4. Each field of an input may be declared only once.",
      "error@10:23-10:27 Invalid default value: default value is a boolean literal but field type is string",
      "error@11:5-11:6 Missing colon after field name: A field's name and type are separated by a colon, as in port: int; an equals sign "
      "introduces the default value after the type.",
      "error@12:4-12:5 Missing field type: The colon after a field name must be followed by the field's type, such as string or list(string).",
      "error@15:7-15:10 Duplicate input: An input named \"s\" was already declared at inputs.hcl:1,1-10. Each input name may be used only once.",
      "error@16:63-16:66 Invalid default value: default value attribute \"port\": int required, got string",
      "error@17:12-17:15 Invalid default value: default value 1.5 is not a whole number but field type is int",
  };
  EXPECT_EQ(describe_all(r.diagnostics), want);
  ASSERT_EQ(r.inputs.size(), 2u);
  EXPECT_EQ(r.inputs[0].fields.size(), 10u);  // every line but `e = string` (`f:` is kept, of type any)
}

// Characters the lexer rejects are reported once, whether inside a type or elsewhere.
TEST(InputsErrors, LexerComplaintsOnce) {
  InputsResult r = read("input \"s\" {\n  a: list(string) = [\"a\";]\n}\n");
  inputs_testing::expect_ranges_true(r);
  size_t semicolons = 0;
  for (const auto& d : r.diagnostics)
    if (d.summary == "Invalid character" && d.detail.find("\";\"") != std::string::npos) ++semicolons;
  EXPECT_EQ(semicolons, 1u) << testing::PrintToString(describe_all(r.diagnostics));
}

// Hostile input: never a crash, every range true.
TEST(InputsErrors, Robustness) {
  const char* texts[] = {
      "", "input", "input \"", "input \"s\" {", "input \"s\" { a: ", "input \"s\" { a: list(", "input \"s\" { a: int = [", "}}}}", "input \"s\" {\n  a: \"${\n}\n",
      "input \"s\" {\n  a: <<EOT\n}\n", "input \"s\" {\n a: int = <<EOT\nx\nEOT\n}\n", "\xff\xfe input", "input \"s\" {\n a: object({a: int\n}\n",
      "input \"s\" {\n a: list(list(list(list(list(list(list(list(int))))))))\n}\n", "input \"s\" { a: int }}", "input s { a: int } input t {}\n",
  };
  for (const char* text : texts) {
    InputsResult r = read(text);
    inputs_testing::expect_ranges_true(r);
    for (const auto& block : r.inputs)
      for (const auto& f : block.fields) (void)type_text(f.type);
    (void)emit_python(r.inputs);
  }
}

}  // namespace
