// detail::tuple_of_values (src/value/tuple_of_values.hpp), the evaluator's way to build a tuple from
// elements it holds on the stack: the same value as Value::tuple for the same elements (none, a few,
// many, nested, unknown and null ones), the elements moved out, and nothing left over from an
// earlier value whose payload (and element buffer) it reuses; and detail::TupleBuilder, which takes
// the elements one by one straight into the payload.
#include "value/tuple_of_values.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "hclschema/value.hpp"
#include "value/value_data.hpp"

namespace hclschema {
namespace {

TEST(TupleOfValues, GivesWhatValueTupleGives) {
  std::mt19937 rng(8);
  const std::vector<Value> pool = {Value::number(Number(int64_t{1})), Value::string("x"), Value::string("a longer text than sixteen bytes"),
                                   Value::boolean(true), Value::null(Type::string()), Value::unknown(Type::dynamic()),
                                   Value::tuple({Value::string("nested"), Value::number(Number(int64_t{2}))})};
  for (int round = 0; round < 3000; ++round) {
    // Up to 20 elements: past the 8 a reused payload's buffer may hold.
    const size_t n = round % 10 == 0 ? 9 + rng() % 12 : rng() % 9;
    std::vector<Value> elements;
    for (size_t i = 0; i < n; ++i) elements.push_back(pool[rng() % pool.size()]);
    std::vector<Value> moved = elements;
    const Value got = detail::tuple_of_values(moved);
    const Value want = Value::tuple(elements);
    ASSERT_TRUE(got.type() == want.type()) << round;
    ASSERT_TRUE(raw_equals(got, want)) << round;
    ASSERT_EQ(got.elements().size(), n) << round;
    for (const Value& m : moved) ASSERT_FALSE(m.type().is_tuple() && m.is_known() && !m.is_null() && !m.elements().empty()) << "not moved";
  }
}

TEST(TupleOfValues, AReusedPayloadHoldsOnlyTheNewElements) {
  // A tuple of five freed, then one of two: the payload and buffer the first had may well be the
  // second's, and must hold its two elements only.
  {
    std::vector<Value> five = {Value::string("1"), Value::string("2"), Value::string("3"), Value::string("4"), Value::string("5")};
    const Value first = detail::tuple_of_values(five);
    ASSERT_EQ(first.elements().size(), 5u);
  }
  std::vector<Value> two = {Value::string("a"), Value::boolean(false)};
  const Value second = detail::tuple_of_values(two);
  ASSERT_EQ(second.elements().size(), 2u);
  EXPECT_EQ(second.elements()[0].as_string(), "a");
  EXPECT_FALSE(second.elements()[1].as_bool());
  EXPECT_TRUE(second.type() == Type::tuple({Type::string(), Type::boolean()}));
  std::vector<Value> none;
  const Value empty = detail::tuple_of_values(none);
  EXPECT_TRUE(empty.elements().empty());
  EXPECT_TRUE(empty.type() == Type::tuple({}));
}

TEST(TupleBuilder, GivesWhatValueTupleGives) {
  // Elements put straight into the payload: none, a few, more than the room asked for (the buffer
  // grows), past the 8 a reused payload's buffer may hold, nested tuples built while another is.
  std::mt19937 rng(9);
  const std::vector<Value> pool = {Value::number(Number(int64_t{1})), Value::string("x"), Value::boolean(true),
                                   Value::null(Type::string()), Value::unknown(Type::dynamic()),
                                   Value::tuple({Value::string("nested"), Value::number(Number(int64_t{2}))})};
  for (int round = 0; round < 3000; ++round) {
    const size_t n = round % 10 == 0 ? 9 + rng() % 12 : rng() % 9;
    const size_t room = round % 3 == 0 ? n / 2 : n;
    std::vector<Value> elements;
    detail::TupleBuilder builder(room);
    for (size_t i = 0; i < n; ++i) {
      if (rng() % 5 == 0) {
        detail::TupleBuilder inner(1);  // a tuple constructor inside this one's elements
        inner.elements().push_back(pool[rng() % pool.size()]);
        elements.push_back(inner.finish());
      } else {
        elements.push_back(pool[rng() % pool.size()]);
      }
      builder.elements().push_back(elements.back());
    }
    const Value got = builder.finish();
    const Value want = Value::tuple(elements);
    ASSERT_EQ(got.type().identity(), want.type().identity()) << round;
    ASSERT_TRUE(raw_equals(got, want)) << round;
    ASSERT_EQ(got.elements().size(), n) << round;
  }
}

TEST(TupleBuilder, ElementsMadeInPlaceGiveWhatValueTupleGives) {
  // empty_elements() and construct_in_place: the evaluator's tuple constructors. Nested tuples
  // built while another is, every size up to past the 8 a reused payload's buffer holds.
  std::mt19937 rng(10);
  const std::vector<Value> pool = {Value::number(Number(int64_t{1})), Value::string("x"), Value::unknown(Type::dynamic()),
                                   Value::null(Type::string())};
  for (int round = 0; round < 2000; ++round) {
    const size_t n = rng() % 12;
    std::vector<Value> want;
    detail::TupleBuilder builder(n);
    Value* at = builder.empty_elements(n);
    for (size_t i = 0; i < n; ++i) {
      detail::construct_in_place(at + i, [&] {
        if (rng() % 4 != 0) return pool[rng() % pool.size()];
        detail::TupleBuilder inner(1);
        detail::construct_in_place(inner.empty_elements(1), [&] { return pool[rng() % pool.size()]; });
        return inner.finish();
      });
      want.push_back(at[i]);
    }
    const Value got = builder.finish();
    ASSERT_EQ(got.type().identity(), Value::tuple(want).type().identity()) << round;
    ASSERT_TRUE(raw_equals(got, Value::tuple(want))) << round;
  }
}

TEST(TupleBuilder, BuiltWithEmptyElementsGivesWhatValueTupleGives) {
  // The EmptyElements constructor (the evaluator's tuple constructors): `count` empty places at
  // once, each replaced in place, in payloads reused with and without room (sizes up to past the
  // 8 a kept payload's buffer holds, a kept payload's old elements never showing through), nested
  // builders made while another is; a place left alone is a null of dynamic type.
  std::mt19937 rng(11);
  const std::vector<Value> pool = {Value::number(Number(int64_t{1})), Value::string("x"), Value::unknown(Type::dynamic()),
                                   Value::null(Type::string()), Value::boolean(false)};
  for (int round = 0; round < 2000; ++round) {
    const size_t n = rng() % 14;
    std::vector<Value> want;
    detail::TupleBuilder builder(n, detail::TupleBuilder::EmptyElements{});
    ASSERT_EQ(builder.elements().size(), n) << round;
    Value* at = builder.first_empty();
    for (size_t i = 0; i < n; ++i) {
      ASSERT_TRUE(at[i].is_null() && at[i].type().is_dynamic()) << round;
      if (rng() % 7 == 0) {
        want.push_back(Value());  // left alone
        continue;
      }
      detail::construct_in_place(at + i, [&] {
        if (rng() % 4 != 0) return pool[rng() % pool.size()];
        detail::TupleBuilder inner(1, detail::TupleBuilder::EmptyElements{});
        detail::construct_in_place(inner.first_empty(), [&] { return pool[rng() % pool.size()]; });
        return inner.finish();
      });
      want.push_back(at[i]);
    }
    const Value got = builder.finish();
    ASSERT_EQ(got.type().identity(), Value::tuple(want).type().identity()) << round;
    ASSERT_TRUE(raw_equals(got, Value::tuple(want))) << round;
    ASSERT_EQ(got.elements().size(), n) << round;
  }
}

TEST(TupleBuilder, AnElementThatThrowsLeavesItsPlaceEmpty) {
  detail::TupleBuilder builder(2);
  Value* at = builder.empty_elements(2);
  detail::construct_in_place(at, [] { return Value::string("made"); });
  EXPECT_THROW(detail::construct_in_place(at + 1,
                                          [] {
                                            Value v = Value::string("begun");
                                            if (v.is_known()) throw std::runtime_error("budget");
                                            return v;
                                          }),
               std::runtime_error);
  EXPECT_TRUE(at[1].is_null());
  EXPECT_TRUE(at[1].type().is_dynamic());
  const Value got = builder.finish();
  EXPECT_EQ(got.elements()[0].as_string(), "made");
  EXPECT_TRUE(got.elements()[1].is_null());
}

TEST(TupleBuilder, ABuilderNotFinishedGivesItsPayloadBack) {
  // An evaluation that ends early (an exception from a nested element) drops the builder unfinished:
  // its payload and elements are freed with it.
  if (detail::max_kept_payload_blocks() == 0) GTEST_SKIP() << "payloads are not kept under AddressSanitizer";
  std::vector<Value> held;  // every kept payload taken first, so that the list has room
  for (size_t i = 0; i < detail::max_kept_payload_blocks() + 10; ++i) held.push_back(Value::string("h"));
  const size_t before = detail::kept_payload_blocks();
  {
    detail::TupleBuilder builder(2);
    builder.elements().push_back(Value::string("element"));  // a payload of its own
    EXPECT_EQ(detail::kept_payload_blocks(), before);
  }
  EXPECT_EQ(detail::kept_payload_blocks(), before + 2);
}

// The type Type::tuple gives for the elements' types (the interned one).
Type tuple_type(const std::vector<Value>& elements) {
  std::vector<Type> types;
  for (const auto& e : elements) types.push_back(e.type());
  return Type::tuple(std::move(types));
}

// Made before any tuple on its thread, so destroyed after the thread's table of tuple types was
// drained: the tuples it makes then are made without the table.
struct TuplesAfterTheDrain {
  bool* checked = nullptr;
  ~TuplesAfterTheDrain() {
    const std::vector<Value> elements = {Value::string("late"), Value::boolean(true)};
    std::vector<Value> a = elements, b = elements;
    const Value first = detail::tuple_of_values(a);
    const Value again = detail::tuple_of_values(b);
    *checked = first.type().identity() == tuple_type(elements).identity() && again.type() == first.type() &&
               raw_equals(first, Value::tuple(elements));
  }
};

TEST(TupleTypes, TheThreadsTableGivesTheInternedTypeBeforeAndAfterItsDrain) {
  // Tuples of many shapes, each made twice (the second finds its type in the thread's table, or
  // makes it again when another shape took the slot): each has the type Type::tuple gives. On a
  // thread whose table was drained (it ended), tuples are still made right.
  const std::vector<Value> pool = {Value::number(Number(int64_t{1})), Value::string("x"), Value::boolean(true),
                                   Value::null(Type::string()), Value::object({{"k", Value::string("v")}}),
                                   Value::tuple({Value::string("nested")})};
  std::mt19937 rng(9);
  for (int round = 0; round < 4000; ++round) {
    std::vector<Value> elements;
    for (size_t i = 0, n = 1 + rng() % 6; i < n; ++i) elements.push_back(pool[rng() % pool.size()]);
    for (int twice = 0; twice < 2; ++twice) {
      std::vector<Value> copy = elements;
      const Value t = detail::tuple_of_values(copy);
      ASSERT_EQ(t.type().identity(), tuple_type(elements).identity()) << round;
    }
  }
  bool checked = false;
  std::thread([&checked] {
    thread_local TuplesAfterTheDrain late;
    late.checked = &checked;
    std::vector<Value> early = {Value::string("early")};
    (void)detail::tuple_of_values(early);  // arms the drain after `late` was made
  }).join();
  EXPECT_TRUE(checked);
}

TEST(TupleBuilder, FinishGivesThePayloadAway) {
  // finish() tells the compiler the builder's payload handle is empty after it: dropping the spent
  // builder gives nothing back to the thread's lists.
  const bool keeps = detail::max_kept_payload_blocks() > 0;
  std::vector<Value> held;  // every kept payload taken first, so that the lists have room
  for (size_t i = 0; keeps && i < detail::max_kept_payload_blocks() + 10; ++i) held.push_back(Value::string("h"));
  for (size_t n : {0, 1, 3, 12}) {
    alignas(detail::TupleBuilder) unsigned char storage[sizeof(detail::TupleBuilder)];
    auto* builder = ::new (static_cast<void*>(storage)) detail::TupleBuilder(n, detail::TupleBuilder::EmptyElements{});
    Value* at = builder->first_empty();
    for (size_t i = 0; i < n; ++i) detail::construct_in_place(at++, [&] { return Value::number(Number(static_cast<int64_t>(i))); });
    const Value v = builder->finish();
    const size_t before = detail::kept_payload_blocks();
    builder->~TupleBuilder();
    EXPECT_EQ(detail::kept_payload_blocks(), before) << n;
    EXPECT_EQ(v.elements().size(), n);
  }
}

TEST(TupleTypes, ShapesOfFewPrimitiveElementsTakeDistinctSlots) {
  // The slot's hash once started at the bare count, and a tuple of one string and one of two
  // numbers, which the bench corpus makes in turn, took the same slot (each evicting the other's
  // type). Every shape of up to three strings, numbers and booleans: nearly all in slots of their
  // own (1024 slots: two or so may meet by chance), those two among them.
  const std::vector<Value> kinds = {Value::string("s"), Value::number(Number(int64_t{1})), Value::boolean(true)};
  std::vector<std::vector<Value>> shapes = {{}};
  for (size_t from = 0, length = 0; length < 3; ++length) {
    const size_t to = shapes.size();
    for (size_t i = from; i < to; ++i)
      for (const Value& k : kinds) {
        std::vector<Value> longer = shapes[i];
        longer.push_back(k);
        shapes.push_back(std::move(longer));
      }
    from = to;
  }
  ASSERT_EQ(shapes.size(), 40u);
  std::set<size_t> slots;
  for (const auto& shape : shapes) slots.insert(detail::recent_tuple_type_slot(shape));
  EXPECT_GE(slots.size(), 38u);
  const std::vector<Value> one_string = {Value::string("s")};
  const std::vector<Value> two_numbers = {Value::number(Number(int64_t{1})), Value::number(Number(int64_t{2}))};
  EXPECT_NE(detail::recent_tuple_type_slot(one_string), detail::recent_tuple_type_slot(two_numbers));
  // Made in turn, each still gets its own type.
  for (int round = 0; round < 4; ++round) {
    std::vector<Value> a = one_string, b = two_numbers;
    EXPECT_TRUE(detail::tuple_of_values(a).type() == Type::tuple({Type::string()}));
    EXPECT_TRUE(detail::tuple_of_values(b).type() == Type::tuple({Type::number(), Type::number()}));
  }
}

}  // namespace
}  // namespace hclschema
