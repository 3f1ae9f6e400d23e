// The thread's kept template buffers (template_buffers.hpp).
#include "eval/template_buffers.hpp"

#include <cstdint>
#include <new>

#include "util/sanitizers.hpp"

namespace hclschema::eval_detail {

namespace {

// Templates nest (an interpolation may hold a call whose argument is a template), each level
// holding one block: a few cover any real nesting; deeper ones simply allocate.
constexpr size_t k_kept = 8;
// A block grown by a long text (a heredoc, a file's worth) is not kept at that size.
constexpr size_t k_max_capacity = 4096;
// Under AddressSanitizer nothing is kept, so that a use of a released block is still caught.
constexpr bool k_keep = !hclschema::detail::k_address_sanitizer;

struct Block {
  char* data;
  size_t capacity;
};

// Plain data (no destructor), so that it can still be read after the thread's destructors ran:
// `closed`, set by the Drain below when the thread ends, sends every later block to the heap.
struct Kept {
  Block blocks[k_kept];
  uint32_t count = 0;
  bool closed = false;
};
thread_local Kept t_kept;

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

TemplateBuffer::TemplateBuffer() {
  Kept& kept = t_kept;
  if (k_keep && kept.count > 0) {
    const Block& b = kept.blocks[--kept.count];
    data_ = b.data;
    capacity_ = b.capacity;
  } else {
    data_ = nullptr;
    capacity_ = 0;
  }
}

TemplateBuffer::~TemplateBuffer() {
  if (!data_) return;
  Kept& kept = t_kept;
  if (k_keep && !kept.closed && kept.count < k_kept && capacity_ <= k_max_capacity) {
    // The first block kept makes sure the list is drained when the thread ends.
    if (!t_drain.armed) t_drain.armed = true;
    kept.blocks[kept.count++] = Block{data_, capacity_};
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
size_t max_kept_template_buffers() { return k_keep ? k_kept : 0; }
size_t max_kept_template_capacity() { return k_max_capacity; }

}  // namespace hclschema::eval_detail
