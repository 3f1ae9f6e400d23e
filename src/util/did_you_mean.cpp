// Edit-distance suggestions; HCL suggests a name when fewer than three edits separate it.
//
// Suggestions are made for every unknown variable and function, so this runs on error paths that
// can be hot (a configuration evaluated without its variables): no allocation for names of usual
// length, ASCII compared byte by byte, and candidates whose length alone rules them out skipped.
#include "util/did_you_mean.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <utility>
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

// The number of characters of UTF-8 text as code_points() cuts it (a lead byte takes its
// continuation bytes whatever they are; any other byte is a character of its own): the unit
// edit_distance() counts in, so that the length filters bound that distance on any bytes. (A
// count of the bytes that are not continuation bytes agrees only on valid UTF-8: "\xC3\xC3" is
// one character there, two by that count.) Only non-ASCII names come here.
size_t character_count(std::string_view s) {
  size_t count = 0;
  for (size_t i = 0; i < s.size(); ++count) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    if (i + n > s.size()) n = 1;
    i += n;
  }
  return count;
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

// Whether two ASCII strings of the same length are equal; names are short, and memcmp through
// the PLT costs more than the loop.
bool same_text(const char* x, const char* y, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (x[i] != y[i]) return false;
  return true;
}

// within_two_edits() for ASCII `a` and `b`: what NameSuggester calls when it has seen both are
// ASCII already. No table: once a common prefix and suffix are dropped (that changes no distance:
// an optimal alignment may match them character for character), the first characters differ and
// so do the last ones, so the first and the last column of any alignment are edits. Two edits at
// most means those two are the only ones (or one column is the whole alignment, one character
// each) and everything between them matches: the few ways of placing them that fit the difference
// in length, each checked with one comparison.
bool ascii_within_two_edits(std::string_view a, std::string_view b) {
  while (!a.empty() && !b.empty() && a.front() == b.front()) {
    a.remove_prefix(1);
    b.remove_prefix(1);
  }
  while (!a.empty() && !b.empty() && a.back() == b.back()) {
    a.remove_suffix(1);
    b.remove_suffix(1);
  }
  if (a.size() > b.size()) std::swap(a, b);  // the distance is symmetric
  const size_t m = a.size(), n = b.size();
  if (n - m >= 3) return false;  // the distance is at least the difference in length
  if (m == 0) return true;       // then it is the difference in length
  const char* x = a.data();
  const char* y = b.data();
  switch (n - m) {
    case 0:
      return m == 1 ||                              // one substitution
             same_text(x + 1, y + 1, m - 2) ||      // substitutions at both ends
             same_text(x + 1, y, m - 1) ||          // a deletion first, an insertion last
             same_text(x, y + 1, m - 1);            // an insertion first, a deletion last
    case 1:
      return same_text(x, y + 1, m - 1) ||          // an insertion first, a substitution last
             same_text(x + 1, y + 1, m - 1);        // a substitution first, an insertion last
    default: return same_text(x, y + 1, m);         // insertions at both ends
  }
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

bool within_two_edits(std::string_view a, std::string_view b) {
  if (!is_ascii(a) || !is_ascii(b)) return edit_distance(a, b) < 3;
  return ascii_within_two_edits(a, b);
}

NameSuggester::NameSuggester(std::string_view given) : given_(given), given_length_(0) {
  // A short name fills the table and learns whether it is ASCII in one pass over its bytes (one
  // is made for every unknown name); the table is read only when it is.
  bool ascii;
  if (given.size() < 256) {
    std::memset(absent_.data(), 1, 128);
    std::memset(absent_.data() + 128, kNonAscii, 128);
    unsigned char any = 0;
    uint64_t set = 0;
    for (char c : given) {
      const auto b = static_cast<unsigned char>(c);
      any |= b;
      absent_[b] = 0;
      set |= kIdentifierCharacterMasks[b];
    }
    identifier_set_ = set;
    ascii = any < 0x80;
    ascii_given_ = ascii;
  } else {
    ascii = is_ascii(given);
    for (char c : given) identifier_set_ |= kIdentifierCharacterMasks[static_cast<unsigned char>(c)];
  }
  given_length_ = ascii ? given.size() : character_count(given);  // ASCII: a byte a character
}

bool NameSuggester::offer_rest(std::string_view candidate, bool ascii) {
  // The distance is at least the difference in length (in characters). A candidate has at most
  // as many characters as bytes, so one that is three bytes shorter is out without counting
  // (offer() has seen to that); only one that is three bytes longer needs its characters counted
  // (it is out unless it is non-ASCII and has fewer). In between the filter is left to the ones
  // below, which are exact or bounds of their own: names are short, and counting every candidate
  // was the largest cost here.
  const size_t bytes = candidate.size();
  if (ascii) {
    // ASCII on both sides: characters are bytes, and the absent characters are counted already.
    // Straight to the two-edit check, which costs about what a bag-distance filter did.
    if (bytes >= given_length_ + 3) return false;
    if (!ascii_within_two_edits(given_, candidate)) return false;
    found_ = true;
    suggestion_ = std::string(candidate);
    return true;
  }
  // (Counting a long candidate's characters waits until the absent-character filter below, which
  // rules out most candidates within a few bytes, has had its say.)
  const bool count_code_points = bytes >= given_length_ + 3;
  if (count_code_points && !ascii_given_ && character_count(candidate) >= given_length_ + 3) return false;
  if (ascii_given_) {
    // The characters of the candidate that `given` lacks altogether, as offer() counts them but
    // over the whole candidate: each costs an edit at least (a substitution or insertion). `given`
    // is ASCII, so a character of the candidate at or above U+0080 is one it lacks. Characters
    // are cut as code_points() cuts them (a lead byte takes its continuation bytes whatever they
    // are; a stray byte is a character of its own); one whose lead byte could start an overlong
    // form (C0, C1, E0, F0: possibly below U+0080 as decoded) is not counted, which keeps the
    // bound a bound.
    size_t absent = 0;
    for (size_t i = 0; i < bytes;) {
      const auto b = static_cast<unsigned char>(candidate[i]);
      if (b < 0x80) {
        absent += absent_[b];
        ++i;
      } else {
        size_t n = (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 1;
        if (i + n > bytes) n = 1;
        absent += n == 1 || !(b == 0xC0 || b == 0xC1 || b == 0xE0 || b == 0xF0);
        i += n;
      }
      if (absent >= 3) return false;
    }
    if (count_code_points && character_count(candidate) >= given_length_ + 3) return false;
  }
  if (!within_two_edits(given_, candidate)) return false;
  found_ = true;
  suggestion_ = std::string(candidate);
  return true;
}

std::string name_suggestion(std::string_view given, const std::vector<std::string>& candidates) {
  NameSuggester s(given);
  for (const auto& candidate : candidates)
    if (s.offer_next(candidate)) break;
  return s.suggestion();
}

}  // namespace hclschema::detail
