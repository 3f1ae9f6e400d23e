// detail::same_text and detail::compare_text (src/value/same_text.hpp): the answers of
// std::string_view's == and compare for texts of every length around the word and half-word
// sizes, differing at any byte (bytes from 0x80 on ordered as unsigned, as std::string orders them),
// and one a prefix of the other.
#include "value/same_text.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>

namespace hclschema::detail {
namespace {

int sign(int x) { return (x > 0) - (x < 0); }

TEST(SameText, AgreesWithStringView) {
  std::mt19937 rng(13);
  // Few distinct bytes, so that equal texts and long common prefixes are common; 0x80 and 0xFF
  // order above the ASCII ones only as unsigned bytes.
  const char alphabet[] = {'a', 'b', '\0', static_cast<char>(0x80), static_cast<char>(0xFF)};
  for (int round = 0; round < 200000; ++round) {
    std::string a(rng() % 40, 'a');
    for (char& c : a) c = alphabet[rng() % (round % 3 == 0 ? 5 : 2)];
    std::string b = a;
    switch (rng() % 4) {
      case 0: break;  // equal
      case 1:
        if (!b.empty()) b[rng() % b.size()] = alphabet[rng() % 5];  // one byte changed, maybe
        break;
      case 2: b.resize(rng() % (b.size() + 1)); break;  // a prefix
      default: b.push_back(alphabet[rng() % 5]); break;  // one longer
    }
    // Views into larger buffers, so that the word loads read text of the views only.
    const std::string padded_a = "xyz" + a + "xyz", padded_b = "uvw" + b + "uvw";
    const std::string_view va(padded_a.data() + 3, a.size()), vb(padded_b.data() + 3, b.size());
    ASSERT_EQ(same_text(va, vb), va == vb) << round;
    ASSERT_EQ(sign(compare_text(va, vb)), sign(va.compare(vb))) << round;
    ASSERT_EQ(sign(compare_text(vb, va)), sign(vb.compare(va))) << round;
  }
}

TEST(SameText, EdgeLengths) {
  EXPECT_TRUE(same_text("", ""));
  EXPECT_FALSE(same_text("", "a"));
  EXPECT_EQ(compare_text("", "a"), -1);
  EXPECT_EQ(compare_text("abcdefgh", "abcdefgh"), 0);
  EXPECT_EQ(compare_text("abcdefgh", "abcdefgi"), -1);
  EXPECT_EQ(compare_text("abcdefghi", "abcdefgh"), 1);
  EXPECT_FALSE(same_text("abcdefghijklmnopq", "abcdefghijklmnopr"));
  EXPECT_FALSE(same_text("abcd", "abce"));
  EXPECT_FALSE(same_text("bbcd", "abcd"));
  EXPECT_EQ(compare_text("a\x80", "a\x7F"), 1);  // unsigned bytes
}

}  // namespace
}  // namespace hclschema::detail
