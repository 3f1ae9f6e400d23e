// Sources for diagnostic snippets with sensitive values blanked out: a diagnostic about a
// sensitive variable may point into the file that sets it, and its snippet must not show the
// value. Every byte of a masked range except line ends becomes '*', so line numbers stay right.
#include <map>

#include "vars/vars_internal.hpp"

namespace hclschema::detail {

std::vector<std::shared_ptr<const SourceFile>> mask_sources(const std::vector<std::shared_ptr<const SourceFile>>& sources,
                                                            const std::vector<Range>& masked) {
  std::map<std::string, std::vector<const Range*>, std::less<>> by_file;
  for (const Range& r : masked) by_file[r.filename].push_back(&r);
  std::vector<std::shared_ptr<const SourceFile>> out;
  out.reserve(sources.size());
  for (const auto& source : sources) {
    auto it = by_file.find(source->filename());
    if (it == by_file.end()) {
      out.push_back(source);
      continue;
    }
    std::string text(source->text());
    for (const Range* r : it->second) {
      for (uint32_t b = r->start.byte; b < r->end.byte && b < text.size(); ++b)
        if (text[b] != '\n' && text[b] != '\r') text[b] = '*';
    }
    out.push_back(SourceFile::from_string(source->filename(), std::move(text)));
  }
  return out;
}

}  // namespace hclschema::detail
