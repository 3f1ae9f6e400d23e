// The thread's kept argument vectors (argument_vectors.hpp).
#include "eval/argument_vectors.hpp"

#include <cstdint>

#include "util/sanitizers.hpp"

namespace hclschema::eval_detail {

namespace {

using argument_vector_detail::Kept;
using argument_vector_detail::t_kept;

// Under AddressSanitizer nothing is kept, so that a use of a released vector is still caught.
constexpr bool k_keep = !hclschema::detail::k_address_sanitizer;

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

void ArgumentVector::give_back() {
  Kept& kept = t_kept;
  if (k_keep && !kept.armed && !kept.closed) {
    // The first vector kept makes sure the list is drained when the thread ends.
    t_drain.armed = true;
    kept.armed = true;
  }
  if (k_keep && kept.armed && !kept.closed && kept.count < argument_vector_detail::k_kept &&
      values_->capacity() <= argument_vector_detail::k_max_capacity) {
    kept.vectors[kept.count++] = values_;
    return;
  }
  delete values_;
}

size_t kept_argument_vectors() { return t_kept.count; }
size_t max_kept_argument_vectors() { return k_keep ? argument_vector_detail::k_kept : 0; }
size_t max_kept_argument_capacity() { return argument_vector_detail::k_max_capacity; }

}  // namespace hclschema::eval_detail
