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

#include <cstddef>
#include <string>
#include <string_view>

namespace hclschema::eval_detail {

struct TableKey {
  std::string_view name;
};

/// <0, 0 or >0 as std::string_view::compare.
inline int compare_table_names(std::string_view a, std::string_view b) {
  const size_t n = a.size() < b.size() ? a.size() : b.size();
  for (size_t i = 0; i < n; ++i) {
    const auto x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

// Found by std::less<> through argument-dependent lookup.
inline bool operator<(const std::string& a, TableKey b) { return compare_table_names(a, b.name) < 0; }
inline bool operator<(TableKey a, const std::string& b) { return compare_table_names(a.name, b) < 0; }

}  // namespace hclschema::eval_detail
