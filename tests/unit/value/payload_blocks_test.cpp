// The per-thread list of freed ValueData blocks (src/value/value.cpp): blocks freed are kept up to
// a limit and reused by the next payloads, small payloads are kept with their buffers, values made
// from reused blocks hold exactly what they were given, blocks freed by another thread join that
// thread's list, and a value freed after its thread's list was drained (a thread_local destroyed
// later) goes to the heap.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "hclschema/value.hpp"
#include "value/object_of_names.hpp"
#include "value/tuple_of_values.hpp"
#include "value/value_data.hpp"

namespace {

using namespace hclschema;

std::vector<Value> make_values(int n, int salt) {
  std::vector<Value> out;
  out.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const std::string text = "value " + std::to_string(i * 7 + salt) + std::string(static_cast<size_t>(i % 40), 'x');
    switch (i % 3) {
      case 0: out.push_back(Value::string(text)); break;
      case 1: out.push_back(Value::tuple({Value::string(text), Value::number(Number(static_cast<int64_t>(i)))})); break;
      default: out.push_back(Value::object({{"k", Value::string(text)}, {"n", Value::boolean(i % 2 == 0)}})); break;
    }
  }
  return out;
}

void expect_values(const std::vector<Value>& values, int salt) {
  for (size_t i = 0; i < values.size(); ++i) {
    const std::string text = "value " + std::to_string(static_cast<int>(i) * 7 + salt) + std::string(i % 40, 'x');
    const Value& v = values[i];
    switch (i % 3) {
      case 0: EXPECT_EQ(v.as_string(), text); break;
      case 1:
        ASSERT_EQ(v.elements().size(), 2u);
        EXPECT_EQ(v.elements()[0].as_string(), text);
        EXPECT_EQ(v.elements()[1].as_number(), Number(static_cast<int64_t>(i)));
        break;
      default:
        EXPECT_EQ(v.get("k")->as_string(), text);
        EXPECT_EQ(v.get("n")->as_bool(), i % 2 == 0);
        break;
    }
  }
}

TEST(PayloadBlocks, FreedBlocksAreKeptUpToTheLimitAndReused) {
  const size_t limit = detail::max_kept_payload_blocks();
  if (limit == 0) GTEST_SKIP() << "blocks are not kept under AddressSanitizer";
  {
    std::vector<Value> many = make_values(static_cast<int>(limit) * 2, 1);  // more payloads than the list holds
    expect_values(many, 1);
  }
  EXPECT_EQ(detail::kept_payload_blocks(), limit);  // the rest went back to the heap
  const size_t before = detail::kept_payload_blocks();
  std::vector<Value> some = make_values(300, 2);  // made from kept blocks
  EXPECT_LT(detail::kept_payload_blocks(), before);
  expect_values(some, 2);
  some.clear();
  EXPECT_EQ(detail::kept_payload_blocks(), before);
}

TEST(PayloadBlocks, EachListKeepsItsOwnShareOfTheLimit) {
  // Blocks and ready payloads have bounds of their own, adding up to the limit: payloads too large
  // to keep whole (their blocks kept) fill only the blocks' share, and small ones freed after fill
  // the ready share, up to the limit.
  const size_t limit = detail::max_kept_payload_blocks();
  if (limit == 0) GTEST_SKIP() << "blocks are not kept under AddressSanitizer";
  std::vector<Value> held = make_values(static_cast<int>(limit) + 100, 11);  // every kept one taken
  const size_t before = detail::kept_payload_blocks();
  std::vector<Value> large, small;
  for (size_t i = 0; i < limit + 100; ++i) large.push_back(Value::string(std::string(300, 'l') + std::to_string(i)));
  for (size_t i = 0; i < limit + 100; ++i) small.push_back(Value::string(std::to_string(i)));
  large.clear();  // blocks only: their text buffers are too large to keep
  const size_t blocks_share = detail::kept_payload_blocks();
  EXPECT_GT(blocks_share, before);
  EXPECT_LT(blocks_share, limit);
  small.clear();  // kept whole, in the ready share
  EXPECT_EQ(detail::kept_payload_blocks(), limit);
  expect_values(held, 11);
}

TEST(PayloadBlocks, APayloadTakenHasNoElementsWhateverItHeldBefore) {
  // A payload is taken for a new value on the understanding that it has no elements (a ready one's
  // were cleared when it was kept; the compiler is told so): builders that size the elements of a
  // payload that held a tuple, an object or a list of up to 8 (kept whole) get exactly the empty
  // elements they ask for.
  if (detail::max_kept_payload_blocks() == 0) GTEST_SKIP() << "payloads are not kept under AddressSanitizer";
  std::vector<Value> held = make_values(static_cast<int>(detail::max_kept_payload_blocks()) + 100, 12);
  for (size_t had = 1; had <= 8; ++had) {
    for (size_t asked = 0; asked <= 9; ++asked) {
      {
        std::vector<Value> elements;
        for (size_t i = 0; i < had; ++i) elements.push_back(Value::string(std::to_string(i)));
        const Value before = had % 2 == 0 ? Value::tuple(elements) : Value::list(Type::string(), elements);
      }
      detail::TupleBuilder tuple(asked, detail::TupleBuilder::EmptyElements{});
      ASSERT_EQ(tuple.elements().size(), asked) << had;
      for (const Value& e : tuple.elements()) ASSERT_TRUE(e.is_null() && e.type().is_dynamic()) << had;
      const Value t = tuple.finish();
      ASSERT_EQ(t.elements().size(), asked) << had;
      {
        const Value before = Value::object({{"a", Value::string("x")}, {"b", Value::string("y")}, {"c", Value::boolean(true)}});
      }
      const std::vector<detail::NameText> names = {{"k", 1}};
      detail::ObjectBuilder object(names);
      detail::construct_in_place(object.kept_place(0), [] { return Value::string("v"); });
      const Value o = object.finish();
      ASSERT_EQ(o.elements().size(), 1u) << had;
      EXPECT_EQ(o.get("k")->as_string(), "v");
    }
  }
  expect_values(held, 12);
}

TEST(PayloadBlocks, BlocksFreedByAnotherThreadJoinItsList) {
  std::vector<Value> made_here = make_values(3000, 3);
  std::thread other([&] {
    const size_t before = detail::kept_payload_blocks();
    made_here.clear();  // this thread frees what the main thread made
    // Under AddressSanitizer nothing is kept; the values must still come out whole.
    if (detail::max_kept_payload_blocks() > 0) {
      EXPECT_GT(detail::kept_payload_blocks(), before);
    }
    std::vector<Value> reused = make_values(2000, 4);
    expect_values(reused, 4);
    made_here = std::move(reused);  // handed back: the main thread frees these
  });
  other.join();
  expect_values(made_here, 4);
  made_here.clear();
}

TEST(PayloadBlocks, SmallFreedPayloadsKeepTheirBuffersForTheNextValue) {
  if (detail::max_kept_payload_blocks() == 0) GTEST_SKIP() << "payloads are not kept under AddressSanitizer";
  // Every payload the thread kept taken first (held here), so that the lists have room.
  std::vector<Value> held = make_values(static_cast<int>(detail::max_kept_payload_blocks()) + 100, 7);
  {
    const Value text = Value::string(std::string(100, 'a'));  // past the inline buffer: a heap buffer
  }
  const Value next = Value::string("b");
  EXPECT_EQ(next.as_string(), "b");
  EXPECT_GE(next.as_string().capacity(), 100u);  // made in the freed payload, whose buffer was kept
  {
    const Value object = Value::object({{"k", Value::string(std::string(60, 'k'))}, {"n", Value::number(Number(int64_t{3}))}});
  }
  const Value tuple = Value::tuple({Value::boolean(true)});  // payloads of the object and its string, reused
  ASSERT_EQ(tuple.elements().size(), 1u);
  EXPECT_TRUE(tuple.elements()[0].as_bool());
  const Value string = Value::string("s");
  EXPECT_EQ(string.as_string(), "s");
  // A large buffer is not held on to.
  {
    const Value big = Value::string(std::string(10000, 'c'));
  }
  const Value after = Value::string("d");
  EXPECT_EQ(after.as_string(), "d");
  EXPECT_LT(after.as_string().capacity(), 10000u);
  expect_values(held, 7);
}

TEST(PayloadBlocks, AValueMadeGivesItsPayloadBackWhenItsLastHandleGoes) {
  // Values are given their type and payload handles in place (value.cpp): each value made holds
  // its payload's one reference, so dropping it gives the payload back to the thread's list, one
  // block for each kind of value made.
  if (detail::max_kept_payload_blocks() == 0) GTEST_SKIP() << "payloads are not kept under AddressSanitizer";
  // Every payload the thread kept taken first (held here), so that the list has room.
  std::vector<Value> held = make_values(static_cast<int>(detail::max_kept_payload_blocks()) + 100, 8);
  const Value one = Value::number(Number(int64_t{1}));
  std::vector<std::pair<std::string_view, Value>> viewed = {{"b", one}, {"a", one}};
  std::vector<Value> tuple_elements = {one, one};
  const std::vector<std::pair<const char*, Value (*)()>> makers = {
      {"string", [] { return Value::string("text"); }},
      {"tuple", [] { return Value::tuple({Value::number(Number(int64_t{1})), Value::boolean(true)}); }},
      {"object", [] { return Value::object({{"b", Value::boolean(true)}, {"a", Value::boolean(false)}}); }},
      {"list", [] { return Value::list(Type::number(), {Value::number(Number(int64_t{1}))}); }},
      {"set", [] { return Value::set(Type::number(), {Value::number(Number(int64_t{1}))}); }},
      {"map", [] { return Value::map(Type::number(), {{"k", Value::number(Number(int64_t{1}))}}); }}};
  for (const auto& [kind, make] : makers) {
    for (int round = 0; round < 3; ++round) {  // the object's type found again after the first
      Value v = make();
      const size_t before = detail::kept_payload_blocks();
      v = Value();
      EXPECT_EQ(detail::kept_payload_blocks(), before + 1) << kind;
    }
  }
  for (int round = 0; round < 3; ++round) {
    Value object = detail::object_of_names(viewed);
    Value tuple = detail::tuple_of_values(tuple_elements);
    for (auto& [name, value] : viewed) value = one;
    for (auto& value : tuple_elements) value = one;
    const size_t before = detail::kept_payload_blocks();
    object = Value();
    tuple = Value();
    EXPECT_EQ(detail::kept_payload_blocks(), before + 2);
  }
  expect_values(held, 8);
}

// Made before any value is freed on the thread, so destroyed after the list's drain.
struct LateHolder {
  std::vector<Value> values;
};

TEST(PayloadBlocks, ANewThreadKeepsItsFirstFreedPayloadsAndReusesThem) {
  // A thread's first payload kept arms its drain (out of line, once), as its first block kept
  // does: on a fresh thread nothing is kept, then the payloads freed are, up to the limit, and the
  // next values made take them back.
  if (detail::max_kept_payload_blocks() == 0) GTEST_SKIP() << "payloads are not kept under AddressSanitizer";
  std::thread worker([] {
    EXPECT_EQ(detail::kept_payload_blocks(), 0u);
    { const Value first = Value::string("first"); }
    EXPECT_EQ(detail::kept_payload_blocks(), 1u);
    std::vector<Value> values = make_values(300, 7);
    expect_values(values, 7);
    const size_t before = detail::kept_payload_blocks();
    values.clear();
    const size_t kept = detail::kept_payload_blocks();
    EXPECT_GT(kept, before);
    EXPECT_LE(kept, detail::max_kept_payload_blocks());
    std::vector<Value> again = make_values(30, 8);
    EXPECT_LT(detail::kept_payload_blocks(), kept);
    expect_values(again, 8);
  });
  worker.join();
}

TEST(PayloadBlocks, ValuesFreedAfterTheThreadsDrainGoToTheHeap) {
  std::thread worker([] {
    thread_local LateHolder late;
    std::vector<Value>& kept_late = late.values;  // `late` is made here, before any value is freed
    kept_late = make_values(50, 5);
    std::vector<Value> early = make_values(500, 6);
    expect_values(early, 6);
    early.clear();  // kept; drained when the thread ends, before `late` is destroyed
    expect_values(late.values, 5);
  });
  worker.join();
  SUCCEED();
}

// Made before any value is freed on the thread, so destroyed after the list's drain; frees its
// values then, and notes how many payloads and blocks the thread keeps after that.
struct LateCounter {
  std::vector<Value> values;
  size_t* kept_after = nullptr;
  LateCounter() = default;
  LateCounter(const LateCounter&) = delete;
  LateCounter& operator=(const LateCounter&) = delete;
  ~LateCounter() {
    values.clear();
    if (kept_after) *kept_after = detail::kept_payload_blocks();
  }
};

TEST(PayloadBlocks, NothingIsKeptOnceTheThreadsDrainRan) {
  // The ready list's limit (value.cpp) is 0 until the thread's first payload kept arms the drain,
  // and 0 again once the drain ran: a payload freed then, by a thread_local destroyed later, is
  // neither kept (the list would never be drained again) nor lost.
  size_t kept_after = 12345;
  size_t kept_while_running = 0;
  std::thread worker([&] {
    thread_local LateCounter late;  // made first: destroyed after the drain
    late.kept_after = &kept_after;
    late.values = make_values(60, 9);
    { const std::vector<Value> early = make_values(90, 10); }  // kept: arms the drain
    kept_while_running = detail::kept_payload_blocks();
  });
  worker.join();
  if (detail::max_kept_payload_blocks() > 0) {
    EXPECT_GT(kept_while_running, 0u);
  }
  EXPECT_EQ(kept_after, 0u);
}

// ValueData::string_of (value_data.hpp): another string value of a payload a string value has,
// as the evaluator's table of literal strings makes its hits. The value shares the text (no copy),
// equals the first, and holds its own reference: it outlives the value it came from, and the
// payload's block is given back once, when the last of them goes.
TEST(StringOfPayload, SharesThePayloadAndHoldsItsOwnReference) {
  const std::string text = "a text past std::string's inline buffer";
  std::vector<Value> held;  // every kept payload taken first, so that the lists have room
  for (size_t i = 0; i < detail::max_kept_payload_blocks() + 10; ++i) held.push_back(Value::string("h"));
  Value shared;
  const size_t kept_before = detail::kept_payload_blocks();
  {
    const Value made = Value::string(text);
    const detail::ValueData* payload = detail::ValueData::payload_of(made);
    ASSERT_NE(payload, nullptr);
    shared = detail::ValueData::string_of(payload);
    EXPECT_EQ(shared.as_string().data(), made.as_string().data());  // one payload
    EXPECT_TRUE(raw_equals(shared, made));
    EXPECT_EQ(shared.type(), Type::string());
    EXPECT_TRUE(shared.is_known() && !shared.is_null() && !shared.is_marked());
  }
  EXPECT_EQ(shared.as_string(), text);  // the first value is gone; this one still holds the payload
  if (detail::max_kept_payload_blocks() > 0) {
    // Nothing given back yet (the list may have handed a block out for `made`'s payload).
    EXPECT_LE(detail::kept_payload_blocks(), kept_before);
    const size_t before_release = detail::kept_payload_blocks();
    shared = Value();
    EXPECT_EQ(detail::kept_payload_blocks(), before_release + 1);  // given back once
  }
  EXPECT_EQ(detail::ValueData::payload_of(Value::boolean(true)), nullptr);
}

}  // namespace
