// The value layer's fast paths give what the general path gives: the small-object insertion sort
// of name-keyed entries (against an ordered map with last-wins), and strings below U+0300 taken as
// NFC without utf8proc (against utf8proc's own NFC).
#include <utf8proc.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "hclschema/value.hpp"
#include "value/sorted_entries.hpp"

namespace hclschema {
namespace {

TEST(SortedEntries, SmallAndLargeSortsKeepTheLastOfEqualNames) {
  std::mt19937 rng(7);
  // Sizes on both sides of the insertion sort's limit (32), names from a small alphabet so that
  // duplicates are common, some inputs already in order.
  for (int round = 0; round < 400; ++round) {
    const size_t n = static_cast<size_t>(round % 45);
    std::vector<std::pair<std::string, int>> entries;
    std::map<std::string, int> expected;
    for (size_t i = 0; i < n; ++i) {
      std::string name(1 + rng() % 3, 'a');
      for (char& c : name) c = static_cast<char>('a' + rng() % 5);
      entries.emplace_back(name, static_cast<int>(i));
      expected[name] = static_cast<int>(i);  // the last one wins
    }
    if (round % 7 == 0) {
      entries.assign(expected.begin(), expected.end());  // strictly in order already
    }
    detail::sort_by_name_last_wins(entries);
    ASSERT_EQ(entries, (std::vector<std::pair<std::string, int>>(expected.begin(), expected.end()))) << "round " << round;
  }
}

std::string utf8proc_nfc(const std::string& s) {
  utf8proc_uint8_t* out = nullptr;
  utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(s.data()), static_cast<utf8proc_ssize_t>(s.size()),
                                    &out, static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  if (n < 0) return s;
  std::string r(reinterpret_cast<char*>(out), static_cast<size_t>(n));
  std::free(out);
  return r;
}

TEST(StringNfc, TextBelowU0300IsTakenAsItIsAndAgreesWithUtf8proc) {
  // Latin-1 and Latin Extended letters (2-byte UTF-8 below U+0300), the last code point before the
  // combining marks, the first combining mark, precomposed and decomposed forms, and bad bytes.
  const std::vector<std::string> pieces = {"a", "Z", " ", "\xC3\xA9" /* é */, "\xC2\xA0", "\xCB\xBF" /* U+02FF */,
                                           "\xCC\x81" /* U+0301 combining acute */, "e", "\xC5\x93" /* œ */,
                                           "\xE2\x84\xAB" /* U+212B angstrom sign, a singleton */, "\x80", "\xC3",
                                           "\xE6\x97\xA5" /* 日 */, "\xCD\x85" /* U+0345 */};
  std::mt19937 rng(11);
  for (int round = 0; round < 3000; ++round) {
    std::string s;
    const int n = static_cast<int>(rng() % 8);
    for (int i = 0; i < n; ++i) s += pieces[rng() % pieces.size()];
    EXPECT_EQ(Value::string(s).as_string(), utf8proc_nfc(s)) << "round " << round;
  }
  EXPECT_EQ(Value::string("R\xC3\xA9sum\xC3\xA9").as_string(), "R\xC3\xA9sum\xC3\xA9");
  EXPECT_EQ(Value::string("e\xCC\x81").as_string(), "\xC3\xA9");  // composed, on the slow path
}

}  // namespace
}  // namespace hclschema
