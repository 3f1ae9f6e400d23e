// Arena chunks: small ones from aligned_alloc, large ones from mmap with huge-page advice; both cut
// into owner-stamped segments (see arena.hpp).
#include "util/arena.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <utility>

namespace hclschema::detail {

namespace {

constexpr std::size_t kMinChunk = 16 * 1024;
constexpr std::size_t kMaxChunk = 64 * 1024 * 1024;
constexpr std::size_t kHugePage = 2 * 1024 * 1024;
static_assert(kMinChunk % Arena::k_segment == 0 && kHugePage % Arena::k_segment == 0, "chunks are whole segments");

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

// Large chunks of arenas that are gone, kept for the next arena: a program that parses file
// after file (a validator, the language server) then reuses pages that are already faulted in
// instead of having the kernel map and zero fresh ones every time.
class ChunkCache {
 public:
  static ChunkCache& instance() {
    static ChunkCache cache;
    return cache;
  }
  // A cached chunk of at least `size` bytes (the smallest such), or nullptr.
  void* take(std::size_t size, std::size_t* got) {
    std::lock_guard lock(mutex_);
    std::size_t best = chunks_.size();
    for (std::size_t i = 0; i < chunks_.size(); ++i)
      if (chunks_[i].second >= size && (best == chunks_.size() || chunks_[i].second < chunks_[best].second)) best = i;
    if (best == chunks_.size()) return nullptr;
    auto chunk = chunks_[best];
    chunks_.erase(chunks_.begin() + static_cast<std::ptrdiff_t>(best));
    held_ -= chunk.second;
    *got = chunk.second;
    return chunk.first;
  }
  // Keeps the chunk if there is room, else unmaps it.
  void give(void* base, std::size_t size) {
    {
      std::lock_guard lock(mutex_);
      if (held_ + size <= kMaxHeld) {
        chunks_.emplace_back(base, size);
        held_ += size;
        return;
      }
    }
    munmap(base, size);
  }

 private:
  static constexpr std::size_t kMaxHeld = 256 * 1024 * 1024;
  std::mutex mutex_;
  std::vector<std::pair<void*, std::size_t>> chunks_;
  std::size_t held_ = 0;
};

}  // namespace

Arena::Arena(std::size_t size_hint) : next_chunk_size_(std::clamp(size_hint, kMinChunk, kMaxChunk)) {}

Arena::~Arena() {
  for (const auto& c : chunks_) release(c);
}

void Arena::release(const Chunk& chunk) {
  if (chunk.mapped)
    ChunkCache::instance().give(chunk.base, chunk.size);
  else
    std::free(chunk.base);
}

void Arena::rewind(std::size_t keep_at_most) {
  if (chunks_.empty()) return;
  const std::size_t keep = chunks_[0].size <= keep_at_most ? 1 : 0;
  for (std::size_t i = keep; i < chunks_.size(); ++i) release(chunks_[i]);
  chunks_.resize(keep);
  if (keep == 0) {
    reserved_ = 0;
    next_ = end_ = chunk_end_ = nullptr;
    next_chunk_size_ = kMinChunk;
    return;
  }
  reserved_ = chunks_[0].size;
  chunk_end_ = static_cast<char*>(chunks_[0].base) + chunks_[0].size;
  open_segment(static_cast<char*>(chunks_[0].base));
  // Later chunks grow from the first one's size again, as they did the first time.
  next_chunk_size_ = std::min(chunks_[0].size * 2, kMaxChunk);
}

void Arena::set_owner(const void* owner) {
  if (owner == owner_) return;
  owner_ = owner;
  if (!next_) return;  // the next chunk's segments get it
  char* segment = end_ - k_segment;
  if (next_ == segment + k_header)
    *reinterpret_cast<const void**>(segment) = owner;  // nothing allocated in it yet
  else
    next_ = end_;  // closed: the next allocation opens a new segment
}

void Arena::open_segment(char* segment) {
  *reinterpret_cast<const void**>(segment) = owner_;
  next_ = segment + k_header;
  end_ = segment + k_segment;
}

void Arena::grow(std::size_t at_least) {
  std::size_t size = round_up(std::max(next_chunk_size_, at_least + k_header), k_segment);
  Chunk chunk{nullptr, size, false};
  if (size >= kHugePage) {
    // Map a 2 MiB-aligned region so the kernel can back it with huge pages.
    size = round_up(size, kHugePage);
    std::size_t cached_size = 0;
    if (void* cached = ChunkCache::instance().take(size, &cached_size)) {
      chunk = Chunk{cached, cached_size, true};
      chunks_.push_back(chunk);
      reserved_ += chunk.size;
      chunk_end_ = static_cast<char*>(chunk.base) + chunk.size;
      open_segment(static_cast<char*>(chunk.base));
      next_chunk_size_ = std::min(next_chunk_size_ * 2, kMaxChunk);
      return;
    }
    std::size_t span = size + kHugePage;
    void* raw = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    auto start = reinterpret_cast<std::uintptr_t>(raw);
    std::uintptr_t aligned = round_up(start, kHugePage);
    if (aligned > start) munmap(raw, aligned - start);
    std::uintptr_t tail = aligned + size;
    if (start + span > tail) munmap(reinterpret_cast<void*>(tail), start + span - tail);
    chunk = Chunk{reinterpret_cast<void*>(aligned), size, true};
#ifdef MADV_HUGEPAGE
    madvise(chunk.base, size, MADV_HUGEPAGE);
#endif
  } else {
    chunk.size = size;
    chunk.base = std::aligned_alloc(k_segment, size);
    if (!chunk.base) throw std::bad_alloc();
  }
  chunks_.push_back(chunk);
  reserved_ += chunk.size;
  chunk_end_ = static_cast<char*>(chunk.base) + chunk.size;
  open_segment(static_cast<char*>(chunk.base));
  next_chunk_size_ = std::min(next_chunk_size_ * 2, kMaxChunk);
}

void* Arena::do_allocate(std::size_t bytes, std::size_t alignment) {
  const auto align = [alignment](const char* p) {
    return reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(p) + alignment - 1) & ~(static_cast<std::uintptr_t>(alignment) - 1));
  };
  for (;;) {
    if (next_) {
      char* at = align(next_);
      if (at + bytes <= end_) {  // fits in the current segment (a call through allocate())
        next_ = at + bytes;
        return at;
      }
      if (bytes + alignment + k_header <= k_segment) {
        // Small: the next segment of the chunk, if there is one.
        if (end_ < chunk_end_) {
          open_segment(end_);
          at = align(next_);
          next_ = at + bytes;
          return at;
        }
      } else if (at + bytes <= chunk_end_) {
        // Larger than a segment: it takes the segments it covers; later allocations start in the
        // segment after its end, as its data overwrote the headers in between.
        char* after = reinterpret_cast<char*>(round_up(reinterpret_cast<std::uintptr_t>(at + bytes), k_segment));
        if (after < chunk_end_)
          open_segment(after);
        else
          next_ = end_ = chunk_end_;
        return at;
      }
    }
    grow(bytes + alignment);
  }
}

}  // namespace hclschema::detail
