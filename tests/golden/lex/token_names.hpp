// Names of the native lexer's token kinds as the golden files spell them (the TokenType enumerator
// names), shared by the lexer's golden and unit tests.
#pragma once

#include <array>
#include <string_view>

#include "syntax/native/token.hpp"

namespace hclschema::native::detail::testing {

inline constexpr std::array<std::string_view, 54> k_token_names = {
    "o_brace", "c_brace", "o_brack", "c_brack", "o_paren", "c_paren", "o_quote", "c_quote", "o_heredoc",
    "c_heredoc", "star", "slash", "plus", "minus", "percent", "equal", "equal_op", "not_equal", "less_than",
    "less_than_eq", "greater_than", "greater_than_eq", "and_op", "or_op", "bang", "dot", "comma", "ellipsis",
    "fat_arrow", "question", "colon", "double_colon", "template_interp", "template_control", "template_seq_end",
    "quoted_lit", "string_lit", "number_lit", "ident", "comment", "newline", "eof", "bitwise_and", "bitwise_or",
    "bitwise_not", "bitwise_xor", "star_star", "apostrophe", "backtick", "semicolon", "tabs", "invalid",
    "bad_utf8", "quoted_newline"};
static_assert(static_cast<size_t>(TokenType::quoted_newline) + 1 == k_token_names.size(),
              "k_token_names must list every TokenType in order");

inline std::string_view token_name(TokenType type) {
  auto i = static_cast<size_t>(type);
  return i < k_token_names.size() ? k_token_names[i] : std::string_view("?");
}

}  // namespace hclschema::native::detail::testing
