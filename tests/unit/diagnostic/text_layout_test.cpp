// Display widths, caret padding and word wrapping used by the text diagnostic writer.
#include <gtest/gtest.h>

#include "diagnostic/text_layout.hpp"

namespace hclschema::detail {
namespace {

TEST(TextLayout, DisplayWidth) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("abc"), 3u);
  EXPECT_EQ(display_width("e\xcc\x81"), 1u);                 // e + combining acute: one cluster
  EXPECT_EQ(display_width("\xe6\x97\xa5\xe6\x9c\xac"), 4u);  // two wide CJK characters
  EXPECT_EQ(display_width("\xff\xfe"), 2u);                  // invalid bytes: one cell each
  EXPECT_EQ(display_width("\r\n"), 1u);                      // one cluster
}

TEST(TextLayout, FirstGraphemeSize) {
  EXPECT_EQ(first_grapheme_size(""), 0u);
  EXPECT_EQ(first_grapheme_size("ab"), 1u);
  EXPECT_EQ(first_grapheme_size("e\xcc\x81x"), 3u);
  EXPECT_EQ(first_grapheme_size("\xe6\x97\xa5x"), 3u);
  EXPECT_EQ(first_grapheme_size("\xff" "a"), 1u);
}

TEST(TextLayout, PaddingKeepsTabsAndWidths) {
  EXPECT_EQ(padding_for(""), "");
  EXPECT_EQ(padding_for("ab"), "  ");
  EXPECT_EQ(padding_for("\t\tx"), "\t\t ");
  EXPECT_EQ(padding_for("\xe6\x97\xa5="), "   ");
  EXPECT_EQ(padding_for("e\xcc\x81"), " ");
}

struct WrapCase {
  const char* name;
  std::string text;
  unsigned width;
  std::string want;
};

class WrapWords : public ::testing::TestWithParam<WrapCase> {};

TEST_P(WrapWords, Wraps) { EXPECT_EQ(wrap_words(GetParam().text, GetParam().width), GetParam().want); }

INSTANTIATE_TEST_SUITE_P(
    Cases, WrapWords,
    ::testing::Values(WrapCase{"zero_width_is_off", "a b c d e", 0, "a b c d e"},
                      WrapCase{"fits", "a b c", 5, "a b c"},
                      WrapCase{"breaks_at_space", "aaa bbb ccc", 7, "aaa bbb\nccc"},
                      WrapCase{"one_word_per_line", "foo bar baz", 3, "foo\nbar\nbaz"},
                      WrapCase{"long_word_own_line", "a verylongword b", 5, "a\nverylongword\nb"},
                      WrapCase{"long_first_word", "verylongword b", 5, "verylongword\nb"},
                      WrapCase{"keeps_newlines", "aaa bbb\nccc ddd", 7, "aaa bbb\nccc ddd"},
                      WrapCase{"wraps_each_paragraph", "aa bb cc\n\ndd ee ff", 5, "aa bb\ncc\n\ndd ee\nff"},
                      WrapCase{"keeps_indent", "  aa bb cc", 7, "  aa bb\ncc"},
                      WrapCase{"drops_trailing_space", "aa bb   ", 10, "aa bb"},
                      WrapCase{"counts_graphemes", "\xc3\xa9\xc3\xa9\xc3\xa9 abc", 7, "\xc3\xa9\xc3\xa9\xc3\xa9 abc"},
                      WrapCase{"counts_wide_cells", "\xe6\x97\xa5\xe6\x9c\xac abc", 6, "\xe6\x97\xa5\xe6\x9c\xac\nabc"},
                      WrapCase{"empty", "", 10, ""}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace hclschema::detail
