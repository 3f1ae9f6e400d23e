// Building and hashing for NameIndex (name_index.hpp).
#include "eval/name_index.hpp"

#include <algorithm>
#include <atomic>
#include <bit>

namespace hclschema::detail {

NameCharacters name_characters(std::string_view name) {
  // A byte outside the set is noted without a branch, and the name's plainness read once at the
  // end. (The set is exact whether or not the name is plain.)
  NameCharacters c;
  bool other = false;
  for (const char ch : name) {
    const uint64_t mask = kIdentifierCharacterMasks[static_cast<unsigned char>(ch)];
    other |= mask == 0;
    c.set |= mask;
  }
  c.plain = !other;
  return c;
}

namespace {
// The serials of indexes, from 1. 64 bits: it cannot wrap round in any process's life.
std::atomic<uint64_t> g_next_serial{1};
}  // namespace

NameIndex::NameIndex(std::span<const NameIndexSource> names) : serial_(g_next_serial.fetch_add(1, std::memory_order_relaxed)) {
  entries_.reserve(names.size());
  filter_sets_.reserve(names.size());
  for (const NameIndexSource& n : names) {
    entries_.push_back({n.name, n.value});
    const NameCharacters c = name_characters(n.name);
    filter_sets_.push_back(c.plain ? c.set : 0);
  }
  // At most a quarter full: a probe rarely goes past its first slot, and a name not there (an
  // unknown variable, a root bound further out) meets an empty slot soon. (At most half full, a
  // lookup took 1.2 probes, a miss 2.4, on the corpus.)
  const size_t slots = std::bit_ceil(std::max<size_t>(4 * names.size(), 8));
  slots_.assign(slots, Slot{});
  slot_mask_ = slots - 1;
  slot_shift_ = 64 - static_cast<unsigned>(std::countr_zero(slots));
  for (size_t k = 0; k < entries_.size(); ++k) {
    const std::string_view name = entries_[k].name;
    const uint64_t head = head_word(name.data(), name.size());
    size_t i = first_slot(head, name.data(), name.size());
    while (slots_[i].value != nullptr) i = (i + 1) & slot_mask_;
    slots_[i] = Slot{head, name.size(), entries_[k].value, k};
  }
}

const NameIndex* make_name_index(std::span<const NameIndexSource> names) { return new NameIndex(names); }
void destroy_name_index(const NameIndex* index) noexcept { delete index; }

}  // namespace hclschema::detail
