// "Did you mean ...?" suggestions for misspelled names, as HCL makes them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hclschema::detail {

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
  bool offer(std::string_view candidate);
  [[nodiscard]] bool found() const { return found_; }
  /// The suggestion, or "" when none of the offers was close enough.
  [[nodiscard]] const std::string& suggestion() const { return suggestion_; }

 private:
  std::string_view given_;
  size_t given_length_;  // in code points
  // Byte counts of `given` when it is ASCII and short, for the bag-distance filter in offer().
  bool has_counts_ = false;
  std::array<uint8_t, 256> counts_{};
  bool found_ = false;
  std::string suggestion_;
};

}  // namespace hclschema::detail
