// The native-syntax lexer: turns source bytes into Tokens on demand.
//
// It follows hclsyntax's scanner exactly: the same token kinds, the same boundaries, the same
// modes (normal, quoted template, heredoc template, with a stack for nested `${ ... }` and
// `%{ ... }` and braces within them), and the same diagnostics for invalid characters. It is
// pull-based so the parser never holds more than a few tokens: memory stays proportional to the
// syntax tree, not to the token count.
//
//     Diagnostics diags;
//     Lexer lexer(*file, diags);
//     for (Token t = lexer.next(); t.type != TokenType::eof; t = lexer.next()) { ... }
#pragma once

#include "hclschema/diagnostic.hpp"
#include "hclschema/source.hpp"
#include "syntax/native/token.hpp"

#include <cstdint>
#include <vector>

namespace hclschema::native::detail {

class Lexer {
 public:
  /// Where scanning starts: an ordinary config file, or a bare template (as hclsyntax.ParseTemplate,
  /// used for JSON strings and template files: the whole text is template content, no quotes).
  enum class Start { config, template_text };

  /// Scans `file.text()` from byte `begin` to byte `end` (default: the whole file). Diagnostics for
  /// invalid characters are appended to `diags` as their tokens are produced.
  Lexer(const SourceFile& file, Diagnostics& diags, Start start = Start::config, uint32_t begin = 0, uint32_t end = UINT32_MAX);

  /// The next token. After the end it returns an eof token (zero-length, at the end) forever.
  Token next();

 private:
  struct Mode;  // defined in lexer.cpp
  const SourceFile& file_;
  Diagnostics& diags_;
  const char* text_;
  uint32_t pos_;
  uint32_t end_;
  // State for the mode stack and pending heredoc markers; see lexer.cpp.
  std::vector<uint32_t> state_;
  std::vector<std::string_view> heredoc_markers_;
};

}  // namespace hclschema::native::detail
