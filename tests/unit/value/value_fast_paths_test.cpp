// The value layer's fast paths give what the general path gives: the small-object insertion sort
// of name-keyed entries (against an ordered map with last-wins), and strings below U+0300 taken as
// NFC without utf8proc (against utf8proc's own NFC).
#include <utf8proc.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hclschema/value.hpp"
#include "value/object_of_names.hpp"
#include "value/sorted_entries.hpp"

namespace hclschema {
namespace {

// `length` letters drawn from the first `letters` of the alphabet: few distinct names, so that
// equal names are common.
std::string random_name(std::mt19937& rng, size_t length, unsigned letters) {
  std::string name(length, 'a');
  for (char& c : name) c = static_cast<char>('a' + rng() % letters);
  return name;
}

TEST(SortedEntries, SmallAndLargeSortsKeepTheLastOfEqualNames) {
  std::mt19937 rng(7);
  // Sizes on both sides of the insertion sort's limit (32), names from a small alphabet so that
  // duplicates are common, some inputs already in order.
  for (int round = 0; round < 400; ++round) {
    const size_t n = static_cast<size_t>(round % 45);
    std::vector<std::pair<std::string, int>> entries;
    std::map<std::string, int> expected;
    for (size_t i = 0; i < n; ++i) {
      std::string name = random_name(rng, 1 + rng() % 3, 5);
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

// The entries in the order name_order gives, and as sort_by_name_last_wins sorts them: the two
// must agree (the last of equal names kept).
std::vector<std::pair<std::string, int>> taken_in_name_order(const std::vector<std::pair<std::string, int>>& entries) {
  uint8_t order[detail::k_name_order_max];
  const size_t kept = detail::name_order(entries, order);
  std::vector<std::pair<std::string, int>> taken;
  for (size_t i = 0; i < kept; ++i) taken.push_back(entries[order[i]]);
  return taken;
}
std::vector<std::pair<std::string, int>> sorted_last_wins(std::vector<std::pair<std::string, int>> entries) {
  detail::sort_by_name_last_wins(entries);
  return entries;
}

TEST(SortedEntries, NameOrderIsTheOrderOfTheSort) {
  // name_order (indices, for Value::object's small objects) against sort_by_name_last_wins, at
  // every size it takes, with many duplicates, names sharing first bytes, and empty names.
  std::mt19937 rng(8);
  for (int round = 0; round < 3000; ++round) {
    const size_t n = static_cast<size_t>(round % (detail::k_name_order_max + 1));
    std::vector<std::pair<std::string, int>> entries;
    for (size_t i = 0; i < n; ++i) {
      std::string name(rng() % 4, 'a');
      for (char& c : name) c = static_cast<char>(rng() % 3 == 0 ? '\xC3' : 'a' + rng() % 3);
      entries.emplace_back(name, static_cast<int>(i));
    }
    if (round % 5 == 0) std::sort(entries.begin(), entries.end());
    ASSERT_EQ(taken_in_name_order(entries), sorted_last_wins(entries)) << "round " << round;
  }
}

TEST(SortedEntries, NameOrderOfDistinctNamesAndOfOneDuplicate) {
  // name_order skips looking for equal names when its sort compared none equal: distinct names
  // sharing first bytes and longer prefixes (in any order), and the same with one name repeated
  // somewhere (the pair must still be found, however the sort met it).
  std::mt19937 rng(9);
  std::vector<std::string> pool;
  for (const char* stem : {"a", "ab", "aws_", "aws_instance", "aws_instance_", "b", "tag", "tags", "tags_all", ""})
    for (const char* tail : {"", "x", "_name", "\xC3\xA9"}) pool.push_back(std::string(stem) + tail);
  std::sort(pool.begin(), pool.end());
  pool.erase(std::unique(pool.begin(), pool.end()), pool.end());
  for (int round = 0; round < 3000; ++round) {
    std::shuffle(pool.begin(), pool.end(), rng);
    const size_t n = std::min<size_t>(pool.size(), 1 + rng() % detail::k_name_order_max);
    std::vector<std::pair<std::string, int>> entries;
    for (size_t i = 0; i < n; ++i) entries.emplace_back(pool[i], static_cast<int>(i));
    if (round % 2 == 1 && n > 1 && n < detail::k_name_order_max) {
      const size_t copy_of = rng() % n;
      entries.insert(entries.begin() + static_cast<std::ptrdiff_t>(rng() % (n + 1)), {pool[copy_of], -1});
    }
    ASSERT_EQ(taken_in_name_order(entries), sorted_last_wins(entries)) << "round " << round;
  }
}

TEST(SortedEntries, ObjectsOfEverySizeKeepTheLastOfEqualNames) {
  // Value::object takes small objects through name_order and large ones through the sort.
  std::mt19937 rng(9);
  for (int round = 0; round < 200; ++round) {
    const size_t n = static_cast<size_t>(round % 50);
    std::vector<std::pair<std::string, Value>> attributes;
    std::map<std::string, int64_t> expected;
    for (size_t i = 0; i < n; ++i) {
      std::string name = random_name(rng, 1 + rng() % 2, 6);
      attributes.emplace_back(name, Value::number(Number(static_cast<int64_t>(i))));
      expected[name] = static_cast<int64_t>(i);
    }
    const Value v = Value::object(std::move(attributes));
    ASSERT_EQ(v.type().attribute_names().size(), expected.size()) << "round " << round;
    size_t i = 0;
    for (const auto& [name, number] : expected) {
      ASSERT_EQ(v.type().attribute_names()[i], name) << "round " << round;
      ASSERT_EQ(*v.elements()[i].as_number().small_value(), number) << "round " << round;
      ++i;
    }
  }
}

TEST(RecentObjectTypes, AnObjectHasTheTypeTypeObjectGives) {
  // Value::object answers small objects' types from a per-thread table of recent ones: hits (the
  // same shape again) and near misses that share the table's slot (names of the same length and
  // first byte, the same attribute types) or differ only in an attribute's type.
  const Value one = Value::number(Number(int64_t{1}));
  const Value text = Value::string("x");
  const Value ab = Value::object({{"ab", one}});
  const Value ac = Value::object({{"ac", one}});
  const Value ab_text = Value::object({{"ab", text}});
  const Value ab_again = Value::object({{"ab", one}});
  EXPECT_EQ(ab.type().attribute_names(), std::vector<std::string>{"ab"});
  EXPECT_EQ(ac.type().attribute_names(), std::vector<std::string>{"ac"});
  EXPECT_EQ(ab.type(), Type::object({{"ab", Type::number()}}));
  EXPECT_EQ(ac.type(), Type::object({{"ac", Type::number()}}));
  EXPECT_EQ(ab_text.type(), Type::object({{"ab", Type::string()}}));
  EXPECT_EQ(ab_again.type(), ab.type());
  EXPECT_NE(ab.type(), ac.type());
  // An optional-attribute type of the same names is another type, never taken for these.
  const Type optional = Type::object({{"ab", Type::number()}}, {"ab"});
  EXPECT_NE(Value::object({{"ab", one}}).type(), optional);

  // Random small objects over few names and types, so that the table hits, misses and collides.
  std::mt19937 rng(10);
  const std::vector<Value> values = {one, text, Value::boolean(true), Value::null(Type::number()),
                                     Value::unknown(Type::dynamic()), ab, ac};
  for (int round = 0; round < 5000; ++round) {
    std::vector<std::pair<std::string, Value>> attributes;
    std::map<std::string, Type> expected;
    const size_t n = rng() % 5;
    for (size_t i = 0; i < n; ++i) {
      std::string name = random_name(rng, 1 + rng() % 2, 3);
      const Value& value = values[rng() % values.size()];
      attributes.emplace_back(name, value);
      expected[name] = value.type();
    }
    const Value v = Value::object(std::move(attributes));
    const Type t = Type::object(std::vector<std::pair<std::string, Type>>(expected.begin(), expected.end()));
    ASSERT_EQ(v.type(), t) << "round " << round;
    ASSERT_EQ(v.type().identity(), t.identity()) << "round " << round;
  }
}

TEST(RecentObjectTypes, AShapeMetAgainInAnyOrderPutsEachValueUnderItsName) {
  // The table keeps, with each type, the order its attributes were given in, and a hit takes the
  // values out in that order: the same names given again (in the same order, in another one, with
  // other values, with an equal name, with a name changed) must each land under their own name.
  // Every value is distinct (its number is its index), so a wrong order shows.
  std::mt19937 rng(31);
  const std::vector<std::string> pool = {"a", "b", "c", "name", "tags", "a_name_longer_than_sixteen_bytes", "e", "f", "g",
                                         "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r"};
  auto check = [&](const std::vector<std::string>& names, int round) {
    std::vector<std::pair<std::string, Value>> attributes;
    std::map<std::string, int64_t> expected;  // the last of equal names wins
    for (size_t i = 0; i < names.size(); ++i) {
      const auto number = static_cast<int64_t>(round * 100 + static_cast<int>(i));
      attributes.emplace_back(names[i], Value::number(Number(number)));
      expected[names[i]] = number;
    }
    // Half through the evaluator's entry (names it does not own), half through Value::object.
    std::vector<std::pair<std::string_view, Value>> viewed;
    for (const auto& [name, value] : attributes) viewed.emplace_back(name, value);
    const Value v = round % 2 == 0 ? detail::object_of_names(viewed) : Value::object(attributes);
    std::vector<std::pair<std::string, Type>> types;
    for (const auto& [name, number] : expected) types.emplace_back(name, Type::number());
    ASSERT_EQ(v.type().identity(), Type::object(types).identity()) << "round " << round;
    ASSERT_EQ(v.elements().size(), expected.size()) << "round " << round;
    size_t i = 0;
    for (const auto& [name, number] : expected) {
      ASSERT_EQ(v.keys()[i], name) << "round " << round;
      ASSERT_EQ(v.elements()[i].as_number(), Number(number)) << "round " << round << " " << name;
      ++i;
    }
  };
  for (int round = 0; round < 4000; ++round) {
    // Up to 20 names (past the 16 whose order a slot keeps), mostly few, from a few shapes.
    const size_t n = round % 7 == 0 ? 1 + rng() % 20 : rng() % 5;
    std::vector<std::string> names(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(std::min(n, pool.size())));
    std::shuffle(names.begin(), names.end(), rng);
    if (n > 1 && rng() % 8 == 0) names[rng() % n] = names[rng() % n];  // an equal name
    check(names, round);
    check(names, round + 1);  // the same shape again: a hit in the order just kept
    std::reverse(names.begin(), names.end());
    check(names, round + 2);  // the same names in the opposite order
  }
}

TEST(RecentTupleTypes, ATupleHasTheTypeTypeTupleGives) {
  // Value::tuple answers types from a per-thread table of recent ones: hits, misses, the empty
  // tuple, and tuples whose element types differ in one place or in length.
  std::mt19937 rng(12);
  const std::vector<Value> values = {Value::number(Number(int64_t{1})), Value::string("x"), Value::boolean(false),
                                     Value::null(Type::string()), Value::unknown(Type::dynamic()),
                                     Value::object({{"a", Value::boolean(true)}}), Value::tuple({})};
  for (int round = 0; round < 5000; ++round) {
    std::vector<Value> elements;
    std::vector<Type> types;
    const size_t n = rng() % 4;
    for (size_t i = 0; i < n; ++i) {
      elements.push_back(values[rng() % values.size()]);
      types.push_back(elements.back().type());
    }
    const Value v = Value::tuple(elements);
    const Type t = Type::tuple(types);
    ASSERT_EQ(v.type(), t) << "round " << round;
    ASSERT_EQ(v.type().identity(), t.identity()) << "round " << round;
    ASSERT_EQ(v.elements().size(), n);
  }
  EXPECT_NE(Value::tuple({values[0]}).type(), Value::tuple({values[0], values[0]}).type());
  EXPECT_NE(Value::tuple({values[0]}).type(), Value::tuple({values[1]}).type());
  EXPECT_EQ(Value::tuple({}).type(), Type::tuple({}));
}

// `inner` one level deeper, in a tuple, an object, a list or a map by turns (`depth` % 4), next to
// plain elements (`plain_big`, a number with a payload, among them).
Value wrapped(const Value& inner, int depth, const Value& plain_big) {
  switch (depth % 4) {
    case 0: return Value::tuple({Value::string("a"), plain_big, inner});
    case 1: return Value::object({{"a", Value::boolean(true)}, {"b", inner}});
    case 2: return Value::list(inner.type(), {inner});
    default: return Value::map(inner.type(), {{"k", inner}});
  }
}

TEST(ContainsMarked, AnyDepthAnyContainer) {
  // contains_marked reads payloads directly and answers elements without a payload inline: a mark
  // on the value itself, on a primitive, string or container element, at every depth, in every
  // kind of container, and none anywhere.
  const Value marked_number = Value::number(Number(int64_t{1})).with_marks({"sensitive"});
  const Value marked_string = Value::string("s").with_marks({"sensitive"});
  const Value plain_big = Value::number(*Number::parse("0.5"));
  for (const Value& leaf : {marked_number, marked_string, Value::tuple({}).with_marks({"m"})}) {
    Value inner = leaf;
    for (int depth = 0; depth < 4; ++depth) {
      EXPECT_TRUE(inner.contains_marked()) << depth;
      inner = wrapped(inner, depth, plain_big);
    }
    EXPECT_TRUE(inner.contains_marked());
  }
  Value plain = Value::tuple({Value::string("a"), plain_big, Value::null(Type::string()), Value::unknown(Type::dynamic())});
  for (int depth = 0; depth < 4; ++depth) {
    EXPECT_FALSE(plain.contains_marked()) << depth;
    plain = Value::object({{"x", plain}, {"y", Value::string("")}});
  }
  EXPECT_FALSE(plain.contains_marked());
  EXPECT_TRUE(plain.with_marks({"m"}).contains_marked());
  EXPECT_FALSE(Value::number(Number(int64_t{3})).contains_marked());
  EXPECT_FALSE(plain_big.contains_marked());
}

TEST(WhollyKnown, AnyDepthAnyContainer) {
  // is_wholly_known reads payloads directly and answers elements without a payload inline: an
  // unknown primitive, string, container or null-typed element at every depth, in every kind of
  // container, and none anywhere (nulls and empty containers are known).
  const Value plain_big = Value::number(*Number::parse("0.5"));
  for (const Value& leaf : {Value::unknown(Type::number()), Value::unknown(Type::string()), Value::unknown(Type::list(Type::string())),
                            Value::unknown(Type::dynamic())}) {
    Value inner = leaf;
    for (int depth = 0; depth < 4; ++depth) {
      EXPECT_FALSE(inner.is_wholly_known()) << depth;
      inner = wrapped(inner, depth, plain_big);
      EXPECT_TRUE(inner.is_known()) << depth;
    }
    EXPECT_FALSE(inner.is_wholly_known());
  }
  Value known = Value::tuple({Value::string("a"), plain_big, Value::null(Type::string()), Value::tuple({}), Value::boolean(false)});
  for (int depth = 0; depth < 4; ++depth) {
    EXPECT_TRUE(known.is_wholly_known()) << depth;
    known = Value::object({{"x", known}, {"y", Value::string("")}, {"z", Value::list(Type::string(), {})}});
  }
  EXPECT_TRUE(known.is_wholly_known());
  EXPECT_TRUE(known.with_marks({"m"}).is_wholly_known());
  EXPECT_TRUE(Value::number(Number(int64_t{3})).is_wholly_known());
  EXPECT_FALSE(Value::unknown(Type::number()).is_wholly_known());
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

TEST(StringNfc, ANonAsciiByteAnywhereTakesTheCheckAndAsciiIsTakenAsItIs) {
  // Value::string answers ASCII inline (words, overlapping halves and single bytes, by length)
  // before the full check: a decomposed "é" at every place in text of every length up to 24 must
  // still be composed, and ASCII text of every length kept as it is.
  for (size_t length = 0; length <= 24; ++length) {
    const std::string ascii(length, 'a');
    EXPECT_EQ(Value::string(ascii).as_string(), ascii) << length;
    for (size_t at = 0; at <= length; ++at) {
      const std::string decomposed = std::string(at, 'a') + "e\xCC\x81" + std::string(length - at, 'b');
      const std::string composed = std::string(at, 'a') + "\xC3\xA9" + std::string(length - at, 'b');
      ASSERT_EQ(Value::string(decomposed).as_string(), composed) << length << " " << at;
    }
  }
}

}  // namespace
}  // namespace hclschema
