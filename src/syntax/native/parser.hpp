// Entry points of the native parser for other parts of the library (private).
#pragma once

#include <cstdint>
#include <memory>

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

/// The whole of `source` parsed as a bare template (see parse_template_text) into this thread's
/// reusable arena and parser scratch: what a JSON file's template strings use, one short text
/// after the other, so that each skips the File, the arena's first chunk and the parser's vectors
/// it would otherwise allocate and free. The nodes live until this object goes; they point to
/// `source`, which must outlive them. A second one alive at once on a thread (a template parsed
/// while another one is evaluated) gets fresh memory of its own.
class ReusedTemplateParse {
 public:
  struct Workspace;
  ReusedTemplateParse(const SourceFile& source, Diagnostics& diags, const ParseOptions& options = {});
  ~ReusedTemplateParse();
  ReusedTemplateParse(const ReusedTemplateParse&) = delete;
  ReusedTemplateParse& operator=(const ReusedTemplateParse&) = delete;

  /// The template (null only if the parser gave up), as parse_template_text returns it.
  [[nodiscard]] const Expr* expr() const { return expr_; }

 private:
  void release();
  Workspace* workspace_ = nullptr;
  std::unique_ptr<Workspace> owned_;  // when the thread's workspace was busy
  const Expr* expr_ = nullptr;
};

/// Parses the whole of `source` as one expression, as hclsyntax's ParseExpression does (newlines
/// are insignificant; anything after the expression is "Extra characters after expression").
[[nodiscard]] ParsedTemplate parse_expression_source(std::shared_ptr<const SourceFile> source, const ParseOptions& options = {});

}  // namespace hclschema::native::detail
