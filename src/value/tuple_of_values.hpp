// A tuple value from values the caller holds in a buffer of its own (private to the value layer and
// the evaluator): a tuple constructor's handful of elements gathered on the stack, rather than in a
// std::vector for Value::tuple, which was an allocation per tuple and the free of the buffer the
// (reused) payload had kept.
#pragma once

#include <span>

#include "hclschema/value/value.hpp"

namespace hclschema::detail {

/// Value::tuple of `elements`, moved out of them into the payload (into the element buffer a
/// reused payload kept, when it is large enough).
[[nodiscard]] Value tuple_of_values(std::span<Value> elements);

}  // namespace hclschema::detail
