// The arena syntax trees live in: a monotonic memory resource tuned for parsing large files.
//
// Chunks grow geometrically. Large chunks come straight from mmap, aligned to 2 MiB and marked for
// transparent huge pages, because first-touch page faults were a quarter of parse time with 4 KiB
// pages. Nothing is freed until the arena goes, all at once.
//
// Every chunk is cut into segments of k_segment bytes, aligned to their size, each starting with
// a header that holds the arena's owner (the SourceFile its nodes belong to). A native syntax node
// finds its file by masking its own address down to the segment start (native::Expr::file()),
// which saves the node a pointer of its own (8 bytes on each of millions of nodes). Allocations
// therefore never cross into a segment that later allocations use: one that does not fit in the
// rest of a segment opens the next one, and one larger than a segment takes whole segments and
// leaves the rest of its last one unused.
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

  /// Whether the next bump() of `bytes` (at an alignment `p` has) returns exactly `p`: for placing
  /// a node right after the one allocated last, so that it can find it without a pointer.
  [[nodiscard]] bool next_is(const void* p, std::size_t bytes) const { return next_ == p && next_ + bytes <= end_; }

  /// The size and alignment of a segment, and the bytes at its start that hold the owner.
  static constexpr std::size_t k_segment = 16 * 1024;
  static constexpr std::size_t k_header = sizeof(const void*);

  /// The owner recorded in the header of the segment `p` (an allocation of this arena) lies in.
  [[nodiscard]] static const void* owner_of(const void* p) {
    return *reinterpret_cast<const void* const*>(reinterpret_cast<std::uintptr_t>(p) & ~(k_segment - 1));
  }

  /// Sets what owner_of() gives for the allocations made from now on. Earlier allocations keep
  /// theirs (a segment that has some is closed), so one arena may hold the trees of several files.
  void set_owner(const void* owner);

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
  // Makes the segment at `segment` (inside the current chunk) the current one.
  void open_segment(char* segment);

  struct Chunk {
    void* base;
    std::size_t size;
    bool mapped;
  };
  static void release(const Chunk& chunk);
  std::vector<Chunk> chunks_;
  char* next_ = nullptr;
  char* end_ = nullptr;        // the end of the current segment
  char* chunk_end_ = nullptr;  // the end of the current chunk
  const void* owner_ = nullptr;
  std::size_t next_chunk_size_;
  std::size_t reserved_ = 0;
};

}  // namespace hclschema::detail
