// HTML output of `hclschema docs`: a single page that works offline and from a file:// URL, so the
// CSS is inline and nothing is fetched. Descriptions get a small, safe subset of Markdown
// (paragraphs, bullet lists, `code`), applied after escaping, so no description can inject markup.
#include "docs/html_renderer.hpp"

#include <algorithm>

namespace hclschema::docs {

namespace detail {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string html_inline(std::string_view text) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '`') {
      size_t n = 0;
      while (i + n < text.size() && text[i + n] == '`') ++n;
      const std::string fence(n, '`');
      size_t close = text.find(fence, i + n);
      // The closing run must be exactly n backticks long.
      while (close != std::string_view::npos && close + n < text.size() && text[close + n] == '`')
        close = text.find(fence, close + n + 1);
      if (close != std::string_view::npos) {
        out += "<code>" + html_escape(text.substr(i + n, close - i - n)) + "</code>";
        i = close + n;
        continue;
      }
      out += fence;
      i += n;
      continue;
    }
    size_t next = text.find('`', i);
    if (next == std::string_view::npos) next = text.size();
    out += html_escape(text.substr(i, next - i));
    i = next;
  }
  return out;
}

namespace {

std::string inline_text(std::string_view text) { return html_inline(text); }

std::string_view trim_left(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

}  // namespace

std::string html_description(std::string_view text) {
  std::string out;
  std::string paragraph;              // words of the open paragraph
  std::vector<std::string> items;     // the open list
  auto flush = [&] {
    if (!paragraph.empty()) out += "<p>" + inline_text(paragraph) + "</p>\n";
    paragraph.clear();
    if (!items.empty()) {
      out += "<ul>\n";
      for (const auto& item : items) out += "<li>" + inline_text(item) + "</li>\n";
      out += "</ul>\n";
    }
    items.clear();
  };
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view raw = text.substr(start, end - start);
    const std::string_view line = trim_left(raw);
    start = end + 1;
    if (line.empty()) {
      flush();
      continue;
    }
    if (line.find_first_not_of('-') == std::string_view::npos && line.size() >= 3) {
      flush();
      out += "<hr>\n";  // a Markdown thematic break, as module descriptions use between sections
      continue;
    }
    if (line.starts_with("- ") || line.starts_with("* ")) {
      if (!paragraph.empty()) {
        out += "<p>" + inline_text(paragraph) + "</p>\n";
        paragraph.clear();
      }
      items.emplace_back(line.substr(2));
    } else if (!items.empty() && raw.size() != line.size()) {
      items.back() += " " + std::string(line);  // an indented continuation of the last item
    } else {
      if (!items.empty()) flush();
      paragraph += (paragraph.empty() ? "" : " ") + std::string(line);
    }
  }
  flush();
  return out;
}

}  // namespace detail

namespace {

using detail::html_escape;

constexpr const char* css = R"(
:root { --fg: #1f2328; --muted: #59636e; --bg: #ffffff; --panel: #f6f8fa; --line: #d1d9e0; --link: #0969da;
        --req: #1a7f37; --sens: #9a6700; --dep: #cf222e; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --panel: #151b23; --line: #3d444d; --link: #4493f8;
          --req: #3fb950; --sens: #d29922; --dep: #f85149; }
}
* { box-sizing: border-box; }
html { scroll-padding-top: 1rem; }
body { margin: 0; color: var(--fg); background: var(--bg); font: 15px/1.55 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
a { color: var(--link); text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre { font-family: ui-monospace, SFMono-Regular, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.88em; }
code { background: var(--panel); border: 1px solid var(--line); border-radius: 4px; padding: 0 0.3em; overflow-wrap: anywhere; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 0.6em 0.8em; overflow-x: auto; margin: 0.2em 0; }
pre code { background: none; border: 0; padding: 0; }
.layout { display: flex; align-items: flex-start; max-width: 1200px; margin: 0 auto; }
nav { position: sticky; top: 0; flex: 0 0 260px; max-height: 100vh; overflow-y: auto; padding: 1.2rem 1rem; border-right: 1px solid var(--line); font-size: 0.9em; }
nav h2 { font-size: 0.8em; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); margin: 0 0 0.5em; }
nav ul { list-style: none; margin: 0; padding-left: 0.9em; }
nav > ul { padding-left: 0; }
nav li { margin: 0.15em 0; }
nav code { border: 0; background: none; padding: 0; }
main { flex: 1 1 auto; min-width: 0; padding: 1.2rem 2rem 4rem; }
h1 { font-size: 1.8em; margin: 0 0 0.2em; }
.source { color: var(--muted); margin-top: 0; }
section.entry { border-top: 1px solid var(--line); padding-top: 0.6em; margin-top: 1.2em; }
section.entry section.entry { margin-left: 1.2em; padding-left: 1em; border-top: 0; border-left: 3px solid var(--line); }
.entry h2, .entry h3, .entry h4, .entry h5, .entry h6 { font-size: 1.15em; margin: 0.3em 0; display: flex; flex-wrap: wrap; align-items: center; gap: 0.4em; }
.entry h2 > code, .entry h3 > code, .entry h4 > code, .entry h5 > code, .entry h6 > code { font-size: 0.95em; font-weight: 600; }
.kind { color: var(--muted); font-weight: normal; font-size: 0.8em; }
.badge { font-size: 0.7em; font-weight: 600; border: 1px solid currentColor; border-radius: 1em; padding: 0 0.6em; }
.badge.required { color: var(--req); }
.badge.sensitive { color: var(--sens); }
.badge.deprecated { color: var(--dep); }
.deprecation { border-left: 3px solid var(--dep); padding: 0.1em 0.8em; margin: 0.4em 0; }
.description p { margin: 0.4em 0; }
dl.facts { display: grid; grid-template-columns: 7.5em minmax(0, 1fr); gap: 0.25em 1em; margin: 0.6em 0; }
dl.facts dt { color: var(--muted); font-weight: 600; }
dl.facts dd { margin: 0; min-width: 0; }
dl.facts ul { margin: 0; padding-left: 1.1em; }
table.nested { border-collapse: collapse; margin: 0.6em 0 0.8em; font-size: 0.92em; }
table.nested caption { text-align: left; color: var(--muted); font-weight: 600; padding-bottom: 0.3em; }
table.nested th, table.nested td { border: 1px solid var(--line); padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
table.nested th { background: var(--panel); }
.hidden { font-style: italic; color: var(--sens); }
@media (max-width: 800px) { .layout { display: block; } nav { position: static; max-height: none; border-right: 0; border-bottom: 1px solid var(--line); } main { padding: 1rem; } }
)";

std::string inline_html(std::string_view text) { return detail::html_inline(text); }
std::string code(std::string_view text) { return "<code>" + html_escape(text) + "</code>"; }
std::string pre(std::string_view text) { return "<pre><code>" + html_escape(text) + "</code></pre>"; }
std::string code_or_pre(const std::string& text) { return text.find('\n') == std::string::npos ? code(text) : pre(text); }

std::string constraint_html(const Constraint& c) {
  std::string out = html_escape(c.label);
  for (size_t i = 0; i < c.code.size(); ++i) out += (i ? ", " : " ") + code(c.code[i]);
  if (!c.text.empty()) out += " " + html_escape(c.text);
  return out;
}

std::string fact(const char* term, const std::string& html) { return std::string("<dt>") + term + "</dt><dd>" + html + "</dd>\n"; }

std::string list_or_one(const std::vector<std::string>& items_html) {
  if (items_html.size() == 1) return items_html[0];
  std::string out = "<ul>";
  for (const auto& item : items_html) out += "<li>" + item + "</li>";
  return out + "</ul>";
}

void render_nested(std::string& out, const Entry& e) {
  if (e.nested.empty()) return;
  out += "<table class=\"nested\">\n<caption>Attributes of " + code(e.name) +
         "</caption>\n<thead><tr><th>Attribute</th><th>Type</th><th>Required</th><th>Default</th></tr></thead>\n<tbody>\n";
  for (const NestedAttribute& row : e.nested) {
    std::string def;
    if (row.default_hidden) def = "<span class=\"hidden\">(sensitive)</span>";
    else if (row.default_text) def = code_or_pre(*row.default_text);
    else if (!row.required) def = code("null");
    // Deeper attributes are indented under their parent: 0.6em, 1.8em, 3.0em, ...
    const int tenths = 6 + 12 * row.depth;
    const std::string indent = std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
    out += "<tr id=\"" + html_escape(row.anchor) + "\"><td style=\"padding-left:" + indent +
           "em\"><a href=\"#" + html_escape(row.anchor) + "\">" + code(row.path) + "</a></td><td>" + code(row.type) + "</td><td>" +
           (row.required ? "yes" : "no") + "</td><td>" + def + "</td></tr>\n";
  }
  out += "</tbody>\n</table>\n";
}

void render_entry(std::string& out, const Entry& e, int level) {
  const std::string h = "h" + std::to_string(std::min(level, 6));
  out += "<section class=\"entry\" id=\"" + html_escape(e.anchor) + "\">\n";
  out += "<" + h + "><a href=\"#" + html_escape(e.anchor) + "\">" + code(e.path) + "</a> <span class=\"kind\">" + kind_name(e.kind) + "</span>";
  if (e.required && e.kind != Entry::Kind::input) out += " <span class=\"badge required\">required</span>";
  if (e.sensitive) out += " <span class=\"badge sensitive\">sensitive</span>";
  if (e.deprecated) out += " <span class=\"badge deprecated\">deprecated</span>";
  out += "</" + h + ">\n";
  if (e.deprecated) out += "<p class=\"deprecation\"><strong>Deprecated:</strong> " + html_escape(*e.deprecated) + "</p>\n";
  if (!e.description.empty()) out += "<div class=\"description\">\n" + detail::html_description(e.description) + "</div>\n";

  std::string facts;
  if (e.kind == Entry::Kind::block) {
    std::string usage = e.name;
    for (const auto& label : e.labels) usage += " \"" + label + "\"";
    facts += fact("Usage", code(usage + " { ... }"));
    std::string count;
    if (e.min_items && *e.min_items > 0) count += "at least " + std::to_string(*e.min_items);
    if (e.max_items) count += (count.empty() ? "at most " : ", at most ") + std::to_string(*e.max_items);
    facts += fact("Blocks", count.empty() ? "any number" : count);
  } else if (e.kind != Entry::Kind::input) {
    facts += fact("Type", e.type_block.empty() ? code(e.type.empty() ? "any" : e.type) : pre(e.type_block));
    facts += fact("Required", e.required ? "yes" : "no");
    if (e.default_hidden) facts += fact("Default", "<span class=\"hidden\">(sensitive)</span>");
    else if (e.default_text) facts += fact("Default", code_or_pre(*e.default_text));
  }
  if (e.sensitive) facts += fact("Sensitive", "yes; values are never shown");
  if (e.nullable && !*e.nullable) facts += fact("Nullable", "no");
  if (!e.constraints.empty()) {
    std::vector<std::string> items;
    for (const auto& c : e.constraints) items.push_back(constraint_html(c));
    facts += fact("Constraints", list_or_one(items));
  }
  if (!e.validations.empty()) {
    std::vector<std::string> items;
    for (const auto& v : e.validations) {
      std::string one = v;
      std::replace(one.begin(), one.end(), '\n', ' ');
      items.push_back(inline_html(one));
    }
    facts += fact("Validation", list_or_one(items));
  }
  if (!facts.empty()) out += "<dl class=\"facts\">\n" + facts + "</dl>\n";
  render_nested(out, e);
  for (const Entry& child : e.children) render_entry(out, child, level + 1);
  out += "</section>\n";
}

void render_contents(std::string& out, const std::vector<Entry>& entries, bool top) {
  out += "<ul>\n";
  for (const Entry& e : entries) {
    out += "<li><a href=\"#" + html_escape(e.anchor) + "\">" + code(top ? e.path : e.name) + "</a>";
    if (e.kind == Entry::Kind::block || e.kind == Entry::Kind::input) out += std::string(" <span class=\"kind\">") + kind_name(e.kind) + "</span>";
    if (!e.children.empty()) {
      out += "\n";
      render_contents(out, e.children, false);
    }
    out += "</li>\n";
  }
  out += "</ul>\n";
}

}  // namespace

std::string render_html(const Document& doc) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<meta name=\"generator\" content=\"hclschema docs\">\n";
  out += "<title>" + html_escape(doc.title) + "</title>\n<style>" + css + "</style>\n</head>\n<body>\n<div class=\"layout\">\n";
  out += "<nav id=\"contents\" aria-label=\"Contents\">\n<h2>Contents</h2>\n";
  if (doc.entries.empty()) out += "<p>Nothing is declared.</p>\n";
  else render_contents(out, doc.entries, true);
  out += "</nav>\n<main id=\"top\">\n<h1>" + html_escape(doc.title) + "</h1>\n";
  out += "<p class=\"source\">Generated by <code>hclschema docs</code> from " + code(doc.source) + ".</p>\n";
  for (const Entry& e : doc.entries) render_entry(out, e, 2);
  out += "</main>\n</div>\n</body>\n</html>\n";
  return out;
}

}  // namespace hclschema::docs
