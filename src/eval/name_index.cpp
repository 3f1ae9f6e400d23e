// Building and hashing for NameIndex (name_index.hpp).
#include "eval/name_index.hpp"

#include <algorithm>
#include <bit>

namespace hclschema::detail {

namespace {

// The bit of an identifier character in NameCharacters::set, or -1 for any other byte.
constexpr int character_bit(unsigned char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c >= 'A' && c <= 'Z') return 26 + (c - 'A');
  if (c >= '0' && c <= '9') return 52 + (c - '0');
  if (c == '_') return 62;
  if (c == '-') return 63;
  return -1;
}

}  // namespace

NameCharacters name_characters(std::string_view name) {
  NameCharacters c;
  for (const char ch : name) {
    const int bit = character_bit(static_cast<unsigned char>(ch));
    if (bit < 0)
      c.plain = false;
    else
      c.set |= uint64_t{1} << bit;
  }
  return c;
}

NameIndex::NameIndex(std::span<const NameIndexSource> names) {
  entries_.reserve(names.size());
  for (const NameIndexSource& n : names) entries_.push_back({n.name, n.value, name_characters(n.name)});
  // At most half full: a probe rarely goes past its first slot.
  const size_t slots = std::bit_ceil(std::max<size_t>(2 * names.size(), 8));
  slots_.assign(slots, 0);
  slot_mask_ = slots - 1;
  for (size_t k = 0; k < entries_.size(); ++k) {
    size_t i = hash(entries_[k].name) & slot_mask_;
    while (slots_[i] != 0) i = (i + 1) & slot_mask_;
    slots_[i] = static_cast<uint32_t>(k + 1);
  }
}

const NameIndex* make_name_index(std::span<const NameIndexSource> names) { return new NameIndex(names); }
void destroy_name_index(const NameIndex* index) noexcept { delete index; }

}  // namespace hclschema::detail
