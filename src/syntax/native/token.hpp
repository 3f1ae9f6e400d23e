// Tokens of the HCL native syntax (private to the native parser).
//
// The token kinds and what each covers mirror hclsyntax's scanner one for one, so that the
// parser can follow the reference's grammar decisions exactly. A token is 12 bytes: its byte span
// and its kind; its text is the source slice, and line/column come from the SourceFile on demand.
#pragma once

#include <cstdint>
#include <string_view>

#include "hclschema/source.hpp"

namespace hclschema::native::detail {

// 32 bits, not 8: a Token then has no padding, and GCC returns one in two registers instead of
// merging a byte with padding through the stack (a store-forwarding stall on every token).
enum class TokenType : uint32_t {
  // Delimiters and brackets.
  o_brace,    // {
  c_brace,    // }
  o_brack,    // [
  c_brack,    // ]
  o_paren,    // (
  c_paren,    // )
  o_quote,    // " opening a quoted template
  c_quote,    // " closing a quoted template
  o_heredoc,  // <<EOT or <<-EOT, including the newline after the marker
  c_heredoc,  // the closing marker line: leading spaces and the marker; its line end is a newline token

  // Arithmetic and comparison.
  star, slash, plus, minus, percent,
  equal,     // =
  equal_op,  // ==
  not_equal, less_than, less_than_eq, greater_than, greater_than_eq,
  and_op,  // &&
  or_op,   // ||
  bang,    // !

  dot, comma,
  ellipsis,      // ...
  fat_arrow,     // =>
  question, colon,
  double_colon,  // :: (namespaced function names, HCL >= 2.21)

  // Templates.
  template_interp,   // ${ or ${~  (the strip marker is part of the token)
  template_control,  // %{ or %{~
  template_seq_end,  // } or ~} closing an interpolation or directive

  quoted_lit,  // literal text inside a quoted template; may contain escapes
  string_lit,  // literal text of a heredoc line; has no escapes but may hold $${ and %%{
  number_lit,
  ident,

  comment,  // the whole comment; a # or // comment includes its line ending
  newline,  // \n or \r\n outside of templates
  eof,

  // Characters that are never valid; the lexer reports each with a diagnostic as hclsyntax does.
  bitwise_and, bitwise_or, bitwise_not, bitwise_xor, star_star,
  apostrophe, backtick, semicolon,
  tabs,            // a run of tab characters
  invalid,         // any other character
  bad_utf8,        // a byte sequence that is not valid UTF-8
  quoted_newline,  // a newline inside a quoted template
};

// The span comes first: a Token returned by value then travels in two registers, span and type,
// which the compiler fills directly. With the type first, the span straddled both registers and
// every returned token was assembled through the stack.
struct Token {
  ByteSpan span;
  TokenType type = TokenType::eof;
};

}  // namespace hclschema::native::detail
