// Edit-distance suggestions; HCL suggests a name when fewer than three edits separate it.
//
// Suggestions are made for every unknown variable and function, so this runs on error paths that
// can be hot (a configuration evaluated without its variables): no allocation for names of usual
// length, ASCII compared byte by byte, and candidates whose length alone rules them out skipped.
#include "util/did_you_mean.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace hclschema::detail {

namespace {

bool is_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// Appends the code points of UTF-8 text (an invalid byte stands for itself): distances count characters.
template <class Out>
void code_points(std::string_view s, Out& out) {
  for (size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    if (i + n > s.size()) n = 1;
    char32_t cp = n == 1 ? c : c & (0x7F >> n);
    for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += n;
  }
}

size_t code_point_count(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;  // count lead bytes
  return n;
}

// Levenshtein distance with one row of `row_buffer`, over any random-access sequences.
template <class A, class B>
size_t distance(const A& a, size_t a_len, const B& b, size_t b_len, size_t* row) {
  for (size_t j = 0; j <= b_len; ++j) row[j] = j;
  for (size_t i = 1; i <= a_len; ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b_len; ++j) {
      const size_t above = row[j];
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + cost});
      diagonal = above;
    }
  }
  return row[b_len];
}

}  // namespace

size_t edit_distance(std::string_view a_text, std::string_view b_text) {
  constexpr size_t kShort = 64;
  if (is_ascii(a_text) && is_ascii(b_text)) {
    if (b_text.size() < kShort) {
      std::array<size_t, kShort> row{};
      return distance(a_text, a_text.size(), b_text, b_text.size(), row.data());
    }
    std::vector<size_t> row(b_text.size() + 1);
    return distance(a_text, a_text.size(), b_text, b_text.size(), row.data());
  }
  std::vector<char32_t> a, b;
  code_points(a_text, a);
  code_points(b_text, b);
  std::vector<size_t> row(b.size() + 1);
  return distance(a, a.size(), b, b.size(), row.data());
}

std::string name_suggestion(std::string_view given, const std::vector<std::string>& candidates) {
  const size_t given_length = code_point_count(given);
  for (const auto& candidate : candidates) {
    // The distance is at least the difference in length.
    const size_t length = code_point_count(candidate);
    if ((length > given_length ? length - given_length : given_length - length) >= 3) continue;
    if (edit_distance(given, candidate) < 3) return candidate;
  }
  return {};
}

}  // namespace hclschema::detail
