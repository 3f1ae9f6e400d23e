// Entry points of the native parser for other parts of the library (private).
#pragma once

#include <cstdint>

#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"

namespace hclschema::native::detail {

/// Parses bytes [begin, end) of `file`'s source as a bare template (no quotes), as hclsyntax's
/// ParseTemplate does; used for JSON-syntax strings. Nodes go into `file`'s arena.
[[nodiscard]] const Expr* parse_template_text(File& file, Diagnostics& diags, uint32_t begin, uint32_t end, const ParseOptions& options = {});

/// A template parsed from a source of its own, with the File that owns its nodes.
struct ParsedTemplate {
  std::shared_ptr<const File> file;
  const Expr* expr = nullptr;
  Diagnostics diagnostics;
};

/// Parses the whole of `source` as a bare template (see parse_template_text).
[[nodiscard]] ParsedTemplate parse_template_source(std::shared_ptr<const SourceFile> source, const ParseOptions& options = {});

/// Parses the whole of `source` as one expression, as hclsyntax's ParseExpression does (newlines
/// are insignificant; anything after the expression is "Extra characters after expression").
[[nodiscard]] ParsedTemplate parse_expression_source(std::shared_ptr<const SourceFile> source, const ParseOptions& options = {});

}  // namespace hclschema::native::detail
