// Unit tests of the JSON-syntax parser: node kinds and data, exact ranges (line, column, byte),
// every parse error form with its reference text, recovery, and the nesting limit.
#include <gtest/gtest.h>

#include <string>

#include "hclschema/json/ast.hpp"
#include "hclschema/parse.hpp"

namespace {

using namespace hclschema;

ParseResult parse(std::string text, ParseOptions options = {}) { return parse_json(SourceFile::from_string("t.json", std::move(text)), options); }

const json::Object& root_object(const ParseResult& r) {
  const json::Value* v = json::root_value(r.file->body());
  EXPECT_NE(v, nullptr);
  EXPECT_EQ(v->kind, json::NodeKind::object);
  return static_cast<const json::Object&>(*v);
}

void expect_pos(const Pos& p, uint32_t line, uint32_t column, uint32_t byte) {
  EXPECT_EQ(p.line, line);
  EXPECT_EQ(p.column, column);
  EXPECT_EQ(p.byte, byte);
}

TEST(JsonParser, ValuesKeepTheirDataAndKinds) {
  auto r = parse(R"({"s": "hi", "n": 1.50e+3, "t": true, "f": false, "z": null, "a": [1, "x"], "o": {"k": -0}})");
  ASSERT_TRUE(r.diagnostics.empty());
  const auto& obj = root_object(r);
  ASSERT_EQ(obj.properties().size(), 7u);
  const char* kinds[] = {"JSONString", "JSONNumber", "JSONBool", "JSONBool", "JSONNull", "JSONArray", "JSONObject"};
  for (size_t i = 0; i < 7; ++i) EXPECT_EQ(obj.properties()[i].value->kind_name(), kinds[i]) << i;
  EXPECT_EQ(static_cast<const json::String*>(obj.properties()[0].value)->value(), "hi");
  EXPECT_EQ(static_cast<const json::Number*>(obj.properties()[1].value)->text(), "1.50e+3");
  EXPECT_TRUE(static_cast<const json::Bool*>(obj.properties()[2].value)->value);
  EXPECT_FALSE(static_cast<const json::Bool*>(obj.properties()[3].value)->value);
  const auto& arr = static_cast<const json::Array&>(*obj.properties()[5].value);
  ASSERT_EQ(arr.elements().size(), 2u);
  EXPECT_EQ(static_cast<const json::Number*>(arr.elements()[0])->text(), "1");
  const auto& inner = static_cast<const json::Object&>(*obj.properties()[6].value);
  ASSERT_EQ(inner.properties().size(), 1u);
  EXPECT_EQ(inner.properties()[0].name, "k");
  EXPECT_EQ(static_cast<const json::Number*>(inner.properties()[0].value)->text(), "-0");
}

TEST(JsonParser, RangesAreExact) {
  auto r = parse("{\n  \"key\": [1, {\"b\": true}]\n}\n");
  ASSERT_TRUE(r.diagnostics.empty());
  const auto& obj = root_object(r);
  expect_pos(obj.range().start, 1, 1, 0);
  expect_pos(obj.range().end, 3, 2, 29);
  expect_pos(obj.start_range().end, 1, 2, 1);  // just the brace
  const auto& p = obj.properties()[0];
  EXPECT_EQ(p.name_span, (ByteSpan{4, 9}));
  const auto& arr = static_cast<const json::Array&>(*p.value);
  expect_pos(arr.range().start, 2, 10, 11);
  expect_pos(arr.range().end, 2, 26, 27);
  expect_pos(arr.start_range().end, 2, 11, 12);
  const auto* b = static_cast<const json::Object*>(arr.elements()[1])->properties()[0].value;
  expect_pos(b->range().start, 2, 20, 21);
  expect_pos(b->range().end, 2, 24, 25);
}

TEST(JsonParser, StringEscapesAndUnicode) {
  struct Case {
    std::string src, want;
  } cases[] = {
      {R"("a\"b\\c\/d")", "a\"b\\c/d"},
      {R"("\b\f\n\r\t")", "\b\f\n\r\t"},
      {R"("\u00e9\u20AC")", "\xc3\xa9\xe2\x82\xac"},
      {R"("\ud83d\ude00")", "\xf0\x9f\x98\x80"},           // a surrogate pair is one code point
      {R"("\ud800x")", "\xef\xbf\xbdx"},                    // a lone high surrogate is U+FFFD
      {R"("\udc00")", "\xef\xbf\xbd"},                      // so is a lone low surrogate
      {R"("\ud83d\u0041")", "\xef\xbf\xbd" "A"},            // the next escape stands on its own
      {"\"a\xff" "b\"", "a\xef\xbf\xbd" "b"},               // invalid UTF-8: one U+FFFD per byte
      {"\"\xc0\x80\"", "\xef\xbf\xbd\xef\xbf\xbd"},         // overlong
      {"\"\xed\xa0\x80\"", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"},  // encoded surrogate
      {"\"\xe2\x82\"", "\xef\xbf\xbd\xef\xbf\xbd"},         // truncated sequence
      {"\"h\xc3\xa9llo\"", "h\xc3\xa9llo"},                  // valid UTF-8 is kept
  };
  for (const auto& c : cases) {
    auto r = parse("{\"k\": " + c.src + "}");
    SCOPED_TRACE(c.src);
    ASSERT_TRUE(r.diagnostics.empty());
    EXPECT_EQ(static_cast<const json::String*>(root_object(r).properties()[0].value)->value(), c.want);
  }
}

struct ErrorCase {
  const char* name;
  std::string src;
  const char* summary;
  const char* detail;
  uint32_t byte_start, byte_end;  // the first diagnostic's subject
};

class JsonParseErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(JsonParseErrors, FirstDiagnostic) {
  const auto& c = GetParam();
  auto r = parse(c.src);
  ASSERT_FALSE(r.diagnostics.empty());
  const auto& d = r.diagnostics.front();
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.summary, c.summary);
  EXPECT_EQ(d.detail, c.detail);
  ASSERT_TRUE(d.subject.has_value());
  EXPECT_EQ(d.subject->start.byte, c.byte_start);
  EXPECT_EQ(d.subject->end.byte, c.byte_end);
  EXPECT_EQ(d.subject->filename, "t.json");
  ASSERT_NE(r.file, nullptr);  // a File, whatever happened
}

constexpr const char* kStart = "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.";

INSTANTIATE_TEST_SUITE_P(
    Json, JsonParseErrors,
    ::testing::Values(
        ErrorCase{"trailing_comma_object", R"({"a": 1,})", "Trailing comma in object", "JSON does not permit a trailing comma after the final property in an object.", 7, 8},
        ErrorCase{"trailing_comma_array", R"({"a": [1,]})", "Trailing comma in array", "JSON does not permit a trailing comma after the final value in an array.", 8, 9},
        ErrorCase{"missing_colon", R"({"a" 1})", "Missing property value colon", "A colon must appear between an object property's name and its value.", 5, 6},
        ErrorCase{"equals", R"({"a" = 1})", "Missing property value colon", "JSON uses a colon as its name/value delimiter, not an equals sign.", 5, 6},
        ErrorCase{"missing_value_brace", R"({"a"})", "Missing object value", "A JSON object attribute must have a value, introduced by a colon.", 4, 5},
        ErrorCase{"missing_value_comma", R"({"a", "b": 1})", "Missing object value", "A JSON object attribute must have a value, introduced by a colon.", 4, 5},
        ErrorCase{"missing_json_value", R"({"a": })", "Missing JSON value", kStart, 6, 7},
        ErrorCase{"missing_array_element", R"({"a": ]})", "Missing array element value", kStart, 6, 7},
        ErrorCase{"missing_value_eof", R"({"a": )", "Missing value", "The JSON data ends prematurely.", 6, 6},
        ErrorCase{"invalid_start", R"({"a": @})", "Invalid start of value", kStart, 6, 7},
        ErrorCase{"unclosed_object", R"({"a": 1)", "Unclosed object", "No closing brace was found for this JSON object.", 0, 1},
        ErrorCase{"unclosed_array", R"({"a": [1)", "Unclosed object", "No closing bracket was found for this JSON array.", 6, 7},
        ErrorCase{"mismatched_braces", R"({"a": 1] )", "Mismatched braces", "A JSON object must be closed with a brace, not a bracket.", 9, 9},
        ErrorCase{"mismatched_brackets", R"({"a": [1}, "b": 2})", "Mismatched brackets", "A JSON array must be closed with a bracket, not a brace.", 18, 18},  // recovery ran to the end
        ErrorCase{"missing_comma_object", R"({"a": 1 "b": 2})", "Missing attribute seperator comma", "A comma must appear between each property definition in an object.", 15, 15},
        ErrorCase{"missing_comma_array", R"({"a": [1 2], "b": 3})", "Missing attribute seperator comma", "A comma must appear between each value in an array.", 11, 12},
        ErrorCase{"colon_in_array", R"({"a": [1: 2], "b": 3})", "Invalid array value", "A colon is not used to introduce values in a JSON array.", 12, 13},
        ErrorCase{"non_string_key", R"({1: 2})", "Invalid object property name", "A JSON object property name must be a string", 1, 2},
        ErrorCase{"object_key", R"({{"x": 1}: 2})", "Invalid object property name", "A JSON object property name must be a string", 1, 2},
        ErrorCase{"keyword_suggestion", R"({"a": True})", "Invalid JSON keyword", "\"True\" is not a valid JSON keyword. Did you mean \"true\"?", 6, 10},
        ErrorCase{"keyword_no_suggestion", R"({"a": xyzzy})", "Invalid JSON keyword", "\"xyzzy\" is not a valid JSON keyword.", 6, 11},
        ErrorCase{"javascript_undefined", R"({"a": undefined})", "Invalid JSON keyword", "The JavaScript identifier \"undefined\" cannot be used in JSON.", 6, 15},
        ErrorCase{"javascript_nan", R"({"a": NaN})", "Invalid JSON keyword", "The JavaScript identifier \"NaN\" cannot be used in JSON.", 6, 9},
        ErrorCase{"leading_zero", R"({"a": 01})", "Invalid JSON number", "There is a syntax error in the given JSON number.", 6, 8},
        ErrorCase{"plus_sign", R"({"a": +1})", "Invalid JSON number", "There is a syntax error in the given JSON number.", 6, 8},
        ErrorCase{"bare_minus", R"({"a": -})", "Invalid JSON number", "There is a syntax error in the given JSON number.", 6, 7},
        ErrorCase{"exponent_overflow", R"({"a": 1e2147483647})", "Invalid JSON number", "There is a syntax error in the given JSON number.", 6, 18},
        // The string error points one byte past the offending byte, as the reference does.
        ErrorCase{"bad_escape", R"({"a": "x\q"})", "Invalid JSON string", "There is a syntax error in the given JSON string.", 10, 11},
        ErrorCase{"bad_unicode_escape", R"({"a": "\u12G4"})", "Invalid JSON string", "There is a syntax error in the given JSON string.", 12, 13},
        // the reference's subject ends one byte past the end of the input; ours stops at the end
        ErrorCase{"unterminated_string", R"({"a": "abc)", "Invalid JSON string", "There is a syntax error in the given JSON string.", 10, 10},
        ErrorCase{"extraneous", R"({} [])", "Extraneous data after value", "Extra characters appear after the JSON value.", 3, 4},
        ErrorCase{"root_string", R"( "s")", "Root value must be object", "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.", 1, 4},
        ErrorCase{"empty_input", "", "Missing value", "The JSON data ends prematurely.", 0, 0}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(JsonParser, NumbersInRange) {
  for (const char* ok : {"1e1000000000", "0.0001e2147483648", "1e-2147483649", "0e5", "123456789012345678901234567890e-40"}) {
    auto r = parse(std::string("{\"a\": ") + ok + "}");
    EXPECT_TRUE(r.diagnostics.empty()) << ok;
    EXPECT_EQ(static_cast<const json::Number*>(root_object(r).properties()[0].value)->text(), ok);
  }
  for (const char* bad : {"10e2147483647", "1e-400000000000", "0e99999999999999999999"}) {
    auto r = parse(std::string("{\"a\": ") + bad + "}");
    ASSERT_EQ(r.diagnostics.size(), 1u) << bad;
    EXPECT_EQ(r.diagnostics[0].summary, "Invalid JSON number");
  }
}

TEST(JsonParser, StringErrorHasContextAndColumns) {
  auto r = parse("{\n\t\"a\": \"x\\q\"}");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  const auto& d = r.diagnostics[0];
  // The token "x\q" starts at byte 8 (line 2, column 7); the error is 4 bytes further on.
  expect_pos(d.subject->start, 2, 11, 12);
  expect_pos(d.subject->end, 2, 12, 13);
  ASSERT_TRUE(d.context.has_value());
  expect_pos(d.context->start, 2, 7, 8);
  expect_pos(d.context->end, 2, 12, 13);
}

TEST(JsonParser, ValueErrorsKeepTheObjectAndContinue) {
  auto r = parse(R"({"a": tru, "b": 1, "c": "x\q"})");
  ASSERT_EQ(r.diagnostics.size(), 2u);
  EXPECT_EQ(r.diagnostics[0].summary, "Invalid JSON keyword");
  EXPECT_EQ(r.diagnostics[1].summary, "Invalid JSON string");
  const auto& obj = root_object(r);
  ASSERT_EQ(obj.properties().size(), 3u);
  EXPECT_EQ(obj.properties()[0].value->kind_name(), "JSONInvalid");
  EXPECT_EQ(obj.properties()[0].value->span, (ByteSpan{6, 9}));
  EXPECT_EQ(obj.properties()[1].value->kind_name(), "JSONNumber");
  // A string property value is parsed without parse_value; an invalid one still becomes an
  // Invalid node spanning the whole token, a valid one a String.
  EXPECT_EQ(obj.properties()[2].value->kind_name(), "JSONInvalid");
  EXPECT_EQ(obj.properties()[2].value->span, (ByteSpan{24, 29}));
  auto ok = parse(R"({"a": "x\ny", "b": "plain"})");
  ASSERT_TRUE(ok.diagnostics.empty());
  EXPECT_EQ(static_cast<const hclschema::json::String*>(root_object(ok).properties()[0].value)->value(), "x\ny");
  EXPECT_EQ(static_cast<const hclschema::json::String*>(root_object(ok).properties()[1].value)->value(), "plain");
}

TEST(JsonParser, BrokenRootBecomesEmptyStandInObject) {
  auto r = parse(R"({"a": 1 "b": 2})");
  ASSERT_EQ(r.diagnostics.size(), 2u);
  EXPECT_EQ(r.diagnostics[1].summary, "Root value must be object");
  EXPECT_EQ(r.diagnostics[1].subject->start.byte, 0u);  // the brace where the root started
  const auto& obj = root_object(r);
  EXPECT_TRUE(obj.synthetic);
  EXPECT_TRUE(obj.properties().empty());
  // The stand-in has no closing brace: the zero range, as the reference gives.
  const Range missing = r.file->body().missing_item_range();
  EXPECT_EQ(missing.filename, "");
  expect_pos(missing.start, 0, 0, 0);
}

TEST(JsonParser, InvalidByteStopsScanning) {
  auto r = parse("{\"a\": 1, \x01 \"b\": 2}");
  ASSERT_GE(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Invalid start of value");
  EXPECT_EQ(r.diagnostics[0].subject->start.byte, 9u);
}

TEST(JsonParser, DuplicateKeysAreAllKept) {
  auto r = parse(R"({"a": 1, "a": 2})");
  ASSERT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(root_object(r).properties().size(), 2u);
}

TEST(JsonParser, RootArrayIsAccepted) {
  auto r = parse(R"([{"a": 1}])");
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(json::root_value(r.file->body())->kind, json::NodeKind::array);
}

TEST(JsonParser, NestingBeyondTheLimitIsADiagnosticNotACrash) {
  std::string deep = "{\"a\": " + std::string(200000, '[') + std::string(200000, ']') + ", \"b\": 1}";
  auto r = parse(deep);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Nesting too deep");
  EXPECT_EQ(r.diagnostics[0].subject->start.byte, 6u + 999u);  // the first bracket past depth 1000 (the root is one)
  const auto& obj = root_object(r);
  ASSERT_EQ(obj.properties().size(), 2u);  // parsing went on after the skipped region
  EXPECT_EQ(obj.properties()[1].name, "b");

  ParseOptions tight;
  tight.max_nesting_depth = 3;
  EXPECT_TRUE(parse(R"({"a": [[1]]})", tight).diagnostics.empty());
  auto r2 = parse(R"({"a": [[[1]]]})", tight);
  ASSERT_EQ(r2.diagnostics.size(), 1u);
  EXPECT_EQ(r2.diagnostics[0].subject->start.byte, 8u);

  // Unbalanced deep input must not crash either.
  auto r3 = parse(std::string(100000, '['));
  EXPECT_TRUE(has_errors(r3.diagnostics));
}

TEST(JsonParser, VariablesComeFromStringTemplates) {
  auto r = parse(R"({"a": "${var.x}", "b": [1]})");
  const auto& props = root_object(r).properties();
  EXPECT_EQ(props[0].value->variables().size(), 1u);  // more cases in json_variables_test.cpp
  EXPECT_TRUE(props[1].value->variables().empty());
}

}  // namespace
