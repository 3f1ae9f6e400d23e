// JsonObjectEntries: see json_object_entries.hpp.
#include "eval/json_object_entries.hpp"

#include <algorithm>

namespace hclschema::detail {

JsonObjectEntries::JsonObjectEntries(size_t capacity) { entries_.reserve(capacity); }

const ByteSpan* JsonObjectEntries::find(std::string_view key) const {
  if (entries_.size() < k_indexed) {
    for (const Entry& en : entries_)
      if (en.key == key) return &en.name_span;
    return nullptr;
  }
  auto it = index_.find(key);
  return it == index_.end() ? nullptr : &entries_[it->second].name_span;
}

void JsonObjectEntries::add(const std::string& key, Value value, ByteSpan name_span) {
  entries_.push_back(Entry{key, std::move(value), name_span});
  if (entries_.size() == k_indexed) {
    for (size_t i = 0; i < entries_.size(); ++i) index_.emplace(entries_[i].key, i);
  } else if (entries_.size() > k_indexed) {
    index_.emplace(entries_.back().key, entries_.size() - 1);
  }
}

std::vector<std::pair<std::string, Value>> JsonObjectEntries::sorted_attributes() && {
  // The index's views die with the keys' moves below: it is not used again.
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
  std::vector<std::pair<std::string, Value>> attrs;
  attrs.reserve(entries_.size());
  for (Entry& en : entries_) attrs.emplace_back(std::move(en.key), std::move(en.value));
  return attrs;
}

}  // namespace hclschema::detail
