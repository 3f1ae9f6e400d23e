// NFC's quick check (src/value/nfc.cpp) says "already NFC" only when utf8proc's NFC would give the
// text back unchanged, and nfc() equals utf8proc's NFC whichever path it takes.
#include <utf8proc.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "hclschema/value.hpp"
#include "value/nfc.hpp"

namespace hclschema {
namespace {

std::string utf8(char32_t c) {
  utf8proc_uint8_t buf[4];
  const auto n = utf8proc_encode_char(static_cast<utf8proc_int32_t>(c), buf);
  return std::string(reinterpret_cast<char*>(buf), static_cast<size_t>(n));
}

std::string map(const std::string& s, int options) {
  utf8proc_uint8_t* out = nullptr;
  const utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(s.data()),
                                          static_cast<utf8proc_ssize_t>(s.size()), &out,
                                          static_cast<utf8proc_option_t>(options));
  if (n < 0) return s;
  std::string r(reinterpret_cast<char*>(out), static_cast<size_t>(n));
  std::free(out);
  return r;
}
std::string utf8proc_nfc(const std::string& s) { return map(s, UTF8PROC_STABLE | UTF8PROC_COMPOSE); }
std::string utf8proc_nfd(const std::string& s) { return map(s, UTF8PROC_STABLE | UTF8PROC_DECOMPOSE); }

bool is_scalar(char32_t c) { return c < 0xD800 || (c > 0xDFFF && c <= 0x10FFFF); }

TEST(NfcQuickCheck, StableTextIsTakenAsItIs) {
  EXPECT_TRUE(detail::nfc_quick_check(""));
  EXPECT_TRUE(detail::nfc_quick_check("plain ascii"));
  EXPECT_TRUE(detail::nfc_quick_check("R\xC3\xA9sum\xC3\xA9"));            // precomposed é
  EXPECT_TRUE(detail::nfc_quick_check("\xE6\x97\xA5\xE6\x9C\xAC"));        // 日本
  EXPECT_TRUE(detail::nfc_quick_check("\xE2\x98\x95 \xE2\x80\x94"));       // ☕ —
  EXPECT_TRUE(detail::nfc_quick_check("\xED\x95\x9C\xEA\xB8\x80"));        // 한글, precomposed syllables
  EXPECT_TRUE(detail::nfc_quick_check("\xF0\x9F\x98\x80"));                // an emoji, 4 bytes
}

TEST(NfcQuickCheck, TextThatMayChangeGoesToUtf8proc) {
  EXPECT_FALSE(detail::nfc_quick_check("e\xCC\x81"));                 // e + U+0301 composes
  EXPECT_FALSE(detail::nfc_quick_check("\xE1\x84\x80\xE1\x85\xA1"));  // Hangul jamo L + V compose
  EXPECT_FALSE(detail::nfc_quick_check("\xEA\xB0\x80\xE1\x86\xA8"));  // syllable LV + jamo T compose
  EXPECT_FALSE(detail::nfc_quick_check("\xE2\x84\xAB"));              // U+212B angstrom sign, a singleton
  EXPECT_FALSE(detail::nfc_quick_check("\xE0\xA6\x87\xE0\xA6\xBE"));  // U+09BE, a second of class 0
  EXPECT_FALSE(detail::nfc_quick_check("a\xCC\xA3\xCC\x81"));         // marks of two classes
  // U+FB01 ﬁ has only a compatibility decomposition, which NFC ignores: the check leaves it to
  // utf8proc all the same (more than needed), which keeps it.
  EXPECT_FALSE(detail::nfc_quick_check("\xEF\xAC\x81"));
  EXPECT_EQ(detail::nfc("\xEF\xAC\x81"), "\xEF\xAC\x81");
  EXPECT_EQ(detail::nfc("e\xCC\x81"), "\xC3\xA9");
  EXPECT_EQ(detail::nfc("\xE1\x84\x80\xE1\x85\xA1"), "\xEA\xB0\x80");
  EXPECT_EQ(detail::nfc("\xEA\xB0\x80\xE1\x86\xA8"), "\xEA\xB0\x81");
  EXPECT_EQ(detail::nfc("\xE2\x84\xAB"), "\xC3\x85");
}

TEST(NfcQuickCheck, OneMarkAnywhereInLongAsciiText) {
  // ASCII is recognised a word at a time with the last one to seven bytes read through an
  // overlapping last word: a combining mark (or a precomposed letter) at every position of text
  // of every length up to 40 bytes.
  for (size_t n = 0; n <= 40; ++n)
    for (size_t at = 0; at <= n; ++at) {
      const std::string ascii(n, 'e');
      EXPECT_TRUE(detail::nfc_quick_check(ascii));
      const std::string marked = ascii.substr(0, at) + "\xCC\x81" + ascii.substr(at);
      EXPECT_EQ(detail::nfc_quick_check(marked), false) << n << " " << at;
      EXPECT_EQ(detail::nfc(marked), utf8proc_nfc(marked)) << n << " " << at;
      const std::string precomposed = ascii.substr(0, at) + "\xE6\x97\xA5" + ascii.substr(at);
      EXPECT_TRUE(detail::nfc_quick_check(precomposed)) << n << " " << at;
    }
}

TEST(NfcQuickCheck, InvalidUtf8ComesBackAsItIs) {
  for (const std::string s : {"\x80", "\xC3", "\xC0\x80", "\xE6\x97", "\xED\xA0\x80" /* surrogate */,
                              "\xF4\x90\x80\x80" /* past U+10FFFF */, "\xF0\x80\x80\x80", "\xFF",
                              "e\xCC\x81\x80", "\xE6\x97\xA5\xE6\x9C"}) {
    EXPECT_EQ(detail::nfc(s), s);
    EXPECT_EQ(detail::nfc(s), utf8proc_nfc(s));
  }
}

// Every code point the check calls stable is left alone by NFC on its own, has combining class 0,
// and is never part of another code point's canonical decomposition except as its first code
// point: so it neither reorders nor composes with what comes before it.
TEST(NfcQuickCheck, StableCodePointsAgreeWithUtf8procData) {
  std::vector<bool> stable(0x110000, false);
  size_t stable_count = 0;
  for (char32_t c = 0; c < 0x110000; ++c) {
    if (!is_scalar(c)) continue;
    const std::string s = utf8(c);
    if (!detail::nfc_quick_check(s)) continue;
    stable[c] = true;
    ++stable_count;
    ASSERT_EQ(utf8proc_nfc(s), s) << std::hex << static_cast<uint32_t>(c);
    ASSERT_EQ(utf8proc_get_property(static_cast<utf8proc_int32_t>(c))->combining_class, 0) << std::hex << static_cast<uint32_t>(c);
  }
  EXPECT_GT(stable_count, 1000000u);  // nearly all code points (mostly unassigned, CJK, Hangul syllables)
  for (char32_t c = 0; c < 0x110000; ++c) {
    if (!is_scalar(c)) continue;
    const std::string d = utf8proc_nfd(utf8(c));
    size_t i = 0;
    bool first = true;
    while (i < d.size()) {
      utf8proc_int32_t part;
      i += static_cast<size_t>(utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(d.data()) + i,
                                                 static_cast<utf8proc_ssize_t>(d.size() - i), &part));
      if (!first) {
        ASSERT_FALSE(stable[static_cast<size_t>(part)]) << std::hex << static_cast<uint32_t>(c) << " has " << part;
      }
      first = false;
    }
  }
}

TEST(NfcQuickCheck, AgreesWithUtf8procOnRandomText) {
  // Pieces on both sides of the check: ASCII, Latin-1, precomposed and decomposed letters,
  // combining marks of several classes, CJK, Hangul syllables and jamo, singletons, emoji,
  // compatibility characters and bad bytes.
  const std::vector<std::string> pieces = {
      "a", "e", " ", "\xC3\xA9", "\xCC\x81", "\xCC\xA3", "\xCD\x85", "\xE6\x97\xA5", "\xE2\x80\x94", "\xE2\x98\x95",
      "\xEA\xB0\x80" /* 가 LV */, "\xEA\xB0\x81" /* 각 LVT */, "\xE1\x84\x80" /* L */, "\xE1\x85\xA1" /* V */,
      "\xE1\x86\xA8" /* T */, "\xE2\x84\xAB", "\xF0\x9F\x98\x80", "\xEF\xAC\x81", "\xE0\xA6\x87", "\xE0\xA6\xBE",
      "\xE3\x81\x8B" /* か */, "\xE3\x82\x99" /* U+3099 voiced mark */, "\x80", "\xC3", "\xED\xA0\x80",
      "\xE2\x89\xA0" /* ≠ */, "\xCC\xB8" /* U+0338 */, "\xE1\xBE\x80" /* U+1F80 */};
  std::mt19937 rng(12345);
  size_t quick = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const int n = static_cast<int>(rng() % 7);
    for (int i = 0; i < n; ++i) s += pieces[rng() % pieces.size()];
    const std::string expected = utf8proc_nfc(s);
    if (detail::nfc_quick_check(s)) {
      ++quick;
      ASSERT_EQ(expected, s) << "round " << round;
    }
    ASSERT_EQ(detail::nfc(s), expected) << "round " << round;
    ASSERT_EQ(Value::string(s).as_string(), expected) << "round " << round;
  }
  EXPECT_GT(quick, 1000u);  // both paths taken
}

}  // namespace
}  // namespace hclschema
