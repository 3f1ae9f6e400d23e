// The position of every byte of a text (and one past its end), computed from the text alone: the
// expected answers for SourceFile's line table and its shortcuts, whose tests compare them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "hclschema/source.hpp"
#include "util/utf8.hpp"

namespace hclschema::test {

inline std::vector<Pos> positions_from_text(const std::string& text) {
  std::vector<Pos> out(text.size() + 1);
  uint32_t line = 1, line_start = 0;
  for (uint32_t b = 0; b <= text.size(); ++b) {
    if (b > 0 && text[b - 1] == '\n') {
      ++line;
      line_start = b;
    }
    out[b] = Pos{line, 1 + detail::count_grapheme_clusters(std::string_view(text).substr(line_start, b - line_start)), b};
  }
  return out;
}

}  // namespace hclschema::test
