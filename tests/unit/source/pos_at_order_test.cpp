// SourceFile::pos_at asked in any order: forwards (the usual case, which a per-thread hint of the
// last line once sped up; each lookup now searches its block's lines: line_blocks_test.cpp),
// backwards, at random, across far lines, alternating between files, from several threads, and on a new file at the address of a freed one. Every answer is checked
// against positions computed independently of SourceFile. Also the eight-bytes-at-a-time ASCII
// path of count_grapheme_clusters, with a CR, a combining mark or a bad byte at every offset.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "hclschema/source.hpp"
#include "unit/source/positions_from_text.hpp"
#include "util/utf8.hpp"

namespace hclschema {
namespace {

// Lines of varied lengths (short ones, and long ones beyond the hint's reach of a few lines),
// with CRLF ends, multi-byte characters and combining marks.
std::string sample_text(unsigned seed, int lines) {
  std::mt19937 rng(seed);
  std::string out;
  for (int i = 0; i < lines; ++i) {
    int len = static_cast<int>(rng() % 40);
    for (int k = 0; k < len; ++k) {
      switch (rng() % 10) {
        case 0: out += "\xC3\xA9"; break;  // é
        case 1: out += "e\xCC\x81"; break;  // e + combining acute: one column
        default: out += static_cast<char>('a' + rng() % 26);
      }
    }
    out += (rng() % 4 == 0) ? "\r\n" : "\n";
    if (rng() % 7 == 0) out += "\n\n\n\n\n\n\n\n\n\n\n\n";  // a run of empty lines
  }
  return out;
}

void check_all(const SourceFile& file, const std::vector<Pos>& want, const std::vector<uint32_t>& order) {
  for (uint32_t b : order) ASSERT_EQ(file.pos_at(b), want[b]) << "byte " << b;
}

std::vector<uint32_t> forwards(size_t n) {
  std::vector<uint32_t> v(n + 1);
  for (uint32_t i = 0; i <= n; ++i) v[i] = i;
  return v;
}

// A lookup after one on line L, at every distance below it up to past the end (the search gallops
// from the hint's line: 1, 2, 4, ... lines down, then halves the last stretch), from lines all
// over the file, at the first, a middle and the last byte of the target line.
TEST(PosAtOrder, EveryDistanceBelowTheHint) {
  std::string text = sample_text(3, 400);
  auto file = SourceFile::from_string("g.hcl", text);
  auto want = test::positions_from_text(text);
  std::vector<uint32_t> line_starts = {0};
  for (uint32_t b = 0; b < text.size(); ++b)
    if (text[b] == '\n') line_starts.push_back(b + 1);
  const auto lines = static_cast<uint32_t>(line_starts.size());
  for (uint32_t from : {0u, 1u, 5u, lines / 3, lines / 2, lines - 40, lines - 2, lines - 1}) {
    for (uint32_t d = 0; from + d < lines; ++d) {
      const uint32_t target = from + d;
      const uint32_t begin = line_starts[target];
      const uint32_t end = target + 1 < lines ? line_starts[target + 1] - 1 : static_cast<uint32_t>(text.size());
      for (uint32_t b : {begin, begin + (end - begin) / 2, end}) {
        ASSERT_EQ(file->pos_at(line_starts[from]), want[line_starts[from]]);  // the hint on line `from`
        ASSERT_EQ(file->pos_at(b), want[b]) << "from line " << from << ", " << d << " lines down, byte " << b;
      }
    }
  }
}

// pos_at guesses the line from the average length of the lines below the hint's: files whose
// lines are nothing like their average (short lines then a very long one, a long one then short
// ones, a run of empty lines, no newline at all, one at the very end) make guesses that are far
// too low or too high; every answer is still the line itself, from every hint.
TEST(PosAtOrder, GuessesFarFromTheLine) {
  const std::string texts[] = {
      std::string(300, '\n') + std::string(5000, 'x') + "\n" + std::string(300, '\n') + "tail",
      std::string(5000, 'x') + "\n" + std::string(300, '\n') + "ab\ncd\n",
      "abc\n" + std::string(4000, 'y') + "\n" + std::string(200, '\n'),
      std::string(64, 'z'),
      "one\ntwo\n",
      "\n",
  };
  for (const std::string& text : texts) {
    auto file = SourceFile::from_string("u.hcl", text);
    auto want = test::positions_from_text(text);
    std::vector<uint32_t> line_starts = {0};
    for (uint32_t b = 0; b < text.size(); ++b)
      if (text[b] == '\n') line_starts.push_back(b + 1);
    std::vector<uint32_t> hints = line_starts;
    if (hints.size() > 40) hints = {line_starts[0], line_starts[1], line_starts[hints.size() / 2], line_starts[std::min<size_t>(299, line_starts.size() - 1)], line_starts.back()};
    for (uint32_t hint : hints)
      for (uint32_t b = hint; b <= text.size(); b += (b % 97 == 0 ? 1 : 13)) {
        ASSERT_EQ(file->pos_at(hint), want[hint]);
        ASSERT_EQ(file->pos_at(b), want[b]) << "from byte " << hint << ", byte " << b;
      }
  }
}

TEST(PosAtOrder, ForwardsBackwardsAndRandom) {
  std::string text = sample_text(1, 300);
  auto file = SourceFile::from_string("f.hcl", text);
  auto want = test::positions_from_text(text);
  auto order = forwards(text.size());
  check_all(*file, want, order);
  std::reverse(order.begin(), order.end());
  check_all(*file, want, order);
  std::shuffle(order.begin(), order.end(), std::mt19937(7));
  check_all(*file, want, order);
  // Jumps forwards far beyond the hint's reach, and back to the start.
  std::vector<uint32_t> jumps;
  for (uint32_t b = 0; b <= text.size(); b += 997) jumps.push_back(b);
  jumps.push_back(0);
  jumps.push_back(static_cast<uint32_t>(text.size()));
  check_all(*file, want, jumps);
}

TEST(PosAtOrder, AlternatingBetweenFiles) {
  std::string a = sample_text(2, 200), b = sample_text(3, 150);
  auto fa = SourceFile::from_string("a.hcl", a);
  auto fb = SourceFile::from_string("b.hcl", b);
  auto wa = test::positions_from_text(a), wb = test::positions_from_text(b);
  for (uint32_t i = 0; i <= std::max(a.size(), b.size()); ++i) {
    uint32_t ia = std::min<uint32_t>(i, static_cast<uint32_t>(a.size()));
    uint32_t ib = static_cast<uint32_t>(b.size()) - std::min<uint32_t>(i, static_cast<uint32_t>(b.size()));
    ASSERT_EQ(fa->pos_at(ia), wa[ia]) << "a byte " << ia;
    ASSERT_EQ(fb->pos_at(ib), wb[ib]) << "b byte " << ib;
  }
}

TEST(PosAtOrder, NewFileWhereAFreedOneWas) {
  // A hint left by a freed file must not be trusted for whatever file comes next (often at the
  // same address): the new files have other line layouts.
  for (unsigned seed = 10; seed < 30; ++seed) {
    std::string text = sample_text(seed, 60 + static_cast<int>(seed));
    auto want = test::positions_from_text(text);
    auto file = SourceFile::from_string("f.hcl", text);
    std::vector<uint32_t> order = {static_cast<uint32_t>(text.size()), static_cast<uint32_t>(text.size() / 2), 0};
    check_all(*file, want, order);
    check_all(*file, want, forwards(text.size()));
  }
}

TEST(PosAtOrder, ManyThreadsOnOneFile) {
  std::string text = sample_text(4, 400);
  auto file = SourceFile::from_string("f.hcl", text);
  auto want = test::positions_from_text(text);
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      auto order = forwards(text.size());
      if (t % 2) std::shuffle(order.begin(), order.end(), std::mt19937(static_cast<unsigned>(t)));
      for (int round = 0; round < 3; ++round)
        for (uint32_t b : order)
          if (!(file->pos_at(b) == want[b])) ++failures[t];
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(failures[t], 0) << "thread " << t;
}

TEST(PosAtOrder, SlicesShareTheEnclosingFilesLines) {
  std::string text = sample_text(5, 100);
  auto whole = SourceFile::from_string("f.hcl", text);
  auto want = test::positions_from_text(text);
  uint32_t begin = static_cast<uint32_t>(text.size() / 3), end = static_cast<uint32_t>(2 * text.size() / 3);
  auto slice = SourceFile::slice_of(whole, {begin, end});
  for (uint32_t b = 0; b <= end - begin; ++b) {
    ASSERT_EQ(slice->pos_at(b), want[begin + b]) << "slice byte " << b;
    uint32_t other = static_cast<uint32_t>(text.size()) - b;
    ASSERT_EQ(whole->pos_at(other), want[other]) << "whole byte " << other;
  }
}

// range() takes a short cut for a plain-ASCII end on the start's line: every span of a text with
// CRLF, é, combining marks, a BOM-like sequence, a prepended mark (U+0600) and lone CRs must give
// exactly the two positions pos_at gives, in files of their own and cut from inside a file.
TEST(PosAtOrder, RangeEqualsTwoPositions) {
  std::string text = sample_text(9, 12) + "a\rb\r\nc\xEF\xBB\xBF" "d\xD8\x80x\xCC\x81y e\xCC\x81z\n";
  auto want = test::positions_from_text(text);
  auto file = SourceFile::from_string("f.hcl", text);
  for (uint32_t b = 0; b <= text.size(); ++b)
    for (uint32_t e = b; e <= text.size() && e <= b + 40; ++e) {
      Range r = file->range({b, e});
      ASSERT_EQ(r.start, want[b]) << b << ".." << e;
      ASSERT_EQ(r.end, want[e]) << b << ".." << e;
      ASSERT_EQ(r.filename, "f.hcl");
    }
  auto at = SourceFile::from_string_at("t.hcl", "ab\xD8\x80" "cd\nef", Pos{3, 7, 40});
  for (uint32_t b = 0; b <= 9; ++b)
    for (uint32_t e = b; e <= 9; ++e) {
      Range r = at->range({b, e});
      ASSERT_EQ(r.start, at->pos_at(b)) << b << ".." << e;
      ASSERT_EQ(r.end, at->pos_at(e)) << b << ".." << e;
    }
}

// range() gives a span whose line is ASCII up to its end byte differences for columns: every
// span of ASCII lines of 0 to 30 bytes (shorter and longer than a word), with tabs, lone CRs, CRLF
// ends, a line after a non-ASCII one, a last line without a newline, in a file opening with a BOM
// (its first line is not ASCII: counted) and in text cut from a file (columns on its first line
// shifted), gives the two positions computed from the text.
TEST(PosAtOrder, AsciiLineRangesEqualTwoPositions) {
  std::mt19937 rng(11);
  std::string body;
  for (int i = 0; i < 60; ++i) {
    const int len = static_cast<int>(rng() % 31);
    for (int k = 0; k < len; ++k) {
      const unsigned pick = rng() % 12;
      body += pick == 0 ? '\t' : pick == 1 ? '\r' : static_cast<char>('a' + rng() % 26);
    }
    body += i % 5 == 0 ? "\r\n" : i % 7 == 0 ? "\xC3\xA9\n" : "\n";
  }
  body += "last line";
  for (const std::string& text : {body, "\xEF\xBB\xBF" "abc = 1\n" + body}) {
    const auto want = test::positions_from_text(text);
    // (expected_positions counts from the line start: a BOM opening the file is no column.)
    auto bom_adjusted = [&](uint32_t b) {
      Pos p = want[b];
      if (text.starts_with("\xEF\xBB\xBF") && p.line == 1 && b >= 3) p.column -= 1;
      return p;
    };
    auto file = SourceFile::from_string("a.hcl", text);
    for (uint32_t b = 0; b <= text.size(); ++b)
      for (uint32_t e = b; e <= text.size() && e <= b + 40; ++e) {
        const Range r = file->range({b, e});
        ASSERT_EQ(r.start, bom_adjusted(b)) << b << ".." << e;
        ASSERT_EQ(r.end, bom_adjusted(e)) << b << ".." << e;
      }
  }
  auto at = SourceFile::from_string_at("t.hcl", "abcdefghijk = 1\nxy = 22\n", Pos{3, 7, 40});
  for (uint32_t b = 0; b <= 24; ++b)
    for (uint32_t e = b; e <= 24; ++e) {
      const Range r = at->range({b, e});
      ASSERT_EQ(r.start, at->pos_at(b)) << b << ".." << e;
      ASSERT_EQ(r.end, at->pos_at(e)) << b << ".." << e;
    }
  EXPECT_EQ(at->range({2, 5}).start, (Pos{3, 9, 42}));
  EXPECT_EQ(at->range({2, 5}).end, (Pos{3, 12, 45}));
  EXPECT_EQ(at->range({17, 19}).start, (Pos{4, 2, 57}));
}

// The same for long spans on one line (no length limit on the short cut any more) and for text
// whose clusters depend on state carried across characters: regional-indicator pairs, emoji
// ZWJ sequences with skin tones, Hangul syllables built from jamo, a prepended mark before ASCII.
TEST(PosAtOrder, LongRangesOnOneLineEqualTwoPositions) {
  std::string line;
  const char* pieces[] = {"abc ", "\xF0\x9F\x87\xBA\xF0\x9F\x87\xB8\xF0\x9F\x87\xAB", "x = ",
                          "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB", "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD", "\xE1\x84\x80\xE1\x85\xA1\xE1\x86\xA8",
                          "\xD8\x80" "a", "\r", "e\xCC\x81", "\"k\" = [1, 2]", "\t\t", "\xFF"};
  std::mt19937 rng(5);
  for (int i = 0; i < 50; ++i) line += pieces[rng() % std::size(pieces)];
  std::string text = "head\n" + line + "\r\n" + line + "\ntail";
  auto want = test::positions_from_text(text);
  auto file = SourceFile::from_string("long.hcl", text);
  for (uint32_t b = 0; b <= text.size(); b += 1 + b % 3)
    for (uint32_t e = b; e <= text.size(); e += 1 + (e - b) % 7) {
      Range r = file->range({b, e});
      ASSERT_EQ(r.start, want[b]) << b << ".." << e;
      ASSERT_EQ(r.end, want[e]) << b << ".." << e;
    }
}

// range() finds its start's line itself (the same search as pos_at, leaving the line in the
// hint): ranges and positions asked at random, in turns on two files and on a slice of one, each
// as if asked alone.
TEST(PosAtOrder, RangesInterleavedWithPositions) {
  const std::string a = sample_text(21, 300), b = sample_text(22, 40);
  const auto want_a = test::positions_from_text(a), want_b = test::positions_from_text(b);
  auto fa = SourceFile::from_string("a.hcl", a);
  auto fb = SourceFile::from_string("b.hcl", b);
  auto slice = SourceFile::slice_of(fa, {100, 400});
  std::mt19937 rng(23);
  for (int i = 0; i < 20000; ++i) {
    const bool on_a = rng() % 3 != 0;
    const std::string& text = on_a ? a : b;
    const auto& want = on_a ? want_a : want_b;
    const SourceFile& file = on_a ? *fa : *fb;
    const auto begin = static_cast<uint32_t>(rng() % (text.size() + 1));
    const auto end = std::min<uint32_t>(static_cast<uint32_t>(text.size()), begin + static_cast<uint32_t>(rng() % 60));
    switch (rng() % 3) {
      case 0: ASSERT_EQ(file.pos_at(begin), want[begin]) << begin; break;
      case 1: {
        const Range r = file.range({begin, end});
        ASSERT_EQ(r.start, want[begin]) << begin << ".." << end;
        ASSERT_EQ(r.end, want[end]) << begin << ".." << end;
        break;
      }
      default: {
        const auto s = static_cast<uint32_t>(rng() % 300);
        const Range r = slice->range({s, s + 1});
        ASSERT_EQ(r.start, want_a[100 + s]) << s;
        ASSERT_EQ(r.end, want_a[101 + s]) << s;
      }
    }
  }
}

// A CR+LF pair, a combining mark and a bad byte at each offset of a long ASCII run: the
// word-at-a-time path must stop before each, whichever of the eight bytes it falls on.
TEST(GraphemeCount, SpecialBytesAtEveryOffset) {
  for (size_t k = 0; k <= 24; ++k) {
    std::string base(24, 'a');
    std::string crlf = base.substr(0, k) + "\r\n" + base.substr(k);
    EXPECT_EQ(detail::count_grapheme_clusters(crlf), 25u) << "CRLF at " << k;
    std::string cr = base.substr(0, k) + "\r" + base.substr(k);
    EXPECT_EQ(detail::count_grapheme_clusters(cr), 25u) << "CR at " << k;
    std::string bad = base.substr(0, k) + "\x80" + base.substr(k);
    EXPECT_EQ(detail::count_grapheme_clusters(bad), 25u) << "bad byte at " << k;
    if (k > 0) {  // a combining acute joins the letter before it
      std::string mark = base.substr(0, k) + "\xCC\x81" + base.substr(k);
      EXPECT_EQ(detail::count_grapheme_clusters(mark), 24u) << "combining mark at " << k;
    }
    EXPECT_EQ(detail::count_grapheme_clusters(base.substr(0, k)), k);
  }
}

}  // namespace
}  // namespace hclschema
