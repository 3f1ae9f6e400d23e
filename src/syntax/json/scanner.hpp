// The JSON-syntax scanner: cuts source bytes into tokens on demand, as HCL's json scanner does.
//
// It is deliberately lax (like the reference): a keyword token is any run of letters and `_`,
// a number token any run of digits, signs, dots and exponent letters, a string token runs to its
// closing quote or to the first control byte. The parser then judges each token, which gives the
// reference's more helpful diagnostics ("True" is not a keyword; did you mean "true"?). After an
// invalid byte the scanner reports end of input, since the parser cannot continue past it.
#pragma once

#include <cstdint>
#include <string_view>

#include "hclschema/source.hpp"

namespace hclschema::json::detail {

enum class TokenType : uint8_t {
  brace_open,
  brace_close,
  bracket_open,
  bracket_close,
  comma,
  colon,
  equals,  // not JSON; recognised only to remind the user that JSON uses a colon
  keyword,
  string,
  number,
  eof,
  invalid,
};

struct Token {
  TokenType type = TokenType::eof;
  ByteSpan span;
  /// A string token with no backslash and no byte of 0x80 or above (seen while looking for its
  /// end, so the parser need not look again): if it also ends with its closing quote, its value
  /// is its text between the quotes.
  bool plain_ascii = false;
};

class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}
  /// The next token; after the end (or after an invalid byte) an empty eof token, forever.
  Token next();

 private:
  std::string_view text_;
  uint32_t pos_ = 0;
  bool stopped_ = false;  // an invalid byte was seen
};

}  // namespace hclschema::json::detail
