// Small pieces shared by the schema loader, validator and decoder (private).
#pragma once

#include <vector>

#include "hclschema/value/value.hpp"

namespace hclschema::detail {

/// True when `value` (marks ignored) equals one of `permitted`.
[[nodiscard]] bool enum_contains(const std::vector<Value>& permitted, const Value& value);

}  // namespace hclschema::detail
