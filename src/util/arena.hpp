// The arena syntax trees live in: a monotonic memory resource tuned for parsing large files.
//
// Chunks grow geometrically. Large chunks come straight from mmap, aligned to 2 MiB and marked for
// transparent huge pages, because first-touch page faults were a quarter of parse time with 4 KiB
// pages. Nothing is freed until the arena goes, all at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory_resource>
#include <vector>

namespace hclschema::detail {

class Arena final : public std::pmr::memory_resource {
 public:
  /// `size_hint`: roughly how many bytes the caller expects to allocate (e.g. twice the input size).
  explicit Arena(std::size_t size_hint = 0);
  ~Arena() override;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  /// allocate() without the virtual call: parsers allocate a node every few input bytes, and the
  /// common case (room left in the current chunk) is a compare and an add.
  [[gnu::always_inline]] void* bump(std::size_t bytes, std::size_t alignment) {
    auto p = reinterpret_cast<std::uintptr_t>(next_);
    std::uintptr_t aligned = (p + alignment - 1) & ~(static_cast<std::uintptr_t>(alignment) - 1);
    if (aligned + bytes > reinterpret_cast<std::uintptr_t>(end_) || !next_) [[unlikely]]
      return do_allocate(bytes, alignment);
    next_ = reinterpret_cast<char*>(aligned + bytes);
    return reinterpret_cast<void*>(aligned);
  }

  /// Bytes obtained from the system so far.
  [[nodiscard]] std::size_t reserved() const { return reserved_; }

  /// Forgets every allocation at once, keeping the first chunk for the next ones if it is at most
  /// `keep_at_most` bytes and releasing the others: for an arena reused by many small parses (a
  /// JSON file's template strings), so that each starts with memory at hand instead of a malloc,
  /// while one large parse does not leave the arena large. Everything allocated before is invalid
  /// afterwards.
  void rewind(std::size_t keep_at_most);

 private:
  void* do_allocate(std::size_t bytes, std::size_t alignment) override;
  void do_deallocate(void*, std::size_t, std::size_t) override {}
  [[nodiscard]] bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override { return this == &other; }

  void grow(std::size_t at_least);

  struct Chunk {
    void* base;
    std::size_t size;
    bool mapped;
  };
  static void release(const Chunk& chunk);
  std::vector<Chunk> chunks_;
  char* next_ = nullptr;
  char* end_ = nullptr;
  std::size_t next_chunk_size_;
  std::size_t reserved_ = 0;
};

}  // namespace hclschema::detail
