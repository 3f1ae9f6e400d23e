// SourceFile: line tables, grapheme-cluster columns, byte-order marks, and shifted origins.
#include <gtest/gtest.h>

#include "hclschema/source.hpp"

namespace hclschema {
namespace {

struct PosCase {
  const char* text;
  uint32_t byte;
  Pos want;
};

class SourcePositions : public ::testing::TestWithParam<PosCase> {};

TEST_P(SourcePositions, LineColumnAndByte) {
  const auto& c = GetParam();
  auto file = SourceFile::from_string("f.hcl", c.text);
  EXPECT_EQ(file->pos_at(c.byte), c.want) << c.text << " @" << c.byte;
}

INSTANTIATE_TEST_SUITE_P(
    Source, SourcePositions,
    ::testing::Values(PosCase{"abc", 0, {1, 1, 0}}, PosCase{"abc", 2, {1, 3, 2}}, PosCase{"abc", 3, {1, 4, 3}},
                      PosCase{"a\nbc", 2, {2, 1, 2}}, PosCase{"a\nbc", 3, {2, 2, 3}}, PosCase{"a\r\nb", 3, {2, 1, 3}},
                      PosCase{"a\r\nb", 1, {1, 2, 1}},
                      // é as one code point (2 bytes) and as e + combining acute (3 bytes) are both one column
                      PosCase{"\xC3\xA9x", 2, {1, 2, 2}}, PosCase{"e\xCC\x81x", 3, {1, 2, 3}},
                      // an emoji with a skin-tone modifier is one grapheme cluster
                      PosCase{"\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBDx", 8, {1, 2, 8}},
                      // a byte-order mark is not a column
                      PosCase{"\xEF\xBB\xBF" "a = 1", 3, {1, 1, 3}}, PosCase{"\xEF\xBB\xBF" "a = 1", 7, {1, 5, 7}},
                      // invalid UTF-8 counts one column per bad byte
                      PosCase{"\xFF\xFEx", 2, {1, 3, 2}},
                      // past the end clamps
                      PosCase{"ab", 99, {1, 3, 2}}));

TEST(SourceFile, RangesAndLineText) {
  auto file = SourceFile::from_string("main.tf", "one\r\ntwo\nthree");
  EXPECT_EQ(file->line_count(), 3u);
  EXPECT_EQ(file->line_text(1), "one");
  EXPECT_EQ(file->line_text(2), "two");
  EXPECT_EQ(file->line_text(3), "three");
  EXPECT_EQ(file->line_text(4), "");
  Range r = file->range({5, 8});
  EXPECT_EQ(r.filename, "main.tf");
  EXPECT_EQ(r.start, (Pos{2, 1, 5}));
  EXPECT_EQ(r.end, (Pos{2, 4, 8}));
  EXPECT_EQ(file->slice({5, 8}), "two");
}

TEST(SourceFile, AnOriginShiftsPositionsIntoTheEnclosingFile) {
  auto file = SourceFile::from_string_at("x.json", "ab\ncd", Pos{4, 10, 100});
  EXPECT_EQ(file->pos_at(0), (Pos{4, 10, 100}));
  EXPECT_EQ(file->pos_at(1), (Pos{4, 11, 101}));
  EXPECT_EQ(file->pos_at(4), (Pos{5, 2, 104}));  // later lines keep their own columns
  EXPECT_EQ(file->slice({3, 5}), "cd");
}

// A slice re-parsed on its own reports the enclosing file's positions, even where a grapheme
// cluster spans the cut (a combining mark right after it belongs to the character before).
TEST(SourceFile, ASliceHasTheEnclosingFilesPositions) {
  auto whole = SourceFile::from_string("f.hcl", "a\nf:\xD9\x96nt }\n");
  auto part = SourceFile::slice_of(whole, ByteSpan{4, 8});
  EXPECT_EQ(part->text(), "\xD9\x96nt");
  for (uint32_t b = 0; b <= 4; ++b) EXPECT_EQ(part->pos_at(b), whole->pos_at(4 + b)) << b;
  EXPECT_EQ(part->pos_at(2).column, 3);  // "f:" + the mark is two clusters, then "n"
  EXPECT_EQ(part->filename(), "f.hcl");
}

// Only the start of a real file can hold a byte-order mark; in text cut from the middle of a line
// (an origin past byte 0) one is an ordinary character and takes a column, as in the whole file.
TEST(SourceFile, AByteOrderMarkInsideAFileIsAColumn) {
  auto whole = SourceFile::from_string("f.hcl", "a = \xEF\xBB\xBF[1]");
  auto cut = SourceFile::from_string_at("f.hcl", "\xEF\xBB\xBF[1]", whole->pos_at(4));
  EXPECT_EQ(cut->pos_at(3), whole->pos_at(7));
  EXPECT_EQ(cut->pos_at(3).column, 6);
  auto bom_file = SourceFile::from_string("g.hcl", "\xEF\xBB\xBF[1]");
  EXPECT_EQ(bom_file->pos_at(3).column, 1);  // at the start of a file it is not
}

}  // namespace
}  // namespace hclschema
