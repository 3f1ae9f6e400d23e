// The Attribute and Block views that content() returns keep byte spans and look a line and
// column up only when a range is asked for. These tests pin the exact ranges (line, column in
// grapheme clusters, byte) they give, in both syntaxes, with CRLF line ends, non-ASCII names and
// labels, a combining mark, values spread over lines, and more labels than BlockLabels holds inline.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/parse.hpp"

namespace hclschema {
namespace {

Range at(uint32_t line1, uint32_t col1, uint32_t byte1, uint32_t line2, uint32_t col2, uint32_t byte2, const char* name) {
  return Range{name, Pos{line1, col1, byte1}, Pos{line2, col2, byte2}};
}

std::vector<std::string> texts(const BlockLabels& labels) { return {labels.begin(), labels.end()}; }

// Line 1 "a = 1", line 2 a non-ASCII name and value, line 3 a block with a quoted non-ASCII label
// and a bare one, lines 4-5 an attribute whose value spans two lines; every line ends in CRLF.
const char* const k_native =
    "a = 1\r\n"
    "nam\xC3\xA9 = \"\xC3\xA9\"\r\n"
    "blk \"\xC3\xA9" "1\" l2 {\r\n"
    "  c = [1,\r\n"
    "    2]\r\n"
    "}\r\n";

TEST(LazyRanges, NativeAttributes) {
  ParseResult parsed = parse_native(SourceFile::from_string("n.tf", k_native));
  ASSERT_TRUE(parsed.diagnostics.empty());
  auto r = parsed.file->body().content(BodySchema{{{"a", false}, {"nam\xC3\xA9", false}}, {{"blk", {"x", "y"}}}});
  ASSERT_TRUE(r.diagnostics.empty());
  ASSERT_EQ(r.content.attributes.size(), 2u);
  const Attribute& a = r.content.attributes[0];
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(a.name_range(), at(1, 1, 0, 1, 2, 1, "n.tf"));
  EXPECT_EQ(a.range(), at(1, 1, 0, 1, 6, 5, "n.tf"));  // ends after the value, before the CR
  const Attribute& name = r.content.attributes[1];
  EXPECT_EQ(name.name, "nam\xC3\xA9");
  EXPECT_EQ(name.name_range(), at(2, 1, 7, 2, 5, 12, "n.tf"));  // é is one column, two bytes
  EXPECT_EQ(name.range(), at(2, 1, 7, 2, 11, 19, "n.tf"));
  // The ranges are asked for again, in another order: the same answers.
  EXPECT_EQ(a.range(), at(1, 1, 0, 1, 6, 5, "n.tf"));

  const Block& blk = r.content.blocks.at(0);
  auto inner = blk.body->content(BodySchema{{{"c", true}}, {}});
  ASSERT_EQ(inner.content.attributes.size(), 1u);
  const Attribute& c = inner.content.attributes[0];
  EXPECT_EQ(c.name_range(), at(4, 3, 39, 4, 4, 40, "n.tf"));
  EXPECT_EQ(c.range(), at(4, 3, 39, 5, 7, 54, "n.tf"));  // the value ends on the next line
}

TEST(LazyRanges, NativeBlockAndLabels) {
  ParseResult parsed = parse_native(SourceFile::from_string("n.tf", k_native));
  auto r = parsed.file->body().content(BodySchema{{{"a", false}, {"nam\xC3\xA9", false}}, {{"blk", {"x", "y"}}}});
  ASSERT_EQ(r.content.blocks.size(), 1u);
  const Block& b = r.content.blocks[0];
  EXPECT_EQ(b.type, "blk");
  EXPECT_EQ(texts(b.labels), (std::vector<std::string>{"\xC3\xA9" "1", "l2"}));
  EXPECT_EQ(b.type_range(), at(3, 1, 21, 3, 4, 24, "n.tf"));
  EXPECT_EQ(b.label_range(0), at(3, 5, 25, 3, 9, 30, "n.tf"));  // the quotes included
  EXPECT_EQ(b.label_range(1), at(3, 10, 31, 3, 12, 33, "n.tf"));
  EXPECT_EQ(b.def_range(), at(3, 1, 21, 3, 12, 33, "n.tf"));  // the type through the last label
}

TEST(LazyRanges, NativeCombiningMarkAfterAName) {
  // e + U+0301 is one grapheme cluster: the name is one column wide but three bytes long.
  ParseResult parsed = parse_native(SourceFile::from_string("m.tf", "x = 0\ne\xCC\x81 = 2\n"));
  ASSERT_TRUE(parsed.diagnostics.empty());
  auto r = parsed.file->body().just_attributes();
  ASSERT_EQ(r.attributes.size(), 2u);
  EXPECT_EQ(r.attributes[1].name_range(), at(2, 1, 6, 2, 2, 9, "m.tf"));
  EXPECT_EQ(r.attributes[1].range(), at(2, 1, 6, 2, 6, 13, "m.tf"));
}

TEST(LazyRanges, NativeBlockWithMoreLabelsThanHeldInline) {
  ParseResult parsed = parse_native(SourceFile::from_string("l.tf", "b \"1\" \"2\" \"3\" \"4\" \"5\" {}\n"));
  ASSERT_TRUE(parsed.diagnostics.empty());
  auto r = parsed.file->body().content(BodySchema{{}, {{"b", {"a", "b", "c", "d", "e"}}}});
  ASSERT_TRUE(r.diagnostics.empty());
  ASSERT_EQ(r.content.blocks.size(), 1u);
  const Block copy = r.content.blocks[0];  // a copy keeps its labels too
  const Block* const both[] = {&r.content.blocks[0], &copy};
  for (const Block* b : both) {
    EXPECT_EQ(texts(b->labels), (std::vector<std::string>{"1", "2", "3", "4", "5"}));
    EXPECT_EQ(b->label_range(0), at(1, 3, 2, 1, 6, 5, "l.tf"));
    EXPECT_EQ(b->label_range(4), at(1, 19, 18, 1, 22, 21, "l.tf"));
    EXPECT_EQ(b->def_range(), at(1, 1, 0, 1, 22, 21, "l.tf"));
  }
}

// Line 2 a non-ASCII attribute name, line 3 a block with two labels, one of them non-ASCII; CRLF.
const char* const k_json =
    "{\r\n"
    "  \"n\xC3\xA9\": 1,\r\n"
    "  \"blk\": {\"\xC3\xA9\": {\"l\": {}}}\r\n"
    "}";

TEST(LazyRanges, JsonAttribute) {
  ParseResult parsed = parse_json(SourceFile::from_string("j.json", k_json));
  ASSERT_TRUE(parsed.diagnostics.empty());
  auto r = parsed.file->body().content(BodySchema{{{"n\xC3\xA9", true}}, {{"blk", {"x", "y"}}}});
  ASSERT_TRUE(r.diagnostics.empty());
  ASSERT_EQ(r.content.attributes.size(), 1u);
  const Attribute& a = r.content.attributes[0];
  EXPECT_EQ(a.name, "n\xC3\xA9");
  EXPECT_EQ(a.name_range(), at(2, 3, 5, 2, 7, 10, "j.json"));  // the key's quotes included
  EXPECT_EQ(a.range(), at(2, 3, 5, 2, 10, 13, "j.json"));      // the key through the value
}

TEST(LazyRanges, JsonBlockAndLabels) {
  ParseResult parsed = parse_json(SourceFile::from_string("j.json", k_json));
  auto r = parsed.file->body().content(BodySchema{{{"n\xC3\xA9", true}}, {{"blk", {"x", "y"}}}});
  ASSERT_EQ(r.content.blocks.size(), 1u);
  const Block& b = r.content.blocks[0];
  EXPECT_EQ(b.type, "blk");
  EXPECT_EQ(texts(b.labels), (std::vector<std::string>{"\xC3\xA9", "l"}));
  EXPECT_EQ(b.type_range(), at(3, 3, 18, 3, 8, 23, "j.json"));
  EXPECT_EQ(b.label_range(0), at(3, 11, 26, 3, 14, 30, "j.json"));
  EXPECT_EQ(b.label_range(1), at(3, 17, 33, 3, 20, 36, "j.json"));
  EXPECT_EQ(b.def_range(), at(3, 22, 38, 3, 23, 39, "j.json"));  // the opening brace of the body
}

TEST(LazyRanges, JsonLabelsPeeledPastWhatIsHeldInline) {
  // Four labels: the fourth goes past BlockLabels' inline room, is taken off again for the next
  // branch, and the third level branches as well.
  const char* text = R"({"b": {"1": {"2": {"3": {"4": {}}, "3b": {"4": {}}}, "2b": {"3": {"4": {}}}}}})";
  ParseResult parsed = parse_json(SourceFile::from_string("d.json", text));
  ASSERT_TRUE(parsed.diagnostics.empty());
  auto r = parsed.file->body().content(BodySchema{{}, {{"b", {"w", "x", "y", "z"}}}});
  ASSERT_TRUE(r.diagnostics.empty());
  ASSERT_EQ(r.content.blocks.size(), 3u);
  EXPECT_EQ(texts(r.content.blocks[0].labels), (std::vector<std::string>{"1", "2", "3", "4"}));
  EXPECT_EQ(texts(r.content.blocks[1].labels), (std::vector<std::string>{"1", "2", "3b", "4"}));
  EXPECT_EQ(texts(r.content.blocks[2].labels), (std::vector<std::string>{"1", "2b", "3", "4"}));
  const std::string_view src(text);
  for (const Block& b : r.content.blocks)
    for (size_t i = 0; i < b.labels.size(); ++i) {
      const Range got = b.label_range(i);
      EXPECT_EQ(src.substr(got.start.byte, got.end.byte - got.start.byte), "\"" + std::string(b.labels[i]) + "\"");
      EXPECT_EQ(got.start.column, got.start.byte + 1);  // all on line 1, all ASCII
    }
  EXPECT_EQ(r.content.blocks[2].label_range(1), at(1, 54, 53, 1, 58, 57, "d.json"));
}

TEST(LazyRanges, NativeMissingItemRange) {
  ParseResult parsed = parse_native(SourceFile::from_string("n.tf", k_native));
  auto r = parsed.file->body().content(BodySchema{{{"a", false}, {"nam\xC3\xA9", false}}, {{"blk", {"x", "y"}}}});
  EXPECT_EQ(r.content.missing_item_range(), at(1, 1, 0, 1, 1, 0, "n.tf"));  // the body's start
  auto inner = r.content.blocks.at(0).body->content(BodySchema{{{"c", true}}, {}});
  EXPECT_EQ(inner.content.missing_item_range(), at(3, 13, 34, 3, 13, 34, "n.tf"));  // the opening brace
  EXPECT_EQ(inner.content.missing_item_range(), r.content.blocks[0].body->missing_item_range());
}

TEST(LazyRanges, JsonMissingItemRange) {
  ParseResult parsed = parse_json(SourceFile::from_string("j.json", k_json));
  auto r = parsed.file->body().content(BodySchema{{{"n\xC3\xA9", true}}, {{"blk", {"x", "y"}}}});
  EXPECT_EQ(r.content.missing_item_range(), at(4, 1, 44, 4, 2, 45, "j.json"));  // an object's closing brace
  auto inner = r.content.blocks.at(0).body->content(BodySchema{});
  EXPECT_EQ(inner.content.missing_item_range(), at(3, 23, 39, 3, 24, 40, "j.json"));

  ParseResult array = parse_json(SourceFile::from_string("a.json", "[{\"a\": 1}]"));
  auto in_array = array.file->body().content(BodySchema{{{"a", false}}, {}});
  EXPECT_EQ(in_array.content.missing_item_range(), at(1, 1, 0, 1, 2, 1, "a.json"));  // an array's opening bracket

  // A root that is no object stands for an empty object without braces: HCL's zero range.
  ParseResult scalar = parse_json(SourceFile::from_string("s.json", "1"));
  auto in_scalar = scalar.file->body().content(BodySchema{});
  EXPECT_EQ(in_scalar.content.missing_item_range(), (Range{"", Pos{0, 0, 0}, Pos{0, 0, 0}}));
}

TEST(LazyRanges, LazyRangeLooksUpOrGives) {
  auto file = SourceFile::from_string("f.tf", "x\r\n\xC3\xA9 = 1\n");
  EXPECT_EQ(LazyRange(*file, ByteSpan{6, 7}).range(), at(2, 3, 6, 2, 4, 7, "f.tf"));  // the "="
  EXPECT_EQ(LazyRange(*file, ByteSpan{6, 7}).range(), file->range({6, 7}));
  const Range given = at(7, 8, 9, 7, 9, 10, "g.tf");
  EXPECT_EQ(LazyRange(given).range(), given);
  EXPECT_EQ(LazyRange().range(), Range{});
  EXPECT_EQ(BodyContent().missing_item_range(), Range{});
}

TEST(LazyRanges, ViewsWithoutAFileHaveEmptyRanges) {
  const Attribute a;
  const Block b;
  EXPECT_EQ(a.range(), Range{});
  EXPECT_EQ(a.name_range(), Range{});
  EXPECT_EQ(b.def_range(), Range{});
  EXPECT_EQ(b.type_range(), Range{});
}

TEST(BlockLabelsStorage, PushAndPopAcrossTheInlineRoom) {
  static const char* const k_texts[] = {"0", "1", "2", "3", "4"};  // labels are views: the texts must outlive them
  BlockLabels labels;
  for (uint32_t i = 0; i < 5; ++i) labels.push_back(k_texts[i], ByteSpan{i, i + 1});
  EXPECT_EQ(labels.size(), 5u);
  EXPECT_EQ(labels, (std::vector<std::string>{"0", "1", "2", "3", "4"}));
  EXPECT_EQ(labels.span(4), (ByteSpan{4, 5}));
  labels.pop_back();
  labels.pop_back();  // back inside
  EXPECT_EQ(labels, (std::vector<std::string>{"0", "1", "2"}));
  EXPECT_EQ(labels.span(2), (ByteSpan{2, 3}));
  labels.push_back("x", ByteSpan{9, 10});  // out again
  EXPECT_EQ(labels, (std::vector<std::string>{"0", "1", "2", "x"}));
  EXPECT_EQ(labels.span(3), (ByteSpan{9, 10}));
  EXPECT_EQ(labels.span(0), (ByteSpan{0, 1}));
  EXPECT_EQ(labels.back(), "x");
}

}  // namespace
}  // namespace hclschema
