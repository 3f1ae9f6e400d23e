// Unit tests of the literal-decoding fast paths: is_ascii, may_need_decoding and their one-pass
// conjunction is_plain_ascii_literal (eight bytes at a
// time) must give the byte-by-byte answer for every length and every position of the interesting
// byte, and decode_string_literal must decode the same with or without them.
#include <gtest/gtest.h>

#include <memory_resource>
#include <random>
#include <string>

#include "hclschema/source.hpp"
#include "syntax/native/string_literal.hpp"

namespace hclschema::native::detail {
namespace {

bool slow_is_ascii(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

bool slow_may_need_decoding(std::string_view s) {
  for (char c : s)
    if (c == '\\' || c == '$' || c == '%') return true;
  return false;
}

TEST(StringLiteralFastPath, EveryLengthAndPosition) {
  // Each special byte (and near misses that differ in one bit) at each offset of strings of length
  // 0..40, so both the eight-byte loop and the tail loop see it.
  const unsigned char specials[] = {'\\', '$', '%', 0x80, 0xC3, 0xFF, '\\' ^ 1, '$' ^ 1, '%' ^ 0x40, 0x7F, 0x00, 0x01};
  for (size_t len = 0; len <= 40; ++len) {
    std::string base(len, 'a');
    EXPECT_TRUE(is_ascii(base));
    EXPECT_TRUE(is_plain_ascii_literal(base));
    EXPECT_FALSE(may_need_decoding(base));
    for (size_t at = 0; at < len; ++at) {
      for (unsigned char c : specials) {
        std::string s = base;
        s[at] = static_cast<char>(c);
        EXPECT_EQ(is_ascii(s), slow_is_ascii(s)) << len << " " << at << " " << int(c);
        EXPECT_EQ(may_need_decoding(s), slow_may_need_decoding(s)) << len << " " << at << " " << int(c);
        EXPECT_EQ(is_plain_ascii_literal(s), slow_is_ascii(s) && !slow_may_need_decoding(s)) << len << " " << at << " " << int(c);
      }
    }
  }
}

TEST(StringLiteralFastPath, RandomStrings) {
  std::mt19937 rng(7);
  const std::string alphabet = "ab $%\\{}\x80\xC3\xA9\"\n#";
  for (int i = 0; i < 5000; ++i) {
    std::string s(rng() % 30, ' ');
    for (char& c : s) c = alphabet[rng() % alphabet.size()];
    EXPECT_EQ(is_ascii(s), slow_is_ascii(s));
    EXPECT_EQ(may_need_decoding(s), slow_may_need_decoding(s));
    EXPECT_EQ(is_plain_ascii_literal(s), slow_is_ascii(s) && !slow_may_need_decoding(s));
  }
}

TEST(StringLiteralFastPath, DecodeAgreesOnTrickyLiterals) {
  // Literals that skip the decoder, and ones that only look like they need it ($ and % without
  // a doubled brace come out unchanged, escapes are decoded).
  struct Case {
    std::string text;
    bool quoted;
    std::string want;
  };
  const Case cases[] = {
    {"plain text here", true, "plain text here"},
    {"costs $5 or 10%", true, "costs $5 or 10%"},
    {"$${x}", true, "${x}"},
    {"%%{x}", false, "%{x}"},
    {"a\\nb", true, "a\nb"},
    {"a\\nb", false, "a\\nb"},
    {"ends with $", true, "ends with $"},
    {"\\u00e9t\\u00e9", true, "\xC3\xA9t\xC3\xA9"},
    {"long plain text longer than eight bytes", false, "long plain text longer than eight bytes"},
    // text between escapes is copied a run at a time; hex digits of either case
    {"a run\\tthen $${x} and %%{y}\\\\end", true, "a run\tthen ${x} and %{y}\\end"},
    {"\\\"q\\\"", true, "\"q\""},
    {"x\\u00E9y\\U0001F600z\\u00c9", true, "x\xC3\xA9y\xF0\x9F\x98\x80z\xC3\x89"},
    {"\\u004A\\u004a\\uABCD", true, "JJ\xEA\xAF\x8D"},
    {"back\\slash $${x} kept", false, "back\\slash ${x} kept"},
    {"$$ %% $x %y $$", true, "$$ %% $x %y $$"},
    {"\xC3\xA9\\n\xC3\xA9", true, "\xC3\xA9\n\xC3\xA9"},
  };
  for (const Case& c : cases) {
    auto file = SourceFile::from_string("t.tf", c.text);
    std::pmr::monotonic_buffer_resource arena;
    Diagnostics diags;
    std::string_view got = decode_string_literal(*file, ByteSpan{0, static_cast<uint32_t>(c.text.size())}, c.quoted, arena, diags);
    EXPECT_EQ(std::string(got), c.want) << c.text;
    EXPECT_TRUE(diags.empty()) << c.text;
  }
}

}  // namespace
}  // namespace hclschema::native::detail
