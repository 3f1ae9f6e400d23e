// Conversion as a part of a larger conversion does it (private to the library).
//
// convert() returns a value that already has the target type without its optional markers as it
// is; a conversion nested in a bigger one has no such shortcut (an empty map bound for
// map(object({a = optional(string)})) becomes an empty map of exactly that type, markers
// included). Callers that build part of a conversion's result themselves, such as the one-walk
// defaults-and-conversion of type constraints, use this to get each part exactly as the whole
// conversion would.
#pragma once

#include <vector>

#include "hclschema/value/convert.hpp"

namespace hclschema::detail {

// `value` unchanged when its type is `want`; otherwise what the enclosing conversion would make of it.
ConvertResult convert_nested(const Value& value, const Type& want);

// What a conversion into a list or map does to the elements it has just converted: unify their
// types (unsafe, as convert() does), convert each to the unified type, and require one type for
// all. False where that conversion would fail.
bool unify_converted_elements(std::vector<Value>& elements);

}  // namespace hclschema::detail
