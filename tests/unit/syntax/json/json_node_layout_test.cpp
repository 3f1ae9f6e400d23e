// Unit tests of the JSON tree's compact layout: node sizes (the tree is most of a JSON parse's
// memory, issue 2's peak-memory target), each node being its own body, partial_content's remain
// body over the same node, and the fields computed from the span instead of stored (a number's
// text, the braces and brackets of objects and arrays, the stand-in root object's empty spans).
#include <gtest/gtest.h>

#include <string>

#include "hclschema/json/ast.hpp"
#include "hclschema/parse.hpp"

namespace {

using namespace hclschema;

ParseResult parse(std::string text) { return parse_json(SourceFile::from_string("t.json", std::move(text))); }

const json::Object& root_object(const ParseResult& r) { return static_cast<const json::Object&>(*json::root_value(r.file->body())); }

TEST(JsonNodeLayout, NodesStaySmall) {
  if constexpr (sizeof(void*) == 8) {
    // Two vtable pointers, the file, the span and the kind (40 bytes), and for lists and strings
    // a 32-bit count in the tail padding plus a pointer. A node used to take 72-112 bytes.
    EXPECT_LE(sizeof(json::Null), 40u);
    EXPECT_LE(sizeof(json::Bool), 40u);
    EXPECT_LE(sizeof(json::Number), 40u);
    EXPECT_LE(sizeof(json::Invalid), 40u);
    EXPECT_LE(sizeof(json::String), 48u);
    EXPECT_LE(sizeof(json::Array), 48u);
    EXPECT_LE(sizeof(json::Object), 48u);
    EXPECT_LE(sizeof(json::Property), 32u);
  }
}

TEST(JsonNodeLayout, EveryNodeIsItsOwnBody) {
  auto r = parse(R"({"a": {"x": 1}, "b": [{"y": 2}], "c": "s"})");
  const json::Object& root = root_object(r);
  EXPECT_EQ(static_cast<const Body*>(&root), &r.file->body());
  for (const json::Property& p : root.properties()) {
    EXPECT_EQ(&p.value->as_body(), static_cast<const Body*>(p.value));
    EXPECT_EQ(json::root_value(p.value->as_body()), p.value);
  }
  // A block's body is its value's node.
  BodySchema schema;
  schema.blocks.push_back({"a", {}});
  schema.blocks.push_back({"b", {}});
  schema.attributes.push_back({"c", false});
  auto content = r.file->body().content(schema);
  ASSERT_TRUE(content.diagnostics.empty());
  ASSERT_EQ(content.content.blocks.size(), 2u);
  EXPECT_EQ(json::root_value(*content.content.blocks[0].body), root.properties()[0].value);
  EXPECT_EQ(json::root_value(*content.content.blocks[1].body), static_cast<const json::Array&>(*root.properties()[1].value).elements()[0]);
}

TEST(JsonNodeLayout, RemainBodyReadsTheSameNodeAndHidesWhatWasConsumed) {
  auto r = parse(R"({"a": 1, "b": 2, "c": 3})");
  BodySchema first;
  first.attributes.push_back({"a", false});
  auto p1 = r.file->body().partial_content(first);
  ASSERT_TRUE(p1.diagnostics.empty());
  const auto* rest = dynamic_cast<const json::JsonBody*>(p1.remain.get());
  ASSERT_NE(rest, nullptr);
  EXPECT_EQ(&rest->value(), json::root_value(r.file->body()));
  EXPECT_EQ(json::root_value(*p1.remain), json::root_value(r.file->body()));
  EXPECT_EQ(rest->hidden(), (std::vector<std::string>{"a"}));

  BodySchema second;
  second.attributes.push_back({"c", false});
  auto p2 = p1.remain->partial_content(second);
  EXPECT_EQ(static_cast<const json::JsonBody&>(*p2.remain).hidden(), (std::vector<std::string>{"a", "c"}));
  auto attrs = p2.remain->just_attributes();
  ASSERT_EQ(attrs.attributes.size(), 1u);
  EXPECT_EQ(attrs.attributes[0].name, "b");
  // The node's own body still hides nothing.
  EXPECT_EQ(r.file->body().just_attributes().attributes.size(), 3u);
  EXPECT_EQ(p2.remain->missing_item_range(), r.file->body().missing_item_range());
}

TEST(JsonNodeLayout, SpansComputedFromTheWholeSpan) {
  const std::string text = "{\n  \"o\": { \"k\" : 12.5e-1 } ,\n  \"a\": [ 1 ,2 ]\n}\n";
  auto r = parse(text);
  auto at = [](size_t byte) { return ByteSpan{static_cast<uint32_t>(byte), static_cast<uint32_t>(byte + 1)}; };
  const size_t root_close = text.rfind('}'), o_open = text.find("{ "), o_close = text.find("} ,"), a_open = text.find('[');
  const json::Object& root = root_object(r);
  EXPECT_EQ(root.open_span(), at(0));
  EXPECT_EQ(root.close_span(), at(root_close));
  const auto& o = static_cast<const json::Object&>(*root.properties()[0].value);
  EXPECT_EQ(o.span, (ByteSpan{static_cast<uint32_t>(o_open), static_cast<uint32_t>(o_close + 1)}));
  EXPECT_EQ(o.open_span(), at(o_open));
  EXPECT_EQ(o.close_span(), at(o_close));
  EXPECT_EQ(static_cast<const json::Number&>(*o.properties()[0].value).text(), "12.5e-1");
  const auto& a = static_cast<const json::Array&>(*root.properties()[1].value);
  EXPECT_EQ(a.open_span(), at(a_open));
  EXPECT_EQ(a.start_range().start.byte, a_open);
  EXPECT_EQ(a.start_range().end.byte, a_open + 1);
  EXPECT_EQ(a.missing_item_range().start.byte, a_open);
  EXPECT_EQ(o.start_range().start.byte, o_open);
  EXPECT_EQ(o.missing_item_range().start.byte, o_close);
  EXPECT_EQ(o.missing_item_range().end.byte, o_close + 1);
  EXPECT_FALSE(root.synthetic);
}

TEST(JsonNodeLayout, StandInRootObjectHasEmptySpans) {
  auto r = parse("  42");
  const json::Object& root = root_object(r);
  EXPECT_TRUE(root.synthetic);
  EXPECT_TRUE(root.properties().empty());
  EXPECT_EQ(root.open_span(), (ByteSpan{0, 0}));
  EXPECT_EQ(root.close_span(), (ByteSpan{0, 0}));
  EXPECT_EQ(root.missing_item_range(), (Range{"", Pos{0, 0, 0}, Pos{0, 0, 0}}));
}

TEST(JsonNodeLayout, StringsPointIntoTheSourceOrTheArena) {
  const std::string text = R"({"plain": "abc", "esc\u0041": "x\ty", "": ""})";
  auto r = parse(text);
  const json::Object& root = root_object(r);
  const std::string_view source = r.file->source().text();
  auto in_source = [&](std::string_view s) { return s.data() >= source.data() && s.data() + s.size() <= source.data() + source.size(); };
  const auto& plain = static_cast<const json::String&>(*root.properties()[0].value);
  EXPECT_EQ(plain.value(), "abc");
  EXPECT_TRUE(in_source(plain.value()));
  EXPECT_EQ(root.properties()[1].name, "escA");
  EXPECT_FALSE(in_source(root.properties()[1].name));
  const auto& escaped = static_cast<const json::String&>(*root.properties()[1].value);
  EXPECT_EQ(escaped.value(), "x\ty");
  EXPECT_FALSE(in_source(escaped.value()));
  EXPECT_EQ(static_cast<const json::String&>(*root.properties()[2].value).value(), "");
}

}  // namespace
