// NameTable (include/hclschema/eval/name_table.hpp) and its lookup index (src/eval/name_index.hpp):
// the index finds exactly what the map holds, is dropped by every change of the names (so a name
// added after it was built is found, a removed one is not), survives changes of values, is never
// shared between copies, and offers names to a NameSuggester with the same answer as a walk over
// the map. Evaluation through a context whose tables are indexed gives the same values and
// suggestions as through small (unindexed) tables.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <thread>
#include <vector>

#include "eval/name_index.hpp"
#include "eval/table_key.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/eval/name_table.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/parse.hpp"
#include "util/did_you_mean.hpp"

namespace {

using namespace hclschema;
using hclschema::detail::find_in_table;
using hclschema::detail::name_characters;
using hclschema::detail::NameSuggester;

// A table of `n` names "name0" .. "name<n-1>", each bound to its number.
NameTable<int> numbered(int n) {
  NameTable<int> t;
  for (int i = 0; i < n; ++i) t["name" + std::to_string(i)] = i;
  return t;
}

const int* find(const NameTable<int>& t, std::string_view name) {
  return find_in_table(t, name, eval_detail::TableKey{name});
}

TEST(NameTable, SmallTablesHaveNoIndexLargeOnesDo) {
  EXPECT_EQ(numbered(NameTable<int>::k_min_indexed - 1).name_index(), nullptr);
  const NameTable<int> large = numbered(NameTable<int>::k_min_indexed);
  ASSERT_NE(large.name_index(), nullptr);
  EXPECT_EQ(large.name_index(), large.name_index());  // built once
  EXPECT_EQ(large.name_index()->size(), large.size());
}

// built_name_index() answers the index only once name_index() has built it, and never builds it.
TEST(NameTable, BuiltIndexIsOnlyEverTheBuiltOne) {
  NameTable<int> t = numbered(10);
  EXPECT_EQ(t.built_name_index(), nullptr);
  EXPECT_EQ(t.built_name_index(), nullptr);  // asking did not build it
  const auto* index = t.name_index();
  ASSERT_NE(index, nullptr);
  EXPECT_EQ(t.built_name_index(), index);
  t["another"] = 1;
  EXPECT_EQ(t.built_name_index(), nullptr);  // dropped with the change of names
  EXPECT_NE(t.name_index(), nullptr);
  const NameTable<int> small = numbered(3);
  EXPECT_EQ(small.name_index(), nullptr);
  EXPECT_EQ(small.built_name_index(), nullptr);
}

TEST(NameTable, IndexFindsWhatTheMapHolds) {
  for (int n : {1, 7, 8, 9, 50, 1000}) {
    const NameTable<int> t = numbered(n);
    for (int i = 0; i < n; ++i) {
      const int* v = find(t, "name" + std::to_string(i));
      ASSERT_NE(v, nullptr) << n << " " << i;
      EXPECT_EQ(*v, i);
      EXPECT_EQ(v, &t.find("name" + std::to_string(i))->second);  // the map's own value, not a copy
    }
    for (const char* absent : {"", "name", "name-1", "Name0", "name00", "x", "name10000"}) EXPECT_EQ(find(t, absent), nullptr) << absent;
  }
}

// Every table size from 1 to 140 names (the index's slots are sized from the count, a power of
// two at least four times it: each boundary of that sizing is crossed), every name found and
// names not there not, including ones one character away from every name.
TEST(NameTable, IndexFindsWhatTheMapHoldsAtEverySize) {
  for (int n = 1; n <= 140; ++n) {
    const NameTable<int> t = numbered(n);
    for (int i = 0; i < n; ++i) {
      const int* v = find(t, "name" + std::to_string(i));
      ASSERT_NE(v, nullptr) << n << " " << i;
      ASSERT_EQ(*v, i) << n << " " << i;
    }
    for (int i = 0; i < n; ++i) ASSERT_EQ(find(t, "namf" + std::to_string(i)), nullptr) << n << " " << i;
    ASSERT_EQ(find(t, "name" + std::to_string(n)), nullptr) << n;
  }
}

// Names that share their first and last eight bytes and length collide in the hash's cheap words
// (only the middle word tells them apart), and names of every length from 0 to 40: all found.
TEST(NameTable, IndexFindsNamesThatHashAlike) {
  NameTable<int> t;
  int k = 0;
  for (char c = 'a'; c <= 'z'; ++c) t["aws_security_" + std::string(1, c) + "_group_rule"] = k++;
  for (size_t len = 0; len <= 40; ++len) t[std::string(len, 'q')] = k++;
  ASSERT_NE(t.name_index(), nullptr);
  for (const auto& [name, value] : t.map()) {
    const int* v = find(t, name);
    ASSERT_NE(v, nullptr) << name;
    EXPECT_EQ(*v, value) << name;
  }
  EXPECT_EQ(find(t, "aws_security_A_group_rule"), nullptr);
  EXPECT_EQ(find(t, std::string(41, 'q')), nullptr);
}

// A name of up to eight bytes is all in its head word (NameIndex::head_word): its bytes in order
// from the lowest lane, zero past its end, so two names of the same size share a head only if
// they are the same; a longer name's head is its first eight bytes.
TEST(NameIndex, HeadWordIsTheNamesBytes) {
  using hclschema::detail::NameIndex;
  std::mt19937 rng(7);
  for (size_t n = 0; n <= 12; ++n) {
    for (int trial = 0; trial < 200; ++trial) {
      std::string name(n, '\0');
      for (char& c : name) c = static_cast<char>(rng() & 0xFF);
      uint64_t want = 0;
      for (size_t i = 0; i < std::min<size_t>(n, 8); ++i) want |= uint64_t{static_cast<unsigned char>(name[i])} << (8 * i);
      ASSERT_EQ(NameIndex::head_word(name.data(), n), want) << n;
    }
  }
}

// Names whose head words and sizes are equal (longer than eight bytes, the same first eight) are
// told apart by the rest; names that differ only in size (a NUL byte more) by the size; the empty
// name is found only when the table has it, however full the slots it would probe.
TEST(NameTable, IndexTellsApartNamesWithTheSameHead) {
  NameTable<int> t;
  int k = 0;
  for (size_t n = 9; n <= 24; ++n)
    for (size_t at = 8; at < n; ++at) {
      std::string name = "abcdefgh" + std::string(n - 8, 'x');
      name[at] = 'y';
      t[name] = k++;
    }
  for (const std::string& name : {std::string("a"), std::string("a\0", 2), std::string("\0", 1), std::string("\0\0", 2), std::string("ab"),
                                   std::string("ba"), std::string("abcdefgh"), std::string("abcdefg\0", 8)})
    t[name] = k++;
  ASSERT_NE(t.name_index(), nullptr);
  for (const auto& [name, value] : t.map()) {
    const int* v = find(t, name);
    ASSERT_NE(v, nullptr) << name;
    EXPECT_EQ(*v, value) << name;
  }
  EXPECT_EQ(find(t, ""), nullptr);
  EXPECT_EQ(find(t, std::string("a\0\0", 3)), nullptr);
  EXPECT_EQ(find(t, "abcdefghxz"), nullptr);
  EXPECT_EQ(find(t, "abcdefghx"), nullptr);
  EXPECT_EQ(find(t, "abcdefgi"), nullptr);
  t[""] = -1;
  ASSERT_NE(t.name_index(), nullptr);
  ASSERT_NE(find(t, ""), nullptr);
  EXPECT_EQ(*find(t, ""), -1);
  // A table of empty and one-byte names only: every probe of "" meets them before an empty slot.
  NameTable<int> bytes;
  for (int c = 0; c < 256; ++c) bytes[std::string(1, static_cast<char>(c))] = c;
  bytes[""] = 256;
  ASSERT_NE(bytes.name_index(), nullptr);
  for (int c = 0; c < 256; ++c) ASSERT_EQ(*find(bytes, std::string(1, static_cast<char>(c))), c);
  EXPECT_EQ(*find(bytes, ""), 256);
  EXPECT_EQ(find(bytes, "aa"), nullptr);
}

TEST(NameTable, EveryChangeOfNamesDropsTheIndex) {
  NameTable<int> t = numbered(10);
  ASSERT_NE(t.name_index(), nullptr);
  t["added"] = 1;  // operator[] adding a name
  ASSERT_NE(find(t, "added"), nullptr);
  t.emplace("emplaced", 2);
  ASSERT_NE(find(t, "emplaced"), nullptr);
  t.try_emplace("tried", 3);
  ASSERT_NE(find(t, "tried"), nullptr);
  t.insert_or_assign("assigned", 4);
  ASSERT_NE(find(t, "assigned"), nullptr);
  t.insert({"inserted", 5});
  ASSERT_NE(find(t, "inserted"), nullptr);
  t.erase("added");
  EXPECT_EQ(find(t, "added"), nullptr);
  t.erase(t.find("emplaced"));
  EXPECT_EQ(find(t, "emplaced"), nullptr);
  EXPECT_EQ(t.name_index()->size(), t.size());
  t.clear();
  EXPECT_EQ(find(t, "name0"), nullptr);
  EXPECT_EQ(t.name_index(), nullptr);
}

TEST(NameTable, ChangingValuesKeepsTheIndex) {
  NameTable<int> t = numbered(10);
  const auto* index = t.name_index();
  t["name3"] = 30;  // an existing name: no change of names
  t.find("name4")->second = 40;
  t.at("name5") = 50;
  for (auto& [name, value] : t) value += 0;
  EXPECT_EQ(t.name_index(), index);
  EXPECT_EQ(*find(t, "name3"), 30);
  EXPECT_EQ(*find(t, "name4"), 40);
  EXPECT_EQ(*find(t, "name5"), 50);
}

TEST(NameTable, CopiesAndMovesNeverShareAnIndex) {
  NameTable<int> a = numbered(10);
  ASSERT_NE(a.name_index(), nullptr);
  NameTable<int> copy = a;
  copy["name1"] = 100;
  EXPECT_EQ(*find(copy, "name1"), 100);
  EXPECT_EQ(*find(a, "name1"), 1);
  EXPECT_NE(copy.name_index(), a.name_index());

  NameTable<int> moved = std::move(a);
  EXPECT_EQ(*find(moved, "name1"), 1);
  EXPECT_EQ(a.name_index(), nullptr);  // NOLINT(bugprone-use-after-move): moved-from is empty and valid
  a = numbered(12);
  EXPECT_EQ(*find(a, "name11"), 11);

  NameTable<int> assigned = numbered(9);
  assigned["only_here"] = -1;
  ASSERT_NE(find(assigned, "only_here"), nullptr);  // through the index
  assigned = moved;
  EXPECT_EQ(find(assigned, "only_here"), nullptr);
  EXPECT_EQ(*find(assigned, "name9"), 9);
  assigned = numbered(20);
  EXPECT_EQ(*find(assigned, "name19"), 19);
}

// Readers racing to build the index each get one that finds every name (the first published).
TEST(NameTable, ConcurrentReadersBuildOneIndex) {
  for (int round = 0; round < 20; ++round) {
    const NameTable<int> t = numbered(64);
    std::vector<const detail::NameIndex*> seen(4);
    std::vector<std::thread> readers;
    for (size_t r = 0; r < seen.size(); ++r)
      readers.emplace_back([&, r] {
        seen[r] = t.name_index();
        for (int i = 0; i < 64; ++i)
          if (find(t, "name" + std::to_string(i)) == nullptr) seen[r] = nullptr;
      });
    for (auto& th : readers) th.join();
    for (const auto* s : seen) EXPECT_EQ(s, t.name_index());
  }
}

TEST(NameCharacters, SetAndPlainness) {
  EXPECT_EQ(name_characters("").set, 0u);
  EXPECT_TRUE(name_characters("aA0_-").plain);
  EXPECT_EQ(name_characters("aA0_-").set, (1ULL << 0) | (1ULL << 26) | (1ULL << 52) | (1ULL << 62) | (1ULL << 63));
  EXPECT_EQ(name_characters("zZ9").set, (1ULL << 25) | (1ULL << 51) | (1ULL << 61));
  EXPECT_EQ(name_characters("aaaa").set, 1ULL);
  EXPECT_FALSE(name_characters("a.b").plain);
  EXPECT_FALSE(name_characters("\xC3\xA9t\xC3\xA9").plain);
  // A name that is not plain still has the set of its identifier characters: the unknown name's
  // set is read whether or not it is plain.
  EXPECT_EQ(name_characters("a.b").set, (1ULL << 0) | (1ULL << 1));
  EXPECT_EQ(name_characters("\xC3\xA9t\xC3\xA9").set, 1ULL << ('t' - 'a'));
}

// Every byte on its own, against the set's definition written out here: one bit for each of a-z,
// A-Z, 0-9, '_' and '-' in that order, none (and not plain) for any other byte.
TEST(NameCharacters, EveryByte) {
  for (int c = 0; c < 256; ++c) {
    int bit = -1;
    if (c >= 'a' && c <= 'z') bit = c - 'a';
    if (c >= 'A' && c <= 'Z') bit = 26 + c - 'A';
    if (c >= '0' && c <= '9') bit = 52 + c - '0';
    if (c == '_') bit = 62;
    if (c == '-') bit = 63;
    const auto nc = name_characters(std::string(1, static_cast<char>(c)));
    EXPECT_EQ(nc.plain, bit >= 0) << c;
    EXPECT_EQ(nc.set, bit >= 0 ? 1ULL << bit : 0u) << c;
    // And between identifier characters, where it must neither drop theirs nor add its own.
    const auto around = name_characters("k" + std::string(1, static_cast<char>(c)) + "Z");
    EXPECT_EQ(around.plain, bit >= 0) << c;
    EXPECT_EQ(around.set, (1ULL << ('k' - 'a')) | (1ULL << 51) | (bit >= 0 ? 1ULL << bit : 0u)) << c;
  }
}

// The set a NameSuggester gathers for its name, on either of its paths (a name of 256 bytes or
// more skips the table it fills for shorter ones), is name_characters()'s set of it.
TEST(NameCharacters, SuggesterGathersTheSameSet) {
  for (const std::string& given : {std::string(), std::string("a"), std::string("Ab_9-z"), std::string("a.b\xC3\xA9"),
                                   std::string(300, 'q') + "Z_" + std::string(10, '\xFF') + "7",
                                   std::string(255, 'x') + "y", std::string(256, 'x') + "y"}) {
    NameSuggester s(given);
    EXPECT_EQ(s.identifier_set(), name_characters(given).set) << given.size();
    EXPECT_NE(given.empty(), s.identifier_set() != 0u) << given.size();
  }
}

// A name that is not plain is offered whatever identifier bytes it has: a lead byte takes the
// bytes after it as continuation bytes whatever they are, so "\xF0xyz" is one character, the one
// "\xF0\xB8\xB9\xBA" is (only the low six bits of each count), and it is the suggestion for that
// name, though x, y and z are three bytes the unknown name lacks.
TEST(NameTable, IndexOffersNamesThatAreNotPlain) {
  NameTable<int> t = numbered(40);
  t["\xF0xyz"] = 1;
  ASSERT_NE(t.name_index(), nullptr);
  const std::string given = "\xF0\xB8\xB9\xBA";
  NameSuggester walked(given);
  for (const auto& entry : t.map())
    if (walked.offer_next(entry.first)) break;
  ASSERT_EQ(walked.suggestion(), "\xF0xyz");
  NameSuggester indexed(given);
  EXPECT_TRUE(detail::offer_table_names(indexed, t, name_characters(given)));
  EXPECT_EQ(indexed.suggestion(), "\xF0xyz");
}

// offer_names (index) against a walk of the map, for random unknown names over a small alphabet
// against tables of random names, plus non-ASCII names on both sides: the same suggestion.
TEST(NameTable, IndexedSuggestionsAgreeWithAWalkOfTheMap) {
  std::mt19937 rng(2026);
  auto random_name = [&](size_t max_len, std::string_view alphabet) {
    std::string s(1 + rng() % max_len, ' ');
    for (auto& c : s) c = alphabet[rng() % alphabet.size()];
    return s;
  };
  size_t suggested = 0;
  for (int table = 0; table < 200; ++table) {
    NameTable<int> t;
    const size_t n = 8 + rng() % 60;
    while (t.size() < n) t[rng() % 10 == 0 ? random_name(6, "ab\xC3\xA9.") : random_name(9, "abcdefgh_-XY1")] = 0;
    ASSERT_NE(t.name_index(), nullptr);
    for (int q = 0; q < 50; ++q) {
      const std::string given = rng() % 10 == 0 ? random_name(6, "ab\xC3\xA9") : random_name(9, "abcdefgh_-XY1");
      NameSuggester walked(given);
      for (const auto& entry : t.map())
        if (walked.offer_next(entry.first)) break;
      NameSuggester indexed(given);
      // The evaluator offers a table with the set the suggester gathered: the same set.
      ASSERT_EQ(indexed.identifier_set(), name_characters(given).set) << given;
      detail::offer_table_names(indexed, t, {indexed.identifier_set()});
      ASSERT_EQ(indexed.found(), walked.found()) << given;
      ASSERT_EQ(indexed.suggestion(), walked.suggestion()) << given;
      suggested += walked.found();
    }
  }
  EXPECT_GT(suggested, 500u);  // the comparison covered many suggestions, not only misses
}

// An unknown variable and an unknown function evaluated against indexed tables: the value found,
// and the suggestions, as with tables too small for an index.
TEST(NameTable, EvaluationThroughIndexedTables) {
  EvalContext ctx;
  for (int i = 0; i < 30; ++i) ctx.set_variable("variable_" + std::to_string(i), Value::number(Number(static_cast<int64_t>(i))));
  ctx.set_variable("instance_type", Value::string("t3.micro"));
  add_standard_functions(ctx);
  ASSERT_NE(ctx.variables->name_index(), nullptr);
  ASSERT_NE(ctx.functions->name_index(), nullptr);

  auto eval = [&](const std::string& src) {
    auto p = parse_expression(src, "t.hcl");
    EXPECT_TRUE(p.diagnostics.empty());
    return evaluate(*p.expr, &ctx);
  };
  auto r = eval("upper(instance_type)");
  ASSERT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.value.as_string(), "T3.MICRO");
  r = eval("variable_17 + variable_3");
  ASSERT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.value.as_number().to_string(), "20");

  r = eval("instanse_type");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].detail, "There is no variable named \"instanse_type\". Did you mean \"instance_type\"?");
  r = eval("uper(\"a\")");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].detail, "There is no function named \"uper\". Did you mean \"upper\"?");
  r = eval("nothing_like_it");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].detail, "There is no variable named \"nothing_like_it\".");

  // A variable added after the index was built is found, one removed is not.
  ctx.set_variable("late", Value::boolean(true));
  EXPECT_TRUE(eval("late").value.as_bool());
  ctx.variables->erase("instance_type");
  r = eval("instance_type");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Unknown variable");
}

}  // namespace
