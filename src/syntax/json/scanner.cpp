// Token boundaries of HCL's JSON syntax: the rarer tokens (numbers, keywords, invalid bytes);
// see scanner.hpp for the rest and for why the scanner is lax.
#include "syntax/json/scanner.hpp"

namespace hclschema::json::detail {

namespace {

bool is_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool is_number_byte(unsigned char c) {
  switch (c) {
    case '-': case '+': case '.': case 'e': case 'E':
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
      return true;
    default:
      return false;
  }
}

// 'e' and 'E' cannot start a number: they start an (invalid) keyword instead, which reads better.
bool can_start_number(unsigned char c) { return is_number_byte(c) && c != 'e' && c != 'E'; }

}  // namespace

Token Scanner::scan_word(uint32_t start) {
  const auto size = static_cast<uint32_t>(text_.size());
  const auto first = static_cast<unsigned char>(text_[pos_]);
  if (can_start_number(first)) {
    while (pos_ < size && is_number_byte(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    return {TokenType::number, {start, pos_}};
  }
  if (is_alpha(first)) {
    while (pos_ < size && (is_alpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
    return {TokenType::keyword, {start, pos_}};
  }
  // One byte of anything else; scanning stops here, as the parser cannot recover past it.
  stopped_ = true;
  ++pos_;
  const Token invalid{TokenType::invalid, {start, pos_}};
  // The eof that follows sits just after the invalid byte, as in the reference.
  text_ = text_.substr(0, pos_);
  return invalid;
}

}  // namespace hclschema::json::detail
