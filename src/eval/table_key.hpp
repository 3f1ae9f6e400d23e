// A name looked up in an EvalContext's tables (std::map<std::string, ..., std::less<>>) with a
// cheaper comparison than std::string's.
//
// Every variable reference and function call looks its name up in a table of a few to a few
// dozen names; with a std::string_view key each step of the tree's descent calls memcmp through
// the PLT, which cost more than the descent itself (5% of evaluating the bench corpus). Names are
// short and most steps are decided by their first byte or two, so the bytes are compared inline.
// The order is std::string's (bytes as unsigned char, then the shorter first), so the map finds
// the same entry.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace hclschema::eval_detail {

struct TableKey {
  std::string_view name;
};

namespace table_key_detail {

// `n` (8 or 4) bytes at `p` as a big-endian number, so that numbers compare as the bytes do (as
// unsigned char, the first that differs deciding).
inline uint64_t load_be(const char* p, size_t n) {
  uint64_t v = 0;
  if (n == 8) {
    std::memcpy(&v, p, 8);
    if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap64(v);
    return v;
  }
  uint32_t w = 0;
  std::memcpy(&w, p, 4);
  if constexpr (std::endian::native == std::endian::little) w = __builtin_bswap32(w);
  return w;
}

inline int compare_words(uint64_t x, uint64_t y) { return x < y ? -1 : x > y ? 1 : 0; }

}  // namespace table_key_detail

/// <0, 0 or >0 as std::string_view::compare. The first byte alone first (it decides most steps of
/// a descent); then the bytes both names have are compared a word at a time: 8 bytes, and the
/// last (up to) 8 as one word overlapping the one before, whose bytes are then known equal, so
/// the first differing byte still decides; 4 to 7 bytes as two overlapping
/// 4-byte words; 1 to 3 as one number of the first, middle and last byte. A function name is
/// found in a few such steps where a byte loop took a dozen iterations, each of a compare and a
/// branch (the loop was 7% of evaluating the bench corpus). Always inline: a call per step cost
/// more than the words saved.
[[gnu::always_inline]] inline int compare_table_names(std::string_view a, std::string_view b) {
  using table_key_detail::compare_words;
  using table_key_detail::load_be;
  const size_t n = a.size() < b.size() ? a.size() : b.size();
  const char* p = a.data();
  const char* q = b.data();
  // Most steps of a descent are decided by the first byte: that one alone first.
  if (n > 0 && p[0] != q[0]) return static_cast<unsigned char>(p[0]) < static_cast<unsigned char>(q[0]) ? -1 : 1;
  int c = 0;
  if (n >= 8) {
    size_t i = 0;
    for (; i + 8 < n; i += 8) {
      const uint64_t x = load_be(p + i, 8), y = load_be(q + i, 8);
      if (x != y) return compare_words(x, y);
    }
    c = compare_words(load_be(p + n - 8, 8), load_be(q + n - 8, 8));
  } else if (n >= 4) {
    const uint64_t x = load_be(p, 4), y = load_be(q, 4);
    c = x != y ? compare_words(x, y) : compare_words(load_be(p + n - 4, 4), load_be(q + n - 4, 4));
  } else if (n > 0) {
    const auto three = [n](const char* s) {
      return (uint32_t{static_cast<unsigned char>(s[0])} << 16) | (uint32_t{static_cast<unsigned char>(s[n / 2])} << 8) |
             uint32_t{static_cast<unsigned char>(s[n - 1])};
    };
    c = compare_words(three(p), three(q));
  }
  if (c != 0) return c;
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

// Found by std::less<> through argument-dependent lookup.
inline bool operator<(const std::string& a, TableKey b) { return compare_table_names(a, b.name) < 0; }
inline bool operator<(TableKey a, const std::string& b) { return compare_table_names(a.name, b) < 0; }

}  // namespace hclschema::eval_detail
