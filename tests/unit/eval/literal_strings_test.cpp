// literal_string (src/eval/literal_strings.hpp): the value of a string literal is Value::string's
// for any text (short or long, NFC or not, texts sharing a slot), and a short NFC text evaluated
// again on the thread shares the value made the first time.
#include "eval/literal_strings.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <thread>
#include <vector>

#include "hclschema/value.hpp"

namespace hclschema::eval_detail {
namespace {

TEST(LiteralStrings, RepeatedShortTextSharesOneValue) {
  const Value first = literal_string("tcp");
  const Value again = literal_string("tcp");
  EXPECT_EQ(again.as_string(), "tcp");
  EXPECT_EQ(again.as_string().data(), first.as_string().data());  // one payload, not a copy
}

TEST(LiteralStrings, EmptyTextOnAFreshThreadIsAString) {
  // A thread's slots start empty: no text, not the empty text, so "" is not found in one.
  Value got;
  std::thread([&] { got = literal_string(""); }).join();
  EXPECT_TRUE(got.is_known() && !got.is_null());
  EXPECT_EQ(got.type(), Type::string());
  EXPECT_EQ(got.as_string(), "");
}

TEST(LiteralStrings, GivesWhatValueStringGives) {
  // Texts from a few letters, so that many repeat, of every length up to past the longest kept,
  // enough of them that slots are shared and overwritten.
  std::mt19937 rng(5);
  for (int round = 0; round < 20000; ++round) {
    std::string text(rng() % (max_kept_literal_length() + 8), 'a');
    for (char& c : text) c = static_cast<char>('a' + rng() % 3);
    if (round % 1000 == 0) text = std::string(rng() % 4, 'x');
    const Value got = literal_string(text);
    ASSERT_TRUE(got.type().is_primitive() && got.type().kind() == Type::Kind::string);
    ASSERT_TRUE(got.is_known() && !got.is_null());
    ASSERT_EQ(got.as_string(), text) << "round " << round;
  }
}

TEST(LiteralStrings, AValueOutlivesItsSlotBeingTakenAndTheThread) {
  // The table keeps a payload and makes each hit's value from it: every value given holds its own
  // reference, so it stays whole after the slot is given to other texts (which releases the
  // table's reference), and after the thread's table is drained.
  std::vector<Value> held;
  std::vector<std::string> texts;
  for (int i = 0; i < 5000; ++i) texts.push_back("kept literal " + std::to_string(i));
  for (const auto& t : texts) held.push_back(literal_string(t));
  for (const auto& t : texts) held.push_back(literal_string(t));  // hits where the slot still holds it
  for (size_t i = 0; i < held.size(); ++i) ASSERT_EQ(held[i].as_string(), texts[i % texts.size()]) << i;
  Value from_thread;
  std::thread([&] {
    (void)literal_string("from a thread");
    from_thread = literal_string("from a thread");  // a hit, then the thread's drain runs
  }).join();
  EXPECT_EQ(from_thread.as_string(), "from a thread");
}

TEST(LiteralStrings, KeepsThousandsOfTexts) {
  // A configuration's few thousand distinct short literals, evaluated again (the next evaluation of
  // the same file): most find their value still kept (the same payload), not only the few a
  // table of a thousand slots could hold.
  std::vector<std::string> texts;
  for (int i = 0; i < 3000; ++i) texts.push_back("subnet-" + std::to_string(i * 37) + (i % 2 ? "-a" : ""));
  std::vector<Value> first;
  for (const auto& t : texts) first.push_back(literal_string(t));
  size_t shared = 0;
  for (size_t i = 0; i < texts.size(); ++i)
    if (literal_string(texts[i]).as_string().data() == first[i].as_string().data()) ++shared;
  EXPECT_GT(shared, 1024u) << shared;  // more than a table of 1024 slots can hold
}

TEST(LiteralStrings, TwoTextsOfOneHashEvaluatedInTurnBothStayKept) {
  // Two texts whose hashes pick the same set: each keeps its value while the other is evaluated
  // (a single slot per hash gave each text's value away to the other, a new value every time).
  namespace d = literal_strings_detail;
  const std::string a = "alternating-0";
  std::string b;
  for (int i = 1; b.empty(); ++i) {
    const std::string t = "alternating-" + std::to_string(i);
    if (d::hash_text(t) % d::k_sets == d::hash_text(a) % d::k_sets) b = t;
  }
  const Value first_a = literal_string(a), first_b = literal_string(b);
  for (int round = 0; round < 3; ++round) {
    EXPECT_EQ(literal_string(a).as_string().data(), first_a.as_string().data()) << round;
    EXPECT_EQ(literal_string(b).as_string().data(), first_b.as_string().data()) << round;
  }
}

TEST(LiteralStrings, DescriptionLongTextsAreKept) {
  // A text of a couple of hundred bytes (a description) is kept too; a longer one is made anew.
  const std::string description(200, 'd');
  EXPECT_EQ(literal_string(description).as_string().data(), literal_string(description).as_string().data());
  const std::string longer(max_kept_literal_length() + 1, 'l');
  const Value once = literal_string(longer);
  EXPECT_NE(literal_string(longer).as_string().data(), once.as_string().data());
  EXPECT_EQ(literal_string(longer).as_string(), longer);
}

TEST(LiteralStrings, TextNotInNfcIsNormalisedEveryTime) {
  const std::string decomposed = "caf" "e\xCC\x81";  // "e" and a combining acute accent
  const std::string composed = "caf\xC3\xA9";
  for (int i = 0; i < 3; ++i) {
    const Value v = literal_string(decomposed);
    EXPECT_EQ(v.as_string(), composed);
    EXPECT_TRUE(raw_equals(v, Value::string(decomposed)));
  }
  // The composed text itself is NFC: its own value, equal to the normalised one.
  EXPECT_EQ(literal_string(composed).as_string(), composed);
}

}  // namespace
}  // namespace hclschema::eval_detail
