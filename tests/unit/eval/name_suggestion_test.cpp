// The evaluator's "Did you mean" fast paths (src/util/did_you_mean.cpp): within_two_edits (a
// distance computation stopped as soon as the answer is known) must agree with the full
// edit_distance < 3, and NameSuggester (candidates offered one by one) with name_suggestion over
// the same candidates in the same order.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "hclschema/eval.hpp"
#include "hclschema/parse.hpp"
#include "util/did_you_mean.hpp"

namespace {

using namespace hclschema;
using hclschema::detail::edit_distance;
using hclschema::detail::name_suggestion;
using hclschema::detail::NameSuggester;
using hclschema::detail::within_two_edits;

TEST(NameSuggestionFastPath, WithinTwoEditsAgreesWithFullDistance) {
  const std::vector<std::string> fixed = {
      "", "a", "ab", "abc", "string", "strings", "strng", "sting", "number", "bool", "object", "rule", "tag",
      "aws", "local", "locals", "each", "count", "data", "module", "path", "var", "aws_vpc", "aws_instance",
      "kitten", "sitting", "\xC3\xA9t\xC3\xA9", "ete", "\xE6\x97\xA5\xE6\x9C\xAC", "\xE6\x97\xA5", "x\xFFy",
      std::string(63, 'a'), std::string(64, 'a'), std::string(65, 'a'), std::string(62, 'a') + "bc"};
  for (const auto& a : fixed)
    for (const auto& b : fixed) EXPECT_EQ(within_two_edits(a, b), edit_distance(a, b) < 3) << a << " / " << b;
  // Random short strings over a small alphabet, so that near misses are frequent.
  std::mt19937 rng(12345);
  auto random_string = [&](size_t max_len) {
    std::string s(rng() % (max_len + 1), ' ');
    for (auto& c : s) c = "abcd_"[rng() % 5];
    return s;
  };
  for (int i = 0; i < 20000; ++i) {
    const std::string a = random_string(9), b = random_string(9);
    ASSERT_EQ(within_two_edits(a, b), edit_distance(a, b) < 3) << a << " / " << b;
  }
}

// Every pair of strings of up to five characters over three letters (and up to seven over two),
// against the full distance: the band of cells |i - j| <= 2 that within_two_edits keeps, its
// values capped at 3, the common prefix and suffix it drops and its early stop must not change a
// single answer. Distances of exactly 2 (suggested) and 3 (not) are most of these pairs.
TEST(NameSuggestionFastPath, WithinTwoEditsExhaustiveOnShortStrings) {
  auto all_strings = [](std::string_view alphabet, size_t max_len) {
    std::vector<std::string> out = {""};
    for (size_t from = 0; from < out.size(); ++from)
      if (out[from].size() < max_len)
        for (char c : alphabet) out.push_back(out[from] + c);
    return out;
  };
  size_t at_two = 0, at_three = 0;
  for (const auto& [alphabet, max_len] : {std::pair<std::string_view, size_t>{"abc", 5}, {"ab", 7}}) {
    const std::vector<std::string> strings = all_strings(alphabet, max_len);
    for (const auto& a : strings)
      for (const auto& b : strings) {
        const size_t d = edit_distance(a, b);
        at_two += d == 2;
        at_three += d == 3;
        ASSERT_EQ(within_two_edits(a, b), d < 3) << a << " / " << b;
      }
  }
  EXPECT_GT(at_two, 1000u);
  EXPECT_GT(at_three, 1000u);
}

// The bound itself, at the edges of the band: two edits are in, three are out, wherever they are
// (both ends, the middle, a common prefix or suffix around them) and whatever their kind.
TEST(NameSuggestionFastPath, WithinTwoEditsBound) {
  const std::vector<std::tuple<std::string, std::string, bool>> cases = {
      {"list", "tolist", true},          // two insertions at the front, the rest a common suffix
      {"list", "xtolist", false},        // three
      {"tolist", "tolistxy", true},      // at the end
      {"tolist", "tolistxyz", false},
      {"abcdefgh", "bcdefgha", true},    // a deletion at one end, an insertion at the other
      {"abcdefgh", "bcdefghxy", false},
      {"abcdef", "abxyef", true},        // two substitutions in the middle
      {"abcdef", "axyzef", false},
      {"abcdef", "xbcdey", true},        // at both ends: nothing common to drop
      {"abcdef", "xbcyez", false},
      {"abcdefghij", "abcfghij", true},  // two deletions in a row
      {"abcdefghij", "abcghij", false},
      {"ab", "ba", true},                // a transposition is two edits for Levenshtein
      {"abc", "cab", true},
      {"abcd", "badc", false},
      {"", "ab", true},
      {"", "abc", false},
      {"aaaa", "aaaaaa", true},          // repeated characters: the prefix drop must not over-count
      {"aaaa", "aaaaaaa", false},
      {"map", "max", true},
      {"optional", "tonumber", false},
  };
  for (const auto& [a, b, within] : cases) {
    EXPECT_EQ(within_two_edits(a, b), within) << a << " / " << b;
    EXPECT_EQ(within_two_edits(b, a), within) << b << " / " << a;
    EXPECT_EQ(edit_distance(a, b) < 3, within) << a << " / " << b;
  }
}

// HCL's rule written out with the full distance: the first candidate fewer than three edits away.
std::string reference_suggestion(const std::string& given, const std::vector<std::string>& candidates) {
  for (const auto& c : candidates)
    if (edit_distance(given, c) < 3) return c;
  return {};
}

TEST(NameSuggestionFastPath, SuggesterAgreesWithFullDistanceOnRandomNames) {
  std::mt19937 rng(777);
  auto random_string = [&](size_t max_len) {
    std::string s(rng() % (max_len + 1), ' ');
    for (auto& c : s) c = "abcde_"[rng() % 6];
    return s;
  };
  for (int i = 0; i < 3000; ++i) {
    const std::string given = random_string(8);
    std::vector<std::string> candidates;
    for (int k = 0; k < 6; ++k) candidates.push_back(random_string(8));
    if (i % 7 == 0) candidates.push_back("\xC3\xA9" + given);  // non-ASCII: the code-point path
    NameSuggester s(given);
    for (const auto& c : candidates)
      if (s.offer(c)) break;
    ASSERT_EQ(s.suggestion(), reference_suggestion(given, candidates)) << given;
    ASSERT_EQ(name_suggestion(given, candidates), reference_suggestion(given, candidates)) << given;
  }
}

// The length filter works on bytes where it can (a name has at most as many code points as bytes)
// and counts characters otherwise: candidates of every length around the ±3 window, with two- and
// three-byte characters anywhere in names longer and shorter than eight bytes, both as the given
// name and as candidates.
TEST(NameSuggestionFastPath, LengthFilterOnMultiByteNames) {
  std::mt19937 rng(4242);
  const std::vector<std::string> pieces = {"a", "b", "c", "_", "\xC3\xA9", "\xE2\x98\x95", "\xE6\x97\xA5"};
  auto random_string = [&](size_t max_pieces) {
    std::string s;
    for (size_t n = rng() % (max_pieces + 1); n > 0; --n) s += pieces[rng() % (rng() % 3 == 0 ? pieces.size() : 4)];
    return s;
  };
  for (int i = 0; i < 4000; ++i) {
    const std::string given = random_string(i % 2 ? 6 : 14);
    std::vector<std::string> candidates;
    for (int k = 0; k < 8; ++k) candidates.push_back(random_string(i % 3 ? 7 : 16));
    candidates.push_back(given + "\xE6\x97\xA5\xE6\x97\xA5");  // 6 bytes more, 2 code points more
    NameSuggester s(given);
    for (const auto& c : candidates)
      if (s.offer(c)) break;
    ASSERT_EQ(s.suggestion(), reference_suggestion(given, candidates)) << given;
  }
  // Byte lengths 3 apart but code points 2 apart: still suggested.
  NameSuggester s("ab");
  EXPECT_TRUE(s.offer("ab\xC3\xA9\xC3\xA9"));
  NameSuggester t("abcdefghij");
  EXPECT_FALSE(t.offer("abcdefg"));
  EXPECT_TRUE(t.offer("abcdefgh\xE6\x97\xA5\xE6\x97\xA5"));
}

// The first filter counts the candidate's characters that the given name lacks altogether (a
// lower bound of the bag distance): two such characters can still be two substitutions, three
// cannot; repeated absent characters count each time; non-ASCII candidates skip it.
TEST(NameSuggestionFastPath, AbsentCharacterFilter) {
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"abc", "axy"}, {"abc", "xyz"}, {"abc", "xyc"}, {"abcd", "abxx"}, {"abcd", "axxx"}, {"abcd", "abcdxx"},
      {"abcd", "abcdxxx"}, {"ab", "abxx"}, {"string", "strxyz"}, {"string", "strinxy"}, {"aaaa", "aaab"},
      {"abc", "\xC3\xA9" "bc"}, {"abc", "a\xC3\xA9\xC3\xA9"}, {"", "xy"}, {"", "xyz"}, {"abc", "cba"},
      // Non-ASCII characters are absent from an ASCII name, once per character, not per byte.
      {"abc", "\xC3\xA9\xE6\x97\xA5" "c"}, {"abc", "\xC3\xA9\xE6\x97\xA5\xF0\x9F\x98\x80"}, {"abcd", "ab\xE6\x97\xA5\xE6\x97\xA5"},
      {"abcd", "a\xE6\x97\xA5x\xE6\x97\xA5"}, {"ab", "ab\xF0\x9F\x98\x80\xF0\x9F\x98\x80"},
      // Stray continuation bytes and a lead byte without its continuation: characters of their own.
      {"abc", "a\x80\x80"}, {"abc", "\x80\x80\x80"}, {"abc", "ab\xC3"}, {"abc", "\xC3\xC3\xC3"},
      // A lead byte takes the next bytes as its continuation whatever they are, as the distance
      // cuts characters: four such bytes are two characters.
      {"abc", "\xC3\xC3\xC3\xC3" "bc"}, {"abc", "\xE6" "ab\xE6" "bc"}, {"abcd", "\xF0" "abc\xC3\xC3" "d"},
      // Overlong forms decode below U+0080 and may be characters `given` has.
      {std::string("a\0c", 3), "\xC0\x80\xC0\x80" "c"}, {std::string("a\0c", 3), "\xE0\x80\x80\xE0\x80\x80\xE0\x80\x80"},
      {std::string("a\0c", 3), "\xF0\x80\x80\x80\xF0\x80\x80\x80" "c"}, {"abc", "\xC1\xA1\xC1\xA2\xC1\xA3"}};
  for (const auto& [given, candidate] : pairs) {
    NameSuggester s(given);
    EXPECT_EQ(s.offer(candidate), edit_distance(given, candidate) < 3) << given << " / " << candidate;
  }
}

// Invalid UTF-8: the length filters count characters as edit_distance() cuts them (a lead byte
// takes the next bytes as its continuation, whatever they are; a stray byte is a character), so a
// run of lead bytes is half as many characters as bytes, not one each: such candidates and given
// names, three or more bytes longer than the other side but fewer characters.
TEST(NameSuggestionFastPath, LengthFilterOnInvalidUtf8) {
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"abc", "\xC3\xC3\xC3\xC3" "bc"}, {"\xC3\xA9", "\xC3\xC3\xC3\xC3"}, {"\xC3\xA9", "\xC3\xC3\xC3\xC3\xC3\xC3"},
      {"\xC3\xC3\xC3\xC3", "ab"}, {"\xE6\xE6\xE6\xE6\xE6\xE6", "xyz"}, {"\xE6\xE6\xE6\xE6\xE6\xE6", "\xE6" "ab"},
      {"a\x80\x80", "a"}, {"\xF0\x80", "abcd"}, {"x\xC3", "\xC3\xC3\xC3\xC3\xC3\xC3\xC3\xC3"}};
  size_t suggested = 0;
  for (const auto& [given, candidate] : pairs) {
    NameSuggester s(given);
    const bool close = edit_distance(given, candidate) < 3;
    EXPECT_EQ(s.offer(candidate), close) << given << " / " << candidate;
    EXPECT_EQ(within_two_edits(given, candidate), close) << given << " / " << candidate;
    suggested += close;
  }
  EXPECT_GE(suggested, 4u);
}

// offer() counts absent characters inline over the candidate's ASCII bytes, up to the first
// non-ASCII one, and leaves the rest to the out-of-line filters: candidates whose absent
// characters lie before, across and after that point, and offers after a suggestion was found
// (true, whatever the candidate).
TEST(NameSuggestionFastPath, InlineAbsentCharacterFilter) {
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"rule", "aws_vpc"}, {"rule", "count"}, {"rule", "var"}, {"rule", "rul"}, {"rule", "xyrule"}, {"rule", "xyzrule"},
      {"abc", "xy\xC3\xA9"}, {"abc", "x\xC3\xA9" "c"}, {"abc", "\xC3\xA9xy"}, {"abc", "ab\xC3\xA9xy"}, {"abc", "abxy\xC3\xA9"},
      {"abcd", "abcd\xC3\xA9\xC3\xA9"}, {"ab", "xx"}, {"ab", "xxx"}, {"", "ab"}, {"", "abc"}, {"a", ""}};
  for (const auto& [given, candidate] : pairs) {
    NameSuggester s(given);
    EXPECT_EQ(s.offer(candidate), edit_distance(given, candidate) < 3) << given << " / " << candidate;
  }
  NameSuggester s("rule");
  EXPECT_TRUE(s.offer("rules"));
  EXPECT_TRUE(s.offer("aws_vpc"));  // found already: the first close candidate stays
  EXPECT_EQ(s.suggestion(), "rules");
}

// offer() adds up the first four bytes (three, of a three-byte candidate) before it tests the
// count: every candidate built of present, absent and non-ASCII characters (up to five bytes, six
// when the last is the two-byte one), so that absent characters and non-ASCII bytes fall on each
// side of that point, against the full distance.
TEST(NameSuggestionFastPath, InlineFilterOverEveryShortCandidate) {
  const std::vector<std::string> pieces = {"a", "b", "x", "y", "\xC3\xA9"};
  std::vector<std::string> candidates = {""};
  for (size_t from = 0; from < candidates.size(); ++from)
    if (candidates[from].size() < 5)
      for (const auto& piece : pieces) candidates.push_back(candidates[from] + piece);
  for (const std::string given : {"ab", "abab", "b", "", "aba"}) {
    size_t suggested = 0;
    for (const auto& candidate : candidates) {
      NameSuggester s(given);
      const bool close = edit_distance(given, candidate) < 3;
      ASSERT_EQ(s.offer(candidate), close) << given << " / " << candidate;
      suggested += close;
    }
    EXPECT_GT(suggested, 0u) << given;
  }
}

// Multi-byte characters at the end of candidates of every length from 8 to 30 bytes, two (within
// two edits) or three (not) more than the given name: the length filter counts their characters.
TEST(NameSuggestionFastPath, CodePointsCountedInTheLastBytes) {
  const std::vector<std::string> characters = {"b", "\xC3\xA9", "\xE6\x97\xA5", "\xF0\x9F\x98\x80"};
  for (size_t g = 0; g < 20; ++g) {
    const std::string given(g, 'a');
    for (const auto& x : characters)
      for (const auto& y : characters)
        for (const auto& z : characters) {
          for (const std::string& candidate : {given + x + y, given + x + y + z, x + given + y + z}) {
            NameSuggester s(given);
            EXPECT_EQ(s.offer(candidate), edit_distance(given, candidate) < 3) << given << " / " << candidate;
          }
        }
  }
}

TEST(NameSuggestionFastPath, SuggesterAgreesWithNameSuggestion) {
  const std::vector<std::string> names = {"count", "data", "each", "local", "module", "path", "var", "aws_vpc", "aws_subnet"};
  for (const std::string given : {"string", "cont", "dta", "eachh", "lcal", "modul", "pth", "vr", "aws_vpcs", "zzzzzz", "", "x"}) {
    NameSuggester s(given);
    for (const auto& n : names)
      if (s.offer(n)) break;
    EXPECT_EQ(s.suggestion(), reference_suggestion(given, names)) << given;
    EXPECT_EQ(s.found(), !reference_suggestion(given, names).empty()) << given;
  }
  // offer_next(), for walks that stop at the first close name, answers as offer() up to there.
  for (const std::string given : {"string", "cont", "eachh", "aws_vpcs", "zzzzzz", ""}) {
    NameSuggester by_offer(given), by_next(given);
    for (const auto& n : names) {
      const bool close = by_offer.offer(n);
      ASSERT_EQ(by_next.offer_next(n), close) << given << " / " << n;
      if (close) break;
    }
    EXPECT_EQ(by_next.suggestion(), reference_suggestion(given, names)) << given;
  }
  // The first close candidate wins, not the closest.
  NameSuggester s("abcd");
  EXPECT_FALSE(s.offer("zzzzzzzz"));
  EXPECT_TRUE(s.offer("abxy"));
  EXPECT_TRUE(s.offer("abcd"));
  EXPECT_EQ(s.suggestion(), "abxy");
}

// The evaluator's messages: variables suggested from every table of the context chain (in each
// table's order, innermost table first) and from for-expression names; functions from the
// innermost table only.
TEST(NameSuggestionFastPath, EvaluatorSuggestions) {
  EvalContext parent;
  parent.set_variable("region", Value::string("eu"));
  EvalContext ctx(&parent);
  ctx.set_variable("zone", Value::string("a"));
  ctx.set_function("upper", Function(FunctionSpec{}));
  auto detail_of = [&](const std::string& text) {
    auto parsed = parse_expression(text, "t.hcl");
    auto r = evaluate(*parsed.expr, &ctx);
    return r.diagnostics.empty() ? std::string() : r.diagnostics[0].detail;
  };
  EXPECT_EQ(detail_of("regoin"), "There is no variable named \"regoin\". Did you mean \"region\"?");
  EXPECT_EQ(detail_of("zon"), "There is no variable named \"zon\". Did you mean \"zone\"?");
  EXPECT_EQ(detail_of("[for item in [1] : itme]"), "There is no variable named \"itme\". Did you mean \"item\"?");
  EXPECT_EQ(detail_of("string"), "There is no variable named \"string\".");
  EXPECT_EQ(detail_of("uper(\"x\")"), "There is no function named \"uper\". Did you mean \"upper\"?");
  EXPECT_EQ(detail_of("object({})"), "There is no function named \"object\".");
}

// Ties are broken by order, not by distance: the first name of the table within two edits is the
// suggestion, even when a later one is closer ("map" is two edits from "can", one from "max"); a
// name three edits away is never suggested, one two edits away always is, whatever its length.
TEST(NameSuggestionFastPath, FirstNameWithinTwoEditsWins) {
  EvalContext ctx;
  for (const char* name : {"abs", "can", "max", "tolist", "trim"}) ctx.set_function(name, Function(FunctionSpec{}));
  ctx.set_variable("aws_vpc", Value::string("a"));
  ctx.set_variable("var", Value::string("b"));
  auto detail_of = [&](const std::string& text) {
    auto parsed = parse_expression(text, "t.hcl");
    auto r = evaluate(*parsed.expr, &ctx);
    return r.diagnostics.empty() ? std::string() : r.diagnostics[0].detail;
  };
  EXPECT_EQ(detail_of("map(1)"), "There is no function named \"map\". Did you mean \"can\"?");
  EXPECT_EQ(detail_of("list(1)"), "There is no function named \"list\". Did you mean \"tolist\"?");
  EXPECT_EQ(detail_of("try(1)"), "There is no function named \"try\". Did you mean \"trim\"?");
  EXPECT_EQ(detail_of("xlist(1)"), "There is no function named \"xlist\". Did you mean \"tolist\"?");
  EXPECT_EQ(detail_of("xylist(1)"), "There is no function named \"xylist\". Did you mean \"tolist\"?");
  EXPECT_EQ(detail_of("xyzlist(1)"), "There is no function named \"xyzlist\".");
  EXPECT_EQ(detail_of("aws_vpcxy"), "There is no variable named \"aws_vpcxy\". Did you mean \"aws_vpc\"?");
  EXPECT_EQ(detail_of("aws_vpcxyz"), "There is no variable named \"aws_vpcxyz\".");
  EXPECT_EQ(detail_of("tag"), "There is no variable named \"tag\". Did you mean \"var\"?");
}

// The message is laid out at its exact size when the names quote as they are, and built by
// quoting otherwise: non-ASCII names, as the given name or as the suggestion, on either path.
TEST(NameSuggestionFastPath, MessagesWithNamesThatQuoteOrNot) {
  EvalContext ctx;
  ctx.set_variable("cafe", Value::string("a"));
  ctx.set_variable("n\xC3\xA9", Value::string("b"));
  ctx.set_function("upper", Function(FunctionSpec{}));
  auto detail_of = [&](const std::string& text) {
    auto parsed = parse_expression(text, "t.hcl");
    auto r = evaluate(*parsed.expr, &ctx);
    return r.diagnostics.empty() ? std::string() : r.diagnostics[0].detail;
  };
  EXPECT_EQ(detail_of("caf\xC3\xA9"), "There is no variable named \"caf\xC3\xA9\". Did you mean \"cafe\"?");
  EXPECT_EQ(detail_of("nx"), "There is no variable named \"nx\". Did you mean \"n\xC3\xA9\"?");
  EXPECT_EQ(detail_of("\xC3\xA9t\xC3\xA9_zzzz"), "There is no variable named \"\xC3\xA9t\xC3\xA9_zzzz\".");
  EXPECT_EQ(detail_of("zzzzzz"), "There is no variable named \"zzzzzz\".");
  EXPECT_EQ(detail_of("upperr(1)"), "There is no function named \"upperr\". Did you mean \"upper\"?");
  EXPECT_EQ(detail_of("\xC3\xBCpper(1)"), "There is no function named \"\xC3\xBCpper\". Did you mean \"upper\"?");
}

}  // namespace
