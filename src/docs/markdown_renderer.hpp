// GitHub-flavoured Markdown for a docs::Document (see markdown_renderer.cpp for the layout).
#pragma once

#include <string>
#include <string_view>

#include "docs/document.hpp"

namespace hclschema::docs {

/// The whole document: a title, a contents list, then a heading per entry (with an explicit
/// `<a name="ANCHOR">` so links are stable), its description, a list of type / default / required /
/// constraints, and a table of the attributes inside its object type. Without `with_title` the
/// `# TITLE` line is left out (for injection into a README that has its own).
[[nodiscard]] std::string render_markdown(const Document& doc, bool with_title = true);

namespace detail {
/// `text` as one inline code span whatever backticks it holds; `in_table` also escapes `|` (GFM
/// splits table cells on it even inside code) and turns line breaks into spaces.
[[nodiscard]] std::string md_code(std::string_view text, bool in_table = false);
/// Plain text with every character Markdown would interpret escaped (one line).
[[nodiscard]] std::string md_text(std::string_view text);
}  // namespace detail

}  // namespace hclschema::docs
