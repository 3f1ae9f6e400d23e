// Anchors and description clean-up shared by the document builders, and the entry kind names.
#include <algorithm>
#include <vector>

#include "docs/docs_detail.hpp"
#include "hclschema/eval/evaluate.hpp"

namespace hclschema::docs {

const char* kind_name(Entry::Kind kind) {
  switch (kind) {
    case Entry::Kind::attribute: return "attribute";
    case Entry::Kind::block: return "block";
    case Entry::Kind::variable: return "variable";
    case Entry::Kind::input: return "input";
    case Entry::Kind::field: return "field";
  }
  return "attribute";
}

namespace detail {

std::string make_anchor(std::string_view prefix, std::string_view path, std::set<std::string>& anchors) {
  // Only characters that survive every host's anchor handling unchanged (GitHub lower-cases and
  // drops most punctuation), so a link written by hand keeps working.
  std::string base;
  bool dash = false;
  for (char c : std::string(prefix) + std::string(path)) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (keep) {
      if (dash && !base.empty() && base.back() != '-') base += '-';
      dash = false;
      base += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    } else {
      dash = true;
    }
  }
  if (base.empty()) base = "item";
  std::string anchor = base;
  for (int n = 2; !anchors.insert(anchor).second; ++n) anchor = base + "-" + std::to_string(n);
  return anchor;
}

std::string clean_description(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    lines.push_back(std::move(line));
    start = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  size_t first = 0;
  while (first < lines.size() && lines[first].empty()) ++first;
  lines.erase(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(first));
  size_t common = std::string::npos;
  for (const auto& line : lines) {
    if (line.empty()) continue;
    common = std::min(common, line.find_first_not_of(" \t"));
  }
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i) out += '\n';
    if (!lines[i].empty() && common != std::string::npos) out += lines[i].substr(common);
  }
  return out;
}

std::string message_text(const Expression* expr, const std::vector<std::shared_ptr<const File>>& files) {
  if (!expr) return {};
  EvalResult result = evaluate(*expr, nullptr);
  if (!has_errors(result.diagnostics) && result.value.is_known() && !result.value.is_null() &&
      result.value.type() == Type::string() && !result.value.is_marked())
    return result.value.as_string();
  // A template that names the variable (`"${var.x} is not valid"`): show it as written.
  const Range range = expr->range();
  for (const auto& file : files) {
    if (!file || file->source().filename() != range.filename) continue;
    const std::string_view text = file->source().text();
    if (range.end.byte > text.size() || range.start.byte > range.end.byte) break;
    return std::string(text.substr(range.start.byte, range.end.byte - range.start.byte));
  }
  return {};
}

}  // namespace detail

}  // namespace hclschema::docs
