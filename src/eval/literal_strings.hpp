// The values of a file's short string literals, shared between the literals of equal text a thread
// evaluates (private to the evaluator). A configuration repeats the same few strings ("tcp",
// "0.0.0.0/0", tag names) throughout, and each evaluation of one made a new string value: a
// payload, an NFC check and a copy of the text, then the payload's release. Values are immutable,
// so two literals of the same text may well hold one payload.
#pragma once

#include <cstddef>
#include <string_view>

#include "hclschema/value/value.hpp"

namespace hclschema::eval_detail {

/// Value::string(text): the value the thread made last for a literal of the same text when its
/// slot still holds it, else a new one (then kept in that slot when the text is short and NFC).
[[nodiscard]] Value literal_string(std::string_view text);

/// The longest text kept, in bytes (a longer one is always made anew).
[[nodiscard]] size_t max_kept_literal_length();

}  // namespace hclschema::eval_detail
