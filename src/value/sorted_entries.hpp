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
  std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
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
