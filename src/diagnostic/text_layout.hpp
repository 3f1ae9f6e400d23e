// Terminal layout helpers for the text diagnostic writer (private): display widths of source text,
// the padding that puts a `^` under a given character, and word wrapping of detail paragraphs.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace hclschema::detail {

/// Terminal cells `text` occupies: one per grapheme cluster, two for East Asian wide ones; a tab
/// counts one (its real width depends on where it sits).
[[nodiscard]] unsigned display_width(std::string_view text);

/// The byte length of the first grapheme cluster of `text` (0 for empty text, 1 for an invalid byte).
[[nodiscard]] size_t first_grapheme_size(std::string_view text);

/// Whitespace as wide as `before` on a terminal: each tab is kept as a tab (so it expands to the same
/// stop as the source line above it) and every other grapheme becomes as many spaces as it is wide.
[[nodiscard]] std::string padding_for(std::string_view before);

/// Wraps `text` at whitespace so no line is wider than `width` cells where possible: existing line
/// breaks are kept, a word wider than `width` gets a line of its own, and the whitespace at a break
/// is dropped. `width == 0` returns the text unchanged.
[[nodiscard]] std::string wrap_words(std::string_view text, unsigned width);

}  // namespace hclschema::detail
