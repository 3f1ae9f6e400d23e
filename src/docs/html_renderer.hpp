// One self-contained HTML5 page for a docs::Document (see html_renderer.cpp).
#pragma once

#include <string>
#include <string_view>

#include "docs/document.hpp"

namespace hclschema::docs {

/// The page: inline CSS, no scripts, no external resources; a table of contents linking to an
/// anchor (id) per entry and per nested attribute; every text escaped.
[[nodiscard]] std::string render_html(const Document& doc);

namespace detail {
/// `&`, `<`, `>`, `"` and `'` as character references (safe in text and in quoted attributes).
[[nodiscard]] std::string html_escape(std::string_view text);
/// Escaped text with `code` spans as <code> (an unmatched backtick stays a backtick).
[[nodiscard]] std::string html_inline(std::string_view text);
/// A description as HTML: paragraphs at blank lines, `- ` / `* ` lines as lists, `code` spans.
[[nodiscard]] std::string html_description(std::string_view text);
}  // namespace detail

}  // namespace hclschema::docs
