// The arena syntax trees live in: a monotonic memory resource tuned for parsing large files.
//
// Each arena owns one region of address space, reserved whole when it first allocates and
// filled from its start; the kernel backs only the pages that get touched. So every allocation of
// an arena lies within k_region bytes of every other, and a syntax node can point to another with
// a 32-bit offset from itself (native::RelPtr) instead of an 8-byte pointer. Beyond its first
// 2 MiB the region is marked for transparent huge pages, because first-touch page faults were a
// quarter of parse time with 4 KiB pages. Nothing is freed until the arena goes, all at once.
//
// The region is cut into segments of k_segment bytes, aligned to their size, each starting with
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
  Arena() = default;
  ~Arena() override;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  /// allocate() without the virtual call: parsers allocate a node every few input bytes, and the
  /// common case (room left in the current segment) is a compare and an add.
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

  /// The address space an arena reserves: all it can ever allocate (a tree is about three times
  /// its input, and inputs are limited to 256 MiB by default). Less than 2 GiB, so that the
  /// distance between two allocations fits in an int32_t.
  static constexpr std::size_t k_region = (std::size_t{2} << 30) - (std::size_t{2} << 20);

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

  /// Bytes of the region in use so far (from its start to the end of the last segment opened):
  /// what the arena may have touched.
  [[nodiscard]] std::size_t reserved() const { return static_cast<std::size_t>(touched_ - base_); }

  /// Forgets every allocation at once, keeping at most `keep_at_most` bytes (whole segments) of
  /// touched memory for the next ones and giving the rest back to the system: for an arena reused
  /// by many small parses (a JSON file's template strings), so that each starts with memory at
  /// hand, while one large parse does not leave the arena large. Everything allocated before is
  /// invalid afterwards.
  void rewind(std::size_t keep_at_most);

 private:
  void* do_allocate(std::size_t bytes, std::size_t alignment) override;
  void do_deallocate(void*, std::size_t, std::size_t) override {}
  [[nodiscard]] bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override { return this == &other; }

  // Reserves the region (or takes a cached one) and opens its first segment.
  void acquire_region();
  // Makes the segment at `segment` (inside the region) the current one.
  void open_segment(char* segment);
  // Makes the region writable up to `up_to` at least (std::bad_alloc when the system refuses).
  void commit(const char* up_to);

  void* mapping_ = nullptr;  // what mmap returned (the region starts at the next 2 MiB boundary)
  char* base_ = nullptr;     // the region: [base_, base_ + k_region)
  char* next_ = nullptr;
  char* end_ = nullptr;      // the end of the current segment
  char* touched_ = nullptr;  // the end of what this arena's allocations have used so far
  char* dirty_ = nullptr;    // the end of the pages that may have been touched (by an earlier arena too)
  char* committed_ = nullptr;  // the end of the writable part
  const void* owner_ = nullptr;
};

}  // namespace hclschema::detail
