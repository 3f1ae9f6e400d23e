// Loaded schemas, one per path, reloaded only when the schema's text changes.
//
// Loading a schema compiles its patterns and reads its type constraints; re-validating a large
// document on every keystroke must not pay for that again, so the loaded schema is kept with the
// text it came from and reused while the text is the same.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "hclschema/schema.hpp"

namespace hclschema::lsp {

struct CachedSchema {
  std::string text;
  SchemaLoadResult loaded;  // diagnostics located in the schema file (named by its path)
};

class SchemaCache {
 public:
  /// The schema at `path` loaded from `text` (nullopt text: the file cannot be read, and the
  /// result is null). Reuses the last load when the text has not changed.
  [[nodiscard]] std::shared_ptr<const CachedSchema> get(const std::string& path, const std::optional<std::string>& text);
  /// True when `path` was ever loaded as a schema (so an edit of it concerns other documents).
  [[nodiscard]] bool knows(const std::string& path) const { return schemas_.count(path) != 0; }

 private:
  std::map<std::string, std::shared_ptr<const CachedSchema>> schemas_;
};

}  // namespace hclschema::lsp
