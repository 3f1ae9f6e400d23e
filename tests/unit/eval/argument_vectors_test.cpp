// ArgumentVector (src/eval/argument_vectors.hpp): every vector has room for a few values; a
// vector given back is emptied, its values released, and kept for the thread's next call; nested
// calls each get a vector of their own; a vector grown past the kept capacity, or one past the
// count kept, goes back to the heap.
#include "eval/argument_vectors.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <vector>

#include "hclschema/value.hpp"
#include "value/value_data.hpp"

namespace hclschema::eval_detail {
namespace {

TEST(ArgumentVectors, AVectorGivenBackIsEmptiedAndReused) {
  if (max_kept_argument_vectors() == 0) GTEST_SKIP() << "vectors are not kept under AddressSanitizer";
  const Value* first_data = nullptr;
  size_t capacity = 0;
  {
    ArgumentVector args;
    args->push_back(Value::string("one"));
    args->push_back(Value::number(Number(int64_t{2})));
    first_data = args->data();
    capacity = args->capacity();
  }
  ArgumentVector again;
  EXPECT_TRUE(again->empty());
  EXPECT_EQ(again->capacity(), capacity);  // the same storage, not a new allocation
  EXPECT_EQ(again->data(), first_data);
}

TEST(ArgumentVectors, ValuesAreReleasedWhenTheVectorIsGivenBack) {
  // The payloads only the vector held are freed when it is given back, not when it is next used:
  // their blocks join the thread's list of freed payload blocks (value_data.hpp) right then.
  if (max_kept_argument_vectors() == 0 || hclschema::detail::max_kept_payload_blocks() == 0)
    GTEST_SKIP() << "nothing is kept under AddressSanitizer";
  const Value shared = Value::string("shared text");
  size_t blocks_before = 0;
  {
    ArgumentVector args;
    args->push_back(Value::string("only in the vector"));
    args->push_back(shared);
    blocks_before = hclschema::detail::kept_payload_blocks();
  }
  if (blocks_before >= hclschema::detail::max_kept_payload_blocks()) GTEST_SKIP() << "the thread's list of freed blocks is full";
  EXPECT_EQ(hclschema::detail::kept_payload_blocks(), blocks_before + 1);  // the vector's own string, not the shared one
  EXPECT_EQ(shared.as_string(), "shared text");
  ArgumentVector again;
  EXPECT_TRUE(again->empty());
}

// Every vector, new or kept, has room for k_room values (the evaluator reserves only for more),
// and one reserved for more has it.
TEST(ArgumentVectors, EveryVectorHasRoomForAFewValues) {
  std::vector<std::unique_ptr<ArgumentVector>> held;  // more than the thread keeps: new ones too
  for (size_t i = 0; i < max_kept_argument_vectors() + 3; ++i) {
    held.push_back(std::make_unique<ArgumentVector>());
    EXPECT_GE((*held.back())->capacity(), ArgumentVector::k_room);
    EXPECT_TRUE((*held.back())->empty());
  }
  held.clear();
  ArgumentVector again;
  EXPECT_GE(again->capacity(), ArgumentVector::k_room);
  again->reserve(ArgumentVector::k_room + 5);
  for (size_t i = 0; i < ArgumentVector::k_room + 5; ++i) again->push_back(Value::boolean(true));
  EXPECT_EQ(again->size(), ArgumentVector::k_room + 5);
}

TEST(ArgumentVectors, NestedCallsHoldVectorsOfTheirOwn) {
  ArgumentVector outer;
  outer->push_back(Value::boolean(true));
  {
    ArgumentVector inner;
    EXPECT_NE(&*inner, &*outer);
    EXPECT_TRUE(inner->empty());
    inner->push_back(Value::boolean(false));
  }
  ASSERT_EQ(outer->size(), 1u);
  EXPECT_TRUE((*outer)[0].as_bool());
}

TEST(ArgumentVectors, ANewThreadKeepsItsFirstVectorAndDrainsItAtItsEnd) {
  if (max_kept_argument_vectors() == 0) GTEST_SKIP() << "vectors are not kept under AddressSanitizer";
  size_t kept_in_thread = 0, kept_again = 0;
  bool reused = false;
  std::thread([&] {
    const std::vector<Value>* first = nullptr;
    {
      ArgumentVector args;
      args->push_back(Value::string("the thread's first call"));
      first = &*args;
    }
    kept_in_thread = kept_argument_vectors();
    ArgumentVector again;
    reused = &*again == first && again->empty();
    kept_again = kept_argument_vectors();
  }).join();  // the thread's end frees the vector (LeakSanitizer would tell otherwise)
  EXPECT_EQ(kept_in_thread, 1u);
  EXPECT_TRUE(reused);
  EXPECT_EQ(kept_again, 0u);
}

TEST(ArgumentVectors, LargeVectorsAndSurplusVectorsAreNotKept) {
  if (max_kept_argument_vectors() == 0) GTEST_SKIP() << "vectors are not kept under AddressSanitizer";
  const size_t before = kept_argument_vectors();
  {
    ArgumentVector big;
    big->resize(max_kept_argument_capacity() + 1);
  }
  EXPECT_LE(kept_argument_vectors(), before);  // taken from the list (if any was there), not put back
  {
    std::vector<std::unique_ptr<ArgumentVector>> many;
    for (size_t i = 0; i < max_kept_argument_vectors() + 5; ++i) many.push_back(std::make_unique<ArgumentVector>());
  }
  EXPECT_EQ(kept_argument_vectors(), max_kept_argument_vectors());
}

// ExpressionArgumentVector (try and can's arguments) keeps its vectors as ArgumentVector does:
// given back emptied, reused by the thread's next call, nested ones apart.
TEST(ArgumentVectors, ExpressionArgumentVectorsAreEmptiedAndReused) {
  if (max_kept_expression_argument_vectors() == 0) GTEST_SKIP() << "vectors are not kept under AddressSanitizer";
  const void* first = nullptr;
  {
    ExpressionArgumentVector args;
    EXPECT_TRUE(args->empty());
    args->push_back({nullptr, Value::string("an expanded element")});
    first = &*args;
    ExpressionArgumentVector inner;
    EXPECT_NE(static_cast<const void*>(&*inner), first);
    EXPECT_TRUE(inner->empty());
  }
  EXPECT_GE(kept_expression_argument_vectors(), 2u);
  ExpressionArgumentVector again;
  EXPECT_TRUE(again->empty());
  EXPECT_EQ(static_cast<const void*>(&*again), first);  // the last given back is taken first
}

}  // namespace
}  // namespace hclschema::eval_detail
