// "Did you mean ...?" suggestions for misspelled names, as HCL makes them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hclschema::detail {

/// Levenshtein edit distance between two strings, counted in Unicode code points.
[[nodiscard]] size_t edit_distance(std::string_view a, std::string_view b);

/// The first candidate within edit distance 2 of `given` (HCL's rule: distance < 3), or "".
[[nodiscard]] std::string name_suggestion(std::string_view given, const std::vector<std::string>& candidates);

}  // namespace hclschema::detail
