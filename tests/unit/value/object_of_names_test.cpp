// detail::object_of_names (src/value/object_of_names.hpp), the evaluator's way to build an object
// from names it does not own: the same value as Value::object for the same pairs (small and large
// objects, equal names with the last winning, names long enough to be allocated, names to put in
// NFC), with the names needed only during the call. And detail::ObjectBuilder, which makes each
// value in its place in the object as the caller evaluates it: the same value again, whatever the
// objects built while one is (nested object constructors), and a builder whose value threw can
// still be dropped.
#include "value/object_of_names.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hclschema/value.hpp"
#include "value/value_data.hpp"

namespace hclschema {
namespace {

// Names from a small pool, so that equal names are common: short ones, ones past std::string's
// inline buffer, one not in NFC ("e" and a combining acute accent) and its NFC form ("é").
const std::vector<std::string> k_names = {"a", "b", "ab", "tags", "name", "a_name_longer_than_sixteen_bytes", "another_long_attribute_name",
                                          "e\xCC\x81", "\xC3\xA9", ""};

TEST(ObjectOfNames, GivesWhatValueObjectGives) {
  std::mt19937 rng(21);
  const std::vector<Value> values = {Value::number(Number(int64_t{1})), Value::string("x"), Value::boolean(true),
                                     Value::null(Type::string()), Value::unknown(Type::dynamic())};
  for (int round = 0; round < 3000; ++round) {
    // Up to 40 pairs: past the 32 that name_order takes, through Value::object's sort.
    const size_t n = round % 10 == 0 ? 33 + rng() % 8 : rng() % 9;
    std::vector<std::pair<std::string, Value>> owned;
    for (size_t i = 0; i < n; ++i) owned.emplace_back(k_names[rng() % k_names.size()], values[rng() % values.size()]);
    // The names as views of copies that are overwritten right after the call.
    std::vector<std::string> texts;
    for (const auto& [name, value] : owned) texts.push_back(name);
    std::vector<std::pair<std::string_view, Value>> viewed;
    for (size_t i = 0; i < n; ++i) viewed.emplace_back(texts[i], owned[i].second);
    const Value got = detail::object_of_names(viewed);
    for (auto& text : texts) text.assign(text.size(), '?');
    const Value want = Value::object(owned);
    ASSERT_EQ(got.type(), want.type()) << "round " << round;
    ASSERT_EQ(got.type().identity(), want.type().identity()) << "round " << round;
    ASSERT_TRUE(raw_equals(got, want)) << "round " << round;
  }
}

TEST(ObjectOfNames, PutsNamesInNfcAndKeepsTheLastOfEqualNames) {
  std::vector<std::pair<std::string_view, Value>> attributes = {
      {"e\xCC\x81", Value::number(Number(int64_t{1}))}, {"b", Value::string("first")}, {"\xC3\xA9", Value::number(Number(int64_t{2}))},
      {"b", Value::string("second")}};
  const Value v = detail::object_of_names(attributes);
  ASSERT_EQ(v.type().attribute_names(), (std::vector<std::string>{"b", "\xC3\xA9"}));
  EXPECT_EQ(v.get("b")->as_string(), "second");
  EXPECT_EQ(v.get("\xC3\xA9")->as_number(), Number(int64_t{2}));
}

TEST(ObjectOfNames, ANameNotInNfcIsNormalisedWhenItsShapeIsMetAgain) {
  // The names are checked for NFC only when the object's type is not one of the thread's recent
  // ones found by the names as given: a name not in NFC must never be found there, however often
  // its shape comes, before or after its NFC form made the type.
  const std::string decomposed = "e\xCC\x81";  // "e" and a combining acute accent
  const std::string composed = "\xC3\xA9";     // "é"
  for (int round = 0; round < 3; ++round) {
    for (const std::string& name : {decomposed, composed, decomposed}) {
      std::vector<std::pair<std::string_view, Value>> viewed = {{name, Value::boolean(true)}, {"a", Value::string("x")}};
      const Value v = detail::object_of_names(viewed);
      ASSERT_EQ(v.type().attribute_names(), (std::vector<std::string>{"a", composed})) << round;
      EXPECT_TRUE(v.get(composed)->as_bool());
      EXPECT_EQ(v.type(), Value::object({{composed, Value::boolean(true)}, {"a", Value::string("x")}}).type());
    }
  }
}

TEST(ObjectOfNames, FindsANameToNormaliseWhereverItsNonAsciiBytesAre) {
  // "e" and a combining acute accent, at every place in names of every length up to 24: the name
  // is NFC-normalised (the check for non-ASCII bytes reads names in words and overlapping halves).
  for (size_t length = 0; length <= 24; ++length) {
    for (size_t at = 0; at <= length; ++at) {
      const std::string name = std::string(at, 'a') + "e\xCC\x81" + std::string(length - at, 'b');
      const std::string composed = std::string(at, 'a') + "\xC3\xA9" + std::string(length - at, 'b');
      std::vector<std::pair<std::string_view, Value>> viewed = {{name, Value::boolean(true)}};
      const Value v = detail::object_of_names(viewed);
      ASSERT_EQ(v.type().attribute_names(), std::vector<std::string>{composed}) << length << " " << at;
      const Value w = Value::object({{name, Value::boolean(true)}});
      ASSERT_EQ(w.type().attribute_names(), std::vector<std::string>{composed}) << length << " " << at;
    }
  }
}

// The object an ObjectBuilder makes of (name, value) pairs, each value put in its place (none for
// a pair a later one of the same name overrides), `between` called after the builder is made and
// before it finishes (to build other objects meanwhile).
template <class Between>
Value built(const std::vector<std::pair<std::string, Value>>& pairs, Between between) {
  std::vector<detail::NameText> names;
  for (const auto& [name, value] : pairs) names.push_back({name.data(), name.size()});
  detail::ObjectBuilder builder(names);
  between();
  for (size_t i = 0; i < pairs.size(); ++i)
    if (Value* at = builder.place(i)) detail::construct_in_place(at, [&] { return pairs[i].second; });
  return builder.finish();
}

TEST(ObjectBuilder, GivesWhatValueObjectGives) {
  // Every size the builder takes (up to 32, past the 16 its table keeps the order of), equal names
  // (the last wins), names to put in NFC, the same shapes again and again with other value types
  // (the table's type for the names no longer fits), and objects built while one is: of the same
  // names with other types, which take the table's slot of those names in the meantime.
  std::mt19937 rng(22);
  const std::vector<Value> values = {Value::number(Number(int64_t{1})), Value::string("x"), Value::boolean(true),
                                     Value::null(Type::string()), Value::unknown(Type::dynamic()),
                                     Value::object({{"nested", Value::boolean(false)}})};
  auto random_pairs = [&](size_t n, bool distinct) {
    std::vector<std::pair<std::string, Value>> pairs;
    for (size_t i = 0; i < n; ++i) {
      std::string name = distinct ? "name" + std::to_string(i) : k_names[rng() % k_names.size()];
      pairs.emplace_back(std::move(name), values[rng() % values.size()]);
    }
    std::shuffle(pairs.begin(), pairs.end(), rng);
    return pairs;
  };
  for (int round = 0; round < 3000; ++round) {
    const size_t n = round % 10 == 0 ? 17 + rng() % 16 : rng() % 9;
    const auto pairs = random_pairs(n, round % 3 == 0);
    std::vector<std::pair<std::string, Value>> same_names = pairs;  // other types, made in between
    for (auto& [name, value] : same_names) value = values[rng() % values.size()];
    const Value got = built(pairs, [&] {
      if (round % 4 == 1) (void)built(same_names, [] {});
      if (round % 4 == 2) (void)built(random_pairs(n, round % 3 == 0), [&] { (void)built(same_names, [] {}); });
    });
    const Value want = Value::object(pairs);
    ASSERT_EQ(got.type().identity(), want.type().identity()) << "round " << round;
    ASSERT_TRUE(raw_equals(got, want)) << "round " << round;
  }
}

TEST(ObjectBuilder, ANestedObjectThatTakesTheNamesSlotDoesNotLendItsType) {
  // The thread's table finds a builder's name order by its names, and checks the type kept with
  // them once the values are made. Names that differ only inside ("axb", "ayb": the same length,
  // first and last bytes) share a slot: a nested object of the other names, with values of the
  // same types, made between the two, takes the slot, and its type must not be the outer one's.
  for (int round = 0; round < 3; ++round) {
    const std::vector<std::pair<std::string, Value>> outer = {{"axb", Value::boolean(true)}, {"c", Value::string("x")}};
    const std::vector<std::pair<std::string, Value>> inner = {{"ayb", Value::boolean(false)}, {"c", Value::string("y")}};
    (void)built(outer, [] {});  // the slot holds the outer names
    Value nested;
    const Value got = built(outer, [&] { nested = built(inner, [] {}); });
    EXPECT_EQ(got.type().attribute_names(), (std::vector<std::string>{"axb", "c"})) << round;
    EXPECT_EQ(nested.type().attribute_names(), (std::vector<std::string>{"ayb", "c"})) << round;
    EXPECT_TRUE(got.get("axb")->as_bool()) << round;
  }
}

TEST(ObjectBuilder, GivesNoPlaceToAValueALaterOneOverrides) {
  const std::vector<detail::NameText> names = {{"b", 1}, {"a", 1}, {"b", 1}, {"e\xCC\x81", 3}, {"c", 1}};
  std::vector<detail::NameText> ascii(names.begin(), names.begin() + 3);
  detail::ObjectBuilder builder(ascii);
  EXPECT_EQ(builder.place(0), nullptr);
  ASSERT_NE(builder.place(1), nullptr);
  ASSERT_NE(builder.place(2), nullptr);
  *builder.place(1) = Value::string("a");
  *builder.place(2) = Value::string("second b");
  const Value v = builder.finish();
  ASSERT_EQ(v.type().attribute_names(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(v.get("b")->as_string(), "second b");
  // A name to put in NFC: every value has a place, and Value::object sorts them out.
  detail::ObjectBuilder other(names);
  for (size_t i = 0; i < names.size(); ++i) {
    ASSERT_NE(other.place(i), nullptr) << i;
    *other.place(i) = Value::number(Number(static_cast<int64_t>(i)));
  }
  const Value w = other.finish();
  ASSERT_EQ(w.type().attribute_names(), (std::vector<std::string>{"a", "b", "c", "\xC3\xA9"}));
  EXPECT_EQ(w.get("b")->as_number(), Number(int64_t{2}));
}

TEST(ObjectBuilder, HasPlaceAndKeptPlaceAgreeWithPlace) {
  // The evaluator asks has_place(i), then kept_place(i) only for a kept attribute: the two must
  // answer what place(i) answers, for names sorted anew, found in the table (the second round),
  // with equal names (the earlier ones have no place) and with a name to put in NFC.
  const std::vector<std::vector<detail::NameText>> shapes = {
      {{"b", 1}, {"a", 1}, {"b", 1}, {"c", 1}}, {{"zz", 2}, {"y", 1}}, {{"e\xCC\x81", 3}, {"a", 1}, {"a", 1}}};
  for (int round = 0; round < 2; ++round) {
    for (const auto& names : shapes) {
      detail::ObjectBuilder builder(names);
      for (size_t i = 0; i < names.size(); ++i) {
        Value* const at = builder.place(i);
        ASSERT_EQ(builder.has_place(i), at != nullptr) << round << " " << i;
        if (at) {
          ASSERT_EQ(builder.kept_place(i), at) << round << " " << i;
          detail::construct_in_place(builder.kept_place(i), [&] { return Value::number(Number(static_cast<int64_t>(i))); });
        }
      }
      std::vector<std::pair<std::string, Value>> pairs;
      for (size_t i = 0; i < names.size(); ++i) pairs.emplace_back(std::string(names[i]), Value::number(Number(static_cast<int64_t>(i))));
      EXPECT_TRUE(raw_equals(builder.finish(), Value::object(pairs))) << round;
    }
  }
}

TEST(ObjectBuilder, FinishGivesThePayloadAwayOnEveryPath) {
  // finish() tells the compiler the builder's payload handle is empty after it (so that dropping
  // the spent builder tests nothing): every path must leave it so, the one copying names to put in
  // NFC included. Dropping a finished builder then gives nothing back to the thread's lists.
  const bool keeps = detail::max_kept_payload_blocks() > 0;
  std::vector<Value> held;  // every kept payload taken first, so that the lists have room
  for (size_t i = 0; keeps && i < detail::max_kept_payload_blocks() + 10; ++i) held.push_back(Value::string("h"));
  const std::vector<std::vector<std::pair<std::string, Value>>> shapes = {
      {{"p", Value::string("a")}, {"q", Value::boolean(true)}},            // new names, then found
      {{"p", Value::number(Number(int64_t{1}))}, {"q", Value::string("b")}},  // found, other types
      {{"r", Value::boolean(false)}, {"r", Value::string("c")}},          // equal names
      {{"e\xCC\x81", Value::string("d")}, {"s", Value::boolean(true)}}};    // a name to put in NFC
  for (int round = 0; round < 2; ++round) {
    for (const auto& pairs : shapes) {
      std::vector<detail::NameText> names;
      for (const auto& [name, value] : pairs) names.push_back({name.data(), name.size()});
      alignas(detail::ObjectBuilder) unsigned char storage[sizeof(detail::ObjectBuilder)];
      auto* builder = ::new (static_cast<void*>(storage)) detail::ObjectBuilder(names);
      for (size_t i = 0; i < pairs.size(); ++i)
        if (builder->has_place(i)) detail::construct_in_place(builder->kept_place(i), [&] { return pairs[i].second; });
      const Value v = builder->finish();
      const size_t before = detail::kept_payload_blocks();
      builder->~ObjectBuilder();
      EXPECT_EQ(detail::kept_payload_blocks(), before) << round;
      EXPECT_TRUE(raw_equals(v, Value::object(pairs))) << round;
    }
  }
}

TEST(ObjectBuilder, AValueThatThrowsLeavesItsPlaceEmpty) {
  // The value is begun in its place (the returned local constructed there) and destroyed by the
  // unwinding: the place must hold an empty value again, or dropping the builder would release the
  // string's payload a second time (AddressSanitizer builds report that; here the thread's count
  // of kept payloads would be off).
  const std::vector<detail::NameText> names = {{"a", 1}, {"b", 1}};
  const bool keeps = detail::max_kept_payload_blocks() > 0;
  std::vector<Value> held;  // every kept payload taken first, so that the list has room
  for (size_t i = 0; keeps && i < detail::max_kept_payload_blocks() + 10; ++i) held.push_back(Value::string("h"));
  const size_t before = detail::kept_payload_blocks();
  {
    detail::ObjectBuilder builder(names);
    detail::construct_in_place(builder.place(0), [] { return Value::string("made"); });
    bool thrown = false;
    try {
      detail::construct_in_place(builder.place(1), [] {
        Value v = Value::string("begun");
        if (v.is_known()) throw std::runtime_error("budget");
        return v;
      });
    } catch (const std::runtime_error&) {
      thrown = true;
    }
    EXPECT_TRUE(thrown);
    const Value& left = *builder.place(1);
    EXPECT_TRUE(left.is_null());
    EXPECT_TRUE(left.type().is_dynamic());
    EXPECT_TRUE(left.as_string().empty());
  }
  // The builder's payload, and the two strings' payloads, each given back once.
  if (keeps) {
    EXPECT_EQ(detail::kept_payload_blocks(), before + 3);
  }
  const Value again = built({{"a", Value::string("x")}, {"b", Value::string("y")}}, [] {});
  EXPECT_EQ(again.get("b")->as_string(), "y");
}

TEST(ObjectBuilder, NamesFoundInTheTablePutEachValueUnderItsName) {
  // The first builder of these names sorts them and fills their slot; the next ones find them there
  // and take each value's place (the inverse of the name order) from the slot: every value must
  // still land under its own name, for names given in any order and for every count it keeps.
  std::mt19937 rng(23);
  for (size_t n = 1; n <= 16; ++n) {
    std::vector<std::string> names;
    for (size_t i = 0; i < n; ++i) names.push_back("attr_" + std::string(1, static_cast<char>('a' + (i * 7) % 26)) + std::to_string(i));
    std::shuffle(names.begin(), names.end(), rng);
    for (int round = 0; round < 3; ++round) {
      std::vector<std::pair<std::string, Value>> pairs;
      for (size_t i = 0; i < n; ++i) pairs.emplace_back(names[i], Value::string(names[i] + " value " + std::to_string(round)));
      const Value v = built(pairs, [] {});
      ASSERT_TRUE(raw_equals(v, Value::object(pairs))) << n << " " << round;
      for (const auto& [name, value] : pairs) ASSERT_EQ(v.get(name)->as_string(), value.as_string()) << n << " " << round;
    }
  }
}

TEST(ObjectBuilder, TakesTheNamesHashItsCallerFolded) {
  // The evaluator folds each key into a NamesHash as it reads it and hands the hash over: the
  // builder must give what it gives when it hashes the names itself (and the table's slot found by
  // that hash is the one the builder's own hashing fills, so the second object hits it). Any other
  // hash only misses the table: the object is the same.
  const std::vector<std::pair<std::string, Value>> pairs = {
      {"tags", Value::string("x")}, {"a_name_longer_than_sixteen_bytes", Value::boolean(true)}, {"a", Value::string("y")}};
  std::vector<detail::NameText> names;
  detail::NamesHash folded(pairs.size());
  for (const auto& [name, value] : pairs) {
    names.push_back({name.data(), name.size()});
    folded.add(name);
  }
  const Value want = Value::object(pairs);
  const auto make = [&](detail::NamesHash hash) {
    detail::ObjectBuilder builder(names, hash);
    for (size_t i = 0; i < pairs.size(); ++i) detail::construct_in_place(builder.place(i), [&] { return pairs[i].second; });
    return builder.finish();
  };
  (void)built(pairs, [] {});  // the builder's own hashing fills the names' slot
  for (const detail::NamesHash& hash : {folded, detail::NamesHash(0), detail::NamesHash(12345)}) {
    const Value got = make(hash);
    EXPECT_EQ(got.type().identity(), want.type().identity()) << hash.value();
    EXPECT_TRUE(raw_equals(got, want)) << hash.value();
  }
  // The same hash as the names' slot is found by: folding the names in order from their count.
  detail::NamesHash again(pairs.size());
  for (const auto& name : names) again.add(name);
  EXPECT_EQ(again.value(), folded.value());
  detail::NamesHash reordered(pairs.size());
  for (size_t i = pairs.size(); i-- > 0;) reordered.add(names[i]);
  EXPECT_NE(reordered.value(), folded.value());
}

TEST(ObjectBuilder, NamesHashSpreadsShapesOverTheTablesSlots) {
  // The table's slot is the hash's top ten bits: shapes that differ only in a name's first or last
  // byte, or only in a length, must mostly fall in different slots, or they would take each
  // other's slot at every object.
  std::set<uint64_t> slots, last_slots;
  for (char first = 'a'; first <= 'z'; ++first) {
    for (char last = 'a'; last <= 'z'; ++last) {
      detail::NamesHash hash(2);
      hash.add(std::string{first, 'x', last});
      hash.add("tags");
      slots.insert(hash.value() >> 54);
      detail::NamesHash last_varies(2);  // the name that differs last
      last_varies.add("tags");
      last_varies.add(std::string{first, 'x', last});
      last_slots.insert(last_varies.value() >> 54);
    }
  }
  // Of 676 shapes in 1024 slots, about 500 distinct if spread evenly. (Taking the low bits of a
  // hash mixed at each name gave 4 slots to the shapes whose last name varies.)
  EXPECT_GT(slots.size(), 250u);
  EXPECT_GT(last_slots.size(), 250u);
  std::set<uint64_t> by_length;
  for (size_t n = 1; n <= 40; ++n) {
    detail::NamesHash hash(1);
    hash.add(std::string(n, 'n'));
    by_length.insert(hash.value() >> 54);
  }
  EXPECT_GT(by_length.size(), 30u);
}

TEST(ObjectBuilder, EachPathSetsWhatFinishReadsWhateverTheMemoryHeldBefore) {
  // The builder's members have no defaults: each constructor path sets what finish() reads. Built
  // over memory filled with garbage first (as a stack slot reused from another call may hold), on
  // every path: names new to the table (equal ones among them), names found with the types their
  // slot keeps, found with other types (finish_other_type), found and then their slot taken by a
  // nested object, and a name to put in NFC.
  const std::vector<std::pair<std::string, Value>> first = {{"zone", Value::string("a")}, {"id", Value::number(Number(int64_t{1}))}};
  const std::vector<std::pair<std::string, Value>> other_types = {{"zone", Value::boolean(true)}, {"id", Value::string("x")}};
  const std::vector<std::pair<std::string, Value>> equal_names = {{"k", Value::string("1")}, {"j", Value::string("2")}, {"k", Value::string("3")}};
  const std::vector<std::pair<std::string, Value>> to_normalise = {{"e\xCC\x81", Value::string("é")}, {"d", Value::boolean(false)}};
  const auto over_garbage = [](const std::vector<std::pair<std::string, Value>>& pairs, unsigned char fill, auto between) {
    std::vector<detail::NameText> names;
    for (const auto& [name, value] : pairs) names.push_back({name.data(), name.size()});
    alignas(detail::ObjectBuilder) unsigned char storage[sizeof(detail::ObjectBuilder)];
    std::memset(storage, fill, sizeof storage);
    auto* builder = ::new (static_cast<void*>(storage)) detail::ObjectBuilder(names);
    between();
    for (size_t i = 0; i < pairs.size(); ++i)
      if (Value* at = builder->place(i)) detail::construct_in_place(at, [&] { return pairs[i].second; });
    Value v = builder->finish();
    builder->~ObjectBuilder();
    return v;
  };
  for (const unsigned char fill : {0x00, 0x01, 0xFF, 0xA5}) {
    for (const auto* pairs : {&first, &first, &other_types, &first, &equal_names, &equal_names, &to_normalise, &to_normalise}) {
      const Value got = over_garbage(*pairs, fill, [] {});
      const Value want = Value::object(*pairs);
      ASSERT_EQ(got.type().identity(), want.type().identity()) << int(fill);
      ASSERT_TRUE(raw_equals(got, want)) << int(fill);
    }
    // Found, then the slot taken meanwhile by the same names with other types.
    const Value got = over_garbage(first, fill, [&] { (void)over_garbage(other_types, fill, [] {}); });
    EXPECT_TRUE(raw_equals(got, Value::object(first))) << int(fill);
  }
}

}  // namespace
}  // namespace hclschema
