// Eight-bytes-at-a-time byte tests (the JSON scanner and string decoder, the native lexer's string
// literals): one byte per lane of a 64-bit word, so a run of uninteresting bytes (indentation,
// string text) is skipped a word at a time. Every test is exact in every lane, because no lane's arithmetic carries into the
// next (each adds to 7-bit values at most 0x7F), and each returns 0x80 in the lanes that match.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace hclschema::detail::swar {

inline constexpr uint64_t k_ones = 0x0101010101010101ULL;
inline constexpr uint64_t k_high = 0x8080808080808080ULL;
inline constexpr uint64_t k_low7 = 0x7F7F7F7F7F7F7F7FULL;

/// Lanes holding a byte other than `c`.
inline uint64_t not_equal(uint64_t x, unsigned char c) {
  const uint64_t t = x ^ (k_ones * c);
  return (((t & k_low7) + k_low7) | t) & k_high;
}
/// Lanes holding `c`.
inline uint64_t equal(uint64_t x, unsigned char c) { return ~not_equal(x, c) & k_high; }
/// Lanes holding a byte below 0x20 (a control byte).
inline uint64_t below_space(uint64_t x) { return ~((x & k_low7) + k_ones * 0x60) & ~x & k_high; }
/// Lanes holding a byte of 0x80 or above.
inline uint64_t non_ascii(uint64_t x) { return x & k_high; }
/// Lanes that end a run of plain string text: a quote, a backslash, a control byte or a
/// non-ASCII byte.
inline uint64_t string_stops(uint64_t x) { return equal(x, '"') | equal(x, '\\') | below_space(x) | non_ascii(x); }

/// The eight bytes at `p`, the first byte in the lowest lane.
inline uint64_t load(const char* p) {
  uint64_t x;
  std::memcpy(&x, p, 8);
  if constexpr (std::endian::native == std::endian::big) x = __builtin_bswap64(x);
  return x;
}
/// Index of the first matching lane of a non-zero mask.
inline unsigned first_lane(uint64_t mask) { return static_cast<unsigned>(std::countr_zero(mask)) >> 3; }

/// Every byte of a text of 1 to 7 bytes in one word, some of them twice, no other byte: from 4
/// bytes on the first four and the last four (overlapping), below that the first, middle and last
/// byte repeated. A lane test that holds for all eight lanes holds for every byte of the text
/// (the lanes are in no particular order: for tests of each byte, not for positions).
inline uint64_t short_text_word(const char* p, size_t n) {
  if (n >= 4) {
    uint32_t first, last;
    std::memcpy(&first, p, 4);
    std::memcpy(&last, p + n - 4, 4);
    return first | (uint64_t{last} << 32);
  }
  const uint64_t three = uint64_t{static_cast<unsigned char>(p[0])} | uint64_t{static_cast<unsigned char>(p[n / 2])} << 8 |
                         uint64_t{static_cast<unsigned char>(p[n - 1])} << 16;
  return three | three << 24 | three << 48;
}

}  // namespace hclschema::detail::swar
