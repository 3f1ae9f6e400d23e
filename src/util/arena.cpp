// Arena regions: reserved address space filled from its start, cut into owner-stamped segments
// (see arena.hpp), and kept for the next arena when it goes.
#include "util/arena.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

namespace hclschema::detail {

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kPage = 4096;
static_assert(kHugePage % Arena::k_segment == 0 && Arena::k_region % kHugePage == 0, "regions are whole segments and huge pages");

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

// Regions of arenas that are gone, kept for the next arena with the pages they had touched: a
// program that parses file after file (a validator, the language server) then reuses pages that
// are already faulted in instead of having the kernel map and zero fresh ones every time. Bounded
// by the touched bytes it holds; the rest of a kept region is only address space.
class RegionCache {
 public:
  struct Region {
    void* mapping;
    char* base;
    std::size_t touched;
    std::size_t committed;
  };
  // Never destroyed: arenas that outlive static destruction (a thread's template workspace, a
  // File held by a global) still hand their regions back at exit.
  static RegionCache& instance() {
    static RegionCache* const cache = new RegionCache;
    return *cache;
  }
  // The cached region that has touched the most pages, if any.
  bool take(Region* out) {
    std::lock_guard lock(mutex_);
    if (regions_.empty()) return false;
    auto best = std::max_element(regions_.begin(), regions_.end(), [](const Region& a, const Region& b) { return a.touched < b.touched; });
    *out = *best;
    held_ -= best->touched;
    regions_.erase(best);
    return true;
  }
  // Keeps the region if there is room, else unmaps it.
  void give(const Region& region) {
    {
      std::lock_guard lock(mutex_);
      if (regions_.size() < kMaxRegions && held_ + region.touched <= kMaxHeld) {
        regions_.push_back(region);
        held_ += region.touched;
        return;
      }
    }
    munmap(region.mapping, Arena::k_region + kHugePage);
  }

 private:
  static constexpr std::size_t kMaxHeld = 256 * 1024 * 1024;
  static constexpr std::size_t kMaxRegions = 16;
  std::mutex mutex_;
  std::vector<Region> regions_;
  std::size_t held_ = 0;
};

}  // namespace

Arena::~Arena() {
  if (mapping_) RegionCache::instance().give({mapping_, base_, static_cast<std::size_t>(dirty_ - base_), static_cast<std::size_t>(committed_ - base_)});
}

void Arena::acquire_region() {
  RegionCache::Region region{};
  if (RegionCache::instance().take(&region)) {
    mapping_ = region.mapping;
    base_ = region.base;
    touched_ = base_;
    dirty_ = base_ + region.touched;  // the earlier arena's pages: this one's to give back on a rewind
    committed_ = base_ + region.committed;
  } else {
    // Address space only, inaccessible: it counts as no memory (not even against RLIMIT_DATA,
    // which the CLI's memory ceiling sets) until commit() makes a part of it writable.
    void* raw = mmap(nullptr, k_region + kHugePage, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    mapping_ = raw;
    base_ = reinterpret_cast<char*>(round_up(reinterpret_cast<std::uintptr_t>(raw), kHugePage));
    touched_ = dirty_ = committed_ = base_;
#ifdef MADV_HUGEPAGE
    // Small trees (most files) stay on 4 KiB pages; a large one gets huge pages past its first 2 MiB.
    madvise(base_ + kHugePage, k_region - kHugePage, MADV_HUGEPAGE);
#endif
  }
  open_segment(base_);
}

void Arena::commit(const char* up_to) {
  if (up_to <= committed_) return;
  // In steps that grow with the arena (few system calls for a large tree), whole huge pages past
  // the first one.
  const auto used = static_cast<std::size_t>(committed_ - base_);
  std::size_t want = std::max({static_cast<std::size_t>(up_to - base_), used + used / 2, std::size_t{64} << 10});
  want = round_up(want, want > kHugePage ? kHugePage : std::size_t{64} << 10);
  want = std::min(want, k_region);
  if (mprotect(committed_, want - used, PROT_READ | PROT_WRITE) != 0) throw std::bad_alloc();
  committed_ = base_ + want;
}

void Arena::rewind(std::size_t keep_at_most) {
  if (!base_) return;
  const std::size_t keep = std::min(round_up(keep_at_most, k_segment), reserved());
  const std::size_t release_from = round_up(keep, kPage);
  if (dirty_ > base_ + release_from) madvise(base_ + release_from, static_cast<std::size_t>(dirty_ - base_) - release_from, MADV_DONTNEED);
  if (committed_ > base_ + release_from) {
    mprotect(base_ + release_from, static_cast<std::size_t>(committed_ - base_) - release_from, PROT_NONE);
    committed_ = base_ + release_from;
  }
  touched_ = base_ + keep;
  dirty_ = std::min(dirty_, base_ + release_from);
  next_ = end_ = nullptr;
  if (keep > 0) open_segment(base_);
}

void Arena::set_owner(const void* owner) {
  if (owner == owner_) return;
  owner_ = owner;
  if (!next_) return;  // the next segment gets it
  char* segment = end_ - k_segment;
  if (next_ == segment + k_header)
    *reinterpret_cast<const void**>(segment) = owner;  // nothing allocated in it yet
  else
    next_ = end_;  // closed: the next allocation opens a new segment
}

void Arena::open_segment(char* segment) {
  commit(segment + k_segment);
  *reinterpret_cast<const void**>(segment) = owner_;
  next_ = segment + k_header;
  end_ = segment + k_segment;
  touched_ = std::max(touched_, end_);
  dirty_ = std::max(dirty_, touched_);
}

void* Arena::do_allocate(std::size_t bytes, std::size_t alignment) {
  const auto align = [alignment](const char* p) {
    return reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(p) + alignment - 1) & ~(static_cast<std::uintptr_t>(alignment) - 1));
  };
  if (!base_) acquire_region();
  if (!next_) open_segment(base_);  // after a rewind that kept nothing
  char* at = align(next_);
  if (at + bytes <= end_) {  // fits in the current segment (a call through allocate())
    next_ = at + bytes;
    return at;
  }
  char* const region_end = base_ + k_region;
  if (bytes + alignment + k_header <= k_segment) {
    // Small: the next segment.
    if (end_ + k_segment > region_end) throw std::bad_alloc();
    open_segment(end_);
    at = align(next_);
    next_ = at + bytes;
    return at;
  }
  // Larger than a segment: it takes the segments it covers; later allocations start in the
  // segment after its end, as its data overwrites the headers in between.
  if (bytes > static_cast<std::size_t>(region_end - at)) throw std::bad_alloc();
  char* after = reinterpret_cast<char*>(round_up(reinterpret_cast<std::uintptr_t>(at + bytes), k_segment));
  commit(std::min(after, region_end));
  touched_ = std::max(touched_, std::min(after, region_end));
  dirty_ = std::max(dirty_, touched_);
  if (after + k_segment <= region_end) {
    open_segment(after);
  } else {
    next_ = end_ = region_end;
  }
  return at;
}

}  // namespace hclschema::detail
