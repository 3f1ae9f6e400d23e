// Display widths, caret padding and word wrapping for the text diagnostic writer.
#include "diagnostic/text_layout.hpp"

#include <utf8proc.h>

namespace hclschema::detail {

namespace {

// Calls `visit(cluster, first_code_point)` for each grapheme cluster of `text`. An invalid byte is a
// cluster of its own with code point -1, so nothing is ever skipped or read out of bounds.
template <class Visit>
void for_each_grapheme(std::string_view text, Visit&& visit) {
  const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
  const auto size = static_cast<utf8proc_ssize_t>(text.size());
  utf8proc_ssize_t cluster_start = 0;
  utf8proc_int32_t cluster_first = -1;
  utf8proc_int32_t prev = -1;
  utf8proc_int32_t state = 0;
  utf8proc_ssize_t i = 0;
  auto flush = [&](utf8proc_ssize_t end) {
    if (end > cluster_start) visit(text.substr(static_cast<size_t>(cluster_start), static_cast<size_t>(end - cluster_start)), cluster_first);
    cluster_start = end;
  };
  while (i < size) {
    utf8proc_int32_t cp = 0;
    utf8proc_ssize_t n = utf8proc_iterate(bytes + i, size - i, &cp);
    if (n <= 0) {
      flush(i);
      cluster_first = -1;
      flush(i + 1);
      ++i;
      prev = -1;
      state = 0;
      continue;
    }
    if (prev < 0 || utf8proc_grapheme_break_stateful(prev, cp, &state)) {
      flush(i);
      cluster_first = cp;
    }
    prev = cp;
    i += n;
  }
  flush(size);
}

unsigned cluster_width(utf8proc_int32_t first) {
  if (first < 0) return 1;  // an invalid byte shows as one replacement character
  int w = utf8proc_charwidth(first);
  // Control characters report width 0 but still take a column in most terminals' rendering of
  // diagnostics; a cluster is never narrower than one cell here so carets stay visible.
  return w <= 0 ? 1u : static_cast<unsigned>(w);
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }

}  // namespace

unsigned display_width(std::string_view text) {
  unsigned width = 0;
  for_each_grapheme(text, [&](std::string_view, utf8proc_int32_t first) { width += cluster_width(first); });
  return width;
}

size_t first_grapheme_size(std::string_view text) {
  size_t size = 0;
  bool done = false;
  for_each_grapheme(text, [&](std::string_view cluster, utf8proc_int32_t) {
    if (!done) size = cluster.size();
    done = true;
  });
  return size;
}

std::string padding_for(std::string_view before) {
  std::string out;
  for_each_grapheme(before, [&](std::string_view cluster, utf8proc_int32_t first) {
    if (cluster == "\t")
      out += '\t';
    else
      out.append(cluster_width(first), ' ');
  });
  return out;
}

namespace {

void wrap_line(std::string_view line, unsigned width, std::string& out) {
  size_t i = 0;
  // Leading whitespace is indentation the author chose: keep it.
  while (i < line.size() && is_space(line[i])) ++i;
  out.append(line.substr(0, i));
  unsigned current = display_width(line.substr(0, i));
  bool have_word = false;
  while (i < line.size()) {
    size_t space_start = i;
    while (i < line.size() && is_space(line[i])) ++i;
    std::string_view space = line.substr(space_start, i - space_start);
    if (i == line.size()) break;  // trailing whitespace is dropped
    size_t word_start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    std::string_view word = line.substr(word_start, i - word_start);
    unsigned word_width = display_width(word);
    unsigned space_width = static_cast<unsigned>(space.size());
    if (have_word && current + space_width + word_width > width) {
      out += '\n';
      current = 0;
    } else {
      out.append(space);
      current += space_width;
    }
    out.append(word);
    current += word_width;
    have_word = true;
  }
}

}  // namespace

std::string wrap_words(std::string_view text, unsigned width) {
  if (width == 0) return std::string(text);
  std::string out;
  out.reserve(text.size() + text.size() / 16);
  size_t start = 0;
  while (true) {
    size_t nl = text.find('\n', start);
    wrap_line(text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start), width, out);
    if (nl == std::string_view::npos) break;
    out += '\n';
    start = nl + 1;
  }
  return out;
}

}  // namespace hclschema::detail
