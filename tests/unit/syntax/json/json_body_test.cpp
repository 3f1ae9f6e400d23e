// Unit tests of JsonBody: content, partial_content and just_attributes for attributes, blocks with
// 0, 1 and 2 labels, arrays of blocks, comments, duplicates, and their diagnostics and ranges.
#include <gtest/gtest.h>

#include <string>

#include "hclschema/json/ast.hpp"
#include "hclschema/parse.hpp"

namespace {

using namespace hclschema;

struct Parsed {
  ParseResult result;
  const Body& body() const { return result.file->body(); }
};

Parsed parse(std::string text) {
  Parsed p{parse_json(SourceFile::from_string("b.json", std::move(text)))};
  EXPECT_TRUE(p.result.diagnostics.empty());
  return p;
}

BodySchema attrs(std::initializer_list<AttributeSchema> a) { return BodySchema{a, {}}; }

TEST(JsonBody, ContentAttributesWithRanges) {
  auto p = parse("{\n  \"name\": \"web\",\n  \"port\": 8080\n}");
  auto r = p.body().content(attrs({{"name", true}, {"port", false}}));
  ASSERT_TRUE(r.diagnostics.empty());
  ASSERT_EQ(r.content.attributes.size(), 2u);
  const Attribute& a = r.content.attributes[0];
  EXPECT_EQ(a.name, "name");
  EXPECT_EQ(a.expr->kind_name(), "JSONString");
  EXPECT_EQ(a.name_range().start.byte, 4u);
  EXPECT_EQ(a.name_range().end.byte, 10u);
  EXPECT_EQ(a.range().start.byte, 4u);  // name through value
  EXPECT_EQ(a.range().end.byte, 17u);
  EXPECT_EQ(a.range().start.line, 2u);
  EXPECT_EQ(a.range().start.column, 3u);
  EXPECT_EQ(r.content.attribute("port")->expr->kind_name(), "JSONNumber");
  // The missing-item range of an object is its closing brace.
  EXPECT_EQ(r.content.missing_item_range().start.byte, 34u);
  EXPECT_EQ(r.content.missing_item_range().start.line, 4u);
}

TEST(JsonBody, MissingRequiredArgument) {
  auto p = parse(R"({"port": 1})");
  auto r = p.body().content(attrs({{"name", true}}));
  ASSERT_EQ(r.diagnostics.size(), 2u);  // missing name, and port is extraneous
  EXPECT_EQ(r.diagnostics[0].summary, "Missing required argument");
  EXPECT_EQ(r.diagnostics[0].detail, "The argument \"name\" is required, but no definition was found.");
  EXPECT_EQ(r.diagnostics[0].subject->start.byte, 10u);
  EXPECT_EQ(r.diagnostics[1].summary, "Extraneous JSON object property");
}

// Names are matched by length, then first byte, then the rest: names of one length that share
// their first byte, or differ only there, are told apart (attributes, blocks, duplicates, required).
TEST(JsonBody, NamesOfOneLengthAndFirstByte) {
  auto p = parse(R"({"ab": 1, "ba": 2, "ac": 3, "ab": 4, "bb": {}})");
  auto r = p.body().content(BodySchema{{{"ab", false}, {"ac", false}, {"ad", true}, {"bd", true}}, {{"bb", {}}, {"bc", {}}}});
  ASSERT_EQ(r.content.attributes.size(), 2u);
  EXPECT_EQ(r.content.attributes[0].name, "ab");
  EXPECT_EQ(r.content.attributes[1].name, "ac");
  ASSERT_EQ(r.content.blocks.size(), 1u);
  EXPECT_EQ(r.content.blocks[0].type, "bb");
  ASSERT_EQ(r.diagnostics.size(), 4u);
  EXPECT_EQ(r.diagnostics[0].summary, "Duplicate argument");
  EXPECT_EQ(r.diagnostics[0].subject->start.byte, 28u);
  EXPECT_EQ(r.diagnostics[1].detail, "The argument \"ad\" is required, but no definition was found.");
  EXPECT_EQ(r.diagnostics[2].detail, "The argument \"bd\" is required, but no definition was found.");
  EXPECT_EQ(r.diagnostics[3].summary, "Extraneous JSON object property");
  EXPECT_NE(r.diagnostics[3].detail.find("\"ba\""), std::string::npos) << r.diagnostics[3].detail;
}

TEST(JsonBody, DuplicateArgument) {
  auto p = parse("{\n  \"a\": 1,\n  \"a\": 2\n}");
  auto r = p.body().content(attrs({{"a", false}}));
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Duplicate argument");
  EXPECT_EQ(r.diagnostics[0].detail, "The argument \"a\" was already set at b.json:2,3-9.");
  EXPECT_EQ(r.diagnostics[0].subject->start.line, 3u);
  EXPECT_EQ(r.diagnostics[0].context->start.byte, r.diagnostics[0].subject->start.byte);
  ASSERT_EQ(r.content.attributes.size(), 1u);
  EXPECT_EQ(r.content.attributes[0].range().start.line, 2u);  // the first one wins
}

TEST(JsonBody, ExtraneousWithDidYouMean) {
  struct Case {
    std::string src;
    BodySchema schema;
    std::string detail;
  } cases[] = {
      {R"({"nmae": 1})", attrs({{"name", false}}), "No argument or block type is named \"nmae\". Did you mean \"name\"?"},
      {R"({"zzzzz": 1})", attrs({{"name", false}}), "No argument or block type is named \"zzzzz\"."},
      {R"({"servce": {}})", BodySchema{{}, {{"service", {}}}}, "No argument or block type is named \"servce\". Did you mean \"service\"?"},
      // An argument already set is not suggested again.
      {R"({"port": 1, "prot": 2})", attrs({{"port", false}}), "No argument or block type is named \"prot\"."},
      // The first candidate within distance 2 wins, not the closest one.
      {R"({"portx": 1})", attrs({{"sport", false}, {"port", false}}), "No argument or block type is named \"portx\". Did you mean \"sport\"?"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.src);
    auto p = parse(c.src);
    auto r = p.body().content(c.schema);
    ASSERT_FALSE(r.diagnostics.empty());
    const auto& d = r.diagnostics.back();
    EXPECT_EQ(d.summary, "Extraneous JSON object property");
    EXPECT_EQ(d.detail, c.detail);
  }
}

TEST(JsonBody, CommentPropertyIsIgnoredInBodies) {
  auto p = parse(R"({"//": "note", "a": 1, "//": 2})");
  auto r = p.body().content(attrs({{"a", false}}));
  EXPECT_TRUE(r.diagnostics.empty());
  auto j = p.body().just_attributes();
  EXPECT_TRUE(j.diagnostics.empty());
  ASSERT_EQ(j.attributes.size(), 1u);
  EXPECT_EQ(j.attributes[0].name, "a");
}

TEST(JsonBody, BlockWithoutLabels) {
  auto p = parse(R"({"service": {"port": 80}})");
  auto r = p.body().content(BodySchema{{}, {{"service", {}}}});
  ASSERT_TRUE(r.diagnostics.empty());
  ASSERT_EQ(r.content.blocks.size(), 1u);
  const Block& b = r.content.blocks[0];
  EXPECT_EQ(b.type, "service");
  EXPECT_TRUE(b.labels.empty());
  EXPECT_EQ(b.type_range().start.byte, 1u);
  EXPECT_EQ(b.type_range().end.byte, 10u);
  EXPECT_EQ(b.def_range().start.byte, 12u);  // the opening brace of the body
  EXPECT_EQ(b.def_range().end.byte, 13u);
  auto inner = b.body->content(attrs({{"port", true}}));
  EXPECT_TRUE(inner.diagnostics.empty());
  EXPECT_EQ(inner.content.attributes.size(), 1u);
}

TEST(JsonBody, BlocksWithOneAndTwoLabels) {
  auto p = parse(R"({"resource": {"aws_instance": {"web": {}, "db": {"ami": 1}}, "aws_s3": {"logs": {}}}})");
  auto r = p.body().content(BodySchema{{}, {{"resource", {"type", "name"}}}});
  ASSERT_TRUE(r.diagnostics.empty());
  ASSERT_EQ(r.content.blocks.size(), 3u);
  EXPECT_EQ(r.content.blocks[0].labels, (std::vector<std::string>{"aws_instance", "web"}));
  EXPECT_EQ(r.content.blocks[1].labels, (std::vector<std::string>{"aws_instance", "db"}));
  EXPECT_EQ(r.content.blocks[2].labels, (std::vector<std::string>{"aws_s3", "logs"}));
  ASSERT_EQ(r.content.blocks[1].labels.size(), 2u);
  EXPECT_EQ(r.content.blocks[1].label_range(0).start.byte, 14u);
  EXPECT_EQ(r.content.blocks[1].label_range(1).start.byte, 42u);
  EXPECT_EQ(r.content.blocks[1].body->content(attrs({{"ami", true}})).content.attributes.size(), 1u);

  auto one = p.body().content(BodySchema{{}, {{"resource", {"type"}}}});
  ASSERT_EQ(one.content.blocks.size(), 2u);
  EXPECT_EQ(one.content.blocks[0].labels, (std::vector<std::string>{"aws_instance"}));
}

TEST(JsonBody, ArraysOfBlocks) {
  auto p = parse(R"({"service": [{"port": 1}, {"port": 2}], "resource": [{"a": {}}, {"b": {}}]})");
  auto r = p.body().content(BodySchema{{}, {{"service", {}}, {"resource", {"name"}}}});
  ASSERT_TRUE(r.diagnostics.empty());
  ASSERT_EQ(r.content.blocks.size(), 4u);
  EXPECT_EQ(r.content.blocks[0].def_range().start.byte, 12u);  // every element points at the array's bracket
  EXPECT_EQ(r.content.blocks[1].def_range().start.byte, 12u);
  EXPECT_EQ(r.content.blocks[2].labels, (std::vector<std::string>{"a"}));
  EXPECT_EQ(r.content.blocks[3].labels, (std::vector<std::string>{"b"}));
  // An object body's missing-item range is its closing brace, an array body's its opening bracket.
  EXPECT_EQ(p.body().missing_item_range().start.byte, 74u);
  auto arr = parse(R"(  [{"a": 1}])");
  EXPECT_EQ(arr.body().missing_item_range().start.byte, 2u);
  EXPECT_EQ(arr.body().missing_item_range().end.byte, 3u);
}

TEST(JsonBody, BlockValueErrors) {
  struct Case {
    std::string src;
    std::vector<std::string> labels;
    std::string summary, detail;
    uint32_t byte;
  } cases[] = {
      {R"({"b": "x"})", {}, "Incorrect JSON value type",
       "Either a JSON object or a JSON array is required, representing the contents of one or more \"b\" blocks.", 6},
      {R"({"b": {}})", {"name"}, "Missing block label", "At least one object property is required, whose name represents the b block's name.", 6},
      {R"({"b": null})", {"name"}, "Missing block label", "At least one object property is required, whose name represents the b block's name.", 6},
      {R"({"b": 1})", {"name"}, "Incorrect JSON value type",
       "Either a JSON object or JSON array of objects is required here, to specify name labels for this block.", 6},
      {R"({"b": [1, {"x": {}}]})", {"name"}, "Incorrect JSON value type", "A JSON object is required here, to specify name labels for this block.", 7},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.src);
    auto p = parse(c.src);
    auto r = p.body().content(BodySchema{{}, {{"b", c.labels}}});
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics[0].summary, c.summary);
    EXPECT_EQ(r.diagnostics[0].detail, c.detail);
    EXPECT_EQ(r.diagnostics[0].subject->start.byte, c.byte);
  }
}

TEST(JsonBody, NullBlockMeansNoBlock) {
  auto p = parse(R"({"b": null})");
  auto r = p.body().content(BodySchema{{}, {{"b", {}}}});
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_TRUE(r.content.blocks.empty());
}

TEST(JsonBody, NonObjectArrayElementReportsWhenItsBodyIsRead) {
  auto p = parse(R"({"b": [{"x": 1}, "bad"]})");
  auto r = p.body().content(BodySchema{{}, {{"b", {}}}});
  ASSERT_TRUE(r.diagnostics.empty());
  ASSERT_EQ(r.content.blocks.size(), 2u);
  auto inner = r.content.blocks[1].body->content({});
  ASSERT_EQ(inner.diagnostics.size(), 2u);  // reported twice, as the reference's Content does
  EXPECT_EQ(inner.diagnostics[0].detail, "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.");
  EXPECT_EQ(inner.diagnostics[1].detail, inner.diagnostics[0].detail);
  EXPECT_EQ(inner.diagnostics[0].subject->start.byte, 17u);
}

TEST(JsonBody, PartialContentHidesWhatItConsumed) {
  auto p = parse(R"({"a": 1, "b": 2, "svc": {}, "c": 3})");
  auto r = p.body().partial_content(BodySchema{{{"a", false}}, {{"svc", {}}}});
  ASSERT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.content.attributes.size(), 1u);
  EXPECT_EQ(r.content.blocks.size(), 1u);
  ASSERT_NE(r.remain, nullptr);
  auto rest = r.remain->just_attributes();
  ASSERT_EQ(rest.attributes.size(), 2u);
  EXPECT_EQ(rest.attributes[0].name, "b");
  EXPECT_EQ(rest.attributes[1].name, "c");
  // Asking the remain body for "a" again finds nothing, so a required "a" is missing there.
  auto again = r.remain->content(attrs({{"a", true}, {"b", false}, {"c", false}}));
  ASSERT_EQ(again.diagnostics.size(), 1u);
  EXPECT_EQ(again.diagnostics[0].summary, "Missing required argument");
}

TEST(JsonBody, JustAttributes) {
  auto p = parse("{\"a\": 1,\n \"b\": [2],\n \"a\": 3}");
  auto r = p.body().just_attributes();
  ASSERT_EQ(r.attributes.size(), 2u);
  EXPECT_EQ(r.attributes[1].expr->kind_name(), "JSONArray");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Duplicate attribute definition");
  EXPECT_EQ(r.diagnostics[0].detail, "The argument \"a\" was already set at b.json:1,2-8.");
  EXPECT_FALSE(r.diagnostics[0].context.has_value());
  EXPECT_EQ(r.diagnostics[0].subject->start.line, 3u);
}

TEST(JsonBody, JustAttributesNeedsAnObject) {
  auto p = parse(R"([{"a": 1}])");
  auto r = p.body().just_attributes();
  EXPECT_TRUE(r.attributes.empty());
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Incorrect JSON value type");
  EXPECT_EQ(r.diagnostics[0].detail, "A JSON object is required here, setting the arguments for this block.");
}

TEST(JsonBody, RootArrayOfObjectsIsOneBody) {
  auto p = parse(R"([{"a": 1}, {"b": 2}, 5])");
  auto r = p.body().content(attrs({{"a", false}, {"b", false}}));
  EXPECT_EQ(r.content.attributes.size(), 2u);
  ASSERT_EQ(r.diagnostics.size(), 2u);  // the 5, collected twice
  EXPECT_EQ(r.diagnostics[0].detail, "A JSON object is required here, to define arguments and child blocks.");
}

// An object's properties are read in place, an array's are collected from its objects: both give
// the same attributes, duplicates across the array's objects, and the extraneous names with
// suggestions drawn from what is not set.
TEST(JsonBody, ObjectAndArrayBodiesReadAlike) {
  for (const char* text : {R"({"a": 1, "bx": 2, "a": 3})", R"([{"a": 1, "bx": 2}, {"a": 3}])"}) {
    auto p = parse(text);
    auto r = p.body().content(attrs({{"a", false}, {"b", false}}));
    ASSERT_EQ(r.content.attributes.size(), 1u) << text;
    EXPECT_EQ(r.content.attributes[0].name, "a");
    ASSERT_EQ(r.diagnostics.size(), 2u) << text;
    EXPECT_EQ(r.diagnostics[0].summary, "Duplicate argument");
    EXPECT_EQ(r.diagnostics[1].detail, "No argument or block type is named \"bx\". Did you mean \"b\"?");
  }
}

TEST(JsonBody, QuotingOfOddNamesMatchesGo) {
  auto p = parse(R"({"a\u0007\"b\\": 1, "nb\u00a0sp": 2})");
  auto r = p.body().content({});
  ASSERT_EQ(r.diagnostics.size(), 2u);
  EXPECT_EQ(r.diagnostics[0].detail, R"(No argument or block type is named "a\a\"b\\".)");
  EXPECT_EQ(r.diagnostics[1].detail, R"(No argument or block type is named "nb\u00a0sp".)");
}

}  // namespace
