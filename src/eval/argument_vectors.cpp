// The thread's kept argument vectors (argument_vectors.hpp).
#include "eval/argument_vectors.hpp"

#include <cstdint>

#include "util/sanitizers.hpp"

namespace hclschema::eval_detail {

namespace {

// Calls nest (an argument is often a call), each level holding one vector: a few dozen cover any
// real nesting; deeper ones simply allocate.
constexpr size_t k_kept = 32;
// A vector grown by a call of many arguments (a spread list) is not kept at that size.
constexpr size_t k_max_capacity = 64;
// Under AddressSanitizer nothing is kept, so that a use of a released vector is still caught.
constexpr bool k_keep = !hclschema::detail::k_address_sanitizer;

// Plain data (no destructor), so that it can still be read after the thread's destructors ran:
// `closed`, set by the Drain below when the thread ends, sends every later vector to the heap.
struct Kept {
  std::vector<Value>* vectors[k_kept];
  uint32_t count = 0;
  bool closed = false;
};
thread_local Kept t_kept;

// Frees the kept vectors when the thread ends, and closes the list.
struct Drain {
  bool armed = false;
  ~Drain() {
    Kept& kept = t_kept;
    while (kept.count > 0) delete kept.vectors[--kept.count];
    kept.closed = true;
  }
};
thread_local Drain t_drain;

}  // namespace

ArgumentVector::ArgumentVector() {
  Kept& kept = t_kept;
  values_ = k_keep && kept.count > 0 ? kept.vectors[--kept.count] : new std::vector<Value>();
}

ArgumentVector::~ArgumentVector() {
  values_->clear();
  Kept& kept = t_kept;
  if (k_keep && !kept.closed && kept.count < k_kept && values_->capacity() <= k_max_capacity) {
    // The first vector kept makes sure the list is drained when the thread ends.
    if (!t_drain.armed) t_drain.armed = true;
    kept.vectors[kept.count++] = values_;
    return;
  }
  delete values_;
}

size_t kept_argument_vectors() { return t_kept.count; }
size_t max_kept_argument_vectors() { return k_keep ? k_kept : 0; }
size_t max_kept_argument_capacity() { return k_max_capacity; }

}  // namespace hclschema::eval_detail
