// detail::object_of_names (src/value/object_of_names.hpp), the evaluator's way to build an object
// from names it does not own: the same value as Value::object for the same pairs (small and large
// objects, equal names with the last winning, names long enough to be allocated, names to put in
// NFC), with the names needed only during the call.
#include "value/object_of_names.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hclschema/value.hpp"

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

}  // namespace
}  // namespace hclschema
