// The thread's kept template buffers (template_buffers.hpp).
#include "eval/template_buffers.hpp"

#include <cstdint>
#include <cstring>
#include <new>

#include "util/sanitizers.hpp"

namespace hclschema::eval_detail {

namespace {

using template_buffer_detail::Kept;
using template_buffer_detail::t_kept;

// Under AddressSanitizer nothing is kept, so that a use of a released block is still caught.
constexpr bool k_keep = !hclschema::detail::k_address_sanitizer;

// Frees the kept blocks when the thread ends, and closes the list.
struct Drain {
  bool armed = false;
  ~Drain() {
    Kept& kept = t_kept;
    while (kept.count > 0) ::operator delete(kept.blocks[--kept.count].data);
    kept.closed = true;
  }
};
thread_local Drain t_drain;

}  // namespace

void TemplateBuffer::give_back() {
  Kept& kept = t_kept;
  if (k_keep && !kept.armed && !kept.closed) {
    // The first block kept makes sure the list is drained when the thread ends.
    t_drain.armed = true;
    kept.armed = true;
  }
  if (k_keep && kept.armed && !kept.closed && kept.count < template_buffer_detail::k_kept && capacity_ <= template_buffer_detail::k_max_capacity) {
    kept.blocks[kept.count++] = template_buffer_detail::Block{data_, capacity_};
    return;
  }
  ::operator delete(data_);
}

void TemplateBuffer::grow(size_t n) {
  size_t capacity = capacity_ * 2;
  if (capacity < n) capacity = n;
  if (capacity < 64) capacity = 64;
  char* data = static_cast<char*>(::operator new(capacity));
  if (size_ > 0) std::memcpy(data, data_, size_);
  ::operator delete(data_);
  data_ = data;
  capacity_ = capacity;
}

size_t kept_template_buffers() { return t_kept.count; }
size_t max_kept_template_buffers() { return k_keep ? template_buffer_detail::k_kept : 0; }
size_t max_kept_template_capacity() { return template_buffer_detail::k_max_capacity; }

}  // namespace hclschema::eval_detail
