// Edit-distance suggestions; HCL suggests a name when fewer than three edits separate it.
#include "util/did_you_mean.hpp"

#include <algorithm>
#include <numeric>

namespace hclschema::detail {

namespace {

// Splits UTF-8 text into code points (an invalid byte stands for itself), since distances count characters.
std::vector<char32_t> code_points(std::string_view s) {
  std::vector<char32_t> out;
  for (size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    if (i + n > s.size()) n = 1;
    char32_t cp = n == 1 ? c : c & (0x7F >> n);
    for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += n;
  }
  return out;
}

}  // namespace

size_t edit_distance(std::string_view a_text, std::string_view b_text) {
  const auto a = code_points(a_text);
  const auto b = code_points(b_text);
  std::vector<size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), size_t{0});
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + cost});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string name_suggestion(std::string_view given, const std::vector<std::string>& candidates) {
  for (const auto& candidate : candidates)
    if (edit_distance(given, candidate) < 3) return candidate;
  return {};
}

}  // namespace hclschema::detail
