// "Did you mean ...?" suggestions for misspelled names, as HCL makes them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hclschema::detail {

/// The bit of each byte in a name's identifier-character set (NameCharacters in
/// eval/name_index.hpp): one each for a-z, A-Z, 0-9, '_' and '-', in that order; 0 for any other
/// byte. Here so that NameSuggester can gather the set of the name it is made for in the pass over
/// its bytes it makes anyway.
inline constexpr std::array<uint64_t, 256> kIdentifierCharacterMasks = [] {
  std::array<uint64_t, 256> masks{};
  for (int c = 0; c < 256; ++c) {
    int bit = -1;
    if (c >= 'a' && c <= 'z') bit = c - 'a';
    if (c >= 'A' && c <= 'Z') bit = 26 + (c - 'A');
    if (c >= '0' && c <= '9') bit = 52 + (c - '0');
    if (c == '_') bit = 62;
    if (c == '-') bit = 63;
    masks[static_cast<size_t>(c)] = bit < 0 ? 0 : uint64_t{1} << bit;
  }
  return masks;
}();

/// Levenshtein edit distance between two strings, counted in Unicode code points.
[[nodiscard]] size_t edit_distance(std::string_view a, std::string_view b);

/// True when fewer than three edits separate `a` and `b` (HCL's rule for a suggestion); the same
/// answer as edit_distance(a, b) < 3, without computing more of the distance than that needs.
[[nodiscard]] bool within_two_edits(std::string_view a, std::string_view b);

/// The first candidate within edit distance 2 of `given` (HCL's rule: distance < 3), or "".
[[nodiscard]] std::string name_suggestion(std::string_view given, const std::vector<std::string>& candidates);

/// name_suggestion over candidates offered one at a time, so that callers walking a map or a scope
/// chain need not copy every name into a vector first: the first candidate offered that is within
/// two edits of `given` is the suggestion, later offers are ignored.
class NameSuggester {
 public:
  explicit NameSuggester(std::string_view given);
  /// Offers the next candidate; true once a suggestion has been found. `candidate` is copied only
  /// when it is the suggestion.
  bool offer(std::string_view candidate) { return found_ || offer_next(candidate); }
  /// offer() for callers that stop at its first true, so that nothing was found before: the same
  /// answer without testing that again for every name of a table.
  bool offer_next(std::string_view candidate) {
    // The distance is at least the difference in length, in code points; a candidate has at most
    // as many code points as bytes, so one three bytes shorter than `given` is out. Two
    // comparisons, where the filter below reads a few bytes first: short names are most of a
    // function table.
    if (candidate.size() + 3 <= given_length_) return false;
    // Inline, the commonest way out: the candidate's ASCII characters that `given` lacks
    // altogether, counted up to its first non-ASCII byte; three of them are three edits at least
    // (offer_rest() counts the same bound over all characters). It rules out nearly every name of
    // a table within its first few bytes, without the cost of a call, which was most of what
    // those offers cost. A non-ASCII byte counts kNonAscii, which ends the loop as three absent
    // characters do but leaves the candidate to offer_rest(): one test a byte, not two.
    if (ascii_given_) {
      // Three absent characters take three bytes at least: the first four (or three) are added
      // up without a test between them.
      const auto* p = reinterpret_cast<const unsigned char*>(candidate.data());
      const size_t n = candidate.size();
      size_t absent = 0, i = 0;
      if (n >= 4) {
        absent = size_t{absent_[p[0]]} + absent_[p[1]] + absent_[p[2]] + absent_[p[3]];
        i = 4;
      } else if (n == 3) {
        absent = size_t{absent_[p[0]]} + absent_[p[1]] + absent_[p[2]];
        i = 3;
      }
      for (;;) {
        if (absent >= 3) {
          if (absent < kNonAscii) return false;
          return offer_rest(candidate, false);
        }
        if (i == n) break;
        absent += absent_[p[i++]];
      }
      return offer_rest(candidate, true);
    }
    return offer_rest(candidate, false);
  }
  [[nodiscard]] bool found() const { return found_; }
  /// The OR of kIdentifierCharacterMasks over the bytes of `given`: its identifier characters.
  [[nodiscard]] uint64_t identifier_set() const { return identifier_set_; }
  /// The suggestion, or "" when none of the offers was close enough.
  [[nodiscard]] const std::string& suggestion() const { return suggestion_; }

 private:
  // offer() past its inline filters; `ascii` when the candidate is known to be ASCII with fewer
  // than three characters that `given` lacks (and `given` is ASCII).
  bool offer_rest(std::string_view candidate, bool ascii);
  static constexpr uint8_t kNonAscii = 0x40;

  std::string_view given_;
  size_t given_length_;  // in characters, as edit_distance() counts them
  // Whether `given` is ASCII and short, and then (set only then, and read only then) 1 for each
  // ASCII byte it lacks, 0 for the others, kNonAscii for the bytes from 0x80 on: the table of the
  // absent-character filters.
  bool ascii_given_ = false;
  std::array<uint8_t, 256> absent_;
  bool found_ = false;
  uint64_t identifier_set_ = 0;
  std::string suggestion_;
};

}  // namespace hclschema::detail
