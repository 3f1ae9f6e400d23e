// SmallVector (src/eval/small_vector.hpp): the first N elements stay inside the object, more move to
// the heap in order; every element is destroyed exactly once (when popped, when moved to the heap
// and when the vector goes); reserve() makes room up front.
#include "eval/small_vector.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "hclschema/value.hpp"

namespace hclschema::eval_detail {
namespace {

// Counts the live objects, to tell that each is destroyed once.
struct Counted {
  static inline int live = 0;
  std::string text;
  explicit Counted(std::string t) : text(std::move(t)) { ++live; }
  Counted(Counted&& o) noexcept : text(std::move(o.text)) { ++live; }
  Counted(const Counted&) = delete;
  ~Counted() { --live; }
};

TEST(SmallVector, StaysInlineUpToItsSize) {
  SmallVector<int, 4> v;
  for (int i = 0; i < 4; ++i) v.push_back(int{i});
  EXPECT_TRUE(v.is_inline());
  EXPECT_EQ(v.size(), 4u);
  EXPECT_EQ(v.capacity(), 4u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(v[static_cast<size_t>(i)], i);
}

TEST(SmallVector, MovesToTheHeapInOrderPastItsSize) {
  Counted::live = 0;
  {
    SmallVector<Counted, 3> v;
    for (int i = 0; i < 20; ++i) {
      v.emplace_back(std::string(30, static_cast<char>('a' + i)));  // past std::string's inline buffer
      ASSERT_EQ(Counted::live, i + 1);
    }
    EXPECT_FALSE(v.is_inline());
    ASSERT_EQ(v.size(), 20u);
    for (size_t i = 0; i < v.size(); ++i) EXPECT_EQ(v[i].text, std::string(30, static_cast<char>('a' + i)));
    v.pop_back();
    EXPECT_EQ(Counted::live, 19);
    EXPECT_EQ(v.back().text, std::string(30, 'a' + 18));
    size_t n = 0;
    for (const Counted& c : v) n += c.text.size();
    EXPECT_EQ(n, 19u * 30u);
  }
  EXPECT_EQ(Counted::live, 0);
}

TEST(SmallVector, ReserveMakesRoomUpFront) {
  SmallVector<Value, 2> v;
  v.reserve(2);
  EXPECT_TRUE(v.is_inline());
  v.push_back(Value::string("kept across the move"));
  v.reserve(10);
  EXPECT_FALSE(v.is_inline());
  EXPECT_GE(v.capacity(), 10u);
  for (int i = 0; i < 9; ++i) v.push_back(Value::number(Number(int64_t{i})));
  EXPECT_EQ(v.capacity(), 10u);  // no growth past what was reserved
  EXPECT_EQ(v[0].as_string(), "kept across the move");
  EXPECT_EQ(v.span().size(), 10u);
  EXPECT_EQ(v.span()[9].as_number().to_int64(), 8);
}

TEST(SmallVector, ValuesAreReleasedWithTheVector) {
  const Value shared = Value::string("shared text");
  {
    SmallVector<Value, 2> v;
    for (int i = 0; i < 5; ++i) v.push_back(Value(shared));
  }
  // Only `shared` holds the payload now: a copy of it and its destruction leave it intact.
  Value copy = shared;
  EXPECT_EQ(copy.as_string(), "shared text");
}

}  // namespace
}  // namespace hclschema::eval_detail
