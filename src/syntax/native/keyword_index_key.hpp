// The keyword keys of index steps: `x[null]`, `x[true]`, `x[false]`. The parser folds every literal
// key into the traversal, as hclsyntax does; a step keeps a number or a string as text, and these
// three as string-kind keys holding the keyword (the step has no other way to hold them), like the
// quoted "null". Their source tells them apart: the evaluator indexes with the literal's own value
// (hcl.Index reports a null key, or a bool where a number is wanted, in its own words) and the
// tree dump gives the key's type as the reference's does.
#pragma once

#include <cstdint>
#include <string_view>

#include "hclschema/native/ast.hpp"
#include "hclschema/source.hpp"

namespace hclschema::native::detail {

enum class KeywordKey : uint8_t { none, null, true_value, false_value };

/// Which keyword an index step's key is, if it is one (by the source between its brackets,
/// spaces and newlines aside).
[[nodiscard]] inline KeywordKey keyword_index_key(const ArenaTraversalStep& step, const SourceFile& file) {
  if (step.kind() != TraversalStep::Kind::index || step.key_kind() != TraversalKey::Kind::string) return KeywordKey::none;
  const std::string_view text = step.text();
  if (text != "null" && text != "true" && text != "false") return KeywordKey::none;
  std::string_view inner = file.slice(step.span);  // "[ ... ]"
  if (inner.size() < 2) return KeywordKey::none;
  inner = inner.substr(1, inner.size() - 2);
  const auto first = inner.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return KeywordKey::none;
  inner = inner.substr(first, inner.find_last_not_of(" \t\r\n") + 1 - first);
  if (inner == "null") return KeywordKey::null;
  if (inner == "true") return KeywordKey::true_value;
  if (inner == "false") return KeywordKey::false_value;
  return KeywordKey::none;  // the quoted string "null", say
}

/// Whether an index step's key could be one of the keywords: the cheap test, without the source.
[[nodiscard]] inline bool may_be_keyword_index_key(const ArenaTraversalStep& step) {
  if (step.kind() != TraversalStep::Kind::index || step.key_kind() != TraversalKey::Kind::string) return false;
  const std::string_view text = step.text();
  return text == "null" || text == "true" || text == "false";
}

}  // namespace hclschema::native::detail
