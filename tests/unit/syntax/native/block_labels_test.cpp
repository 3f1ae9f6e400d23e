// Block labels: a quoted label is used as its one literal piece when it has one, and is joined
// from its pieces otherwise; labels of nested blocks, gathered on the parser's scratch stacks
// while the outer block's wait there too, end up on the right blocks.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"

namespace hclschema {
namespace {

using native::NativeBlock;

std::string labels_of(const NativeBlock& b, const SourceFile& src) {
  std::string out;
  for (uint32_t i = 0; i < b.labels().size(); ++i) {
    if (!out.empty()) out += ",";
    out += "[" + std::string(b.labels()[i]) + "]" + std::string(src.slice(b.label_spans()[i]));
  }
  return out;
}

struct LabelCase {
  const char* header;    // the block header, before "{"
  const char* expected;  // [label]source-text of each label
  size_t errors;
};

TEST(BlockLabels, OnePieceManyPiecesAndTemplates) {
  const std::vector<LabelCase> cases = {
      {"b", "", 0},
      {"b a", "[a]a", 0},
      {"b \"short\"", "[short]\"short\"", 0},
      {"b \"a_label_longer_than_small_strings\"", "[a_label_longer_than_small_strings]\"a_label_longer_than_small_strings\"", 0},
      {"b \"esc\\n\\\"aped\"", "[esc\n\"aped]\"esc\\n\\\"aped\"", 0},
      {"b \"cost$x and 100%\"", "[cost$x and 100%]\"cost$x and 100%\"", 0},  // lone $ and %: pieces of their own
      {"b \"pre$${x}post_and_a_long_tail_after_it\"", "[pre${x}post_and_a_long_tail_after_it]\"pre$${x}post_and_a_long_tail_after_it\"", 0},
      {"b \"x${y}z\"", "[x${ ... }z]\"x${y}z\"", 1},
      {"b \"${y}z\"", "[${ ... }z]\"${y}z\"", 1},
      {"b \"${y}\"", "[${ ... }]\"${y}\"", 1},
      {"b \"a_long_first_piece_here%{ if y }\"", "[a_long_first_piece_here%{ ... }]\"a_long_first_piece_here%{ if y }\"", 1},
      {"b \"\"", "[]\"\"", 0},
      {"b one \"two\" three", "[one]one,[two]\"two\",[three]three", 0},
  };
  for (const auto& c : cases) {
    auto src = SourceFile::from_string("t.hcl", std::string(c.header) + " {\n}\n");
    auto r = parse_native(src);
    ASSERT_EQ(r.file->native_body()->blocks().size(), 1u) << c.header;
    EXPECT_EQ(labels_of(*r.file->native_body()->blocks()[0], *src), c.expected) << c.header;
    EXPECT_EQ(r.diagnostics.size(), c.errors) << c.header;
  }
}

// Labels that read as their source text (a bare name, a quoted string without escapes) keep only
// their spans; one that does not (an escape, a template sequence, a missing closing quote) makes
// the block store every text. Either way labels() gives the same texts.
TEST(BlockLabels, TextsAreStoredOnlyWhenTheSourceDoesNotReadAsThem) {
  const struct {
    const char* src;
    bool stored;
    const char* expected;
  } cases[] = {
      {"b one \"two\" {\n}\n", false, "[one]one,[two]\"two\""},
      {"b \"\" {\n}\n", false, "[]\"\""},
      {"b \"caf\xC3\xA9\" x {\n}\n", false, "[caf\xC3\xA9]\"caf\xC3\xA9\",[x]x"},
      {"b one \"t\\two\" {\n}\n", true, "[one]one,[t\two]\"t\\two\""},
      {"b \"$${x}\" {\n}\n", true, "[${x}]\"$${x}\""},
      {"b \"open", true, "[open]\"open"},  // unterminated at the end of the file
      {"b \"", true, "[]\""},
  };
  for (const auto& c : cases) {
    auto src = SourceFile::from_string("t.hcl", c.src);
    auto r = parse_native(src);
    ASSERT_EQ(r.file->native_body()->blocks().size(), 1u) << c.src;
    const NativeBlock& block = *r.file->native_body()->blocks()[0];
    EXPECT_EQ(block.label_items.get() != nullptr, c.stored) << c.src;
    EXPECT_EQ(labels_of(block, *src), c.expected) << c.src;
    std::vector<std::string_view> iterated(block.labels().begin(), block.labels().end());
    ASSERT_EQ(iterated.size(), block.labels().size()) << c.src;
    for (uint32_t i = 0; i < iterated.size(); ++i) EXPECT_EQ(iterated[i], block.labels()[i]) << c.src;
  }
}

TEST(BlockLabels, NestedBlocksKeepTheirOwn) {
  auto src = SourceFile::from_string("t.hcl",
                                     "outer \"o1\" o2 {\n"
                                     "  mid \"m1\" {\n"
                                     "    inner \"i1\" \"i2\" \"i3\" {\n    }\n"
                                     "    bare {\n    }\n"
                                     "  }\n"
                                     "  second \"s1\" { x = 1 }\n"
                                     "  broken \"b1\" = 2\n"
                                     "  after \"a1\" {\n  }\n"
                                     "}\n"
                                     "next \"n1\" {\n}\n");
  auto r = parse_native(src);
  const auto& top = r.file->native_body()->blocks();
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(labels_of(*top[0], *src), "[o1]\"o1\",[o2]o2");
  EXPECT_EQ(labels_of(*top[1], *src), "[n1]\"n1\"");
  const auto& in_outer = top[0]->body->blocks();
  ASSERT_EQ(in_outer.size(), 4u);
  EXPECT_EQ(labels_of(*in_outer[0], *src), "[m1]\"m1\"");
  EXPECT_EQ(labels_of(*in_outer[1], *src), "[s1]\"s1\"");
  EXPECT_EQ(labels_of(*in_outer[2], *src), "[b1]\"b1\"");  // the invalid definition keeps its label
  EXPECT_EQ(labels_of(*in_outer[3], *src), "[a1]\"a1\"");
  const auto& in_mid = in_outer[0]->body->blocks();
  ASSERT_EQ(in_mid.size(), 2u);
  EXPECT_EQ(labels_of(*in_mid[0], *src), "[i1]\"i1\",[i2]\"i2\",[i3]\"i3\"");
  EXPECT_EQ(labels_of(*in_mid[1], *src), "");
}

}  // namespace
}  // namespace hclschema
