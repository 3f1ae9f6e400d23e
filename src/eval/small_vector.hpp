// A vector whose first N elements live inside it (private to the evaluator): the handful of
// arguments of a call, attributes of an object constructor or elements of a tuple constructor are
// gathered on the stack, past that on the heap. In place of std::pmr::vector over a
// monotonic_buffer_resource, whose resource cost a virtual call to allocate and an out-of-line
// release on destruction at every node.
#pragma once

#include <cstddef>
#include <new>
#include <span>
#include <utility>

namespace hclschema::eval_detail {

template <class T, size_t N>
class SmallVector {
 public:
  SmallVector() = default;
  SmallVector(const SmallVector&) = delete;
  SmallVector& operator=(const SmallVector&) = delete;
  ~SmallVector() {
    destroy_elements();
    if (data_ != inline_data()) ::operator delete(data_);
  }

  /// Room for `n` elements in all without moving them again.
  void reserve(size_t n) {
    if (n > capacity_) grow(n);
  }
  template <class... Args>
  T& emplace_back(Args&&... args) {
    if (size_ == capacity_) grow(capacity_ * 2);
    T* at = new (data_ + size_) T(std::forward<Args>(args)...);
    ++size_;
    return *at;
  }
  void push_back(T&& v) { emplace_back(std::move(v)); }
  void pop_back() { data_[--size_].~T(); }

  [[nodiscard]] size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] size_t capacity() const { return capacity_; }
  /// Whether the elements are still inside the object (for tests).
  [[nodiscard]] bool is_inline() const { return data_ == inline_data(); }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T& back() { return data_[size_ - 1]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  std::span<T> span() { return {data_, size_}; }

 private:
  T* inline_data() { return std::launder(reinterpret_cast<T*>(storage_)); }
  const T* inline_data() const { return std::launder(reinterpret_cast<const T*>(storage_)); }
  void destroy_elements() {
    for (size_t i = 0; i < size_; ++i) data_[i].~T();
  }
  // Moves the elements to a heap block of `n` (at least one more than now).
  void grow(size_t n) {
    if (n <= size_) n = size_ + 1;
    T* fresh = static_cast<T*>(::operator new(n * sizeof(T)));
    for (size_t i = 0; i < size_; ++i) new (fresh + i) T(std::move(data_[i]));
    destroy_elements();
    if (data_ != inline_data()) ::operator delete(data_);
    data_ = fresh;
    capacity_ = n;
  }

  alignas(T) std::byte storage_[N * sizeof(T)];
  T* data_ = inline_data();
  size_t size_ = 0;
  size_t capacity_ = N;
};

}  // namespace hclschema::eval_detail
