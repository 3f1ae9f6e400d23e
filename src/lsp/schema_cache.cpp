// SchemaCache: load a schema from its current text once, reuse it while the text is unchanged.
#include "lsp/schema_cache.hpp"

#include "hclschema/parse.hpp"

namespace hclschema::lsp {

std::shared_ptr<const CachedSchema> SchemaCache::get(const std::string& path, const std::optional<std::string>& text) {
  if (!text) return nullptr;
  auto it = schemas_.find(path);
  if (it != schemas_.end() && it->second->text == *text) return it->second;
  auto cached = std::make_shared<CachedSchema>();
  cached->text = *text;
  // The same steps as load_schema_file, from the editor's text instead of the disk's.
  ParseResult parsed = parse_source(SourceFile::from_string(path, *text));
  if (!parsed.file) {
    cached->loaded.diagnostics = std::move(parsed.diagnostics);
  } else {
    cached->loaded = load_schema(parsed.file);
    Diagnostics all = std::move(parsed.diagnostics);
    append(all, std::move(cached->loaded.diagnostics));
    cached->loaded.diagnostics = std::move(all);
  }
  schemas_[path] = cached;
  return cached;
}

}  // namespace hclschema::lsp
