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
#include <cstring>
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
  /// Up to `max` (>= 1) next tokens into `out`, in one call (what the parser's token buffer uses:
  /// the scanner's large frame is set up once per batch instead of once per token). A batch ends
  /// early after the eof token and after a token the lexer reports a diagnostic for (types from
  /// bitwise_and on), so a caller that never looks at the tokens after such a token can drop its
  /// diagnostics: they are all that was added to the diagnostics during the call.
  uint32_t next_batch(Token* out, uint32_t max);

 private:
  enum class Mode : uint8_t;  // defined in lexer.cpp
  void next_impl(Token& out);
  // A heredoc being scanned: its closing marker (a byte range of the text) and whether the scanner
  // stands at the start of one of its lines (only a whole line can close it).
  struct Heredoc {
    uint32_t marker_begin;
    uint32_t marker_end;
    bool start_of_line;
  };


 public:
  /// The stacks a lexer grows as it scans. A caller lexing many short texts one after the other
  /// (a JSON file's template strings) keeps one Scratch and lends it to each lexer, which then
  /// starts with their capacity instead of allocating.
  struct Scratch {
    std::vector<int64_t> closing_braces;
    std::vector<Mode> return_modes;
    std::vector<Heredoc> heredocs;
  };
  /// Takes `scratch`'s stacks (which must be empty) for this lexer's own, which must not have been used yet.
  void borrow(Scratch& scratch);
  /// Gives the stacks back to `scratch`, emptied but with their capacity; this lexer must not be used afterwards.
  void give_back(Scratch& scratch);

 private:
  Token scan_normal_from(uint32_t b);
  Token scan_quoted();
  Token scan_heredoc();
  Token scan_bare();
  Token scan_number(uint32_t begin);
  Token scan_ident(uint32_t begin, uint32_t pos);
  Token close_brace(uint32_t begin, uint32_t end, bool tilde);
  Token begin_sequence(TokenType type, uint32_t begin);
  Token template_line(uint32_t begin, bool heredoc);
  Token heredoc_line_with_eol(uint32_t begin, uint32_t end);
  Token heredoc_midline(uint32_t begin, uint32_t end);
  Token rest_as(TokenType type, uint32_t begin);
  bool try_heredoc_start(uint32_t begin, Token& out);
  void return_from_mode();
  void enter_quoted();  // after an o_quote token
  Token* plain_quoted_string(Token* o, const Token* last, uint32_t b);
  void report(Token token);  // by value: a reference would force every token through memory
  static Token token(TokenType type, uint32_t begin, uint32_t end) {
    // The span built as one 64-bit value: from two 32-bit fields GCC assembles the returned
    // register through the stack (two narrow stores, one wide load: a store-forwarding stall).
    const uint64_t bits = uint64_t{begin} | (uint64_t{end} << 32);
    Token t;
    std::memcpy(static_cast<void*>(&t.span), &bits, sizeof bits);  // ByteSpan is trivially copyable
    t.type = type;
    return t;
  }
  Token make(TokenType type, uint32_t begin, uint32_t end) {
    pos_ = end;
    return token(type, begin, end);
  }

  const SourceFile& file_;
  Diagnostics& diags_;
  const unsigned char* text_;
  uint32_t pos_;
  uint32_t end_;
  Mode mode_;
  Token pending_;  // the newline after a closing heredoc marker, which is scanned with it
  // Brace depth and, for each open `${`/`%{`, the depth at which its `}` closes it (as hclsyntax).
  int64_t braces_ = 0;
  std::vector<int64_t> closing_braces_;
  std::vector<Mode> return_modes_;  // the mode to go back to when the current one ends
  std::vector<Heredoc> heredocs_;
  // No "*/" lies at or after this offset; keeps repeated unterminated "/*" linear.
  uint32_t no_comment_end_from_ = UINT32_MAX;
  // How many diagnostics of each repeatable kind were reported (hclsyntax limits the repetition).
  uint8_t told_bitwise_ = 0, told_backtick_ = 0, told_apostrophe_ = 0, told_semicolon_ = 0, told_tabs_ = 0,
          told_bad_utf8_ = 0, told_star_star_ = 0;
};

}  // namespace hclschema::native::detail
