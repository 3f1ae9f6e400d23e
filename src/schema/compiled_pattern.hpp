// A schema `pattern`, compiled once when the schema is loaded (private: RE2 stays out of the
// public headers). Matching is thread-safe, so one schema serves many validating threads.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "util/go_regexp.hpp"

namespace hclschema::detail {

class CompiledPattern {
 public:
  explicit CompiledPattern(const std::string& pattern) : re(compile_go_regexp(pattern)) {}
  /// Go's regexp.MatchString: true when the pattern matches anywhere in `text`.
  [[nodiscard]] bool matches(std::string_view text) const { return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *re); }

  std::unique_ptr<RE2> re;
};

}  // namespace hclschema::detail
