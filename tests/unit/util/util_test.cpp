// Shared helpers: Go-style quoting and range strings, UTF-8 encoding, grapheme counting, suggestions.
#include <gtest/gtest.h>

#include "util/did_you_mean.hpp"
#include "util/go_format.hpp"
#include "util/utf8.hpp"

namespace hclschema::detail {
namespace {

TEST(GoQuote, MatchesStrconvQuote) {
  EXPECT_EQ(go_quote("plain"), "\"plain\"");
  EXPECT_EQ(go_quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(go_quote("tab\there\nnl"), "\"tab\\there\\nnl\"");
  EXPECT_EQ(go_quote(std::string("\x01\x7f", 2)), "\"\\x01\\x7f\"");
  EXPECT_EQ(go_quote("caf\xC3\xA9"), "\"caf\xC3\xA9\"");       // printable Unicode stays
  EXPECT_EQ(go_quote("\xE2\x80\x8B"), "\"\\u200b\"");          // zero-width space is not printable
  EXPECT_EQ(go_quote("\xF3\xA0\x80\x81"), "\"\\U000e0001\"");  // a tag character
  EXPECT_EQ(go_quote("\xFF"), "\"\\xff\"");                    // invalid UTF-8, byte by byte
}

TEST(GoQuote, AppendsAfterWhatIsThere) {
  // The error messages for unknown names are built in one string: quoting appends, as go_quote
  // would give, on both the plain and the escaping paths.
  std::string out = "named ";
  append_go_quoted(out, "plain");
  out += " or ";
  append_go_quoted(out, "a\"b\xFF");
  EXPECT_EQ(out, "named \"plain\" or \"a\\\"b\\xff\"");
  EXPECT_EQ(out.substr(std::string("named \"plain\" or ").size()), go_quote("a\"b\xFF"));
}

TEST(RangeString, SameLineAndMultiLine) {
  EXPECT_EQ(range_string(Range{"a.hcl", {2, 3, 10}, {2, 7, 14}}), "a.hcl:2,3-7");
  EXPECT_EQ(range_string(Range{"a.hcl", {2, 3, 10}, {4, 1, 30}}), "a.hcl:2,3-4,1");
}

TEST(Utf8, EncodesEveryLength) {
  std::string out;
  for (uint32_t cp : {0x41u, 0xE9u, 0x20ACu, 0x1F600u}) append_utf8(out, cp);
  EXPECT_EQ(out, "A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
}

TEST(Utf8, CountsGraphemeClusters) {
  EXPECT_EQ(count_grapheme_clusters(""), 0u);
  EXPECT_EQ(count_grapheme_clusters("abc"), 3u);
  EXPECT_EQ(count_grapheme_clusters("a\r\nb"), 3u);             // CRLF is one cluster
  EXPECT_EQ(count_grapheme_clusters("e\xCC\x81"), 1u);          // e + combining acute
  EXPECT_EQ(count_grapheme_clusters("\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD"), 1u);  // emoji + skin tone
  EXPECT_EQ(count_grapheme_clusters("\xFF\xFE"), 2u);           // invalid bytes count one each
}

TEST(GoQuote, AsIsAtEveryLengthAndOffset) {
  // go_quotes_as_is tests words of eight bytes, a short text as overlapping halves or repeated
  // bytes, a long one's tail as its last eight: a byte to escape is found at every offset of
  // every length around those boundaries, and each byte it stops at is one go_quote escapes.
  const std::string stops[] = {std::string(1, '\0'), "\x1F", "\"", "\\", "\x7F", "\x80", "\xFF", "\xC3\xA9"};
  for (size_t n = 0; n <= 17; ++n) {
    const std::string plain(n, 'a');
    EXPECT_TRUE(go_quotes_as_is(plain)) << n;
    EXPECT_TRUE(go_quotes_as_is(std::string(n, ' ')));
    EXPECT_TRUE(go_quotes_as_is(std::string(n, '~')));
    for (size_t k = 0; k < n; ++k)
      for (const std::string& stop : stops) {
        std::string text = plain;
        text.replace(k, 1, stop);
        EXPECT_FALSE(go_quotes_as_is(text)) << n << " " << k << " " << int(static_cast<unsigned char>(stop[0]));
        // (é quotes as it is, but only printable ASCII is answered true: the test is bytewise.)
        if (stop != "\xC3\xA9") {
          EXPECT_NE(go_quote(text), "\"" + text + "\"");
        }
      }
  }
}

TEST(Utf8, CountsShortAndLongTextsAtEveryOffset) {
  // The short-text and word-at-a-time paths give way to the full count for a CR, a CRLF, a
  // combining mark, a multi-byte character or an invalid byte wherever it falls, lengths 0-17.
  for (size_t before = 0; before <= 16; ++before)
    for (size_t after = 0; before + after <= 17; ++after) {
      const std::string a(before, 'a'), b(after, 'b');
      const auto plain = static_cast<uint32_t>(before + after);
      EXPECT_EQ(count_grapheme_clusters(a + b), plain);
      EXPECT_EQ(count_grapheme_clusters(a + "\r" + b), plain + 1) << before << " " << after;
      EXPECT_EQ(count_grapheme_clusters(a + "\r\n" + b), plain + 1) << before << " " << after;
      EXPECT_EQ(count_grapheme_clusters(a + "\n" + b), plain + 1) << before << " " << after;
      // A combining acute joins the character before it, else is a cluster of its own.
      EXPECT_EQ(count_grapheme_clusters(a + "\xCC\x81" + b), plain + (before == 0 ? 1 : 0)) << before << " " << after;
      EXPECT_EQ(count_grapheme_clusters(a + "\xC3\xA9" + b), plain + 1) << before << " " << after;
      EXPECT_EQ(count_grapheme_clusters(a + "\xFF" + b), plain + 1) << before << " " << after;
      EXPECT_EQ(count_grapheme_clusters(a + "\xC3" + b), plain + 1) << before << " " << after;  // truncated
    }
}

TEST(DidYouMean, SuggestsWithinTwoEdits) {
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("\xC3\xA9t\xC3\xA9", "ete"), 2u);  // counted in code points, not bytes
  EXPECT_EQ(name_suggestion("regoin", {"name", "region"}), "region");
  EXPECT_EQ(name_suggestion("zzz", {"name", "region"}), "");
}

TEST(DidYouMean, GivenNamesAroundTheTableLimit) {
  // NameSuggester learns whether the given name is ASCII while filling its table (names under 256
  // bytes), else by a scan of its own: either way its answers agree with the full distance, with
  // a non-ASCII byte first, last or nowhere, at lengths on both sides of the limit.
  for (size_t n : {1u, 2u, 254u, 255u, 256u, 257u, 300u}) {
    for (int where = 0; where < 3; ++where) {
      std::string given(n, 'q');
      if (where == 1) given.replace(0, 1, "\xC3\xA9");
      if (where == 2) given.replace(given.size() - 1, 1, "\xC3\xA9");
      const std::vector<std::string> candidates = {given.substr(1) + "xyz", given + "z", given.substr(0, given.size() - 1) + "\xC3\xA9z",
                                                   "q"};
      std::string expected;
      for (const auto& c : candidates)
        if (edit_distance(given, c) < 3) {
          expected = c;
          break;
        }
      EXPECT_EQ(name_suggestion(given, candidates), expected) << n << " " << where;
    }
  }
}

}  // namespace
}  // namespace hclschema::detail
