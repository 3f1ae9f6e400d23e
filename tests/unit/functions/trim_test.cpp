// trimspace() and trim() against a plain definition (decode every code point, drop the cut ones
// from both ends) on generated strings. The implementation decodes only as far as it trims and
// steps back over ASCII from the right, so the strings mix ASCII and non-ASCII space, non-space and
// cutset characters at both ends, to take every path between its fast and general cases.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "hclschema/functions.hpp"
#include "hclschema/value.hpp"

namespace {

using namespace hclschema;

// Go's unicode.IsSpace, written out.
bool go_is_space(char32_t cp) {
  switch (cp) {
    case '\t': case '\n': case '\v': case '\f': case '\r': case ' ': case 0x85: case 0xA0: case 0x1680:
    case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000:
      return true;
    default:
      return cp >= 0x2000 && cp <= 0x200A;
  }
}

// The code points of valid UTF-8 with their byte offsets.
struct Piece {
  char32_t cp;
  size_t start, end;
};
std::vector<Piece> decode(const std::string& s) {
  std::vector<Piece> out;
  for (size_t i = 0; i < s.size();) {
    auto b = static_cast<unsigned char>(s[i]);
    size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t cp = n == 1 ? b : b & (0xFF >> (n + 1));
    for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back({cp, i, i + n});
    i += n;
  }
  return out;
}

template <class Cut>
std::string trim_by_definition(const std::string& s, Cut cut) {
  auto ps = decode(s);
  size_t b = 0, e = ps.size();
  while (b < e && cut(ps[b].cp)) ++b;
  while (e > b && cut(ps[e - 1].cp)) --e;
  return b == e ? std::string() : s.substr(ps[b].start, ps[e - 1].end - ps[b].start);
}

std::string call(const char* name, std::vector<Value> args) {
  auto r = standard_functions().at(name).call(args);
  EXPECT_TRUE(r.result.has_value()) << r.error.message;
  return r.result ? r.result->as_string() : std::string();
}

// Pieces that are already NFC on their own and stay so next to each other.
const std::vector<std::string> k_pieces = {
    "a", "Z", "0", " ", "\t", "\n", "\r", "\v", "x y", "\u00a0", "\u3000", "\u0085", "\u2003", "\u200b",
    "\u00e9", "\u65e5", "\u2615", "\U0001F600", "\ufffd", "-", "*",
};

std::string random_string(std::mt19937& rng) {
  std::uniform_int_distribution<size_t> len(0, 7), pick(0, k_pieces.size() - 1);
  std::string s;
  for (size_t n = len(rng); n > 0; --n) s += k_pieces[pick(rng)];
  return s;
}

TEST(TrimFunctions, TrimspaceMatchesTheDefinitionOnGeneratedStrings) {
  std::mt19937 rng(20261202);
  for (int i = 0; i < 5000; ++i) {
    std::string s = random_string(rng);
    ASSERT_EQ(call("trimspace", {Value::string(s)}), trim_by_definition(s, go_is_space)) << "input: " << s;
  }
}

TEST(TrimFunctions, TrimWithACutsetMatchesTheDefinitionOnGeneratedStrings) {
  std::mt19937 rng(7);
  const std::vector<std::string> cutsets = {"a ", "\u00e9-", "\u3000*", "\U0001F600", " \t\n", "\ufffd0"};
  for (int i = 0; i < 5000; ++i) {
    std::string s = random_string(rng);
    const std::string& cutset = cutsets[static_cast<size_t>(i) % cutsets.size()];
    auto in_cutset = [&](char32_t cp) {
      for (const auto& p : decode(cutset))
        if (p.cp == cp) return true;
      return false;
    };
    ASSERT_EQ(call("trim", {Value::string(s), Value::string(cutset)}), trim_by_definition(s, in_cutset))
        << "input: " << s << " cutset: " << cutset;
  }
}

TEST(TrimFunctions, EdgesOfTheAsciiStepBack) {
  // Non-ASCII space right before trailing ASCII space, and a non-ASCII last character kept.
  EXPECT_EQ(call("trimspace", {Value::string("a\u00a0 \t")}), "a");
  EXPECT_EQ(call("trimspace", {Value::string(" \u3000\u65e5\u3000 ")}), "\u65e5");
  EXPECT_EQ(call("trimspace", {Value::string("x \u00e9")}), "x \u00e9");
  EXPECT_EQ(call("trimspace", {Value::string(" \u2003 \u0085 ")}), "");
  EXPECT_EQ(call("trimspace", {Value::string("")}), "");
  EXPECT_EQ(call("trimspace", {Value::string("plain")}), "plain");
}

}  // namespace
