// The buffers templates lay their text out in, reused from template to template on a thread
// instead of each template allocating and freeing one (private to the evaluator).
//
// A template's text is built piece by piece and then copied into its string value, whose payload
// (a reused one, value_data.hpp) usually has room for it already; most templates of a
// configuration interpolate an unknown (`"${var.name}-bucket"`) and their text is dropped. A
// buffer of their own was a malloc and a free per template either way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace hclschema::eval_detail {

namespace template_buffer_detail {
// The thread's kept blocks, plain data (no constructor or destructor to run on first use, and still
// readable after the thread's destructors ran), read inline by TemplateBuffer's constructor and
// destructor: a template is made on nearly every attribute, and out-of-line calls for taking and
// giving back a block cost more than the rest of an unknown template. `armed` once the list is
// drained at thread end (template_buffers.cpp); `closed` after that drain: then blocks go back to
// the heap.
struct Block {
  char* data;
  size_t capacity;
};
inline constexpr size_t k_kept = 8;
inline constexpr size_t k_max_capacity = 4096;
struct Kept {
  Block blocks[k_kept];
  uint32_t count;
  bool armed;
  bool closed;
};
inline thread_local Kept t_kept;
}  // namespace template_buffer_detail

/// An empty text for the lifetime of this object, in a block taken from the thread's kept blocks
/// when there is one (with the capacity it had), else none until text is added. The block is given
/// back on destruction; one grown past max_kept_template_capacity() goes back to the heap instead.
/// Not a std::string: appending is inline here (a memcpy when the text fits), where
/// std::string::append on a string the compiler cannot see into is an out-of-line call.
class TemplateBuffer {
 public:
  TemplateBuffer() {
    template_buffer_detail::Kept& kept = template_buffer_detail::t_kept;
    if (kept.count > 0) {  // (nothing is ever kept under AddressSanitizer: see give_back)
      const template_buffer_detail::Block& b = kept.blocks[--kept.count];
      data_ = b.data;
      capacity_ = b.capacity;
    } else {
      data_ = nullptr;
      capacity_ = 0;
    }
  }
  ~TemplateBuffer() {
    if (!data_) return;
    template_buffer_detail::Kept& kept = template_buffer_detail::t_kept;
    if (kept.armed && !kept.closed && kept.count < template_buffer_detail::k_kept && capacity_ <= template_buffer_detail::k_max_capacity) {
      kept.blocks[kept.count++] = template_buffer_detail::Block{data_, capacity_};
      return;
    }
    give_back();
  }
  TemplateBuffer(const TemplateBuffer&) = delete;
  TemplateBuffer& operator=(const TemplateBuffer&) = delete;

  /// Room for `n` bytes in all without another allocation.
  void reserve(size_t n) {
    if (n > capacity_) grow(n);
  }
  void append(std::string_view s) {
    if (s.size() > capacity_ - size_) grow(size_ + s.size());
    if (!s.empty()) std::memcpy(data_ + size_, s.data(), s.size());
    size_ += s.size();
  }
  [[nodiscard]] std::string_view text() const { return {data_, size_}; }
  [[nodiscard]] size_t size() const { return size_; }
  /// The block's size (for tests).
  [[nodiscard]] size_t capacity() const { return capacity_; }
  [[nodiscard]] const char* data() const { return data_; }

 private:
  // A block of at least `n` bytes (twice the old one at least), the text copied over.
  void grow(size_t n);
  // The destructor's way when the block is not simply kept: the first block a thread keeps arms
  // the drain at thread end; a block too large, past the count kept, after the drain or under
  // AddressSanitizer goes back to the heap.
  void give_back();

  char* data_;
  size_t size_ = 0;
  size_t capacity_;
};

/// How many blocks this thread keeps (for tests), and the most it keeps.
[[nodiscard]] size_t kept_template_buffers();
[[nodiscard]] size_t max_kept_template_buffers();
/// The largest block that is kept (a larger one is freed, not held on to).
[[nodiscard]] size_t max_kept_template_capacity();

}  // namespace hclschema::eval_detail
