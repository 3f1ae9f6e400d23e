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

#include "eval/thread_kept_list.hpp"

namespace hclschema::eval_detail {

namespace template_buffer_detail {
// The thread's kept blocks (see ThreadKeptList), read inline by TemplateBuffer's constructor and
// destructor: a template is made on nearly every attribute.
struct Block {
  char* data;
  size_t capacity;
};
inline constexpr size_t k_kept = 8;
inline constexpr size_t k_max_capacity = 4096;
using Kept = ThreadKeptList<Block, k_kept>;
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
    template_buffer_detail::Block b{nullptr, 0};
    template_buffer_detail::t_kept.take(b);
    data_ = b.data;
    capacity_ = b.capacity;
  }
  ~TemplateBuffer() {
    if (!data_) return;
    if (capacity_ <= template_buffer_detail::k_max_capacity && template_buffer_detail::t_kept.keep({data_, capacity_})) return;
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
  // The destructor's way when the block is not simply kept: keeps it arming the thread's drain
  // (keep_arming), or frees it.
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
