// Tests of LSP position <-> byte offset conversion (src/lsp/text_position.*): UTF-16 and UTF-8
// code units, surrogate pairs, clamping and every kind of line end.
#include <gtest/gtest.h>

#include "lsp/text_position.hpp"

namespace hclschema::lsp {
namespace {

constexpr auto utf16 = PositionEncoding::utf16;
constexpr auto utf8 = PositionEncoding::utf8;

struct OffsetCase {
  const char* name;
  std::string text;
  Position position;
  PositionEncoding encoding;
  std::size_t offset;
};

class LspOffsetOf : public testing::TestWithParam<OffsetCase> {};

TEST_P(LspOffsetOf, Converts) {
  const OffsetCase& c = GetParam();
  EXPECT_EQ(LineIndex(c.text).offset_of(c.position, c.encoding), c.offset);
}

// "a\xC3\xA9b": a, é (2 bytes, 1 UTF-16 unit), b. "\xF0\x9F\x98\x80": 😀 (4 bytes, 2 UTF-16 units).
INSTANTIATE_TEST_SUITE_P(
    Cases, LspOffsetOf,
    testing::Values(OffsetCase{"start", "abc", {0, 0}, utf16, 0},
                    OffsetCase{"ascii", "abc\ndef", {1, 2}, utf16, 6},
                    OffsetCase{"two_byte_utf16", "a\xC3\xA9" "b", {0, 2}, utf16, 3},
                    OffsetCase{"two_byte_utf8", "a\xC3\xA9" "b", {0, 3}, utf8, 3},
                    OffsetCase{"surrogate_pair_after", "\xF0\x9F\x98\x80x", {0, 2}, utf16, 4},
                    OffsetCase{"surrogate_pair_middle_is_its_start", "\xF0\x9F\x98\x80x", {0, 1}, utf16, 0},
                    OffsetCase{"surrogate_pair_utf8", "\xF0\x9F\x98\x80x", {0, 4}, utf8, 4},
                    OffsetCase{"utf8_inside_a_character_is_its_start", "a\xC3\xA9" "b", {0, 2}, utf8, 1},
                    OffsetCase{"past_line_end_clamps", "ab\ncd", {0, 99}, utf16, 2},
                    OffsetCase{"past_line_end_clamps_before_crlf", "ab\r\ncd", {0, 99}, utf16, 2},
                    OffsetCase{"crlf_second_line", "ab\r\ncd", {1, 1}, utf16, 5},
                    OffsetCase{"lone_cr_is_a_line_end", "ab\rcd", {1, 1}, utf16, 4},
                    OffsetCase{"past_last_line_is_end", "ab\ncd", {7, 0}, utf16, 5},
                    OffsetCase{"line_after_final_newline", "ab\n", {1, 0}, utf16, 3},
                    OffsetCase{"invalid_utf8_byte_counts_one", "\xFFz", {0, 1}, utf16, 1},
                    OffsetCase{"truncated_sequence_counts_bytewise", "\xE2\x82z", {0, 2}, utf16, 2},
                    OffsetCase{"empty_text", "", {3, 3}, utf16, 0}),
    [](const testing::TestParamInfo<OffsetCase>& info) { return std::string(info.param.name); });

struct PositionCase {
  const char* name;
  std::string text;
  std::size_t offset;
  PositionEncoding encoding;
  Position position;
};

class LspPositionOf : public testing::TestWithParam<PositionCase> {};

TEST_P(LspPositionOf, Converts) {
  const PositionCase& c = GetParam();
  EXPECT_EQ(LineIndex(c.text).position_of(c.offset, c.encoding), c.position);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, LspPositionOf,
    testing::Values(PositionCase{"start", "abc", 0, utf16, {0, 0}},
                    PositionCase{"second_line", "abc\ndef", 5, utf16, {1, 1}},
                    PositionCase{"line_start", "abc\ndef", 4, utf16, {1, 0}},
                    PositionCase{"at_newline", "abc\ndef", 3, utf16, {0, 3}},
                    PositionCase{"two_byte_utf16", "a\xC3\xA9" "b", 3, utf16, {0, 2}},
                    PositionCase{"two_byte_utf8", "a\xC3\xA9" "b", 3, utf8, {0, 3}},
                    PositionCase{"after_surrogate_pair", "\xF0\x9F\x98\x80x", 4, utf16, {0, 2}},
                    PositionCase{"after_surrogate_pair_x", "\xF0\x9F\x98\x80x", 5, utf16, {0, 3}},
                    PositionCase{"inside_a_character_is_its_start", "\xF0\x9F\x98\x80x", 2, utf16, {0, 0}},
                    PositionCase{"between_cr_and_lf_is_line_end", "ab\r\ncd", 3, utf16, {0, 2}},
                    PositionCase{"after_crlf", "ab\r\ncd", 4, utf16, {1, 0}},
                    PositionCase{"lone_cr", "ab\rcd", 4, utf16, {1, 1}},
                    PositionCase{"past_end_is_end", "ab\ncd", 99, utf16, {1, 2}},
                    PositionCase{"end_after_final_newline", "ab\n", 3, utf16, {1, 0}}),
    [](const testing::TestParamInfo<PositionCase>& info) { return std::string(info.param.name); });

TEST(LspLineIndex, RoundTripsEveryCharacterBoundary) {
  const std::string text = "x = \"\xC3\xA9\xF0\x9F\x98\x80\"\r\ny = 1\rz\n\xE2\x82\xAC";
  for (PositionEncoding encoding : {utf16, utf8}) {
    LineIndex index(text);
    for (std::size_t offset = 0; offset <= text.size(); ++offset) {
      bool boundary = offset == text.size() || (static_cast<unsigned char>(text[offset]) & 0xC0) != 0x80;
      bool inside_crlf = offset > 0 && text[offset - 1] == '\r' && offset < text.size() && text[offset] == '\n';
      if (!boundary || inside_crlf) continue;
      EXPECT_EQ(index.offset_of(index.position_of(offset, encoding), encoding), offset) << offset;
    }
  }
}

TEST(LspLineIndex, CountsLines) {
  EXPECT_EQ(LineIndex("").line_count(), 1u);
  EXPECT_EQ(LineIndex("a\r\nb\rc\nd").line_count(), 4u);
  EXPECT_EQ(LineIndex("a\n").line_count(), 2u);
}

}  // namespace
}  // namespace hclschema::lsp
