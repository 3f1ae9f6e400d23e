// An object value from attribute names the caller does not own (private to the value layer and
// the evaluator): an object constructor's names are text of the parsed file, and copying each into
// a std::string for Value::object, only for the copy to be dropped when the object's type is one
// made before, cost an allocation per long name and a vector of pairs per object.
#pragma once

#include <span>
#include <string_view>
#include <utility>

#include "hclschema/value/value.hpp"

namespace hclschema::detail {

/// Value::object of `attributes` (the last of equal names winning, names put in NFC), with their
/// values moved out. The names are only read: they need not outlive the call.
[[nodiscard]] Value object_of_names(std::span<std::pair<std::string_view, Value>> attributes);

}  // namespace hclschema::detail
