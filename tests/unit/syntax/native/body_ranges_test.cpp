// The ranges content(), partial_content() and just_attributes() give for a native body's
// attributes and blocks (looked up when asked, from the spans the views keep) must be exactly the
// ranges the source file gives for the parser's spans, on inputs where a wrong span or a short cut
// in the lookup would show: CRLF line ends, non-ASCII names and labels, combining marks right
// after a name, a byte-order mark, an attribute at byte 0, values and labels spread over lines,
// escapes in labels.
#include <gtest/gtest.h>

#include <string>

#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"

namespace hclschema::native {
namespace {

const char* const k_inputs[] = {
    "a = 1\n",
    "a = 1\r\nbb = \"x\"\r\nblk \"l1\" \"l2\" {\r\n  c = [1,\r\n    2]\r\n}\r\n",
    "\xEF\xBB\xBF" "name = \"v\"\nblock {\n}\n",
    "\xC3\xA9t\xC3\xA9 = \"\xC3\xA9\"\nr\xC3\xA9sum\xC3\xA9 \"\xC3\xA9\" l\xC3\xA9 {\n  x = 1\n}\n",
    "e\xCC\x81 = 2\nx = \"e\xCC\x81\" # comment\nb \"\\u00e9\\n\" \"e\xCC\x81\" { y = 3 }\n",
    "long_value = {\n  a = 1\n  b = [for x in y : x]\n}\nnext = <<EOT\nhello\nEOT\nlast = 1",
    "   indented    =    \"spaced\"      \n\tt = 1\n",
    "v = \"\xD8\x80\" \nw = 1\nblk \"\xD8\x80\" \"x\" {}\nb2 \"a\"\n{\n}\n",
    "resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n  tags = { Name = \"web\" }\n  nested {\n    k = v\n  }\n}\n",
    // More labels than a Block holds inline, next to blocks with none and with two.
    "deep \"a\" \"b\" \"c\" \"d\" \"e\" {\n  z = 1\n}\nplain {\n}\ntwo \"x\" \"y\" {}\n",
};

void expect_attribute(const SourceFile& file, const NativeBody& body, const Attribute& got) {
  for (const auto& a : body.attributes()) {
    if (a.name() != got.name) continue;
    EXPECT_EQ(got.range(), file.range(a.span())) << got.name;
    EXPECT_EQ(got.name_range(), file.range(a.name_span)) << got.name;
    return;
  }
  ADD_FAILURE() << "no attribute " << got.name;
}

void expect_block(const SourceFile& file, const NativeBlock& b, const Block& got) {
  EXPECT_EQ(got.type_range(), file.range(b.type_span)) << got.type;
  const ByteSpan last = b.label_spans().empty() ? b.type_span : b.label_spans()[b.label_spans().size() - 1];
  EXPECT_EQ(got.def_range(), file.range(ByteSpan::cover(b.type_span, last))) << got.type;
  ASSERT_EQ(got.labels.size(), b.label_spans().size());
  for (uint32_t i = 0; i < b.label_spans().size(); ++i) EXPECT_EQ(got.label_range(i), file.range(b.label_spans()[i])) << got.type << " label " << i;
}

// Every attribute and block of `body` and its nested bodies, through content() with a schema that
// names them all, and the attributes again through just_attributes().
void check_body(const SourceFile& file, const NativeBody& body) {
  BodySchema schema;
  for (const auto& a : body.attributes()) schema.attributes.push_back({std::string(a.name()), false});
  for (const NativeBlock* b : body.blocks()) {
    BlockHeaderSchema h{std::string(b->type()), {}};
    for (uint32_t i = 0; i < b->labels().size(); ++i) h.label_names.push_back("l" + std::to_string(i));
    schema.blocks.push_back(h);
  }
  ContentResult content = body.content(schema);
  EXPECT_EQ(content.content.missing_item_range(), file.range({body.span().begin, body.span().begin}));
  ASSERT_EQ(content.content.attributes.size(), body.attributes().size());
  for (const auto& a : content.content.attributes) expect_attribute(file, body, a);
  ASSERT_EQ(content.content.blocks.size(), body.blocks().size());
  for (uint32_t i = 0; i < body.blocks().size(); ++i) expect_block(file, *body.blocks()[i], content.content.blocks[i]);

  PartialContentResult partial = body.partial_content(schema);
  for (const auto& a : partial.content.attributes) expect_attribute(file, body, a);
  for (uint32_t i = 0; i < partial.content.blocks.size(); ++i) expect_block(file, *body.blocks()[i], partial.content.blocks[i]);

  if (body.blocks().empty()) {
    AttributesResult attrs = body.just_attributes();
    for (const auto& a : attrs.attributes) expect_attribute(file, body, a);
  }
  for (const NativeBlock* b : body.blocks()) check_body(file, *b->body);
}

TEST(NativeBodyRanges, EqualTheSourceFilesRangesOfTheSpans) {
  for (const char* input : k_inputs) {
    SCOPED_TRACE(input);
    auto source = SourceFile::from_string("some/long/directory/name/for/the/file.tf", input);
    ParseResult parsed = parse_native(source);
    ASSERT_TRUE(parsed.file);
    const NativeBody* body = parsed.file->native_body();
    ASSERT_NE(body, nullptr);
    check_body(*source, *body);
  }
}

// The same text cut out of a larger file (positions in the enclosing file's coordinates).
TEST(NativeBodyRanges, EqualTheSourceFilesRangesInASlice) {
  const std::string whole = std::string("pre \xC3\xA9 = 1\n") + k_inputs[3] + k_inputs[4];
  auto enclosing = SourceFile::from_string("w.tf", whole);
  const auto begin = static_cast<uint32_t>(whole.find('\n') + 1);
  auto part = SourceFile::slice_of(enclosing, ByteSpan{begin, static_cast<uint32_t>(whole.size())});
  ParseResult parsed = parse_native(part);
  ASSERT_TRUE(parsed.file);
  check_body(*part, *parsed.file->native_body());
}

}  // namespace
}  // namespace hclschema::native
