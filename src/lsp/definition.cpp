// definition_at: the declaration's range in the schema file or the module's *.tf file.
#include "lsp/definition.hpp"

#include "lsp/schema_lookup.hpp"

namespace hclschema::lsp {

namespace {

ByteRange bytes(const Range& r) { return {r.start.byte, r.end.byte}; }

}  // namespace

std::optional<FileLocation> definition_at(const DocumentAnalysis& doc, std::size_t offset) {
  const std::optional<DeclAtCursor> at = decl_at_cursor(doc, offset);
  if (!at) return std::nullopt;
  // The schema was loaded from a SourceFile named by its path, so def_range's file is that path.
  if (at->attribute) return FileLocation{doc.association.schema_path, bytes(at->attribute->def_range)};
  if (at->block) return FileLocation{doc.association.schema_path, bytes(at->block->def_range)};
  // The vars layer names files relative to the module directory.
  return FileLocation{resolve_path(doc.module_dir, at->variable->decl_range.filename), bytes(at->variable->decl_range)};
}

}  // namespace hclschema::lsp
