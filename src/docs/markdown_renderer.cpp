// Markdown output of `hclschema docs`: GitHub-flavoured, readable as plain text too. Descriptions
// are Markdown already (module authors write them so) and pass through, except that `<` outside
// code becomes `&lt;`, so a placeholder like <name> shows instead of vanishing as an HTML tag;
// every other text (messages, names) is escaped.
#include "docs/markdown_renderer.hpp"

#include <algorithm>

namespace hclschema::docs {

namespace detail {

namespace {

size_t longest_backtick_run(std::string_view text) {
  size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace

std::string md_code(std::string_view text, bool in_table) {
  std::string body;
  for (char c : text) {
    if (in_table && c == '|') body += "\\|";
    else if (c == '\n' || c == '\r') body += ' ';
    else body += c;
  }
  const std::string fence(longest_backtick_run(body) + 1, '`');
  // A span that starts or ends with a backtick (or a space) needs a space of padding, which
  // CommonMark strips again.
  const bool pad = !body.empty() && (body.front() == '`' || body.back() == '`' || body.front() == ' ' || body.back() == ' ');
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

std::string md_text(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '\\': case '`': case '*': case '_': case '[': case ']': case '#': case '|': case '~': case '!':
        out += '\\';
        out += c;
        break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '\n': case '\r': out += ' '; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace detail

namespace {

using detail::md_code;
using detail::md_text;

// Description Markdown with `<` outside code spans and fences made harmless.
std::string md_description(std::string_view text) {
  std::string out;
  bool in_fence = false;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    const std::string_view trimmed = line.substr(std::min(line.find_first_not_of(' '), line.size()));
    if (trimmed.starts_with("```") || trimmed.starts_with("~~~")) in_fence = !in_fence;
    if (in_fence || trimmed.starts_with("```") || trimmed.starts_with("~~~")) {
      out += line;
    } else {
      size_t ticks = 0;  // inside a code span of this many backticks
      for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '`') {
          size_t n = 0;
          while (i + n < line.size() && line[i + n] == '`') ++n;
          if (ticks == 0) ticks = n;
          else if (ticks == n) ticks = 0;
          out.append(n, '`');
          i += n - 1;
        } else if (line[i] == '<' && ticks == 0) {
          out += "&lt;";
        } else {
          out += line[i];
        }
      }
    }
    out += '\n';
    start = end + 1;
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

bool ends_in_list(std::string_view text) {
  const size_t start = text.find_last_of('\n') == std::string_view::npos ? 0 : text.find_last_of('\n') + 1;
  std::string_view last = text.substr(start);
  last.remove_prefix(std::min(last.find_first_not_of(' '), last.size()));
  if (last.starts_with("- ") || last.starts_with("* ") || last.starts_with("+ ")) return true;
  size_t digits = 0;
  while (digits < last.size() && last[digits] >= '0' && last[digits] <= '9') ++digits;
  return digits > 0 && digits + 1 < last.size() && (last[digits] == '.' || last[digits] == ')') && last[digits + 1] == ' ';
}

// A validation message on one line: authors write them with `code` like descriptions.
std::string md_message(std::string_view text) {
  std::string out = md_description(text);
  std::replace(out.begin(), out.end(), '\n', ' ');
  return out;
}

std::string fenced(std::string_view code, const std::string& indent) {
  size_t longest = 0, run = 0;
  for (char c : code) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(std::max<size_t>(3, longest + 1), '`');
  std::string out = indent + fence + "hcl\n";
  size_t start = 0;
  while (start <= code.size()) {
    size_t end = code.find('\n', start);
    if (end == std::string_view::npos) end = code.size();
    out += indent + std::string(code.substr(start, end - start)) + "\n";
    start = end + 1;
  }
  return out + indent + fence + "\n";
}

// A list item "**Label:** value", or a fenced block under the label when the value has lines.
void item_code(std::string& out, const char* label, const std::string& code) {
  if (code.find('\n') == std::string::npos) {
    out += std::string("- **") + label + ":** " + md_code(code) + "\n";
  } else {
    out += std::string("- **") + label + ":**\n\n" + fenced(code, "  ") + "\n";
  }
}

std::string constraint_text(const Constraint& c) {
  std::string out = md_text(c.label);
  for (size_t i = 0; i < c.code.size(); ++i) out += (i ? ", " : " ") + md_code(c.code[i]);
  if (!c.text.empty()) out += " " + md_text(c.text);
  return out;
}

std::string heading_text(const Entry& e) {
  switch (e.kind) {
    case Entry::Kind::block: return md_code(e.path) + " block";
    case Entry::Kind::input: return md_code(e.name) + " input";
    default: return md_code(e.path);
  }
}

std::string block_usage(const Entry& e) {
  std::string usage = e.name;
  for (const auto& label : e.labels) usage += " \"" + label + "\"";
  return usage + " { ... }";
}

std::string count_text(const Entry& e) {
  std::string out;
  if (e.min_items && *e.min_items > 0) out += "at least " + std::to_string(*e.min_items);
  if (e.max_items) out += (out.empty() ? "at most " : ", at most ") + std::to_string(*e.max_items);
  return out.empty() ? "any number" : out;
}

void render_nested(std::string& out, const std::vector<NestedAttribute>& rows) {
  if (rows.empty()) return;
  out += "| Attribute | Type | Required | Default |\n|---|---|---|---|\n";
  for (const NestedAttribute& row : rows) {
    std::string def = "";
    if (row.default_hidden) def = "*(sensitive)*";
    else if (row.default_text) def = md_code(*row.default_text, true);
    else if (!row.required) def = md_code("null", true);
    out += "| <a name=\"" + row.anchor + "\"></a>" + md_code(row.path, true) + " | " + md_code(row.type, true) + " | " +
           (row.required ? "yes" : "no") + " | " + def + " |\n";
  }
  out += "\n";
}

void render_entry(std::string& out, const Entry& e, int level) {
  out += "<a name=\"" + e.anchor + "\"></a>\n";
  out += std::string(static_cast<size_t>(std::min(level, 6)), '#') + " " + heading_text(e) + "\n\n";
  if (e.deprecated) out += "> **Deprecated:** " + md_text(*e.deprecated) + "\n\n";
  if (!e.description.empty()) {
    out += md_description(e.description) + "\n\n";
    // A description that ends in a list would absorb the list of facts below (Markdown merges
    // adjacent lists); an HTML comment between them ends it and shows nothing.
    if (ends_in_list(e.description)) out += "<!-- -->\n\n";
  }

  std::string items;
  if (e.kind == Entry::Kind::block) {
    items += "- **Usage:** " + md_code(block_usage(e)) + "\n";
    items += "- **Blocks:** " + count_text(e) + "\n";
  } else if (e.kind != Entry::Kind::input) {
    item_code(items, "Type", e.type_block.empty() ? (e.type.empty() ? "any" : e.type) : e.type_block);
    items += std::string("- **Required:** ") + (e.required ? "yes" : "no") + "\n";
    if (e.default_hidden) items += "- **Default:** *(sensitive)*\n";
    else if (e.default_text) item_code(items, "Default", *e.default_text);
  }
  if (e.sensitive) items += "- **Sensitive:** yes; values are never shown\n";
  if (e.nullable && !*e.nullable) items += "- **Nullable:** no\n";
  if (!e.constraints.empty()) {
    items += "- **Constraints:**";
    if (e.constraints.size() == 1) {
      items += " " + constraint_text(e.constraints[0]) + "\n";
    } else {
      items += "\n";
      for (const auto& c : e.constraints) items += "  - " + constraint_text(c) + "\n";
    }
  }
  if (!e.validations.empty()) {
    items += "- **Validation:**";
    if (e.validations.size() == 1) {
      items += " " + md_message(e.validations[0]) + "\n";
    } else {
      items += "\n";
      for (const auto& v : e.validations) items += "  - " + md_message(v) + "\n";
    }
  }
  if (!items.empty()) out += items + "\n";
  render_nested(out, e.nested);
  for (const Entry& child : e.children) render_entry(out, child, level + 1);
}

void render_contents(std::string& out, const std::vector<Entry>& entries, int depth) {
  for (const Entry& e : entries) {
    const char* suffix = e.kind == Entry::Kind::block ? " block" : e.kind == Entry::Kind::input ? " input" : "";
    const std::string& shown = depth == 0 ? e.path : e.name;
    out += std::string(static_cast<size_t>(depth * 2), ' ') + "- [" + md_code(shown) + suffix + "](#" + e.anchor + ")" +
           (e.required && e.kind != Entry::Kind::input ? " (required)" : "") + "\n";
    render_contents(out, e.children, depth + 1);
  }
}

const char* section_title(const Document& doc) {
  switch (doc.kind) {
    case Document::Kind::module: return "Inputs";
    case Document::Kind::inputs: return "Inputs";
    case Document::Kind::schema: return "Reference";
  }
  return "Reference";
}

}  // namespace

std::string render_markdown(const Document& doc, bool with_title) {
  std::string out = with_title ? "# " + md_text(doc.title) + "\n\n" : "";
  out += "Generated by `hclschema docs` from " + md_code(doc.source) + ".\n\n";
  if (doc.entries.empty()) return out + "Nothing is declared.\n";
  out += "## Contents\n\n";
  render_contents(out, doc.entries, 0);
  out += "\n## " + std::string(section_title(doc)) + "\n\n";
  for (const Entry& e : doc.entries) render_entry(out, e, 3);
  // One blank line between blocks is all Markdown needs (code never holds a raw blank line:
  // values print strings escaped).
  for (size_t at = out.find("\n\n\n"); at != std::string::npos; at = out.find("\n\n\n", at)) out.erase(at, 1);
  while (out.size() > 1 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
  return out;
}

}  // namespace hclschema::docs
