// RelPtr: how native syntax nodes point to each other, in 4 bytes instead of 8.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace hclschema::native {

/// A pointer to a T in the same arena as itself, kept as the 32-bit distance from its own address
/// to its target. An arena's allocations all lie within 2 GiB of each other (see detail::Arena),
/// so the distance always fits; and a large syntax tree has millions of such links, where half a
/// pointer each adds up (a 20 MiB file's tree has about 2.5 million).
///
/// It reads as a `T*` (`node.lhs->kind`, `const Expr* e = node.lhs;`, `if (node.cond)`), but cannot
/// be copied: a copy at another address would point elsewhere. So it lives only inside arena
/// nodes and arrays, where the parser sets it.
template <class T>
class RelPtr {
 public:
  RelPtr() = default;
  RelPtr(T* target) { set(target); }  // NOLINT(google-explicit-constructor): reads as the pointer
  RelPtr(const RelPtr&) = delete;
  RelPtr& operator=(const RelPtr&) = delete;
  RelPtr& operator=(T* target) {
    set(target);
    return *this;
  }

  [[nodiscard]] T* get() const {
    if (offset_ == 0) return nullptr;  // nothing points to itself: 0 is free to mean null
    return reinterpret_cast<T*>(reinterpret_cast<std::uintptr_t>(this) + static_cast<std::uintptr_t>(static_cast<std::intptr_t>(offset_)));
  }
  operator T*() const { return get(); }  // NOLINT(google-explicit-constructor)
  T* operator->() const { return get(); }
  T& operator*() const { return *get(); }

 private:
  void set(T* target) {
    if (!target) {
      offset_ = 0;
      return;
    }
    const auto distance = static_cast<std::intptr_t>(reinterpret_cast<std::uintptr_t>(target) - reinterpret_cast<std::uintptr_t>(this));
    // A target outside this arena (or a RelPtr outside any) is a bug that would corrupt the tree.
    if (distance != static_cast<int32_t>(distance)) std::abort();
    offset_ = static_cast<int32_t>(distance);
  }
  int32_t offset_ = 0;
};

/// An arena array of RelPtr<T>, read as a range of `T*`: `for (const Expr* a : call.args())`,
/// `call.args()[0]->kind`, `const auto* b = body.blocks()[i]`.
template <class T>
class RelSpan {
 public:
  RelSpan() = default;
  RelSpan(const RelPtr<T>* items, uint32_t count) : items_(items), count_(count) {}

  class iterator {
   public:
    using value_type = T*;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    explicit iterator(const RelPtr<T>* at) : at_(at) {}
    T* operator*() const { return at_->get(); }
    iterator& operator++() {
      ++at_;
      return *this;
    }
    iterator operator++(int) {
      iterator before = *this;
      ++at_;
      return before;
    }
    friend bool operator==(const iterator& a, const iterator& b) { return a.at_ == b.at_; }

   private:
    const RelPtr<T>* at_ = nullptr;
  };

  [[nodiscard]] uint32_t size() const { return count_; }
  [[nodiscard]] bool empty() const { return count_ == 0; }
  [[nodiscard]] T* operator[](uint32_t i) const { return items_[i].get(); }
  [[nodiscard]] iterator begin() const { return iterator(items_); }
  [[nodiscard]] iterator end() const { return iterator(items_ + count_); }

 private:
  const RelPtr<T>* items_ = nullptr;
  uint32_t count_ = 0;
};

}  // namespace hclschema::native
