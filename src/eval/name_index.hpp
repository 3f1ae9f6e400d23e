// The lookup index of an EvalContext table's names (NameTable, include/hclschema/eval/name_table.hpp):
// a hash table for finding a name, and the names in the table's order, each with the set of
// identifier characters it uses, for did-you-mean suggestions.
//
// Every variable reference and function call finds its name here, and every unknown name offers
// the whole table to a NameSuggester. As a std::map, a find is a descent of five or six nodes, and
// offering a table walks its nodes one pointer at a time with a comparison-rich filter per name.
// Here a find is a hash, a slot and one comparison; and most names of a table are ruled out by one
// AND of two 64-bit character sets before the suggester sees them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <bit>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include "hclschema/eval/name_table.hpp"
#include "util/did_you_mean.hpp"
#include "util/swar.hpp"
#include "value/same_text.hpp"

namespace hclschema::detail {

/// Bit i set for the identifier characters a name uses, one bit each for a-z, A-Z, 0-9, '_' and
/// '-' (64 in all: kIdentifierCharacterMasks, util/did_you_mean.hpp); `plain` is false when the
/// name has any other byte, which the set cannot show.
struct NameCharacters {
  uint64_t set = 0;
  bool plain = true;
};
NameCharacters name_characters(std::string_view name);

class NameIndex {
 public:
  explicit NameIndex(std::span<const NameIndexSource> names);

  /// Where the value of `name` is; null when the table has no such name.
  /// A name of up to eight bytes is all in its head word (head_word), so a slot holding the same
  /// head and size holds the name: most lookups read one slot and compare two words. An empty
  /// slot holds a zero head, size and value: the empty name matches it, and its null value is
  /// the right answer, since the name would sit there or before it (linear probing, no deletion).
  [[nodiscard, gnu::always_inline]] const void* find(std::string_view name) const {
    const size_t n = name.size();
    const char* p = name.data();
    const uint64_t head = head_word(p, n);
    for (size_t i = first_slot(head, p, n);; i = (i + 1) & slot_mask_) {
      const Slot& s = slots_[i];
      if (s.head == head && s.size == n) {
        if (n <= 8 || same_text(entries_[s.entry].name, name)) return s.value;
      } else if (s.value == nullptr) {
        return nullptr;
      }
    }
  }

  /// Offers the names, in the table's order, to `suggester` as a walk over the table would, until
  /// one is close enough: true then. `given_characters` is name_characters() of the unknown name
  /// (its set is all that is read: the suggester's identifier_set() will do).
  /// A plain name using three or more characters that the unknown name lacks is three edits
  /// away at least (each of them must be inserted or substituted), so it is not offered: the
  /// suggester would refuse it, and that is most names of a table.
  bool offer_names(NameSuggester& suggester, const NameCharacters& given_characters) const {
    if (suggester.found()) return true;
    const uint64_t given = given_characters.set;
    const uint64_t* sets = filter_sets_.data();
    for (size_t k = 0, n = filter_sets_.size(); k < n; ++k) {
      uint64_t absent = sets[k] & ~given;
      absent &= absent - 1;  // drops one absent character
      absent &= absent - 1;  // and a second: any left is a third
      if (absent != 0) continue;
      if (suggester.offer_next(entries_[k].name)) return true;
    }
    return false;
  }

  [[nodiscard]] size_t size() const { return entries_.size(); }
  /// A number no other index of this process has had or will have (not the address, which a
  /// later index may reuse): what a memo of answers about this index's names is keyed by
  /// (remembered_suggestions.hpp). A table whose names change gets a new index, so a new serial.
  [[nodiscard]] uint64_t serial() const { return serial_; }

  /// A hash of a name (the memo of suggestions keys by it): the length and the first, middle and last bytes of the name, a word
  /// at a time (names of a table differ early or late, rarely only in the middle). Inline: a
  /// call cost a third of it.
  static uint64_t hash(std::string_view name) {
    const size_t n = name.size();
    const char* p = name.data();
    uint64_t first = 0, middle = 0, last = 0;
    if (n >= 8) {
      first = swar::load(p);
      last = swar::load(p + n - 8);
      if (n > 16) middle = swar::load(p + n / 2 - 4);
    } else if (n > 0) {
      first = swar::short_text_word(p, n);  // every byte, in fixed loads (a memcpy of n bytes is a call)
    }
    const uint64_t h = (first * 0x9E3779B97F4A7C15ULL) ^ (middle * 0xC2B2AE3D27D4EB4FULL) ^ (last * 0x165667B19E3779F9ULL) ^ n;
    return h ^ (h >> 29) ^ (h >> 47);
  }

  /// Every byte of a name of up to eight bytes, in order from the lowest lane, the lanes past its
  /// end zero (two names of the same size have the same head only if they are the same); the
  /// first eight bytes of a longer one. In fixed loads: a memcpy of `n` bytes is a call.
  [[gnu::always_inline]] static uint64_t head_word(const char* p, size_t n) {
    if (n >= 8) return swar::load(p);
    if (n >= 4) return uint64_t{load_le32(p)} | uint64_t{load_le32(p + n - 4)} << (8 * (n - 4));  // (overlapping: equal bytes)
    if (n == 0) return 0;
    return uint64_t{static_cast<unsigned char>(p[0])} | uint64_t{static_cast<unsigned char>(p[n / 2])} << (8 * (n / 2)) |
           uint64_t{static_cast<unsigned char>(p[n - 1])} << (8 * (n - 1));
  }

 private:
  struct Entry {
    std::string_view name;
    const void* value;
  };
  // A slot of the hash table: a name's head word and size, which tell most names apart (all of
  // up to eight bytes), its value, and its entry (for the rest of a longer name). 32 bytes, so
  // that a slot's address is a shift; all zero when empty.
  struct Slot {
    uint64_t head = 0;
    uint64_t size = 0;
    const void* value = nullptr;
    uint64_t entry = 0;
  };
  static uint32_t load_le32(const char* p) {
    uint32_t x;
    std::memcpy(&x, p, 4);
    if constexpr (std::endian::native == std::endian::big) x = __builtin_bswap32(x);
    return x;
  }
  /// Where a name's probe starts: its head (for a longer name, with its last and middle words)
  /// and size mixed by a multiplication, whose top bits are the slot.
  [[nodiscard, gnu::always_inline]] size_t first_slot(uint64_t head, const char* p, size_t n) const {
    uint64_t h = head ^ n;
    if (n > 8) [[unlikely]] {
      h ^= swar::load(p + n - 8) * 0x165667B19E3779F9ULL;
      if (n > 16) h ^= swar::load(p + n / 2 - 4) * 0xC2B2AE3D27D4EB4FULL;
    }
    return static_cast<size_t>((h * 0x9E3779B97F4A7C15ULL) >> slot_shift_);
  }

  std::vector<Entry> entries_;
  // offer_names()'s filter, apart from the entries so that its loop reads 8 bytes a name (most
  // names go no further): entry k's NameCharacters::set when it is plain, else 0, which the
  // filter always lets through, as it must a name whose set cannot show all its characters.
  std::vector<uint64_t> filter_sets_;
  // Open addressing with linear probing, at most a quarter full.
  std::vector<Slot> slots_;
  size_t slot_mask_ = 0;
  unsigned slot_shift_ = 64;  // 64 - log2(slots)
  uint64_t serial_;
};

/// The value of `name` in `table`: through its index when it has one, else the map's own find
/// with `map_key` (the caller's cheaper key type, table_key.hpp in the evaluator). Always inline:
/// a call per function call cost a quarter of the lookup.
template <class V, class MapKey>
[[gnu::always_inline]] inline const V* find_in_table(const NameTable<V>& table, std::string_view name, const MapKey& map_key) {
  if (const NameIndex* index = table.name_index()) return static_cast<const V*>(index->find(name));
  auto it = table.find(map_key);
  return it == table.end() ? nullptr : &it->second;
}

/// Offers the names of `table` to `suggester` (NameIndex::offer_names), through its index when it
/// has one, else walking the map. True once a name is close enough. Out of line: the unknown-name
/// paths are rare next to the calls and traversals they sit in, which need not carry the loop.
template <class V>
[[gnu::noinline]] bool offer_table_names(NameSuggester& suggester, const NameTable<V>& table, const NameCharacters& given_characters) {
  if (suggester.found()) return true;
  if (const NameIndex* index = table.name_index()) return index->offer_names(suggester, given_characters);
  for (const auto& entry : table)
    if (suggester.offer_next(entry.first)) return true;
  return false;
}

}  // namespace hclschema::detail
