// SourceFile finds a byte's line between the lines of its 128-byte block's first byte and of the
// next block's (the block table built with the line table). Texts whose lines cross block
// boundaries in every way (a line longer than several blocks, a block of nothing but empty
// lines, a line starting or ending exactly at a boundary, a text ending at one or just past it)
// give every byte's position and every short range exactly as computed from the text alone,
// through range()'s usual case (ASCII on one line) and its fallback; a block of up to 8 lines is
// read line after line, one of more (empty lines) halved. The line table ends with a start past
// every byte, which line_count and line_text do not count.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/source.hpp"
#include "unit/source/positions_from_text.hpp"

namespace hclschema {
namespace {

std::vector<std::string> texts_across_blocks() {
  std::vector<std::string> out;
  out.push_back(std::string(255, 'a') + "\n" + std::string(255, 'b') + "\n");  // lines end on boundaries
  out.push_back(std::string(256, 'a') + "\n" + std::string(300, '\n') + "x = 1\n");  // a block of empty lines
  out.push_back("k = 1\n" + std::string(1000, 'c') + "\n" + "tail");  // a line over several blocks
  out.push_back(std::string(512, 'd'));  // one line, ending on a boundary
  out.push_back(std::string(511, 'e') + "\n");
  out.push_back(std::string(257, 'f') + "\n" + std::string(254, 'g') + "\nh");
  out.push_back(std::string(127, 'i') + "\n" + std::string(128, 'j') + "\n" + std::string(129, 'k'));
  out.push_back("");
  out.push_back("\n");
  std::string mixed;
  for (int i = 0; i < 120; ++i) {
    mixed += std::string(static_cast<size_t>(i * 7 % 41), 'm');
    mixed += i % 9 == 0 ? "\xC3\xA9 = \"e\xCC\x81\"\r\n" : i % 4 == 0 ? " = 2\r\n" : "\n";
  }
  out.push_back(mixed);
  return out;
}

TEST(LineBlocks, EveryPositionAcrossBlockBoundaries) {
  for (const std::string& text : texts_across_blocks()) {
    auto file = SourceFile::from_string("b.hcl", text);
    const auto want = test::positions_from_text(text);
    // Forwards, backwards and block by block, from both ends.
    for (uint32_t b = 0; b <= text.size(); ++b) ASSERT_EQ(file->pos_at(b), want[b]) << "byte " << b;
    for (uint32_t b = static_cast<uint32_t>(text.size()) + 1; b-- > 0;) ASSERT_EQ(file->pos_at(b), want[b]) << "byte " << b;
    for (uint32_t b = 0; b <= text.size(); b += 128) {
      ASSERT_EQ(file->pos_at(b), want[b]) << "byte " << b;
      if (b > 0) {
        ASSERT_EQ(file->pos_at(b - 1), want[b - 1]) << "byte " << b - 1;
      }
    }
    // Past the end: clamped.
    EXPECT_EQ(file->pos_at(static_cast<uint32_t>(text.size()) + 300), want.back());
  }
}

TEST(LineBlocks, RangesAcrossBlockBoundaries) {
  for (const std::string& text : texts_across_blocks()) {
    auto file = SourceFile::from_string("r.hcl", text);
    const auto want = test::positions_from_text(text);
    for (uint32_t b = 0; b <= text.size(); ++b)
      for (uint32_t e = b; e <= text.size() && e <= b + 24; e += 1 + (e - b) / 4) {
        const Range r = file->range({b, e});
        ASSERT_EQ(r.start, want[b]) << b << ".." << e;
        ASSERT_EQ(r.end, want[e]) << b << ".." << e;
      }
    // Spans over a block boundary and over whole lines.
    for (uint32_t b = 0; b + 300 <= text.size(); b += 61) {
      const Range r = file->range({b, b + 300});
      ASSERT_EQ(r.start, want[b]);
      ASSERT_EQ(r.end, want[b + 300]);
    }
  }
}

TEST(LineBlocks, LineCountAndTextIgnoreTheEndMark) {
  for (const std::string& text : texts_across_blocks()) {
    auto file = SourceFile::from_string("l.hcl", text);
    std::vector<std::string> lines(1);
    for (char c : text) {
      if (c == '\n') {
        lines.emplace_back();
      } else {
        lines.back() += c;
      }
    }
    ASSERT_EQ(file->line_count(), lines.size());
    for (uint32_t l = 1; l <= lines.size(); ++l) {
      std::string want = lines[l - 1];
      if (!want.empty() && want.back() == '\r') want.pop_back();
      ASSERT_EQ(file->line_text(l), want) << "line " << l;
    }
    EXPECT_EQ(file->line_text(0), "");
    EXPECT_EQ(file->line_text(static_cast<uint32_t>(lines.size()) + 1), "");
  }
}

// Text cut from a file keeps the enclosing file's positions, whose block table it uses.
TEST(LineBlocks, SlicesUseTheEnclosingFilesBlocks) {
  const std::string text = texts_across_blocks()[1];
  auto whole = SourceFile::from_string("w.hcl", text);
  const auto want = test::positions_from_text(text);
  ASSERT_GE(text.size(), 500u);
  auto slice = SourceFile::slice_of(whole, {200, 500});
  for (uint32_t b = 0; b <= 300; ++b) ASSERT_EQ(slice->pos_at(b), want[200 + b]) << "byte " << b;
  const Range r = slice->range({100, 110});
  EXPECT_EQ(r.start, want[300]);
  EXPECT_EQ(r.end, want[310]);
}

}  // namespace
}  // namespace hclschema
