// Parsing a file of `input "NAME" { ... }` blocks: the block structure and the field lines.
//
// `name: TYPE = DEFAULT` is not HCL's native syntax (an attribute needs `=`), so the file is read
// here from the native lexer's tokens: block headers, field names, and the extent of each type and
// default (to the `=` or the end of the line, with brackets, braces, strings and templates balanced
// so that a type or default may span lines). Each type and default is then parsed by the native
// parser as a standalone expression positioned where it stands in the file, so its diagnostics
// and ranges are exact. A bad line is reported and parsing goes on at the next one.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory_resource>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "hclschema/inputs.hpp"
#include "inputs/inputs_detail.hpp"
#include "syntax/native/lexer.hpp"
#include "syntax/native/parser.hpp"
#include "syntax/native/string_literal.hpp"

namespace hclschema {

namespace {

using native::detail::Lexer;
using native::detail::Token;
using native::detail::TokenType;

constexpr const char* kFieldUsage = "A field is declared on a line of its own as name: TYPE or name: TYPE = DEFAULT.";

bool is_line_comment(std::string_view text) { return !text.empty() && (text[0] == '#' || (text.size() > 1 && text[1] == '/')); }

class InputsParser {
 public:
  explicit InputsParser(std::shared_ptr<const SourceFile> source) : source_(std::move(source)), src_(*source_) {
    Lexer lexer(src_, lex_diags_);
    for (Token t = lexer.next();; t = lexer.next()) {
      tokens_.push_back(t);
      if (t.type == TokenType::eof) break;
    }
  }

  InputsResult parse() {
    InputsResult result;
    for (;;) {
      skip_blank_lines();
      const Token& tok = peek();
      if (tok.type == TokenType::eof) break;
      if (tok.type == TokenType::ident && text(tok) == "input") {
        parse_block(result.inputs);
        continue;
      }
      error("Unexpected item", "A file of inputs holds only input blocks: input \"NAME\" { ... }.", tok.span);
      skip_item(/*in_body=*/false);
    }
    // The lexer's complaints about characters inside types and defaults were made again by the
    // expression parser; keep only the others.
    for (Diagnostic& d : lex_diags_) {
      const uint32_t at = d.subject ? d.subject->start.byte : 0;
      const bool reparsed = std::any_of(reparsed_.begin(), reparsed_.end(), [&](ByteSpan s) { return at >= s.begin && at < s.end; });
      if (!reparsed) diags_.push_back(std::move(d));
    }
    std::stable_sort(diags_.begin(), diags_.end(), [](const Diagnostic& a, const Diagnostic& b) {
      const uint32_t x = a.subject ? a.subject->start.byte : 0, y = b.subject ? b.subject->start.byte : 0;
      return x < y;
    });
    result.diagnostics = std::move(diags_);
    result.source = source_;
    return result;
  }

 private:
  const Token& peek() const { return tokens_[pos_]; }
  Token read() {
    Token t = tokens_[pos_];
    if (t.type != TokenType::eof) ++pos_;
    return t;
  }
  std::string_view text(const Token& t) const { return src_.slice(t.span); }
  Range range(ByteSpan span) const { return src_.range(span); }
  void error(const std::string& summary, const std::string& detail, ByteSpan subject, std::optional<ByteSpan> context = std::nullopt) {
    diags_.push_back(make_error(summary, detail, range(subject), context ? std::optional<Range>(range(*context)) : std::nullopt));
  }

  bool at_line_end(const Token& t) const {
    return t.type == TokenType::newline || t.type == TokenType::eof || (t.type == TokenType::comment && is_line_comment(text(t)));
  }
  void skip_blank_lines() {
    while (peek().type == TokenType::newline || peek().type == TokenType::comment) read();
  }
  // Skips `/* */` comments within a line.
  void skip_inline_comments() {
    while (peek().type == TokenType::comment && !is_line_comment(text(peek()))) read();
  }

  // Skips the rest of a bad item: to the end of its line, through any brackets it opens. In a
  // body, an unmatched "}" is the body's end and is left for the caller.
  void skip_item(bool in_body) {
    std::vector<TokenType> open;
    for (;;) {
      const Token& t = peek();
      if (t.type == TokenType::eof) return;
      if (open.empty()) {
        if (at_line_end(t)) {
          read();
          return;
        }
        if (in_body && t.type == TokenType::c_brace) return;
      }
      track(open, read());
    }
  }

  // Keeps the stack of expected closers up to date for token `t`. Returns false when `t` is a
  // closer that matches nothing open.
  static bool track(std::vector<TokenType>& open, const Token& t) {
    switch (t.type) {
      case TokenType::o_brace: open.push_back(TokenType::c_brace); return true;
      case TokenType::o_brack: open.push_back(TokenType::c_brack); return true;
      case TokenType::o_paren: open.push_back(TokenType::c_paren); return true;
      case TokenType::o_quote: open.push_back(TokenType::c_quote); return true;
      case TokenType::o_heredoc: open.push_back(TokenType::c_heredoc); return true;
      case TokenType::template_interp:
      case TokenType::template_control: open.push_back(TokenType::template_seq_end); return true;
      case TokenType::c_brace:
      case TokenType::c_brack:
      case TokenType::c_paren:
      case TokenType::c_quote:
      case TokenType::c_heredoc:
      case TokenType::template_seq_end: {
        auto it = std::find(open.rbegin(), open.rend(), t.type);
        if (it == open.rend()) return false;
        open.erase(std::next(it).base(), open.end());
        return true;
      }
      default: return true;
    }
  }

  // The extent of a type (stop_at_equal) or a default: up to the end of the line, or a "}" that
  // closes the block, with everything bracketed included. Empty when nothing is there.
  ByteSpan scan_span(bool stop_at_equal) {
    std::vector<TokenType> open;
    std::optional<ByteSpan> span;
    TokenType last = TokenType::eof;
    for (;;) {
      const Token& t = peek();
      if (t.type == TokenType::eof) break;
      if (open.empty()) {
        if (at_line_end(t) || t.type == TokenType::c_brace || (stop_at_equal && t.type == TokenType::equal)) break;
      } else if (t.type == TokenType::c_brace &&
                 std::find(open.begin(), open.end(), TokenType::c_brace) == open.end()) {
        break;  // an unclosed "(" or "[": this brace ends the block; the expression parser reports the rest
      }
      Token taken = read();
      track(open, taken);
      last = taken.type;
      if (taken.type == TokenType::comment && !span) continue;  // a leading /* */ comment
      span = span ? ByteSpan::cover(*span, taken.span) : taken.span;
    }
    // A heredoc's closing marker must be followed by a line end: the newline is part of the
    // expression's text (and is still left to end the line).
    if (span && last == TokenType::c_heredoc && peek().type == TokenType::newline) span = ByteSpan::cover(*span, peek().span);
    return span.value_or(ByteSpan{peek().span.begin, peek().span.begin});
  }

  // Parses bytes `span` as one expression positioned where it stands in the file.
  native::detail::ParsedTemplate parse_span(ByteSpan span) {
    reparsed_.push_back(span);
    auto sub = SourceFile::slice_of(source_, span);
    return native::detail::parse_expression_source(std::move(sub));
  }

  void parse_block(std::vector<InputBlock>& inputs) {
    Token keyword = read();
    skip_inline_comments();
    InputBlock block;
    ByteSpan header = keyword.span;
    const Token& label = peek();
    if (label.type == TokenType::o_quote) {
      ByteSpan label_span;
      if (!read_quoted_label(block.name, &label_span)) {
        skip_item(false);
        return;
      }
      header = ByteSpan::cover(header, label_span);
      block.name_range = range(label_span);
    } else if (label.type == TokenType::ident) {
      block.name = std::string(text(label));
      header = ByteSpan::cover(header, label.span);
      block.name_range = range(label.span);
      read();
    } else {
      error("Missing name for input", "An input block has one label, its name: input \"NAME\" { ... }.", label.span, keyword.span);
      skip_item(false);
      return;
    }
    skip_inline_comments();
    bool extra_labels = false;
    while (peek().type == TokenType::o_quote || peek().type == TokenType::ident) {
      ByteSpan extra_span = peek().span;
      std::string ignored;
      if (peek().type == TokenType::o_quote) {
        if (!read_quoted_label(ignored, &extra_span)) {
          skip_item(false);
          return;
        }
      } else {
        read();
      }
      if (!extra_labels) error("Extraneous label for input", "An input block has one label, its name: input \"NAME\" { ... }.", extra_span, header);
      extra_labels = true;
      skip_inline_comments();
    }
    block.range = range(header);
    if (peek().type != TokenType::o_brace) {
      error("Invalid block definition",
            "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.",
            peek().span, header);
      skip_item(false);
      // A body that starts on the next line belongs to this block: skip it without more errors.
      skip_blank_lines();
      if (peek().type == TokenType::o_brace) skip_item(false);
      return;
    }
    Token open = read();
    for (;;) {
      skip_blank_lines();
      const Token& t = peek();
      if (t.type == TokenType::c_brace) {
        read();
        break;
      }
      if (t.type == TokenType::eof) {
        error("Unclosed configuration block",
              "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in "
              "this file.",
              open.span, header);
        break;
      }
      parse_field(block);
    }
    inputs.push_back(std::move(block));
  }

  // A quoted block label: literal text only, as HCL requires of labels. False when the string is
  // not closed on its line (the lexer has reported a newline in a quoted string; at the end of the
  // file it is reported here).
  bool read_quoted_label(std::string& value, ByteSpan* span_out) {
    Token open = read();
    value.clear();
    ByteSpan end = open.span;
    std::pmr::monotonic_buffer_resource arena;
    for (;;) {
      Token t = peek();
      if (t.type == TokenType::c_quote) {
        end = read().span;
        break;
      }
      if (t.type == TokenType::quoted_lit) {
        read();
        value += native::detail::decode_string_literal(src_, t.span, true, arena, diags_);
        end = t.span;
        continue;
      }
      if (t.type == TokenType::quoted_newline) return false;
      if (t.type == TokenType::eof) {
        error("Unterminated string literal", "Unable to find the closing quote mark before the end of the file.", t.span, open.span);
        return false;
      }
      error("Invalid string literal", "Template sequences are not allowed in an input name.", t.span, open.span);
      std::vector<TokenType> stack;
      track(stack, read());
      while (!stack.empty() && peek().type != TokenType::eof) track(stack, read());
      end = t.span;
    }
    *span_out = ByteSpan::cover(open.span, end);
    return true;
  }

  void parse_field(InputBlock& block) {
    const Token name = peek();
    if (name.type != TokenType::ident) {
      error("Invalid field declaration", kFieldUsage, name.span);
      skip_item(true);
      return;
    }
    read();
    skip_inline_comments();
    const Token sep = peek();
    if (sep.type != TokenType::colon) {
      if (sep.type == TokenType::equal)
        error("Missing colon after field name",
              "A field's name and type are separated by a colon, as in port: int; an equals sign introduces the default value after the type.",
              sep.span, name.span);
      else if (sep.type == TokenType::o_brace || sep.type == TokenType::o_quote)
        error("Unexpected block", "An input block holds only fields, not nested blocks. " + std::string(kFieldUsage), name.span);
      else
        error("Invalid field declaration", kFieldUsage, at_line_end(sep) ? name.span : sep.span, name.span);
      skip_item(true);
      return;
    }
    read();

    InputField field;
    field.name = std::string(text(name));
    field.name_range = range(name.span);
    ByteSpan whole = ByteSpan::cover(name.span, sep.span);

    ByteSpan type_span = scan_span(/*stop_at_equal=*/true);
    if (type_span.begin == type_span.end) {
      error("Missing field type", "The colon after a field name must be followed by the field's type, such as string or list(string).", sep.span,
            name.span);
      field.type.range = range(sep.span);
    } else {
      whole = ByteSpan::cover(whole, type_span);
      auto parsed = parse_span(type_span);
      const bool syntax_ok = !has_errors(parsed.diagnostics);
      append(diags_, std::move(parsed.diagnostics));
      if (syntax_ok && parsed.expr) {
        field.type = detail::read_input_type(*parsed.expr, detail::TypeSite::field, diags_);
      } else {
        field.type.range = range(type_span);  // read as any; the syntax error says what is wrong
      }
      field.owners.push_back(parsed.file);
    }

    if (peek().type == TokenType::equal) {
      Token equals = read();
      whole = ByteSpan::cover(whole, equals.span);
      ByteSpan default_span = scan_span(/*stop_at_equal=*/false);
      if (default_span.begin == default_span.end) {
        error("Missing default value", "The equals sign after a field's type must be followed by the default value.", equals.span, name.span);
      } else {
        whole = ByteSpan::cover(whole, default_span);
        auto parsed = parse_span(default_span);
        const bool syntax_ok = !has_errors(parsed.diagnostics);
        append(diags_, std::move(parsed.diagnostics));
        // A default with syntax errors is left out rather than checked: the error is reported.
        if (syntax_ok && parsed.expr) field.default_value = InputDefault{parsed.expr, parsed.expr->range(), std::nullopt};
        field.owners.push_back(parsed.file);
      }
    }
    if (peek().type != TokenType::c_brace && !at_line_end(peek())) {
      error("Missing newline after field", kFieldUsage, peek().span, name.span);
      skip_item(true);
    } else if (peek().type != TokenType::c_brace) {
      read();  // the line's end
    }

    field.range = range(whole);
    field.required = !field.default_value && !detail::is_optional(field.type);
    field.accessor = accessor_for(field.type, field.required);
    block.fields.push_back(std::move(field));
  }

  std::shared_ptr<const SourceFile> source_;
  const SourceFile& src_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  Diagnostics diags_;
  Diagnostics lex_diags_;
  std::vector<ByteSpan> reparsed_;
};

InputsResult io_failure(const std::string& path, std::string summary, std::string detail) {
  InputsResult result;
  Diagnostic d = make_error(std::move(summary), std::move(detail), std::nullopt);
  d.code = "io";
  (void)path;
  result.diagnostics.push_back(std::move(d));
  return result;
}

}  // namespace

InputsResult parse_inputs(std::shared_ptr<const SourceFile> source) {
  if (!source) return {};
  if (source->text().size() >= UINT32_MAX) {
    InputsResult result = io_failure(source->filename(), "File too large", "The file is too large to read.");
    return result;
  }
  InputsParser parser(std::move(source));
  return parser.parse();
}

InputsResult parse_inputs_path(const std::string& path, std::size_t max_file_size) {
  std::error_code dir_ec;
  if (std::filesystem::is_directory(path, dir_ec)) return io_failure(path, "Failed to read file", fmt::format("\"{}\" is a directory, not a file.", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::error_code ec(errno, std::generic_category());
    return io_failure(path, "Failed to read file", fmt::format("The file \"{}\" could not be read: {}.", path, ec.message()));
  }
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  in.seekg(0, std::ios::beg);
  if (size < 0) return io_failure(path, "Failed to read file", fmt::format("The file \"{}\" could not be read.", path));
  if (static_cast<std::size_t>(size) > max_file_size || static_cast<std::uint64_t>(size) >= UINT32_MAX)
    return io_failure(path, "File too large", fmt::format("The file \"{}\" is {} bytes, more than the limit of {} bytes.", path, size, max_file_size));
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), size);
  if (!in) return io_failure(path, "Failed to read file", fmt::format("The file \"{}\" could not be read completely.", path));
  return parse_inputs(SourceFile::from_string(path, std::move(text)));
}

InputsResult read_inputs(std::shared_ptr<const SourceFile> source) {
  InputsResult result = parse_inputs(std::move(source));
  if (!result.source) return result;
  append(result.diagnostics, check_inputs(result.inputs));
  // In source order, as a reader goes through the file.
  std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
    const uint32_t x = a.subject ? a.subject->start.byte : 0, y = b.subject ? b.subject->start.byte : 0;
    return x < y;
  });
  return result;
}

}  // namespace hclschema
