// util/thread_table_drain.hpp's ThreadHeapObject: a thread's object on the heap, made on first use,
// deleted when the thread ends, and made and deleted again when a later thread_local destructor
// uses it after that (none is leaked; the sanitizer build's leak check would see one).
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "util/thread_table_drain.hpp"

namespace hclschema::detail {
namespace {

std::atomic<int> g_made{0};
std::atomic<int> g_live{0};

struct Counted {
  Counted() {
    ++g_made;
    ++g_live;
  }
  ~Counted() { --g_live; }
  Counted(const Counted&) = delete;
  Counted& operator=(const Counted&) = delete;
  int uses = 0;
};

constinit thread_local ThreadHeapObject<Counted> t_counted;

TEST(ThreadHeapObject, OneObjectPerThreadDeletedWhenTheThreadEnds) {
  g_made = 0;
  g_live = 0;
  int first_uses = 0;
  std::thread([&] {
    ++t_counted.get().uses;
    ++t_counted.get().uses;  // the same object
    first_uses = t_counted.get().uses;
    EXPECT_EQ(g_live.load(), 1);
  }).join();
  EXPECT_EQ(first_uses, 2);
  EXPECT_EQ(g_made.load(), 1);
  EXPECT_EQ(g_live.load(), 0);  // deleted at the thread's end

  std::thread([] { ++t_counted.get().uses; }).join();  // another thread: an object of its own
  EXPECT_EQ(g_made.load(), 2);
  EXPECT_EQ(g_live.load(), 0);
}

// Made before the object is first used, so destroyed after the object's deletion ran.
struct UsesTheObjectLate {
  int* uses_seen = nullptr;
  ~UsesTheObjectLate() { *uses_seen = ++t_counted.get().uses; }
};

TEST(ThreadHeapObject, AUseAfterTheDeletionMakesOneThatIsDeletedToo) {
  g_made = 0;
  g_live = 0;
  int late_uses = -1;
  std::thread([&] {
    thread_local UsesTheObjectLate late;
    late.uses_seen = &late_uses;
    t_counted.get().uses = 5;
  }).join();
  EXPECT_EQ(late_uses, 1);      // a new object, not the deleted one
  EXPECT_EQ(g_made.load(), 2);  // the first and the late one
  EXPECT_EQ(g_live.load(), 0);  // both deleted
}

}  // namespace
}  // namespace hclschema::detail
