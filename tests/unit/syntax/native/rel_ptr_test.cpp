// RelPtr keeps a pointer as the distance from itself to its target, so it must read back the
// target it was given wherever it lives in an arena, mean null by 0, and refuse a target that is
// not within reach (rather than corrupt the tree); RelSpan reads an array of them as pointers.
#include <gtest/gtest.h>

#include <new>
#include <vector>

#include "hclschema/native/rel_ptr.hpp"
#include "util/arena.hpp"

namespace hclschema::native {
namespace {

struct Node {
  int value;
  RelPtr<const Node> next;
};

TEST(RelPtr, ReadsBackItsTargetBeforeOrAfterIt) {
  detail::Arena arena;
  auto* first = new (arena.allocate(sizeof(Node), alignof(Node))) Node{1, nullptr};
  auto* second = new (arena.allocate(sizeof(Node), alignof(Node))) Node{2, first};  // points back
  first->next = second;                                                              // points forward
  EXPECT_EQ(first->next.get(), second);
  EXPECT_EQ(second->next.get(), first);
  EXPECT_EQ(first->next->value, 2);
  EXPECT_EQ((*second->next).value, 1);
  const Node* as_pointer = first->next;
  EXPECT_EQ(as_pointer, second);
  EXPECT_TRUE(first->next);
}

TEST(RelPtr, NullIsZeroAndStaysNull) {
  detail::Arena arena;
  auto* node = new (arena.allocate(sizeof(Node), alignof(Node))) Node{1, nullptr};
  EXPECT_EQ(node->next.get(), nullptr);
  EXPECT_FALSE(node->next);
  node->next = node;  // a node may point to itself through a field at another address
  EXPECT_EQ(node->next.get(), node);
  node->next = nullptr;
  EXPECT_EQ(node->next.get(), nullptr);
}

TEST(RelPtr, ReachesAcrossAnArenasSegmentsAndLargeAllocations) {
  detail::Arena arena;
  auto* head = new (arena.allocate(sizeof(Node), alignof(Node))) Node{0, nullptr};
  (void)arena.allocate(8u << 20, 8);  // 8 MiB in between
  auto* tail = new (arena.allocate(sizeof(Node), alignof(Node))) Node{9, head};
  head->next = tail;
  EXPECT_EQ(head->next->value, 9);
  EXPECT_EQ(tail->next->value, 0);
}

TEST(RelPtrDeathTest, ATargetOutOfReachAborts) {
  // Two arenas' regions are reserved separately; nothing says they lie within 2 GiB of each other,
  // but an address 3 GiB away certainly does not.
  detail::Arena arena;
  auto* node = new (arena.allocate(sizeof(Node), alignof(Node))) Node{1, nullptr};
  const auto* far = reinterpret_cast<const Node*>(reinterpret_cast<std::uintptr_t>(node) + (std::uintptr_t{3} << 30));
  EXPECT_DEATH(node->next = far, "");
}

TEST(RelSpan, ReadsAnArrayOfRelPtrAsPointers) {
  detail::Arena arena;
  std::vector<const Node*> nodes;
  for (int i = 0; i < 4; ++i) nodes.push_back(new (arena.allocate(sizeof(Node), alignof(Node))) Node{i, nullptr});
  auto* array = static_cast<RelPtr<const Node>*>(arena.allocate(4 * sizeof(RelPtr<const Node>), alignof(RelPtr<const Node>)));
  for (int i = 0; i < 4; ++i) new (array + i) RelPtr<const Node>(nodes[static_cast<size_t>(3 - i)]);
  const RelSpan<const Node> span(array, 4);
  EXPECT_EQ(span.size(), 4u);
  EXPECT_EQ(span[0]->value, 3);
  std::vector<int> seen;
  for (const auto* n : span) seen.push_back(n->value);
  EXPECT_EQ(seen, (std::vector<int>{3, 2, 1, 0}));
  EXPECT_TRUE(RelSpan<const Node>().empty());
}

}  // namespace
}  // namespace hclschema::native
