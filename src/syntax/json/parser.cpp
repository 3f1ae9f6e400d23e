// parse_json: a recursive-descent parser over the pull-based scanner, building the JSON tree in the
// File's arena.
//
// Error handling and recovery follow HCL's json parser step by step (which tokens are consumed
// before giving up on an object or array, which diagnostic comes first), because golden tests
// compare our diagnostics with the reference's. A value that fails to parse becomes an Invalid
// node; the enclosing container carries on where the reference does.
#include <algorithm>
#include <cstring>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "hclschema/json/ast.hpp"
#include "hclschema/parse.hpp"
#include "syntax/json/go_format.hpp"
#include "syntax/json/number_range.hpp"
#include "syntax/json/scanner.hpp"
#include "syntax/json/string_decode.hpp"
#include "util/arena.hpp"

namespace hclschema {

namespace {

using json::detail::Token;
using json::detail::TokenType;

class Parser {
 public:
  Parser(File& file, Diagnostics& diags, unsigned max_depth)
      : file_(file),
        bump_arena_(dynamic_cast<detail::Arena*>(file.arena())),
        src_(file.source()),
        scanner_(src_.text()),
        diags_(diags),
        max_depth_(max_depth),
        ahead_(scanner_.next()) {}

  const json::Value* parse_file() {
    const size_t before = diags_.size();
    const json::Value* root = parse_value();
    if (diags_.size() == before && peek().type != TokenType::eof)
      error("Extraneous data after value", "Extra characters appear after the JSON value.", peek().span);
    if (root->kind != json::NodeKind::object && root->kind != json::NodeKind::array) {
      error("Root value must be object",
            "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
            root->start_range());
      // An empty stand-in object at the very start keeps the body usable, as in the reference.
      auto* obj = make<json::Object>(ByteSpan{0, 0});
      obj->synthetic = true;
      root = obj;
    }
    return root;
  }

 private:
  // The arena's inline bump when it is our own Arena (always, for a File): a node every few
  // input bytes makes the virtual allocate() call measurable.
  void* allocate(size_t bytes, size_t alignment) {
    if (bump_arena_) [[likely]]
      return bump_arena_->bump(bytes, alignment);
    return file_.arena()->allocate(bytes, alignment);
  }

  template <class T, class... Extra>
  T* make(ByteSpan span, Extra... extra) {
    void* mem = allocate(sizeof(T), alignof(T));
    return new (mem) T(span, &src_, extra...);
  }

  // Moves the top of a scratch stack (from `mark` up) into the arena. Objects and arrays nest, so
  // their items share one stack per kind instead of a heap vector per container.
  template <class T>
  std::span<const T> take(std::vector<T>& scratch, size_t mark) {
    const size_t count = scratch.size() - mark;
    if (count == 0) return {};
    auto* mem = static_cast<T*>(allocate(sizeof(T) * count, alignof(T)));
    std::uninitialized_copy(scratch.begin() + static_cast<std::ptrdiff_t>(mark), scratch.end(), mem);
    scratch.resize(mark);
    return {mem, count};
  }

  std::string_view copy_to_arena(std::string_view s) {
    if (s.empty()) return {};
    auto* mem = static_cast<char*>(allocate(s.size(), 1));
    std::memcpy(mem, s.data(), s.size());
    return {mem, s.size()};
  }

  // The next token is always scanned one ahead (the scanner has no effect that could show
  // earlier), so peek() is a plain load rather than a test of whether it is there yet.
  const Token& peek() const { return ahead_; }
  Token read() {
    const Token t = ahead_;
    ahead_ = scanner_.next();  // the scanner repeats eof forever, so reading past the end is harmless
    return t;
  }

  void error(std::string summary, std::string detail, ByteSpan subject, std::optional<ByteSpan> context = std::nullopt) {
    error(std::move(summary), std::move(detail), src_.range(subject), context ? std::optional<Range>(src_.range(*context)) : std::nullopt);
  }
  void error(std::string summary, std::string detail, Range subject, std::optional<Range> context = std::nullopt) {
    diags_.push_back(make_error(std::move(summary), std::move(detail), std::move(subject), std::move(context)));
  }

  const json::Value* invalid(ByteSpan span) { return make<json::Invalid>(span); }

  // Never null: a value that fails becomes an Invalid node spanning the token it started at.
  const json::Value* parse_value() {
    static constexpr const char* kStartDetail =
        "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.";
    const Token tok = peek();
    const json::Value* v = nullptr;
    switch (tok.type) {
      case TokenType::brace_open:
      case TokenType::bracket_open:
        if (depth_ >= max_depth_) {
          too_deep(tok);
          return invalid(tok.span);
        }
        ++depth_;
        v = tok.type == TokenType::brace_open ? parse_object() : parse_array();
        --depth_;
        break;
      case TokenType::number: v = parse_number(); break;
      case TokenType::string: v = parse_string(); break;
      case TokenType::keyword: v = parse_keyword(); break;
      case TokenType::brace_close: error("Missing JSON value", kStartDetail, tok.span); break;
      case TokenType::bracket_close: error("Missing array element value", kStartDetail, tok.span); break;
      case TokenType::eof: error("Missing value", "The JSON data ends prematurely.", tok.span); break;
      default: error("Invalid start of value", kStartDetail, tok.span); break;
    }
    return v ? v : invalid(tok.span);
  }

  // Deeper nesting than allowed: report it once and skip the whole bracketed region without
  // recursing, so that hostile input cannot exhaust the stack.
  void too_deep(const Token& open) {
    error("Nesting too deep",
          "This JSON value is nested more than " + std::to_string(max_depth_) + " levels deep, which is more than this parser accepts.",
          open.span);
    size_t level = 0;
    for (;;) {
      Token t = read();
      if (t.type == TokenType::brace_open || t.type == TokenType::bracket_open) ++level;
      else if (t.type == TokenType::brace_close || t.type == TokenType::bracket_close) --level;
      if (level == 0 || t.type == TokenType::eof) return;
    }
  }

  // After an error in a container: skip ahead to what looks like its end. `tok` was already read.
  // The counting (stopping at a nested closer once back at level one) is the reference's.
  void recover(Token tok, TokenType opener, TokenType closer) {
    int open = 1;
    for (;;) {
      if (tok.type == opener) {
        ++open;
      } else if (tok.type == closer) {
        --open;
        if (open <= 1) return;
      } else if (tok.type == TokenType::eof) {
        return;
      }
      tok = read();
    }
  }

  // Truncates a scratch stack back to where a container's items began, however the container's
  // parse ends (take() has already done it on success).
  template <class T>
  struct ScratchMark {
    std::vector<T>& stack;
    const size_t mark;
    explicit ScratchMark(std::vector<T>& s) : stack(s), mark(s.size()) {}
    ~ScratchMark() { stack.resize(mark); }
    ScratchMark(const ScratchMark&) = delete;
    ScratchMark& operator=(const ScratchMark&) = delete;
  };

  const json::Value* parse_object() {
    const Token open = read();
    const ScratchMark<json::Property> props(props_);
    auto recover_object = [&](Token t) { recover(t, TokenType::brace_open, TokenType::brace_close); };
    for (;;) {
      if (peek().type == TokenType::brace_close) break;
      // A string key is read without a String node: only its text and span are kept (in the
      // Property), so a node would be arena space nobody points to.
      json::Property prop;
      if (peek().type == TokenType::string) {
        const Token key = read();
        if (!string_value(key, prop.name)) {
          error("Invalid object property name", "A JSON object property name must be a string", key.span);
          return nullptr;
        }
        prop.name_span = key.span;
      } else {
        // Anything else is an error, once the value has been parsed (its own errors come first).
        const json::Value* key = parse_value();
        error("Invalid object property name", "A JSON object property name must be a string", key->start_range());
        return nullptr;
      }
      const Token colon = read();
      if (colon.type != TokenType::colon) {
        recover_object(colon);
        if (colon.type == TokenType::brace_close || colon.type == TokenType::comma)
          error("Missing object value", "A JSON object attribute must have a value, introduced by a colon.", colon.span);
        else if (colon.type == TokenType::equals)
          error("Missing property value colon", "JSON uses a colon as its name/value delimiter, not an equals sign.", colon.span);
        else
          error("Missing property value colon", "A colon must appear between an object property's name and its value.", colon.span);
        return nullptr;
      }
      // Most property values are strings: parsed here, as parse_value would, without its frame.
      prop.value = peek().type == TokenType::string ? parse_string_or_invalid() : parse_value();
      props_.push_back(prop);

      switch (peek().type) {
        case TokenType::comma: {
          const Token comma = read();
          if (peek().type == TokenType::brace_close) {
            error("Trailing comma in object", "JSON does not permit a trailing comma after the final property in an object.", comma.span);
            return nullptr;
          }
          continue;
        }
        case TokenType::eof:
          error("Unclosed object", "No closing brace was found for this JSON object.", open.span);
          return nullptr;
        case TokenType::bracket_close:
          read();
          error("Mismatched braces", "A JSON object must be closed with a brace, not a bracket.", peek().span);
          return nullptr;
        case TokenType::brace_close:
          break;
        default:
          recover_object(read());
          error("Missing attribute seperator comma", "A comma must appear between each property definition in an object.", peek().span);
          return nullptr;
      }
      break;
    }
    const Token close = read();
    auto* obj = make<json::Object>(ByteSpan::cover(open.span, close.span));
    obj->set_properties(take(props_, props.mark));
    return obj;
  }

  const json::Value* parse_array() {
    const Token open = read();
    const ScratchMark<const json::Value*> values(elements_);
    auto recover_array = [&](Token t) { recover(t, TokenType::bracket_open, TokenType::bracket_close); };
    for (;;) {
      if (peek().type == TokenType::bracket_close) break;
      const json::Value* element = parse_value();
      elements_.push_back(element);
      switch (peek().type) {
        case TokenType::comma: {
          const Token comma = read();
          if (peek().type == TokenType::bracket_close) {
            error("Trailing comma in array", "JSON does not permit a trailing comma after the final value in an array.", comma.span);
            return nullptr;
          }
          continue;
        }
        case TokenType::colon:
          recover_array(read());
          error("Invalid array value", "A colon is not used to introduce values in a JSON array.", peek().span);
          return nullptr;
        case TokenType::eof:
          recover_array(read());
          error("Unclosed object", "No closing bracket was found for this JSON array.", open.span);
          return nullptr;
        case TokenType::brace_close:
          recover_array(read());
          error("Mismatched brackets", "A JSON array must be closed with a bracket, not a brace.", peek().span);
          return nullptr;
        case TokenType::bracket_close:
          break;
        default:
          recover_array(read());
          error("Missing attribute seperator comma", "A comma must appear between each value in an array.", peek().span);
          return nullptr;
      }
      break;
    }
    const Token close = read();
    auto* arr = make<json::Array>(ByteSpan::cover(open.span, close.span));
    arr->set_elements(take(elements_, values.mark));
    return arr;
  }

  // JSON's number grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
  static bool valid_number(std::string_view s) {
    size_t i = 0;
    auto digit = [&](size_t k) { return k < s.size() && s[k] >= '0' && s[k] <= '9'; };
    if (i < s.size() && s[i] == '-') ++i;
    if (!digit(i)) return false;
    if (s[i] == '0') ++i;
    else
      while (digit(i)) ++i;
    if (i < s.size() && s[i] == '.') {
      ++i;
      if (!digit(i)) return false;
      while (digit(i)) ++i;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
      ++i;
      if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
      if (!digit(i)) return false;
      while (digit(i)) ++i;
    }
    return i == s.size();
  }

  const json::Value* parse_number() {
    const Token tok = read();
    const std::string_view text = src_.slice(tok.span);
    if (!valid_number(text) || !json::detail::number_in_range(text)) {
      error("Invalid JSON number", "There is a syntax error in the given JSON number.", tok.span);
      return nullptr;
    }
    return make<json::Number>(tok.span);  // its text is the span's
  }

  // parse_value's string case (an Invalid node spanning the token when the string is invalid).
  const json::Value* parse_string_or_invalid() {
    const ByteSpan span = peek().span;
    const json::Value* v = parse_string();
    return v ? v : invalid(span);
  }

  const json::Value* parse_string() {
    const Token tok = read();
    std::string_view value;
    if (!string_value(tok, value)) return nullptr;
    return make<json::String>(tok.span, value);
  }

  // The decoded value of a string token (a property name or a string value), pointing into the
  // source when it is the text between the quotes, else into the arena. False (and the error
  // reported) when the token is not a valid JSON string.
  bool string_value(const Token& tok, std::string_view& value) {
    // Most strings have no escape: their value is the source text between the quotes, with
    // nothing to validate or copy (decode_string would give the same text, no error).
    // The scanner has seen whether the string holds a backslash or a non-ASCII byte; a control
    // byte ends its token before the closing quote, which the size and last byte rule out.
    // This test is inline in the parse loops; everything else is out of line.
    if (tok.plain_ascii) [[likely]] {
      const std::string_view text = src_.slice(tok.span);
      if (text.size() >= 2 && text.back() == '"') [[likely]] {
        value = text.substr(1, text.size() - 2);
        return true;
      }
    }
    return string_value_slow(tok, value);
  }

  [[gnu::noinline]] bool string_value_slow(const Token& tok, std::string_view& value) {
    const std::string_view text = src_.slice(tok.span);
    // One with a backslash has an escape (or is invalid): only non-ASCII text needs the full check.
    const bool verbatim = !tok.plain_ascii && !tok.backslash && json::detail::is_verbatim_string(text);
    if (verbatim) {
      value = text.substr(1, text.size() - 2);
      return true;
    }
    if (auto err = json::detail::decode_string(text, scratch_)) {
      // Like the reference, point one byte at the offset encoding/json reports, with the whole
      // string as context. The reference computes the column as the start column plus that many
      // bytes, which is wrong after non-ASCII text and can point past the end of the file; we
      // compute the true position of the same byte instead.
      Range whole = src_.range(tok.span);
      const uint32_t at = tok.span.begin + static_cast<uint32_t>(*err);
      const auto size = static_cast<uint32_t>(src_.text().size());
      Range subject = src_.range({std::min(at, size), std::min(at + 1, size)});
      // When that byte is the line feed that cuts off an unterminated string, the reference ends
      // the subject one column on, on the same line, not at the start of the next line.
      if (at < size && src_.text()[at] == '\n') subject.end = Pos{subject.start.line, subject.start.column + 1, subject.start.byte + 1};
      std::optional<Range> context;
      if (subject != whole) context = whole;
      error("Invalid JSON string", "There is a syntax error in the given JSON string.", std::move(subject), std::move(context));
      return false;
    }
    // Without escapes or replaced bytes the decoded text is the source text between the quotes.
    const std::string_view inner = text.substr(1, text.size() - 2);
    value = scratch_ == inner ? inner : copy_to_arena(scratch_);
    return true;
  }

  const json::Value* parse_keyword() {
    const Token tok = read();
    const std::string_view word = src_.slice(tok.span);
    if (word == "true" || word == "false") {
      auto* b = make<json::Bool>(tok.span);
      b->value = word == "true";
      return b;
    }
    if (word == "null") return make<json::Null>(tok.span);
    const std::string quoted = json::detail::go_quote(word);
    if (word == "undefined" || word == "NaN" || word == "Infinity") {
      error("Invalid JSON keyword", "The JavaScript identifier " + quoted + " cannot be used in JSON.", tok.span);
      return nullptr;
    }
    std::string detail = quoted + " is not a valid JSON keyword.";
    for (std::string_view kw : {"false", "true", "null"}) {
      if (json::detail::edit_distance(word, kw) < 3) {
        detail += " Did you mean " + json::detail::go_quote(kw) + "?";
        break;
      }
    }
    error("Invalid JSON keyword", std::move(detail), tok.span);
    return nullptr;
  }

  File& file_;
  detail::Arena* bump_arena_;
  const SourceFile& src_;
  json::detail::Scanner scanner_;
  Diagnostics& diags_;
  unsigned max_depth_;
  unsigned depth_ = 0;
  Token ahead_;  // declared after scanner_, which it is read from
  std::string scratch_;
  std::vector<json::Property> props_;          // the properties of the objects being parsed
  std::vector<const json::Value*> elements_;  // the elements of the arrays being parsed
};

}  // namespace

ParseResult parse_json(std::shared_ptr<const SourceFile> source, const ParseOptions& options) {
  ParseResult result;
  auto file = std::make_shared<File>(std::move(source), Syntax::json);
  Parser parser(*file, result.diagnostics, options.max_nesting_depth);
  const json::Value* root = parser.parse_file();
  file->set_body(&root->as_body());
  result.file = std::move(file);
  return result;
}

}  // namespace hclschema
