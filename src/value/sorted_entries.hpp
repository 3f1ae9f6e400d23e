// Name-keyed entries in name order, as objects and maps keep them (private to the value layer).
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

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

}  // namespace hclschema::detail
