// Name-keyed entries in name order, as objects and maps keep them (private to the value layer).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "value/same_text.hpp"

namespace hclschema::detail {

// Sorts (name, T) pairs by name, keeping the last of equal names: entries given in any order, later
// ones overriding earlier ones, as an object constructor or a map assignment does. Entries that
// already arrive strictly in order (the usual case: they come from another object or map) are
// left untouched after one pass.
template <class T>
void sort_by_name_last_wins(std::vector<std::pair<std::string, T>>& entries) {
  auto not_before = [](const auto& a, const auto& b) { return !(a.first < b.first); };
  if (std::adjacent_find(entries.begin(), entries.end(), not_before) == entries.end()) return;
  if (entries.size() <= 32) {
    // Object constructors write a handful of attributes: an insertion sort (stable, no buffer)
    // costs less than std::stable_sort's temporary buffer and merge passes at that size.
    for (size_t i = 1; i < entries.size(); ++i) {
      if (!(entries[i].first < entries[i - 1].first)) continue;
      auto moving = std::move(entries[i]);
      size_t j = i;
      for (; j > 0 && moving.first < entries[j - 1].first; --j) entries[j] = std::move(entries[j - 1]);
      entries[j] = std::move(moving);
    }
  } else {
    std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  size_t kept = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (kept > 0 && entries[kept - 1].first == entries[i].first)
      entries[kept - 1].second = std::move(entries[i].second);
    else if (kept != i)
      entries[kept++] = std::move(entries[i]);
    else
      ++kept;
  }
  entries.resize(kept);
}

// The most entries name_order() takes.
inline constexpr size_t k_name_order_max = 32;

// The order sort_by_name_last_wins() would leave `entries` in, as indices into them, without moving
// any: `order` receives the index of each name's last entry, by name, and the count is returned.
// For at most k_name_order_max entries (an insertion sort of byte indices); a caller that takes the
// entries out in this order saves moving each (a name and a value) through the sort. `entries` is
// any random-access sequence of pairs whose names are std::string or std::string_view.
template <class Entries>
size_t name_order(const Entries& entries, uint8_t* order) {
  const size_t n = entries.size();
  // Whether a comparison found two names equal: without one there is nothing to drop. Every pair
  // left adjacent by the sort was compared (the entry inserted between two was found after the one
  // and before the other), so an equal pair cannot go unseen.
  bool equal_names = false;
  for (size_t i = 0; i < n; ++i) {
    const std::string_view x = entries[i].first;
    size_t j = i;
    for (; j > 0; --j) {
      const std::string_view y = entries[order[j - 1]].first;
      // Names mostly differ in their first byte: that decides without comparing the rest.
      // (std::string orders bytes as unsigned char, as this does.)
      if (!x.empty() && !y.empty() && x[0] != y[0]) {
        if (static_cast<unsigned char>(x[0]) > static_cast<unsigned char>(y[0])) break;
      } else {
        const int c = compare_text(x, y);
        if (c >= 0) {
          equal_names = equal_names || c == 0;
          break;
        }
      }
      order[j] = order[j - 1];
    }
    order[j] = static_cast<uint8_t>(i);
  }
  if (!equal_names) return n;
  // Equal names are adjacent and in entry order (the sort is stable): keep the last of each run.
  size_t kept = 0;
  for (size_t i = 0; i < n; ++i) {
    if (i + 1 < n && same_text(entries[order[i]].first, entries[order[i + 1]].first)) continue;
    order[kept++] = order[i];
  }
  return kept;
}

}  // namespace hclschema::detail
