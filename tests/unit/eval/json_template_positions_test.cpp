// JSON strings holding templates are first parsed and evaluated without their position in the
// file (src/eval/evaluate.cpp, json_string); only a template that reports something is done again
// at its true position. These tests hold both sides: values of templates without diagnostics, and
// diagnostics (parse and evaluation errors, on the string's line and on a later line of the
// decoded text) whose ranges point into the JSON file. Object keys keep only their span until a
// diagnostic needs their range: duplicate and null keys are checked here too.
#include <gtest/gtest.h>

#include <string>

#include "hclschema/eval.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/value.hpp"

namespace hclschema {
namespace {

struct Evaluated {
  Value value;
  Diagnostics diagnostics;
};

// Evaluates attribute `a` of the JSON text (which must parse cleanly) in a context that knows `x`.
Evaluated eval_attribute(const std::string& json) {
  ParseResult parsed = parse_json(SourceFile::from_string("t.json", json));
  EXPECT_TRUE(parsed.diagnostics.empty()) << json;
  AttributesResult attrs = parsed.file->body().just_attributes();
  EXPECT_TRUE(attrs.diagnostics.empty()) << json;
  for (const Attribute& a : attrs.attributes) {
    if (a.name != "a") continue;
    EvalContext ctx;
    ctx.set_variable("x", Value::string("X"));
    EvalResult r = evaluate(*a.expr, &ctx);
    return {r.value, r.diagnostics};
  }
  ADD_FAILURE() << "no attribute a in " << json;
  return {};
}

void expect_range(const Range& r, uint32_t line, uint32_t column, uint32_t byte, uint32_t end_column, uint32_t end_byte) {
  EXPECT_EQ(r.filename, "t.json");
  EXPECT_EQ(r.start.line, line);
  EXPECT_EQ(r.start.column, column);
  EXPECT_EQ(r.start.byte, byte);
  EXPECT_EQ(r.end.line, line);
  EXPECT_EQ(r.end.column, end_column);
  EXPECT_EQ(r.end.byte, end_byte);
}

TEST(JsonTemplatePositions, TemplatesWithoutDiagnosticsGiveTheirValue) {
  const struct {
    std::string json, value;
  } cases[] = {
      {R"({"a": "${x}"})", "X"},
      {R"({"a": "pre ${x} post"})", "pre X post"},
      {R"({"a": "%{ if true }yes%{ else }no%{ endif }"})", "yes"},
      {R"({"a": "line\n${x}\tend"})", "line\nX\tend"},
  };
  for (const auto& c : cases) {
    Evaluated r = eval_attribute(c.json);
    EXPECT_TRUE(r.diagnostics.empty()) << c.json;
    ASSERT_TRUE(r.value.is_known() && r.value.type() == Type::string()) << c.json;
    EXPECT_EQ(r.value.as_string(), c.value) << c.json;
  }
}

// The string of `a` opens at line 3, column 8 (byte 19): its text starts at column 9, byte 20.
TEST(JsonTemplatePositions, EvaluationErrorPointsIntoTheFile) {
  Evaluated r = eval_attribute("{\n  \"b\": 1,\n  \"a\": \"ab ${nope} cd\"\n}");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Unknown variable");
  ASSERT_TRUE(r.diagnostics[0].subject);
  expect_range(*r.diagnostics[0].subject, 3, 14, 25, 18, 29);
  EXPECT_FALSE(r.value.is_known());
}

TEST(JsonTemplatePositions, ParseErrorPointsIntoTheFile) {
  Evaluated r = eval_attribute("{\n  \"b\": 1,\n  \"a\": \"ab ${foo(} cd\"\n}");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Invalid expression");
  ASSERT_TRUE(r.diagnostics[0].subject);
  expect_range(*r.diagnostics[0].subject, 3, 18, 29, 19, 30);
  EXPECT_FALSE(r.value.is_known());
}

// A decoded newline starts a new line of the template: its positions continue on the file's next
// line from column 1, bytes counting the decoded text from the string's start.
TEST(JsonTemplatePositions, LaterLineOfTheDecodedText) {
  Evaluated r = eval_attribute("{\n  \"b\": 1,\n  \"a\": \"ab\\n ${nope}\"\n}");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Unknown variable");
  ASSERT_TRUE(r.diagnostics[0].subject);
  expect_range(*r.diagnostics[0].subject, 4, 4, 26, 8, 30);
}

TEST(JsonTemplatePositions, DuplicateObjectKey) {
  Evaluated r = eval_attribute("{\n  \"a\": {\"k\": 1,\n  \"k\": 2}\n}");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Duplicate object attribute");
  EXPECT_EQ(r.diagnostics[0].detail, "An attribute named \"k\" was already defined at t.json:2,9-12.");
  ASSERT_TRUE(r.diagnostics[0].subject);
  expect_range(*r.diagnostics[0].subject, 3, 3, 20, 6, 23);
  // The first value is kept.
  ASSERT_TRUE(r.value.is_known() && r.value.type().is_object());
  ASSERT_NE(r.value.get("k"), nullptr);
  EXPECT_EQ(r.value.get("k")->as_number(), Number(1));
}

TEST(JsonTemplatePositions, NullObjectKey) {
  Evaluated r = eval_attribute("{\n  \"a\": {\"${null}\": 1}\n}");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Invalid object key expression");
  EXPECT_EQ(r.diagnostics[0].detail, "Cannot use null value as an object key.");
  ASSERT_TRUE(r.diagnostics[0].subject);
  expect_range(*r.diagnostics[0].subject, 2, 9, 10, 18, 19);
}

// Keys are checked for repeats by a scan while an object has few, through an index from sixteen
// on: a repeat found either way is reported at its name, pointing at the first, whose value is kept.
TEST(JsonTemplatePositions, RepeatedKeysInSmallAndLargeObjects) {
  std::string json = "{\"a\": {";
  for (int i = 0; i < 40; ++i) {
    const int key = i == 5 ? 2 : i == 30 ? 20 : i;  // key 2 again at 5 (scan), key 20 again at 30 (index)
    json += std::string(i ? ", " : "") + "\"k" + std::to_string(key) + "\": " + std::to_string(i);
  }
  json += "}}";
  Evaluated r = eval_attribute(json);
  ASSERT_EQ(r.diagnostics.size(), 2u);
  // One line of ASCII: a name's columns are its byte offset plus one. `first` finds the first one.
  auto at = [&](const std::string& first, size_t name_length) {
    const size_t b = json.find(first);
    return "t.json:1," + std::to_string(b + 1) + "-" + std::to_string(b + 1 + name_length);
  };
  EXPECT_EQ(r.diagnostics[0].detail, "An attribute named \"k2\" was already defined at " + at("\"k2\": 2,", 4) + ".");
  EXPECT_EQ(r.diagnostics[1].detail, "An attribute named \"k20\" was already defined at " + at("\"k20\": 20,", 5) + ".");
  ASSERT_TRUE(r.diagnostics[1].subject);
  EXPECT_EQ(r.diagnostics[1].subject->start.byte, json.find("\"k20\": 30"));
  ASSERT_TRUE(r.value.is_known() && r.value.type().is_object());
  EXPECT_EQ(r.value.length(), 38u);
  EXPECT_EQ(r.value.get("k2")->as_number(), Number(2));
  EXPECT_EQ(r.value.get("k20")->as_number(), Number(20));
  EXPECT_EQ(r.value.get("k39")->as_number(), Number(39));
}

// The value is the object of the keys whatever their order in the file.
TEST(JsonTemplatePositions, KeysInAnyOrderGiveOneObject) {
  Evaluated forward = eval_attribute(R"({"a": {"x": 1, "y": "${x}", "z": true}})");
  Evaluated backward = eval_attribute(R"({"a": {"z": true, "y": "${x}", "x": 1}})");
  EXPECT_TRUE(forward.diagnostics.empty());
  EXPECT_TRUE(backward.diagnostics.empty());
  EXPECT_TRUE(forward.value.type() == backward.value.type());
  EXPECT_TRUE(raw_equals(forward.value, backward.value));
  EXPECT_EQ(forward.value.get("y")->as_string(), "X");
}

}  // namespace
}  // namespace hclschema
