// Equality and order of short texts (names, short string literals) compared inline a word at a
// time (private to the value layer and the evaluator). The texts compared on evaluation's hot paths
// are attribute names and literals of a few to a few dozen bytes: comparing them through
// std::string's operators cost an out-of-line std::string_view::compare and a memcmp call per
// pair, more than the comparison itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "util/swar.hpp"

namespace hclschema::detail {

/// a == b. (Always inline: GCC kept it out of line in the object-type checks, where the call cost
/// more than comparing a short name.)
[[gnu::always_inline]] inline bool same_text(std::string_view a, std::string_view b) {
  const size_t n = a.size();
  if (n != b.size()) return false;
  const char* p = a.data();
  const char* q = b.data();
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8)
      if (swar::load(p + i) != swar::load(q + i)) return false;
    return swar::load(p + n - 8) == swar::load(q + n - 8);  // the last eight, overlapping the words before
  }
  if (n >= 4) {
    uint32_t x0, y0, x1, y1;  // two overlapping halves
    std::memcpy(&x0, p, 4);
    std::memcpy(&y0, q, 4);
    std::memcpy(&x1, p + n - 4, 4);
    std::memcpy(&y1, q + n - 4, 4);
    return ((x0 ^ y0) | (x1 ^ y1)) == 0;
  }
  for (size_t i = 0; i < n; ++i)
    if (p[i] != q[i]) return false;
  return true;
}

/// <0, 0 or >0 as std::string_view::compare (bytes as unsigned char, then the shorter first).
inline int compare_text(std::string_view a, std::string_view b) {
  const size_t n = a.size() < b.size() ? a.size() : b.size();
  const char* p = a.data();
  const char* q = b.data();
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const uint64_t x = swar::load(p + i), y = swar::load(q + i);
    if (x != y) {
      // The first differing byte is the lowest differing lane.
      const unsigned lane = swar::first_lane(x ^ y);
      return static_cast<unsigned char>(p[i + lane]) < static_cast<unsigned char>(q[i + lane]) ? -1 : 1;
    }
  }
  for (; i < n; ++i) {
    const auto x = static_cast<unsigned char>(p[i]), y = static_cast<unsigned char>(q[i]);
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

}  // namespace hclschema::detail
