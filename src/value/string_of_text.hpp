// A string value that takes over text the caller built (private to the value layer and the
// evaluator): a template's text is assembled in a std::string of its own, which Value::string
// (it takes a view) would copy into a second one, an allocation more for every text past
// std::string's inline buffer.
#pragma once

#include <string>

#include "hclschema/value/value.hpp"

namespace hclschema::detail {

/// Value::string(text), with `text` moved into the value when it is NFC already (nearly always).
[[nodiscard]] Value string_of_text(std::string&& text);

}  // namespace hclschema::detail
