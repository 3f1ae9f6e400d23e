// The native-syntax parser: recursive descent over the lexer's tokens, building the arena AST.
//
// The grammar decisions, error recovery and diagnostics follow hclsyntax's parser so that the same
// input gives the same tree and the same errors. Where the reference recurses without limit, we
// count depth and report "Nesting too deep" instead of overflowing the stack.
#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <new>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <utf8proc.h>

#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"
#include "syntax/native/lexer.hpp"
#include "syntax/native/parser.hpp"
#include "syntax/native/string_literal.hpp"
#include "util/arena.hpp"
#include "util/did_you_mean.hpp"
#include "util/go_format.hpp"
#include "util/thread_table_drain.hpp"
#include "value/nfc.hpp"

static_assert(hclschema::native::Expr::k_arena_segment == hclschema::detail::Arena::k_segment, "Expr::file() masks with the arena's segment size");

namespace hclschema::native::detail {

namespace {

ByteSpan between(ByteSpan a, ByteSpan b) { return {a.begin, b.end}; }

bool is_unicode_space(const char* p, size_t n, size_t* len) {
  auto c = static_cast<unsigned char>(p[0]);
  if (c == ' ' || (c >= 0x09 && c <= 0x0D)) {
    *len = 1;
    return true;
  }
  if (c == 0xC2 && n >= 2 && (static_cast<unsigned char>(p[1]) == 0x85 || static_cast<unsigned char>(p[1]) == 0xA0)) {
    *len = 2;
    return true;
  }
  if (c == 0xE1 && n >= 3 && static_cast<unsigned char>(p[1]) == 0x9A && static_cast<unsigned char>(p[2]) == 0x80) {
    *len = 3;
    return true;
  }
  if (c == 0xE2 && n >= 3) {
    auto b1 = static_cast<unsigned char>(p[1]), b2 = static_cast<unsigned char>(p[2]);
    if (b1 == 0x80 && ((b2 >= 0x80 && b2 <= 0x8A) || b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF)) {
      *len = 3;
      return true;
    }
    if (b1 == 0x81 && b2 == 0x9F) {
      *len = 3;
      return true;
    }
  }
  if (c == 0xE3 && n >= 3 && static_cast<unsigned char>(p[1]) == 0x80 && static_cast<unsigned char>(p[2]) == 0x80) {
    *len = 3;
    return true;
  }
  return false;
}

// Unicode White_Space trimming, as Go's strings.TrimLeftFunc(s, unicode.IsSpace).
std::string_view trim_left_space(std::string_view s) {
  size_t i = 0, len = 0;
  while (i < s.size() && is_unicode_space(s.data() + i, s.size() - i, &len)) i += len;
  return s.substr(i);
}

bool ends_with_space(std::string_view s, size_t* len) {
  for (size_t back = 1; back <= 3 && back <= s.size(); ++back) {
    size_t l = 0;
    if (is_unicode_space(s.data() + s.size() - back, back, &l) && l == back) {
      *len = back;
      return true;
    }
  }
  return false;
}

std::string_view trim_right_space(std::string_view s) {
  size_t len = 0;
  while (!s.empty() && ends_with_space(s, &len)) s.remove_suffix(len);
  return s;
}

// One piece of a template before directives are matched up (hclsyntax's templateToken).
struct TemplatePart {
  enum class Kind : uint8_t { literal, interp, if_open, for_open, else_ctrl, endif_ctrl, endfor_ctrl, end } kind;
  ByteSpan span;
  std::string_view text;            // literal value (after trimming)
  const Expr* expr = nullptr;       // interp expression, if condition, for collection
  ByteSpan key_var, val_var;        // for: the identifiers' spans
};

TemplatePart make_part(TemplatePart::Kind kind, ByteSpan span) {
  TemplatePart part{};
  part.kind = kind;
  part.span = span;
  return part;
}

}  // namespace

/// An attribute as the parser builds it, with plain pointers: the tree's NativeAttribute points
/// with RelPtr, which works only inside the arena (see take_as).
struct AttributeDraft {
  const Expr* expr = nullptr;
  ByteSpan name_span;
  uint32_t span_end = 0;
  uint32_t equals_begin = 0;
  [[nodiscard]] std::string_view name() const { return expr->file().slice(name_span); }
  [[nodiscard]] ByteSpan span() const { return {name_span.begin, span_end}; }
};

/// An object constructor's item as the parser builds it (as AttributeDraft).
struct ItemDraft {
  const Expr* key = nullptr;
  const Expr* value = nullptr;
};

/// The parser's stacks: the newline modes, and lists under construction (nested lists push above
/// their parent's mark).
struct ListStacks {
  std::vector<char> newline_stack;  // see push_newlines
  std::vector<const Expr*> exprs;
  std::vector<ItemDraft> items;
  std::vector<AttributeDraft> attrs;
  std::vector<const NativeBlock*> blocks;
  std::vector<ArenaTraversalStep> steps;
  std::vector<TemplatePart> parts;
  std::vector<std::string_view> labels;  // block labels, and their spans at the same positions
  std::vector<ByteSpan> label_spans;

  /// Emptied, each keeps its capacity.
  void clear() {
    newline_stack.clear();
    exprs.clear();
    items.clear();
    attrs.clear();
    blocks.clear();
    steps.clear();
    parts.clear();
    labels.clear();
    label_spans.clear();
  }
};

/// The vectors a parser (and its lexer) grows as it goes. A caller parsing many short texts one
/// after the other keeps one and lends it to each parser (see ReusedTemplateParse), so that each
/// parse starts with their capacity instead of allocating them again.
struct ParserScratch {
  Lexer::Scratch lexer;
  std::vector<Token> tokens;
  ListStacks lists;
};

// Whether a number token's text is a number: digits, an optional fraction and an optional
// exponent (what cty.ParseNumberVal accepts of the bytes the scanner puts in a number token).
bool is_number_literal(std::string_view t) {
  size_t i = 0;
  auto digits = [&] {
    const size_t from = i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    return i > from;
  };
  if (!digits()) return false;
  if (i < t.size() && t[i] == '.') {
    ++i;
    if (!digits()) return false;
  }
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == t.size();
}

class Parser {
 public:
  Parser(File& file, Diagnostics& diags, const ParseOptions& options, Lexer::Start start, uint32_t begin, uint32_t end)
      : Parser(file.source(), *file.arena(), dynamic_cast<hclschema::detail::Arena*>(file.arena()), diags, options, start, begin, end, nullptr) {}

  /// `bump_arena` is `arena` when that is an Arena (for inline allocation), else null. With
  /// `scratch`, the parser works in its vectors and gives them back, emptied, when it goes.
  Parser(const SourceFile& source, std::pmr::memory_resource& arena, hclschema::detail::Arena* bump_arena, Diagnostics& diags, const ParseOptions& options,
         Lexer::Start start, uint32_t begin, uint32_t end, ParserScratch* scratch)
      : file_(source), arena_(arena), bump_arena_(bump_arena), diags_(diags), options_(options), lexer_(source, lex_diags_, start, begin, end),
        batch_(batch_size(source, begin, end)), scratch_(scratch) {
    // Nodes find their file through the arena segment they are in (Expr::file()), so they can
    // come from nowhere else.
    if (!bump_arena_) throw std::logic_error("native syntax nodes need an hclschema Arena");
    bump_arena_->set_owner(&source);
    if (scratch_) {
      swap_scratch();
      lexer_.borrow(scratch_->lexer);
    }
  }

  // As in the reference, the scanner's diagnostics come before the parser's.
  ~Parser() {
    // A batch lexed ahead may end with a token the lexer reported but the parser never pulled
    // (it stopped before): pulling one token at a time, that token would not have been scanned.
    if (batch_ends_in_error_ && !error_token_seen_) lex_diags_.resize(batch_diag_mark_);
    if (!lex_diags_.empty()) diags_.insert(diags_.begin(), lex_diags_.begin(), lex_diags_.end());
    if (scratch_) {
      // Emptied, the vectors keep their capacity for the next parser. The token buffer's size is
      // its capacity (see refill), so it is not cleared.
      lists_.clear();
      swap_scratch();
      lexer_.give_back(scratch_->lexer);
    }
  }

  const NativeBody* parse_file_body() { return parse_body(TokenType::eof); }

 private:
  void swap_scratch() {
    buffer_.swap(scratch_->tokens);
    buf_ = buffer_.data();
    buffer_cap_ = static_cast<uint32_t>(buffer_.size());
    std::swap(lists_, scratch_->lists);
  }

 public:

  const Expr* parse_whole_template() { return parse_template(TokenType::eof, false); }

  const Expr* parse_whole_expression() {
    push_newlines(false);
    const Expr* e = parse_expression();
    Token next = peek();
    if (next.type != TokenType::eof && !recovery_)
      error("Extra characters after expression", "An expression was successfully parsed, but extra characters were found after it.", next.span);
    pop_newlines();
    return e;
  }

 private:
  // ---- arena helpers ---------------------------------------------------------------------------
  [[gnu::always_inline]] void* allocate(size_t bytes, size_t alignment) {
    if (bump_arena_) [[likely]]
      return bump_arena_->bump(bytes, alignment);
    return arena_.allocate(bytes, alignment);
  }
  template <class T, class... Args>
  [[gnu::always_inline]] T* make(Args&&... args) {
    void* mem = allocate(sizeof(T), alignof(T));
    return new (mem) T(std::forward<Args>(args)...);
  }
  // A literal node, with room after it for its text when the text is not the source's at its span
  // (see LiteralValueExpr).
  LiteralValueExpr* make_literal(ByteSpan span, LiteralValueExpr::ValueKind kind, std::string_view text = {}, bool bool_value = false) {
    const auto at = LiteralValueExpr::text_at(text_base_, span, text);
    void* mem = allocate(LiteralValueExpr::allocation_size(at), alignof(LiteralValueExpr));
    return new (mem) LiteralValueExpr(span, kind, text, at, bool_value);
  }
  // The key node of an object item whose key expression is `key`: right after it when `key` was
  // the last allocation and allows that (see ObjectConsKeyExpr), else with its pointer.
  ObjectConsKeyExpr* make_object_key(const Expr* key) {
    static_assert(alignof(ObjectConsKeyExpr) == alignof(Expr));  // so a key fits right after any node
    const char* after_key = reinterpret_cast<const char*>(key) + sizeof(Expr);
    const bool follows = ObjectConsKeyExpr::can_follow(*key) && bump_arena_ &&
                         bump_arena_->next_is(after_key, ObjectConsKeyExpr::allocation_size(true));
    void* mem = allocate(ObjectConsKeyExpr::allocation_size(follows), alignof(ObjectConsKeyExpr));
    return new (mem) ObjectConsKeyExpr(key->span, key, follows);
  }
  // A template of the expressions above `mark` on lists_.exprs (popped), stored after the node.
  TemplateExpr* make_template(ByteSpan span, size_t mark) {
    const auto count = static_cast<uint32_t>(lists_.exprs.size() - mark);
    void* mem = allocate(TemplateExpr::allocation_size(count), alignof(TemplateExpr));
    auto* t = new (mem) TemplateExpr(span, lists_.exprs.data() + mark, count);
    lists_.exprs.resize(mark);
    return t;
  }
  template <class T>
  Span<T> to_span(const T* items, size_t count) {
    if (count == 0) return {};
    auto* mem = static_cast<T*>(allocate(sizeof(T) * count, alignof(T)));
    std::uninitialized_copy(items, items + count, mem);
    return {mem, static_cast<uint32_t>(count)};
  }
  // Moves the labels and their spans above `mark` (the same count on both stacks) into the block.
  // Their texts are kept only when one of them is not what its span reads as (see BlockLabels).
  void set_labels(NativeBlock& block, size_t mark) {
    bool in_source = true;
    for (size_t i = mark; i < lists_.labels.size() && in_source; ++i) {
      in_source = lists_.labels[i] == BlockLabels::in_source(text_base_, lists_.label_spans[i]);
    }
    block.label_count = static_cast<uint32_t>(lists_.labels.size() - mark);
    if (in_source) {
      lists_.labels.resize(mark);
    } else {
      block.label_items = take(lists_.labels, mark).items;
    }
    block.label_span_items = take(lists_.label_spans, mark).items;
  }
  // Pops the scratch stack above `mark` into an arena span.
  template <class T>
  Span<T> take(std::vector<T>& scratch, size_t mark) {
    Span<T> s = to_span(scratch.data() + mark, scratch.size() - mark);
    scratch.resize(mark);
    return s;
  }
  // Pops the scratch stack above `mark` into an arena array of `Stored`, each made from its draft:
  // for the tree's types that point with RelPtr, which must be constructed in place. A node's
  // array (`for_node`) that is long has its count right before it (see Expr::k_long_count).
  template <class Stored, class Draft, class Make>
  Span<Stored> take_as(std::vector<Draft>& scratch, size_t mark, Make make_stored, bool for_node = false) {
    static_assert(alignof(Stored) <= sizeof(uint32_t), "a count prefix keeps the items aligned");
    const auto count = static_cast<uint32_t>(scratch.size() - mark);
    if (count == 0) return {};
    const size_t prefix = for_node ? Expr::count_prefix_bytes(count) : 0;
    char* mem = static_cast<char*>(allocate(prefix + sizeof(Stored) * count, alignof(Stored)));
    if (prefix != 0) mem = static_cast<char*>(std::memcpy(mem, &count, sizeof count)) + prefix;
    auto* items = reinterpret_cast<Stored*>(mem);
    for (uint32_t i = 0; i < count; ++i) make_stored(items + i, scratch[mark + i]);
    scratch.resize(mark);
    return {items, count};
  }
  // A call's arguments or a tuple's elements: the expressions above `mark` on lists_.exprs.
  Span<RelPtr<const Expr>> take_exprs(size_t mark) {
    return take_as<RelPtr<const Expr>>(
        lists_.exprs, mark, [](RelPtr<const Expr>* at, const Expr* e) { new (at) RelPtr<const Expr>(e); }, true);
  }

  // ---- token stream (hclsyntax's peeker) ------------------------------------------------------
  // Whether newlines count is a stack, exactly as in the reference; comments never count, but a
  // line comment counts as the newline it ends with when newlines count. The lexer fills the
  // buffer a batch at a time, ahead of what the parser looks at: [head_, lexed_) are lexed but not
  // yet consumed. That is invisible to the parsing, as the lexer never depends on the parser; only
  // its diagnostics could tell: a batch ends after a token the lexer reports, and if the parser
  // never looks at that token (it stopped before), its diagnostics are dropped (see ~Parser). The
  // buffer is a plain array with explicit positions: vector::size() of 12-byte tokens costs a
  // division per check.
  [[gnu::noinline]] void refill() {
    if (head_ > 0) {  // keep only the tokens not yet consumed, at the front
      std::memmove(static_cast<void*>(buf_), buf_ + head_, (lexed_ - head_) * sizeof(Token));  // Token is trivially copyable
      lexed_ -= head_;
      head_ = 0;
    }
    if (buffer_cap_ - lexed_ < batch_) {  // also the first time: the buffer starts empty
      buffer_.resize(std::max({size_t{buffer_cap_} * 2, size_t{lexed_} + batch_, size_t{2} * batch_}));
      buffer_cap_ = static_cast<uint32_t>(buffer_.size());
      buf_ = buffer_.data();
    }
    // Only the last batch's reported token can be one the parser has not looked at: a refill
    // happens when every token lexed before has been looked at.
    batch_diag_mark_ = lex_diags_.size();
    lexed_ += lexer_.next_batch(buf_ + lexed_, batch_);
    batch_ends_in_error_ = buf_[lexed_ - 1].type >= TokenType::bitwise_and;
    error_token_seen_ = false;
  }

  // The next significant token and how many buffered tokens reading it consumes. Peeking is by far
  // the most frequent operation, so the answer is cached until a read or a change of newline mode.
  // The cache is two members, read and written field by field: copied as one 16-byte struct, it
  // was loaded with one wide load just after being stored with three narrow ones, a store-forwarding
  // stall on every token.
  [[gnu::always_inline]] const Token& next_token() {
    if (cache_mode_ != newlines_) [[unlikely]]
      scan_next_token();
    return cache_token_;
  }
  void set_cache(ByteSpan span, TokenType type, uint32_t consumed) {
    cache_token_.span = span;
    cache_token_.type = type;
    cache_consumed_ = consumed;
  }

  // Finds the next significant token: skips comments and (when they do not count) newlines, asking
  // the lexer for more as needed (a refill moves the buffered tokens to the front, so positions
  // are relative to head_).
  [[gnu::noinline]] void scan_next_token() {
    const bool newlines = newlines_;
    for (uint32_t k = 0;; ++k) {
      if (head_ + k == lexed_) refill();
      const Token t = buf_[head_ + k];
      // The last batch's reported token is its last; one of an earlier batch can still be in
      // the buffer (plain_quoted_string may refill before looking at it) and says nothing.
      if (t.type >= TokenType::bitwise_and && head_ + k == lexed_ - 1) error_token_seen_ = true;
      if (t.type == TokenType::comment) {
        if (newlines && text_base_[t.span.end - 1] == '\n') {  // a comment is never empty
          set_cache(t.span, TokenType::newline, k + 1);
          break;
        }
        continue;
      }
      if (t.type == TokenType::newline && !newlines) continue;
      set_cache(t.span, t.type, k + (t.type == TokenType::eof ? 0 : 1));  // eof is never consumed
      break;
    }
    cache_mode_ = newlines;
  }

  [[gnu::always_inline]] Token peek() { return next_token(); }

  [[gnu::always_inline]] Token read() {
    const Token t = next_token();
    head_ += cache_consumed_;  // 0 only for eof, which stays buffered: then head_ != lexed_
    if (head_ == lexed_) head_ = lexed_ = 0;  // everything lexed is consumed: start over at the front
    // The last token consumed is the significant one just returned (a comment read as a newline
    // keeps its span), so its span is the previous token's.
    prev_span_ = t.span;
    has_prev_ = true;
    prime_cache();
    return t;
  }

  // After a read: most tokens count whatever the newline mode (all kinds before `comment`: comment,
  // newline, eof and the reported kinds are the last of TokenType), so when the next buffered
  // token is one of them it is the next answer, found without a scan.
  [[gnu::always_inline]] void prime_cache() {
    static_assert(TokenType::comment < TokenType::newline && TokenType::newline < TokenType::eof && TokenType::eof < TokenType::bitwise_and);
    if (head_ != lexed_) [[likely]] {
      const Token t = buf_[head_];
      // A newline, where newlines count (a body), is the answer too, in this mode only.
      if (t.type < TokenType::comment || (t.type == TokenType::newline && newlines_)) [[likely]] {
        set_cache(t.span, t.type, 1);
        cache_mode_ = newlines_;
        return;
      }
    }
    cache_mode_ = kNoCache;
  }

  ByteSpan prev_span() { return has_prev_ ? prev_span_ : peek().span; }

  // lists_.newline_stack holds the pushed modes; below them lies the parser's initial mode, newlines
  // counting, which is never popped (so the stack starts empty: no allocation for a parse that
  // never pushes).
  [[gnu::always_inline]] void push_newlines(bool include) {
    lists_.newline_stack.push_back(include);
    set_newlines(include);
  }
  [[gnu::always_inline]] void pop_newlines() {
    if (!lists_.newline_stack.empty()) lists_.newline_stack.pop_back();
    set_newlines(lists_.newline_stack.empty() ? 1 : lists_.newline_stack.back());
  }
  // A cached answer that is the very next buffered token, of a kind that counts in either mode,
  // stays the answer in the new mode (a bracket is usually followed by such a token).
  void set_newlines(uint8_t include) {
    if (cache_mode_ == newlines_ && cache_consumed_ == 1 && cache_token_.type < TokenType::comment) cache_mode_ = include;
    newlines_ = include;
  }

  // A token's text, straight from the source (a token's span always lies within it, so the
  // bounds check of SourceFile::slice would only cost a branch and keep this from inlining).
  std::string_view text(const Token& t) const { return {text_base_ + t.span.begin, t.span.end - t.span.begin}; }
  // Whether `s` is the literal word `w`. string_view's == calls an out-of-line compare and then
  // memcmp (one name in six of the benchmark corpus has the length of true, false or null); a
  // memcmp of constant length is a single comparison of a word.
  template <size_t N>
  [[gnu::always_inline]] static bool is_word(std::string_view s, const char (&w)[N]) {
    return s.size() == N - 1 && std::memcmp(s.data(), w, N - 1) == 0;
  }
  template <size_t N>
  [[gnu::always_inline]] bool is_keyword(const Token& t, const char (&kw)[N]) const {
    return t.type == TokenType::ident && is_word(text(t), kw);
  }

  // ---- diagnostics ----------------------------------------------------------------------------
  // Every parser diagnostic goes straight to the output; `errors_` counts them so that a caller can
  // ask "did parsing that part fail?" by comparing counts (the reference asks its local lists).
  void error(std::string summary, std::string detail, ByteSpan subject) {
    diags_.push_back(Diagnostic{Severity::error, std::move(summary), std::move(detail), file_.range(subject), std::nullopt, {}});
    ++errors_;
  }
  void error(std::string summary, std::string detail, ByteSpan subject, ByteSpan context) {
    diags_.push_back(Diagnostic{Severity::error, std::move(summary), std::move(detail), file_.range(subject), file_.range(context), {}});
    ++errors_;
  }
  std::string_view decode(ByteSpan span, bool quoted) {
    size_t before = diags_.size();
    std::string_view s = decode_string_literal(file_, span, quoted, arena_, diags_);
    errors_ += diags_.size() - before;
    return s;
  }

  // ---- recovery (hclsyntax's recover / recoverOver / recoverAfterBodyItem) --------------------
  static TokenType opposite(TokenType t) {
    switch (t) {
      case TokenType::o_brace: return TokenType::c_brace;
      case TokenType::o_brack: return TokenType::c_brack;
      case TokenType::o_paren: return TokenType::c_paren;
      case TokenType::o_quote: return TokenType::c_quote;
      case TokenType::o_heredoc: return TokenType::c_heredoc;
      case TokenType::c_brace: return TokenType::o_brace;
      case TokenType::c_brack: return TokenType::o_brack;
      case TokenType::c_paren: return TokenType::o_paren;
      case TokenType::c_quote: return TokenType::o_quote;
      case TokenType::c_heredoc: return TokenType::o_heredoc;
      case TokenType::template_control:
      case TokenType::template_interp: return TokenType::template_seq_end;
      case TokenType::template_seq_end: return TokenType::template_interp;
      default: return TokenType::eof;  // no partner
    }
  }

  Token recover(TokenType end) {
    TokenType start = opposite(end);
    recovery_ = true;
    int nest = 0;
    for (;;) {
      Token tok = read();
      TokenType ty = tok.type;
      if (end == TokenType::template_seq_end && ty == TokenType::template_control) ty = TokenType::template_interp;
      if (ty == TokenType::eof) return tok;
      if (ty == start && start != TokenType::eof) {
        ++nest;
      } else if (ty == end) {
        if (nest < 1) return tok;
        --nest;
      }
    }
  }

  void recover_over(TokenType start) {
    TokenType end = opposite(start);
    for (;;) {
      Token tok = read();
      if (tok.type == start || tok.type == TokenType::eof) break;
    }
    recover(end);
  }

  void recover_after_body_item() {
    recovery_ = true;
    std::vector<TokenType> open;
    for (;;) {
      Token tok = read();
      switch (tok.type) {
        case TokenType::newline:
          if (open.empty()) return;
          break;
        case TokenType::eof: return;
        case TokenType::o_brace:
        case TokenType::o_brack:
        case TokenType::o_paren:
        case TokenType::o_quote:
        case TokenType::o_heredoc:
        case TokenType::template_interp:
        case TokenType::template_control: open.push_back(tok.type); break;
        case TokenType::c_brace:
        case TokenType::c_brack:
        case TokenType::c_paren:
        case TokenType::c_quote:
        case TokenType::c_heredoc: {
          TokenType opener = opposite(tok.type);
          while (!open.empty() && open.back() != opener) open.pop_back();
          if (!open.empty()) open.pop_back();
          break;
        }
        case TokenType::template_seq_end:
          while (!open.empty() && open.back() != TokenType::template_interp && open.back() != TokenType::template_control) open.pop_back();
          if (!open.empty()) open.pop_back();
          break;
        default: break;
      }
    }
  }

  // ---- depth limit ----------------------------------------------------------------------------
  // Returns false (after reporting once) when nesting is already at the limit.
  // (Entered for every expression: the check is inlined, the report is not.)
  [[gnu::always_inline]] bool enter_nesting(ByteSpan where) {
    if (depth_ >= options_.max_nesting_depth) [[unlikely]]
      return nesting_too_deep(where);
    ++depth_;
    return true;
  }
  [[gnu::noinline, gnu::cold]] bool nesting_too_deep(ByteSpan where) {
    if (!depth_reported_) {
      error("Nesting too deep",
            fmt::format("This expression or block is nested more than {} levels deep, which is more than this parser accepts.",
                        options_.max_nesting_depth),
            where);
      depth_reported_ = true;
    }
    recovery_ = true;
    return false;
  }
  void leave_nesting() { --depth_; }

  LiteralValueExpr* placeholder(ByteSpan span) { return make_literal(span, LiteralValueExpr::ValueKind::unknown); }

  // ---- bodies ---------------------------------------------------------------------------------
  const NativeBody* parse_body(TokenType end) {
    ByteSpan start = prev_span();
    ByteSpan end_span{};
    size_t attr_mark = lists_.attrs.size();
    size_t block_mark = lists_.blocks.size();
    for (;;) {
      Token next = peek();
      if (next.type == end) {
        end_span = next.span;
        read();
        break;
      }
      if (next.type == TokenType::newline) {
        read();
        continue;
      }
      if (next.type == TokenType::ident) {
        parse_body_item(attr_mark);
        continue;
      }
      Token bad = read();
      if (!recovery_) {
        if (bad.type == TokenType::o_quote) {
          error("Invalid argument name", "Argument names must not be quoted.", bad.span);
        } else if (bad.type == TokenType::eof) {
          if (end == TokenType::c_brace)
            error("Unclosed configuration block",
                  "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                  start);
          else
            error("Unclosed configuration body", "Found end of file before the end of this configuration body.", start);
        } else {
          error("Argument or block definition required", "An argument or block definition is required here.", bad.span);
        }
      }
      end_span = prev_span();
      recover(end);
      break;
    }
    end_attribute_names(attr_mark);  // a nested body's were forgotten at its end: these are this body's
    const Span<NativeAttribute> attrs = take_as<NativeAttribute>(lists_.attrs, attr_mark, [](NativeAttribute* at, const AttributeDraft& a) {
      new (at) NativeAttribute(a.expr, a.name_span, a.span_end, a.equals_begin);
    });
    const Span<RelPtr<const NativeBlock>> blocks = take_as<RelPtr<const NativeBlock>>(
        lists_.blocks, block_mark, [](RelPtr<const NativeBlock>* at, const NativeBlock* b) { new (at) RelPtr<const NativeBlock>(b); });
    return make<NativeBody>(between(start, end_span), ByteSpan{end_span.end, end_span.end}, attrs, blocks);
  }

  // The attribute just written at the top of lists_.attrs stays unless an earlier one of the
  // body has its name (first wins). A body's first few names are compared one by one; past
  // k_scanned_attributes they are looked up in the body's AttributeNames, as comparing each name
  // with all before it made a body of many attributes quadratic (400 K took minutes).
  void keep_unless_redefined(size_t attr_mark) {
    const AttributeDraft& attr = lists_.attrs.back();
    const size_t at = lists_.attrs.size() - 1;
    if (at - attr_mark < k_scanned_attributes) {
      for (size_t i = attr_mark; i < at; ++i) {
        // Length, then first byte, before memcmp: most earlier names differ in one of those.
        const std::string_view seen = lists_.attrs[i].name();
        if (seen.size() == attr.name().size() && seen[0] == attr.name()[0] && std::memcmp(seen.data(), attr.name().data(), seen.size()) == 0)
          return drop_redefined(i);
      }
      return;
    }
    if (attribute_names_.empty() || attribute_names_.back().attr_mark != attr_mark) {
      AttributeNames& names = attribute_names_.emplace_back();
      names.attr_mark = attr_mark;
      for (size_t i = attr_mark; i < at; ++i) names.index.emplace(lists_.attrs[i].name(), i);  // all distinct
    }
    const auto [found, inserted] = attribute_names_.back().index.emplace(attr.name(), at);
    if (!inserted) drop_redefined(found->second);
  }
  // Reports the attribute at the top of lists_.attrs as a redefinition of lists_.attrs[earlier]
  // and drops it.
  void drop_redefined(size_t earlier) {
    const AttributeDraft& attr = lists_.attrs.back();
    error("Attribute redefined",
          fmt::format("The argument {} was already set at {}. Each argument may be set only once.", hclschema::detail::go_quote(attr.name()),
                      format_range(lists_.attrs[earlier].name_span)),
          attr.name_span);
    lists_.attrs.pop_back();
  }
  // Forgets the names of the body whose attributes start at `attr_mark`, once it is parsed.
  void end_attribute_names(size_t attr_mark) {
    if (!attribute_names_.empty() && attribute_names_.back().attr_mark == attr_mark) attribute_names_.pop_back();
  }

  void parse_body_item(size_t attr_mark) {
    Token ident = read();
    Token next = peek();
    switch (next.type) {
      case TokenType::equal: {
        // Written in place, field by field: built on the stack and then pushed, its fields'
        // narrow stores were read back moments later by the copy's 16-byte loads, which cannot
        // be forwarded from them (a stall per attribute). Parsing its expression pushes no
        // attribute, so the reference stays valid.
        finish_attribute(ident, false, lists_.attrs.emplace_back());
        keep_unless_redefined(attr_mark);
        return;
      }
      case TokenType::o_quote:
      case TokenType::o_brace:
      case TokenType::ident: {
        const NativeBlock* block = finish_block(ident);
        if (block) lists_.blocks.push_back(block);
        return;
      }
      default:
        recover_after_body_item();
        error("Argument or block definition required",
              "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
              ident.span);
        return;
    }
  }

  void finish_attribute(const Token& ident, bool single_line, AttributeDraft& attr) {
    Token eq = read();
    size_t expr_diags = errors_;
    const Expr* expr = parse_expression();
    bool failed = (errors_ > expr_diags);
    ByteSpan end_span;
    if (recovery_ && failed) {
      end_span = prev_span();
      recover_after_body_item();
    } else {
      end_span = prev_span();
      if (!single_line) {
        Token end = peek();
        if (end.type != TokenType::newline && end.type != TokenType::eof) {
          if (!recovery_) {
            std::string summary = "Missing newline after argument";
            std::string detail = "An argument definition must end with a newline.";
            if (end.type == TokenType::comma) {
              summary = "Unexpected comma after argument";
              detail = "Argument definitions must be separated by newlines, not commas. " + detail;
            }
            error(summary, detail, end.span, between(ident.span, end.span));
          }
          end_span = prev_span();
          recover_after_body_item();
        } else {
          end_span = prev_span();
          read();  // the newline
        }
      }
    }
    attr.expr = expr;
    attr.name_span = ident.span;
    attr.span_end = between(ident.span, end_span).end;  // the attribute starts with its name
    attr.equals_begin = eq.span.begin;                 // "=" is one byte
  }

  // A body with a single attribute: `block { name = value }` on one line.
  const NativeBody* parse_single_attr_body() {
    Token ident = read();
    if (ident.type != TokenType::ident) {
      recover_after_body_item();
      error("Argument or block definition required", "An argument or block definition is required here.", ident.span);
      return nullptr;
    }
    Token next = peek();
    switch (next.type) {
      case TokenType::equal: {
        AttributeDraft attr;
        finish_attribute(ident, true, attr);
        auto* stored = make<NativeAttribute>(attr.expr, attr.name_span, attr.span_end, attr.equals_begin);
        return make<NativeBody>(attr.span(), ByteSpan{attr.span_end, attr.span_end}, Span<NativeAttribute>{stored, 1}, Span<RelPtr<const NativeBlock>>{});
      }
      case TokenType::o_quote:
      case TokenType::o_brace:
      case TokenType::ident:
        recover_after_body_item();
        error("Argument definition required",
              fmt::format("A single-line block definition can contain only a single argument. If you meant to define argument {}, use an equals "
                          "sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.",
                          hclschema::detail::go_quote(text(ident))),
              between(ident.span, next.span));
        return nullptr;
      default:
        recover_after_body_item();
        error("Argument or block definition required",
              "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
              ident.span);
        return nullptr;
    }
  }

  const NativeBlock* finish_block(const Token& ident) {
    // The labels wait on scratch stacks (a nested block's go above them and are gone before
    // these are taken); most blocks have some, and two vectors of their own each were a quarter
    // of the parser's heap allocations.
    const size_t label_mark = lists_.labels.size();
    Token o_brace;
    for (;;) {
      Token tok = peek();
      if (tok.type == TokenType::o_brace) {
        o_brace = read();
        break;
      }
      if (tok.type == TokenType::o_quote) {
        ByteSpan span;
        std::string_view label = parse_quoted_string_literal(&span);
        lists_.labels.push_back(label);
        lists_.label_spans.push_back(span);
        continue;
      }
      if (tok.type == TokenType::ident) {
        read();
        lists_.labels.push_back(text(tok));
        lists_.label_spans.push_back(tok.span);
        continue;
      }
      if (tok.type == TokenType::equal) {
        error("Invalid block definition", "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
              tok.span, between(ident.span, tok.span));
      } else if (tok.type == TokenType::newline) {
        error("Invalid block definition",
              "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.", tok.span,
              between(ident.span, tok.span));
      } else if (!recovery_) {
        error("Invalid block definition", "Either a quoted string block label or an opening brace (\"{\") is expected here.", tok.span,
              between(ident.span, tok.span));
      }
      recover_after_body_item();
        auto* block = make<NativeBlock>();
      set_labels(*block, label_mark);
      block->body = make<NativeBody>(ident.span, ident.span, Span<NativeAttribute>{}, Span<RelPtr<const NativeBlock>>{});
      block->type_span = ident.span;
      block->open_brace_span = ident.span;
      block->close_brace_span = ident.span;
      return block;
    }

    const NativeBody* body = nullptr;
    Token after = peek();
    if (!enter_nesting(o_brace.span)) {
      recover(TokenType::c_brace);
    } else if (after.type == TokenType::newline || after.type == TokenType::eof || after.type == TokenType::c_brace) {
      body = parse_body(TokenType::c_brace);
      leave_nesting();
    } else {
      body = parse_single_attr_body();
      Token next = peek();
      switch (next.type) {
        case TokenType::c_brace: read(); break;
        case TokenType::comma:
          error("Invalid single-argument block definition",
                "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax "
                "with one argument definition per line.",
                next.span);
          recover(TokenType::c_brace);
          break;
        case TokenType::newline:
          error("Invalid single-argument block definition",
                "An argument definition on the same line as its containing block creates a single-line block definition, which must also be "
                "closed on the same line. Place the block's closing brace immediately after the argument definition.",
                next.span);
          recover(TokenType::c_brace);
          break;
        default:
          if (!recovery_) {
            if (next.type == TokenType::eof)
              error("Unclosed configuration block",
                    "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere "
                    "in this file.",
                    o_brace.span, between(ident.span, o_brace.span));
            else
              error("Invalid single-argument block definition",
                    "A single-line block definition must end with a closing brace immediately after its single argument definition.", next.span);
          }
          recover(TokenType::c_brace);
      }
      leave_nesting();
    }

    ByteSpan c_brace = prev_span();
    Token eol = peek();
    if (eol.type == TokenType::newline || eol.type == TokenType::eof) {
      read();
    } else {
      if (!recovery_)
        error("Missing newline after block definition", "A block definition must end with a newline.", eol.span, between(ident.span, eol.span));
      recover_after_body_item();
    }
    if (!body) {
      body = make<NativeBody>(between(o_brace.span, c_brace), c_brace, Span<NativeAttribute>{}, Span<RelPtr<const NativeBlock>>{});
    }
    auto* block = make<NativeBlock>();
    set_labels(*block, label_mark);
    block->body = body;
    block->type_span = ident.span;
    block->open_brace_span = o_brace.span;
    block->close_brace_span = c_brace;
    return block;
  }

  // A quoted label: literal text only, no template sequences.
  std::string_view parse_quoted_string_literal(ByteSpan* span_out) {
    Token o_quote = read();
    std::string buffer;
    std::string_view single;
    int pieces = 0;
    ByteSpan end_span;
    for (;;) {
      Token tok = read();
      if (tok.type == TokenType::c_quote) {
        end_span = tok.span;
        break;
      }
      if (tok.type == TokenType::quoted_lit) {
        std::string_view s = decode(tok.span, true);
        // Most labels are one piece, used as it is: the buffer is only filled once a second
        // piece comes (no copy, and no heap allocation for a label longer than the small-string buffer).
        if (pieces == 0) {
          single = s;
        } else {
          if (pieces == 1) buffer.assign(single);
          buffer.append(s);
        }
        ++pieces;
        continue;
      }
      if (tok.type == TokenType::template_control || tok.type == TokenType::template_interp) {
        std::string which = tok.type == TokenType::template_control ? "%" : "$";
        error("Invalid string literal",
              fmt::format("Template sequences are not allowed in this string. To include a literal \"{}\", double it (as \"{}{}\") to escape it.",
                          which, which, which),
              tok.span, between(o_quote.span, tok.span));
        if (pieces == 1) buffer.assign(single);
        buffer += which + "{ ... }";
        pieces += 2;
        recover(TokenType::template_seq_end);
        continue;
      }
      if (tok.type == TokenType::eof) {
        error("Unterminated string literal", "Unable to find the closing quote mark before the end of the file.", tok.span,
              between(o_quote.span, tok.span));
        end_span = tok.span;
        break;
      }
      error("Invalid string literal", "This item is not valid in a string literal.", tok.span, between(o_quote.span, tok.span));
      recover(TokenType::c_quote);
      end_span = tok.span;
      break;
    }
    *span_out = between(o_quote.span, end_span);
    if (pieces == 1) return single;
    if (buffer.empty()) return {};
    auto* mem = static_cast<char*>(arena_.allocate(buffer.size(), 1));
    std::memcpy(mem, buffer.data(), buffer.size());
    return {mem, buffer.size()};
  }

  // ---- expressions ----------------------------------------------------------------------------
  const Expr* parse_expression() {
    Token start = peek();
    if (!enter_nesting(start.span)) {
      read();
      return placeholder(start.span);
    }
    const Expr* e = parse_ternary();
    leave_nesting();
    return e;
  }

  // Most expressions are no conditional: the rest of one is out of line, keeping this (entered
  // for every expression) small.
  [[gnu::always_inline]] const Expr* parse_ternary() {
    ByteSpan start = peek().span;
    size_t cond_diags = errors_;
    const Expr* cond = parse_binary_ops(0);
    bool failed = (errors_ > cond_diags);
    if (recovery_ && failed) return cond;
    if (peek().type != TokenType::question) return cond;
    return finish_conditional(start, cond);
  }

  [[gnu::noinline]] const Expr* finish_conditional(ByteSpan start, const Expr* cond) {
    read();  // the question mark
    size_t true_diags = errors_;
    const Expr* true_expr = parse_expression();
    bool failed = (errors_ > true_diags);
    if (recovery_ && failed) return cond;
    Token colon = peek();
    if (colon.type != TokenType::colon) {
      error("Missing false expression in conditional",
            "The conditional operator (...?...:...) requires a false expression, delimited by a colon.", colon.span, between(start, colon.span));
      return cond;
    }
    read();
    size_t false_diags = errors_;
    const Expr* false_expr = parse_expression();
    failed = (errors_ > false_diags);
    if (recovery_ && failed) return cond;
    auto* e = make<ConditionalExpr>(between(start, false_expr->span));
    e->condition = cond;
    e->true_result = true_expr;
    e->false_result = false_expr;
    return e;
  }

  // Binary operator levels, loosest first: ||, &&, == !=, < > <= >=, + -, * / %. Returns -1 for
  // a token that is not a binary operator.
  static int binary_level(TokenType t, Operation* op) {
    // Most operands are followed by no operator: one range test rules out all but `=` (the
    // operators are the token kinds from star to or_op), without the switch's indirect jump.
    static_assert(TokenType::star < TokenType::or_op && TokenType::percent < TokenType::equal && TokenType::equal < TokenType::equal_op);
    if (t < TokenType::star || t > TokenType::or_op) [[likely]]
      return -1;
    switch (t) {
      case TokenType::or_op: *op = Operation::logical_or; return 0;
      case TokenType::and_op: *op = Operation::logical_and; return 1;
      case TokenType::equal_op: *op = Operation::equal; return 2;
      case TokenType::not_equal: *op = Operation::not_equal; return 2;
      case TokenType::greater_than: *op = Operation::greater_than; return 3;
      case TokenType::greater_than_eq: *op = Operation::greater_than_or_equal; return 3;
      case TokenType::less_than: *op = Operation::less_than; return 3;
      case TokenType::less_than_eq: *op = Operation::less_than_or_equal; return 3;
      case TokenType::plus: *op = Operation::add; return 4;
      case TokenType::minus: *op = Operation::subtract; return 4;
      case TokenType::star: *op = Operation::multiply; return 5;
      case TokenType::slash: *op = Operation::divide; return 5;
      case TokenType::percent: *op = Operation::modulo; return 5;
      default: return -1;
    }
  }

  // Precedence climbing over the levels above: the same left-associative trees as the reference's
  // one-function-per-level descent, without descending through every level for every operand.
  // Most operands are followed by no operator: the loop over operators is out of line, so that
  // this (entered for every operand) stays small.
  [[gnu::always_inline]] const Expr* parse_binary_ops(int min_level) {
    size_t errors_before = errors_;
    const Expr* lhs = parse_expression_with_traversals();
    if (recovery_ && errors_ > errors_before) return lhs;
    Operation op{};
    if (binary_level(peek().type, &op) < min_level) return lhs;
    return parse_binary_operators(lhs, min_level);
  }

  [[gnu::noinline]] const Expr* parse_binary_operators(const Expr* lhs, int min_level) {
    for (;;) {
      Operation op{};
      int level = binary_level(peek().type, &op);
      if (level < min_level) return lhs;
      read();
      size_t rhs_errors = errors_;
      const Expr* rhs = parse_binary_ops(level + 1);
      if (recovery_ && errors_ > rhs_errors) return lhs;
      lhs = make_binary(lhs, op, rhs);
    }
  }

  const Expr* make_binary(const Expr* lhs, Operation op, const Expr* rhs) {
    auto* e = make<BinaryOpExpr>(between(lhs->span, rhs->span));
    e->lhs = lhs;
    e->set_op(op);
    e->rhs = rhs;
    return e;
  }

  [[gnu::always_inline]] const Expr* parse_expression_with_traversals() {
    const Expr* term = parse_expression_term();
    return parse_expression_traversals(term);
  }

  // A traversal node being extended with steps; steps are gathered in `lists_.steps` above `mark`
  // and moved into the arena once the node stops growing.
  struct OpenTraversal {
    Expr* node = nullptr;  // ScopeTraversalExpr or RelativeTraversalExpr
    size_t mark = 0;
  };

  // Moves the open node's new steps into place. A scope traversal may move to a new node in the
  // process (finish_scope_traversal); `ret`, when it is the open node, then names the new one.
  void close_traversal(OpenTraversal& open, const Expr*& ret) {
    if (!open.node) return;
    Expr* const node = open.node;
    const bool scope = node->kind == NodeKind::scope_traversal;
    Expr* finished = node;
    if (scope && static_cast<ScopeTraversalExpr*>(node)->traversal().empty()) {
      // A fresh scope traversal: all its steps, root included, are in the scratch stack.
      finished = finish_scope_traversal(static_cast<ScopeTraversalExpr*>(node), open.mark);
    } else if (lists_.steps.size() > open.mark) {
      // Steps added to a node that already had some: its old steps go under the new ones.
      const TraversalSteps target =
          scope ? static_cast<ScopeTraversalExpr*>(node)->traversal() : static_cast<RelativeTraversalExpr*>(node)->traversal();
      lists_.steps.insert(lists_.steps.begin() + static_cast<std::ptrdiff_t>(open.mark), target.size(), ArenaTraversalStep{});
      uint32_t i = 0;
      for (const ArenaTraversalStep step : target) lists_.steps[open.mark + i++] = step;
      if (scope)
        finished = finish_scope_traversal(static_cast<ScopeTraversalExpr*>(node), open.mark);
      else
        static_cast<RelativeTraversalExpr*>(node)->set_traversal(take(lists_.steps, open.mark));
    }
    lists_.steps.resize(open.mark);
    if (ret == node) ret = finished;
    open.node = nullptr;
  }

  // Gives a scope traversal its steps, those in the scratch stack above `mark` (removed from it):
  // none stored when the node's source text reads back as exactly these steps (TraversalSteps).
  // Steps that must be stored need a node with room for their pointer: one made without it is
  // replaced by a copy that has it (its parent does not hold it yet), which is returned.
  ScopeTraversalExpr* finish_scope_traversal(ScopeTraversalExpr* node, size_t mark) {
    const auto count = static_cast<uint32_t>(lists_.steps.size() - mark);
    if (!node->has_stored_steps() && count <= ScopeTraversalExpr::k_max_steps_in_source && steps_read_back(node->span, lists_.steps.data() + mark, count)) {
      node->set_traversal_in_source(count, lists_.steps[mark].text().size());
      lists_.steps.resize(mark);
      return node;
    }
    if (!node->has_stored_steps()) {
      void* mem = allocate(ScopeTraversalExpr::allocation_size(true), alignof(ScopeTraversalExpr));
      node = new (mem) ScopeTraversalExpr(node->span, true);
    }
    node->set_traversal(take(lists_.steps, mark));
    return node;
  }

  // Whether TraversalSteps::read_step, walking `span` of the source, yields exactly `steps`: a
  // root name at the span's start, then `.name` steps, each starting where the previous ended,
  // with every name the source text after the dot, up to the span's end. Checked on the steps'
  // fields, not by scanning the text: a name is an identifier token, which never holds a '.', so
  // read_step would end each name where the step ends.
  [[nodiscard]] bool steps_read_back(ByteSpan span, const ArenaTraversalStep* steps, uint32_t count) const {
    uint32_t pos = span.begin;
    for (uint32_t i = 0; i < count; ++i) {
      const ArenaTraversalStep& s = steps[i];
      const auto want_kind = static_cast<uint8_t>(i == 0 ? TraversalStep::Kind::root : TraversalStep::Kind::attr);
      const uint32_t name_begin = i == 0 ? pos : pos + 1;
      if (s.kind_ != want_kind || s.key_kind_ != static_cast<uint8_t>(TraversalKey::Kind::string) ||
          s.key_literal_ != static_cast<uint8_t>(IndexKeyLiteral::as_written) || s.span.begin != pos || s.text_data_ != text_base_ + name_begin ||
          s.span.end != name_begin + s.text_size_ || s.text_size_ == 0 || (i > 0 && text_base_[pos] != '.'))
        return false;
      pos = s.span.end;
    }
    return pos == span.end;
  }

  // Writes a step into the scratch stack field by field. Built in a temporary and copied, it was
  // loaded with wide loads right after narrow stores (a store-forwarding stall per step). (Two
  // 16-byte SSE2 stores matching the width of the copy into the arena were tried: a gain within
  // the noise, for a dependence on libstdc++'s string_view layout; not kept.)
  [[gnu::always_inline]] void push_step(TraversalStep::Kind kind, TraversalKey::Kind key_kind, ByteSpan span, std::string_view text,
                                        IndexKeyLiteral key_literal = IndexKeyLiteral::as_written) {
    ArenaTraversalStep& added = lists_.steps.emplace_back();
    added.kind_ = static_cast<uint8_t>(kind);
    added.key_kind_ = static_cast<uint8_t>(key_kind);
    added.key_literal_ = static_cast<uint8_t>(key_literal);
    added.text_size_ = static_cast<uint32_t>(text.size());
    added.span = span;
    added.text_data_ = text.data();
  }

  // hclsyntax's makeRelativeTraversal: extend a traversal node, or start a relative one.
  [[gnu::always_inline]] const Expr* add_step(const Expr* ret, OpenTraversal& open, const ArenaTraversalStep& step) {
    if (open.node != ret) [[unlikely]]
      open_traversal(ret, open);
    push_step(step.kind(), step.key_kind(), step.span, step.text(), step.key_literal());
    open.node->span = between(open.node->span, step.span);
    return open.node;
  }
  [[gnu::noinline]] void open_traversal(const Expr* ret, OpenTraversal& open) {
    close_traversal(open, ret);
    if (ret->kind == NodeKind::scope_traversal || ret->kind == NodeKind::relative_traversal) {
      open.node = const_cast<Expr*>(ret);
    } else {
      auto* rel = make<RelativeTraversalExpr>(ret->span);
      rel->source = ret;
      open.node = rel;
    }
    open.mark = lists_.steps.size();
  }

  static ArenaTraversalStep attr_step(std::string_view name, ByteSpan span) {
    return ArenaTraversalStep{TraversalStep::Kind::attr, TraversalKey::Kind::string, span, name};
  }
  static ArenaTraversalStep index_step(TraversalKey::Kind kind, std::string_view key, ByteSpan span,
                                       IndexKeyLiteral literal = IndexKeyLiteral::as_written) {
    return ArenaTraversalStep{TraversalStep::Kind::index, kind, span, key, literal};
  }

  // What a folded literal key was written as (see IndexKeyLiteral).
  static IndexKeyLiteral key_literal_of(const LiteralValueExpr& lit) {
    switch (lit.value_kind()) {
      case LiteralValueExpr::ValueKind::null: return IndexKeyLiteral::null;
      case LiteralValueExpr::ValueKind::boolean: return lit.bool_value() ? IndexKeyLiteral::true_value : IndexKeyLiteral::false_value;
      case LiteralValueExpr::ValueKind::unknown: return IndexKeyLiteral::unknown;
      case LiteralValueExpr::ValueKind::number:
      case LiteralValueExpr::ValueKind::string: break;
    }
    return IndexKeyLiteral::as_written;
  }

  // Most terms have no traversal step after them: those are answered here, without the general
  // loop's large frame (a term that is a name still moves its root step into the arena).
  [[gnu::always_inline]] const Expr* parse_expression_traversals(const Expr* from) {
    const TokenType next = peek().type;
    if (next == TokenType::dot || next == TokenType::o_brack)
      return parse_expression_traversal_steps(from);
    if (from == pending_root_) {
      // A lone name: its one step, the identifier token, is what its source text reads as.
      lists_.steps.pop_back();
      pending_root_->set_traversal_in_source(1, pending_root_->span.end - pending_root_->span.begin);
      pending_root_ = nullptr;
    }
    return from;
  }

  [[gnu::noinline]] const Expr* parse_expression_traversal_steps(const Expr* from) {
    const Expr* ret = from;
    OpenTraversal open;
    if (from == pending_root_) {
      open.node = pending_root_;
      open.mark = pending_root_mark_;
      pending_root_ = nullptr;
    }
    for (;;) {
      Token next = peek();
      if (next.type == TokenType::dot) {
        Token dot = read();
        Token attr_tok = peek();
        if (attr_tok.type == TokenType::ident) {
          read();
          ret = add_step(ret, open, attr_step(text(attr_tok), between(dot.span, attr_tok.span)));
        } else if (attr_tok.type == TokenType::number_lit) {
          read();
          std::string_view num = text(attr_tok);
          auto dot_at = num.find('.');
          if (dot_at != std::string_view::npos) {
            error("Invalid legacy index syntax",
                  fmt::format("When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax "
                              "instead, like [{}][{}].",
                              num.substr(0, dot_at), num.substr(dot_at + 1)),
                  attr_tok.span);
          }
          ret = add_step(ret, open, index_step(TraversalKey::Kind::number, num, between(dot.span, attr_tok.span)));
        } else if (attr_tok.type == TokenType::star) {
          close_traversal(open, ret);
          Token marker = read();
          ByteSpan first = peek().span;
          ByteSpan last = marker.span;
          size_t mark = lists_.steps.size();
          bool aborted = false;
          while (peek().type == TokenType::dot) {
            Token inner_dot = read();
            if (peek().type == TokenType::number_lit) {
              Token num_tok = read();
              std::string_view num = text(num_tok);
              auto dot_at = num.find('.');
              if (dot_at != std::string_view::npos) {
                error("Invalid legacy index syntax",
                      fmt::format("When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index "
                                  "syntax with a full splat expression [*] instead, like [{}][{}].",
                                  num.substr(0, dot_at), num.substr(dot_at + 1)),
                      attr_tok.span);
              }
              lists_.steps.push_back(index_step(TraversalKey::Kind::number, num, between(inner_dot.span, num_tok.span)));
              last = num_tok.span;
              continue;
            }
            if (peek().type != TokenType::ident) {
              if (!recovery_) {
                if (peek().type == TokenType::star)
                  error("Nested splat expression not allowed", "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                        peek().span);
                else
                  error("Invalid attribute name", "An attribute name is required after a dot.", attr_tok.span);
              }
              recovery_ = true;
              aborted = true;
              break;
            }
            Token name = read();
            lists_.steps.push_back(attr_step(text(name), between(inner_dot.span, name.span)));
            last = name.span;
          }
          if (aborted) {
            // The reference abandons this splat and continues the traversal loop.
            lists_.steps.resize(mark);
            continue;
          }
          auto* item = make<AnonSymbolExpr>(between(dot.span, marker.span));
          const Expr* each = item;
          if (lists_.steps.size() > mark) {
            auto* rel = make<RelativeTraversalExpr>(between(first, last));
            rel->source = item;
            rel->set_traversal(take(lists_.steps, mark));
            each = rel;
          }
          auto* splat = make<SplatExpr>(between(from->span, last));
          splat->source = ret;
          splat->each = each;
          splat->item = item;
          splat->marker_span = between(dot.span, marker.span);
          ret = splat;
        } else {
          error("Invalid attribute name", "An attribute name is required after a dot.", attr_tok.span);
          recovery_ = true;
        }
        continue;
      }
      if (next.type == TokenType::o_brack) {
        Token open_tok = read();
        if (peek().type == TokenType::star) {
          close_traversal(open, ret);
          read();
          Token close = read();
          if (close.type != TokenType::c_brack && !recovery_) {
            // The reference's diagnostic ends up pointing at the token recovery stops on.
            close = recover(TokenType::c_brack);
            error("Missing close bracket on splat index", "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
                  close.span);
          }
          auto* item = make<AnonSymbolExpr>(between(open_tok.span, close.span));
          const Expr* each = parse_expression_traversals(item);
          auto* splat = make<SplatExpr>(between(from->span, each->span));
          splat->source = ret;
          splat->each = each;
          splat->item = item;
          splat->marker_span = between(open_tok.span, close.span);
          ret = splat;
          continue;
        }
        push_newlines(false);
        size_t key_diags = errors_;
        const Expr* key = parse_expression();
        bool failed = (errors_ > key_diags);
        Token close;
        if (recovery_ && failed) {
          close = recover(TokenType::c_brack);
        } else {
          close = read();
          if (close.type != TokenType::c_brack && !recovery_) {
            close = recover(TokenType::c_brack);  // as in the reference, the diagnostic points where recovery stops
            error("Missing close bracket on index", "The index operator must end with a closing bracket (\"]\").", close.span);
          }
        }
        pop_newlines();
        ByteSpan rng = between(open_tok.span, close.span);
        if (const auto* lit = literal_index_key(key)) {
          ret = add_step(ret, open, index_step(lit->value_kind() == LiteralValueExpr::ValueKind::number ? TraversalKey::Kind::number : TraversalKey::Kind::string,
                                               lit->text(), rng, key_literal_of(*lit)));
          continue;
        }
        close_traversal(open, ret);
        auto* idx = make<IndexExpr>(between(from->span, rng));
        idx->collection = ret;
        idx->key = key;
        idx->open_span = open_tok.span;
        idx->bracket_span = rng;
        ret = idx;
        continue;
      }
      break;
    }
    close_traversal(open, ret);
    return ret;
  }

  // A literal usable as a static index key: a number or string literal, or a template holding only
  // one literal string. (The reference also folds `true`, `null` and placeholders; their keys are
  // not representable as text, so they are folded here with a string key of their literal text and
  // the step's key_literal saying what they were.)
  const LiteralValueExpr* literal_index_key(const Expr* key) {
    if (key->kind == NodeKind::literal_value) return static_cast<const LiteralValueExpr*>(key);
    if (key->kind == NodeKind::template_expr) {
      const auto* t = static_cast<const TemplateExpr*>(key);
      if (t->parts().size() == 1 && t->parts()[0]->kind == NodeKind::literal_value) return static_cast<const LiteralValueExpr*>(t->parts()[0]);
    }
    return nullptr;
  }

  // A term that starts with a name: a function call, true/false/null, or a scope traversal's root.
  [[gnu::always_inline]] const Expr* parse_name_term() {
    Token tok = read();
    TokenType after = peek().type;
    if (after == TokenType::o_paren || after == TokenType::double_colon) return finish_function_call(tok);
    std::string_view name = text(tok);
    // Most names are neither keyword: each test is a length check, then one word comparison.
    const bool is_true = is_word(name, "true");
    if (is_true || is_word(name, "false")) {
      return make_literal(tok.span, LiteralValueExpr::ValueKind::boolean, name, is_true);
    }
    if (is_word(name, "null")) {
      return make_literal(tok.span, LiteralValueExpr::ValueKind::null, name);
    }
    // The root step waits in the scratch stack: parse_expression_traversals, which always
    // follows, adds any further steps and moves them all into the arena at once.
    auto* e = make<ScopeTraversalExpr>(tok.span, false);
    pending_root_mark_ = lists_.steps.size();
    push_step(TraversalStep::Kind::root, TraversalKey::Kind::string, tok.span, name);
    pending_root_ = e;
    return e;
  }

  // A quoted template or a heredoc.
  const Expr* parse_template_term() {
    Token open = read();
    TokenType closer = open.type == TokenType::o_quote ? TokenType::c_quote : TokenType::c_heredoc;
    bool flush = open.type == TokenType::o_heredoc && text(open).size() > 2 && text(open)[2] == '-';
    if (!enter_nesting(open.span)) {
      recover(closer);
      return placeholder(between(open.span, prev_span()));
    }
    if (open.type == TokenType::o_quote) {
      if (const Expr* e = plain_quoted_string(open)) {
        leave_nesting();
        return e;
      }
    }
    bool passthru = false;
    ByteSpan inner_span;
    const size_t expr_mark = parse_template_inner(closer, flush, &passthru, &inner_span);
    leave_nesting();
    ByteSpan close = prev_span();
    if (passthru) {
      auto* e = make<TemplateWrapExpr>(between(open.span, close));
      e->wrapped = lists_.exprs[expr_mark];
      lists_.exprs.resize(expr_mark);
      return e;
    }
    return make_template(between(open.span, close), expr_mark);
  }

  const Expr* parse_expression_term() {
    Token start = peek();
    // Most terms are names: tested first by a conditional branch, which the processor predicts
    // better than the switch's indirect jump.
    if (start.type == TokenType::ident) [[likely]]
      return parse_name_term();
    // Quoted strings come next (19 K terms of the 2 MiB corpus, second only to names): a branch
    // of their own too, rather than one more target of the switch's indirect jump.
    if (start.type == TokenType::o_quote) return parse_template_term();
    switch (start.type) {
      case TokenType::o_paren: {
        Token o_paren = read();
        push_newlines(false);
        size_t inner = errors_;
        const Expr* expr = parse_expression();
        if ((errors_ > inner)) {
          recover(TokenType::c_paren);
          pop_newlines();
          return expr;
        }
        Token close = peek();
        if (close.type != TokenType::c_paren) {
          error("Unbalanced parentheses", "Expected a closing parenthesis to terminate the expression.", close.span, between(start.span, close.span));
          recovery_ = true;
        }
        Token c_paren = read();
        pop_newlines();
        auto* e = make<ParenthesesExpr>(between(o_paren.span, c_paren.span));
        e->expression = expr;
        return e;
      }
      case TokenType::number_lit: {
        Token tok = read();
        auto* e = make_literal(tok.span, LiteralValueExpr::ValueKind::number, text(tok));
        // The scanner takes `2.5.0` and `1e3.0` as one number token, as hclsyntax's does; its
        // parser then fails to read the value. (The literal evaluates to an unknown number, as
        // hclsyntax's placeholder.)
        if (!is_number_literal(e->text())) error("Invalid number literal", "Failed to recognize the value of this number literal.", tok.span);
        return e;
      }
      case TokenType::o_heredoc: return parse_template_term();
      case TokenType::minus:
      case TokenType::bang: {
        Token tok = read();
        if (!enter_nesting(tok.span)) return placeholder(tok.span);
        const Expr* operand = parse_expression_with_traversals();
        leave_nesting();
        auto* e = make<UnaryOpExpr>(between(tok.span, operand->span));
        e->set_op(start.type == TokenType::minus ? Operation::negate : Operation::logical_not);
        e->val = operand;
        e->symbol_span = tok.span;
        return e;
      }
      case TokenType::o_brack: return parse_tuple_cons();
      case TokenType::o_brace: return parse_object_cons();
      default:
        if (!recovery_) {
          if (start.type == TokenType::eof)
            error("Missing expression", "Expected the start of an expression, but found the end of the file.", start.span);
          else
            error("Invalid expression", "Expected the start of an expression, but found an invalid expression token.", start.span);
        }
        recovery_ = true;
        return placeholder(start.span);
    }
  }

  // Fast path for the commonest template, a quoted string of one literal token ("web",
  // "a\nb"): the same TemplateExpr and LiteralValueExpr as parse_template_inner builds, without
  // the template-part machinery. Inside quotes the lexer produces no newline or comment tokens,
  // so the next two raw tokens are the next two significant ones. Returns null (having consumed
  // nothing) for any other shape.
  const Expr* plain_quoted_string(const Token& open) {
    while (lexed_ - head_ < 2) refill();
    const Token lit = buf_[head_];
    const Token close = buf_[head_ + 1];
    // Both have been looked at: a reported token among them keeps its diagnostics.
    if (head_ + 1 >= lexed_ - 1 && batch_ends_in_error_) error_token_seen_ = true;
    if (lit.type != TokenType::quoted_lit || close.type != TokenType::c_quote) return nullptr;
    // Consumed as two read()s would, without their scans: both are significant.
    head_ += 2;
    if (head_ == lexed_) head_ = lexed_ = 0;
    prev_span_ = close.span;
    has_prev_ = true;
    prime_cache();
    // Most literals are plain ASCII without escapes: their text is the source's, as is.
    const std::string_view raw = text(lit);
    // The template and its literal in one allocation, the literal right after (see TemplateExpr).
    const std::string_view value = is_plain_ascii_literal(raw) ? raw : nfc(decode(lit.span, true));
    const auto at = LiteralValueExpr::text_at(text_base_, lit.span, value);
    static_assert(alignof(TemplateExpr) == alignof(LiteralValueExpr));
    void* mem = allocate(sizeof(TemplateExpr) + LiteralValueExpr::allocation_size(at), alignof(TemplateExpr));
    auto* t = new (mem) TemplateExpr(between(open.span, close.span), TemplateExpr::SolePartFollows{});
    new (t + 1) LiteralValueExpr(lit.span, LiteralValueExpr::ValueKind::string, value, at);
    return t;
  }

  const Expr* finish_function_call(const Token& name) {
    Token open_tok = read();
    std::string_view name_text = text(name);
    ByteSpan name_span = name.span;
    if (open_tok.type == TokenType::double_colon) {
      // provider::namespace::function: the name keeps its "::" separators, as today's HCL does.
      while (open_tok.type == TokenType::double_colon) {
        Token next_name = read();
        if (next_name.type != TokenType::ident) {
          error("Missing function name", "Function scope resolution symbol :: must be followed by a function name in this scope.", next_name.span,
                between(name.span, next_name.span));
          recover_over(TokenType::o_paren);
          return placeholder(between(name.span, next_name.span));
        }
        name_span = between(name.span, next_name.span);
        open_tok = read();
      }
      name_text = file_.slice(name_span);
      if (name_text.find_first_of(" \t\r\n#/") != std::string_view::npos) {
        // Spaces or comments between the parts: rebuild the name without them.
        std::string rebuilt;
        for (size_t i = 0; i < name_text.size(); ++i) {
          char c = name_text[i];
          if (c != ' ' && c != '\t' && c != '\r' && c != '\n') rebuilt += c;
        }
        auto* mem = static_cast<char*>(arena_.allocate(rebuilt.size(), 1));
        std::memcpy(mem, rebuilt.data(), rebuilt.size());
        name_text = {mem, rebuilt.size()};
      }
      if (open_tok.type != TokenType::o_paren) {
        error("Missing open parenthesis", "Function selector must be followed by an open parenthesis to begin the function call.", open_tok.span,
              between(name.span, open_tok.span));
        recover_over(TokenType::o_paren);
        return placeholder(between(name.span, open_tok.span));
      }
    }
    size_t mark = lists_.exprs.size();
    bool expand_final = false;
    Token close_tok{};
    bool have_close = false;
    push_newlines(false);
    for (;;) {
      Token tok = peek();
      if (tok.type == TokenType::c_paren) {
        close_tok = read();
        have_close = true;
        break;
      }
      size_t arg_diags = errors_;
      const Expr* arg = parse_expression();
      bool failed = (errors_ > arg_diags);
      lists_.exprs.push_back(arg);
      if (recovery_ && failed) {
        Token recovered = recover(TokenType::c_paren);
        if (recovered.type == TokenType::c_paren) {
          close_tok = recovered;
          have_close = true;
        }
        break;
      }
      Token sep = read();
      if (sep.type == TokenType::c_paren) {
        close_tok = sep;
        have_close = true;
        break;
      }
      if (sep.type == TokenType::ellipsis) {
        expand_final = true;
        if (peek().type != TokenType::c_paren) {
          if (!recovery_)
            error("Missing closing parenthesis", "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                  sep.span, between(name.span, sep.span));
          close_tok = recover(TokenType::c_paren);
        } else {
          close_tok = read();
        }
        have_close = true;
        break;
      }
      if (sep.type != TokenType::comma) {
        if (sep.type == TokenType::eof)
          error("Unterminated function call",
                "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis "
                "nesting elsewhere in this file.",
                between(name.span, open_tok.span));
        else
          error("Missing argument separator", "A comma is required to separate each function argument from the next.", sep.span,
                between(name.span, sep.span));
        close_tok = recover(TokenType::c_paren);
        have_close = true;
        break;
      }
      if (peek().type == TokenType::c_paren) {
        close_tok = read();
        have_close = true;
        break;
      }
    }
    pop_newlines();
    // Today's HCL leaves the close paren unset when recovery found none, giving a range that ends
    // before it starts; we end the call where parsing of it stopped instead.
    ByteSpan close_span = have_close ? close_tok.span : ByteSpan{prev_span().end, prev_span().end};
    // The open parenthesis is the one-byte "(" token (both paths above end on it).
    const bool name_after_node = !FunctionCallExpr::name_in_source(text_base_, name_span, name_text);
    void* mem = allocate(FunctionCallExpr::allocation_size(name_after_node), alignof(FunctionCallExpr));
    // Recovery may have stopped at the end of the file (an empty token) rather than at a ")".
    const bool ends_with_paren = close_span.end != close_span.begin;
    auto* e = new (mem) FunctionCallExpr(between(name.span, close_span), name_span, name_text, name_after_node, open_tok.span.begin, ends_with_paren);
    e->set_args(take_exprs(mark));
    e->set_expand_final(expand_final);
    return e;
  }

  const Expr* parse_tuple_cons() {
    Token open = read();
    push_newlines(false);
    if (is_keyword(peek(), "for")) {
      const Expr* e = finish_for_expr(open);
      pop_newlines();
      return e;
    }
    size_t mark = lists_.exprs.size();
    Token close;
    for (;;) {
      Token next = peek();
      if (next.type == TokenType::c_brack) {
        close = read();
        break;
      }
      size_t item_diags = errors_;
      const Expr* item = parse_expression();
      bool failed = (errors_ > item_diags);
      lists_.exprs.push_back(item);
      if (recovery_ && failed) {
        close = recover(TokenType::c_brack);
        break;
      }
      next = peek();
      if (next.type == TokenType::c_brack) {
        close = read();
        break;
      }
      if (next.type != TokenType::comma) {
        if (!recovery_) {
          if (next.type == TokenType::eof)
            error("Unterminated tuple constructor expression",
                  "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere "
                  "in this file.",
                  open.span);
          else
            error("Missing item separator", "Expected a comma to mark the beginning of the next item.", next.span, between(open.span, next.span));
        }
        close = recover(TokenType::c_brack);
        break;
      }
      read();
    }
    pop_newlines();
    auto* e = make<TupleConsExpr>(between(open.span, close.span));
    e->set_exprs(take_exprs(mark));
    return e;
  }

  const Expr* parse_object_cons() {
    Token open = read();
    push_newlines(false);
    bool is_for = is_keyword(peek(), "for");
    pop_newlines();
    if (is_for) return finish_for_expr(open);
    push_newlines(true);
    size_t mark = lists_.items.size();
    Token close;
    for (;;) {
      Token next = peek();
      if (next.type == TokenType::newline) {
        read();
        continue;
      }
      if (next.type == TokenType::c_brace) {
        close = read();
        break;
      }
      bool force_non_literal = next.type == TokenType::o_paren;
      size_t key_diags = errors_;
      const Expr* key = parse_expression();
      bool failed = (errors_ > key_diags);
      if (recovery_ && failed) {
        close = recover(TokenType::c_brace);
        break;
      }
      auto* wrapped_key = make_object_key(key);
      wrapped_key->set_force_non_literal(force_non_literal);
      next = peek();
      if (next.type != TokenType::equal && next.type != TokenType::colon) {
        if (!recovery_) {
          switch (next.type) {
            case TokenType::newline:
            case TokenType::comma:
              error("Missing attribute value", "Expected an attribute value, introduced by an equals sign (\"=\").", next.span,
                    between(open.span, next.span));
              break;
            case TokenType::ident:
              error("Missing key/value separator",
                    "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name "
                    "containing periods or spaces, write the name in quotes to create a string literal.",
                    next.span, between(open.span, next.span));
              break;
            case TokenType::eof:
              error("Unterminated object constructor expression",
                    "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in "
                    "this file.",
                    open.span);
              break;
            default:
              error("Missing key/value separator", "Expected an equals sign (\"=\") to mark the beginning of the attribute value.", next.span,
                    between(open.span, next.span));
          }
        }
        close = recover(TokenType::c_brace);
        break;
      }
      read();
      size_t value_diags = errors_;
      const Expr* value = parse_expression();
      failed = (errors_ > value_diags);
      lists_.items.push_back(ItemDraft{wrapped_key, value});
      if (recovery_ && failed) {
        close = recover(TokenType::c_brace);
        break;
      }
      next = peek();
      if (next.type == TokenType::c_brace) {
        close = read();
        break;
      }
      if (next.type != TokenType::comma && next.type != TokenType::newline) {
        if (!recovery_) {
          if (next.type == TokenType::eof)
            error("Unterminated object constructor expression",
                  "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in "
                  "this file.",
                  open.span);
          else
            error("Missing attribute separator", "Expected a newline or comma to mark the beginning of the next attribute.", next.span,
                  between(open.span, next.span));
        }
        close = recover(TokenType::c_brace);
        break;
      }
      read();
    }
    pop_newlines();
    auto* e = make<ObjectConsExpr>(between(open.span, close.span));
    e->set_items(take_as<ObjectConsItem>(
        lists_.items, mark, [](ObjectConsItem* at, const ItemDraft& i) { new (at) ObjectConsItem(i.key, i.value); }, true));
    return e;
  }

  const Expr* finish_for_expr(const Token& open) {
    push_newlines(false);
    const Expr* result = finish_for_expr_inner(open);
    pop_newlines();
    return result;
  }

  const Expr* for_error(const Token& open, TokenType close_type, const char* detail) {
    Token next = peek();
    if (!recovery_) error("Invalid 'for' expression", detail, next.span, between(open.span, next.span));
    Token close = recover(close_type);
    return placeholder(between(open.span, close.span));
  }

  const Expr* finish_for_expr_inner(const Token& open) {
    read();  // "for"
    bool make_obj = open.type == TokenType::o_brace;
    TokenType close_type = make_obj ? TokenType::c_brace : TokenType::c_brack;
    ByteSpan key_name, val_name;  // identifiers: ForExpr reads their names from the source
    if (peek().type != TokenType::ident) return for_error(open, close_type, "For expression requires variable name after 'for'.");
    val_name = read().span;
    if (peek().type == TokenType::comma) {
      key_name = val_name;
      read();
      if (peek().type != TokenType::ident) return for_error(open, close_type, "For expression requires value variable name after comma.");
      val_name = read().span;
    }
    if (!is_keyword(peek(), "in")) return for_error(open, close_type, "For expression requires the 'in' keyword after its name declarations.");
    read();
    size_t coll_diags = errors_;
    const Expr* coll = parse_expression();
    bool failed = (errors_ > coll_diags);
    if (recovery_ && failed) {
      Token close = recover(close_type);
      return placeholder(between(open.span, close.span));
    }
    if (peek().type != TokenType::colon) return for_error(open, close_type, "For expression requires a colon after the collection expression.");
    read();
    const Expr* key_expr = nullptr;
    size_t key_val_errors = errors_;
    const Expr* val_expr = parse_expression();
    if (peek().type == TokenType::fat_arrow) {
      read();
      key_expr = val_expr;
      val_expr = parse_expression();
    }
    failed = errors_ > key_val_errors;
    if (recovery_ && failed) {
      Token close = recover(close_type);
      return placeholder(between(open.span, close.span));
    }
    bool group = false;
    Token ellipsis{};
    if (peek().type == TokenType::ellipsis) {
      ellipsis = read();
      group = true;
    }
    const Expr* cond_expr = nullptr;
    if (is_keyword(peek(), "if")) {
      read();
      size_t cond_diags = errors_;
      cond_expr = parse_expression();
      failed = (errors_ > cond_diags);
      if (recovery_ && failed) {
        Token close = recover(close_type);
        return placeholder(between(open.span, close.span));
      }
    }
    Token close;
    if (peek().type == close_type) {
      close = read();
    } else {
      if (!recovery_)
        error("Invalid 'for' expression", "Extra characters after the end of the 'for' expression.", peek().span, between(open.span, peek().span));
      close = recover(close_type);
    }
    if (!make_obj) {
      if (key_expr)
        error("Invalid 'for' expression", "Key expression is not valid when building a tuple.", key_expr->span, between(open.span, close.span));
      if (group)
        error("Invalid 'for' expression", "Grouping ellipsis (...) cannot be used when building a tuple.", ellipsis.span,
              between(open.span, close.span));
    } else if (!key_expr) {
      error("Invalid 'for' expression", "Key expression is required when building an object.", val_expr->span, between(open.span, close.span));
    }
    auto* e = make<ForExpr>(between(open.span, close.span));
    e->key_var_span = key_name;
    e->val_var_span = val_name;
    e->coll_expr = coll;
    e->key_expr = key_expr;
    e->val_expr = val_expr;
    e->cond_expr = cond_expr;
    e->set_group(group);
    e->set_open_close(open.span, close.span);
    return e;
  }

  // ---- templates ------------------------------------------------------------------------------
  const Expr* parse_template(TokenType end, bool flush) {
    bool passthru = false;
    ByteSpan span;
    const size_t expr_mark = parse_template_inner(end, flush, &passthru, &span);
    if (passthru) {
      auto* e = make<TemplateWrapExpr>(span);
      e->wrapped = lists_.exprs[expr_mark];
      lists_.exprs.resize(expr_mark);
      return e;
    }
    return make_template(span, expr_mark);
  }

  // Parses a template's parts into expressions, left on lists_.exprs above the mark returned.
  size_t parse_template_inner(TokenType end, bool flush, bool* passthru, ByteSpan* span) {
    size_t mark = lists_.parts.size();
    *span = parse_template_parts(end);
    if (flush) flush_heredoc_parts(mark);
    // Exactly one interpolation and nothing else: the template passes its value through.
    *passthru = lists_.parts.size() - mark == 2 && lists_.parts[mark].kind == TemplatePart::Kind::interp;
    size_t pos = mark;
    size_t expr_mark = lists_.exprs.size();
    while (lists_.parts[pos].kind != TemplatePart::Kind::end) {
      const Expr* e = parse_template_expr(pos);
      lists_.exprs.push_back(e);
    }
    lists_.parts.resize(mark);
    return expr_mark;
  }

  // A template part written in place on lists_.parts (valid until the next push): made on the
  // stack and pushed, its 72 bytes were read back by wide loads moments after the narrow stores
  // that wrote its fields, which cannot be forwarded from them. (A directive's part is still
  // made on the stack: parsing its expression can push nested templates' parts.)
  TemplatePart& push_part(TemplatePart::Kind kind, ByteSpan span) {
    TemplatePart& part = lists_.parts.emplace_back();
    part.kind = kind;
    part.span = span;
    return part;
  }

  // Reads raw template parts up to `end` into lists_.parts, applying strip markers; returns the
  // template's range (from the first token after the opener to the closer).
  ByteSpan parse_template_parts(TokenType end) {
    size_t mark = lists_.parts.size();
    ByteSpan start = peek().span;
    bool ltrim_next = false;
    bool next_can_trim_prev = false;
    ByteSpan end_span;
    for (;;) {
      Token next = read();
      if (next.type == end) {
        end_span = next.span;
        break;
      }
      bool ltrim = ltrim_next;
      ltrim_next = false;
      bool can_trim_prev = next_can_trim_prev;
      next_can_trim_prev = false;
      if (next.type == TokenType::string_lit || next.type == TokenType::quoted_lit) {
        std::string_view s = decode(next.span, next.type == TokenType::quoted_lit);
        if (ltrim) s = trim_left_space(s);
        push_part(TemplatePart::Kind::literal, next.span).text = s;
        next_can_trim_prev = true;
        continue;
      }
      if (next.type == TokenType::template_interp || next.type == TokenType::template_control) {
        std::string_view opener = text(next);
        if (can_trim_prev && opener.size() == 3 && opener[2] == '~' && lists_.parts.size() > mark &&
            lists_.parts.back().kind == TemplatePart::Kind::literal) {
          lists_.parts.back().text = trim_right_space(lists_.parts.back().text);
        }
        push_newlines(false);
        if (next.type == TokenType::template_interp) {
          const Expr* expr = parse_expression();
          Token close = peek();
          if (close.type != TokenType::template_seq_end) {
            if (!recovery_) {
              if (close.type == TokenType::eof) {
                error("Unclosed template interpolation sequence",
                      "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect "
                      "nesting inside the given expression.",
                      start);
              } else if (close.type == TokenType::colon) {
                error("Extra characters after interpolation expression",
                      "Template interpolation doesn't expect a colon at this location. Did you intend this to be a literal sequence to be "
                      "processed as part of another language? If so, you can escape it by starting with \"$${\" instead of just \"${\".",
                      close.span, between(start, close.span));
              } else if ((close.type == TokenType::c_quote || close.type == TokenType::o_quote) && end == TokenType::c_quote) {
                error("Unclosed template interpolation sequence",
                      "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by "
                      "incorrect nesting inside the given expression.",
                      start);
              } else {
                error("Extra characters after interpolation expression",
                      "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you "
                      "include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start "
                      "token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
                      close.span, between(start, close.span));
              }
            }
            recover(TokenType::template_seq_end);
          } else {
            read();
            std::string_view closer = text(close);
            if (closer.size() == 2 && closer[0] == '~') ltrim_next = true;
          }
          pop_newlines();
          push_part(TemplatePart::Kind::interp, between(next.span, close.span)).expr = expr;
          continue;
        }
        // A directive: %{ if }, %{ else }, %{ endif }, %{ for }, %{ endfor }.
        Token kw = peek();
        if (kw.type != TokenType::ident) {
          if (!recovery_)
            error("Invalid template directive", "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ sequence.",
                  kw.span, between(next.span, kw.span));
          recover(TokenType::template_seq_end);
          pop_newlines();
          continue;
        }
        read();
        std::string_view word = text(kw);
        TemplatePart part = make_part(TemplatePart::Kind::end, {});
        bool abandon = false;
        if (is_word(word, "if")) {
          part.kind = TemplatePart::Kind::if_open;
          part.expr = parse_expression();
        } else if (is_word(word, "else")) {
          part.kind = TemplatePart::Kind::else_ctrl;
        } else if (is_word(word, "endif")) {
          part.kind = TemplatePart::Kind::endif_ctrl;
        } else if (is_word(word, "endfor")) {
          part.kind = TemplatePart::Kind::endfor_ctrl;
        } else if (is_word(word, "for")) {
          part.kind = TemplatePart::Kind::for_open;
          if (peek().type != TokenType::ident) {
            if (!recovery_) error("Invalid 'for' directive", "For directive requires variable name after 'for'.", peek().span);
            abandon = true;
          } else {
            part.val_var = read().span;
            if (peek().type == TokenType::comma) {
              part.key_var = part.val_var;
              read();
              if (peek().type != TokenType::ident) {
                if (!recovery_) error("Invalid 'for' directive", "For directive requires value variable name after comma.", peek().span);
                abandon = true;
              } else {
                part.val_var = read().span;
              }
            }
            if (!abandon && !is_keyword(peek(), "in")) {
              if (!recovery_) error("Invalid 'for' directive", "For directive requires 'in' keyword after names.", peek().span);
              abandon = true;
            }
            if (!abandon) {
              read();
              part.expr = parse_expression();
            }
          }
        } else {
          if (!recovery_) {
            std::string suggestion = hclschema::detail::name_suggestion(word, {"if", "for", "else", "endif", "endfor"});
            if (!suggestion.empty()) suggestion = fmt::format(" Did you mean {}?", hclschema::detail::go_quote(suggestion));
            error("Invalid template control keyword", fmt::format("{} is not a valid template control keyword.{}", hclschema::detail::go_quote(word), suggestion), kw.span,
                  between(next.span, kw.span));
          }
          abandon = true;
        }
        if (abandon) {
          recover(TokenType::template_seq_end);
          pop_newlines();
          continue;
        }
        part.span = between(next.span, peek().span);
        lists_.parts.push_back(part);
        Token close = peek();
        if (close.type != TokenType::template_seq_end) {
          if (!recovery_)
            error(fmt::format("Extra characters in {} marker", word), "Expected a closing brace to end the sequence, but found extra characters.",
                  close.span, between(start, close.span));
          recover(TokenType::template_seq_end);
        } else {
          read();
          std::string_view closer = text(close);
          if (closer.size() == 2 && closer[0] == '~') ltrim_next = true;
        }
        pop_newlines();
        continue;
      }
      // Anything else means the template was not closed.
      if (!recovery_)
        error("Unterminated template string", "No closing marker was found for the string.", next.span, between(start, next.span));
      Token final_tok = recover(end);
      end_span = final_tok.span;
      break;
    }
    if (lists_.parts.size() == mark) {
      push_part(TemplatePart::Kind::literal, ByteSpan{start.end, start.end});
    }
    push_part(TemplatePart::Kind::end, end_span);
    return between(start, end_span);
  }

  // `<<-` heredocs: remove the smallest common leading whitespace of all lines.
  void flush_heredoc_parts(size_t mark) {
    constexpr size_t kMax = SIZE_MAX;
    size_t min_spaces = kMax;
    bool newline = true;
    std::vector<size_t> adjust;
    for (size_t i = mark; i < lists_.parts.size(); ++i) {
      TemplatePart& part = lists_.parts[i];
      if (newline) {
        newline = false;
        size_t spaces = kMax;
        if (part.kind == TemplatePart::Kind::literal) {
          std::string_view trimmed = trim_left_space(part.text);
          if (trimmed.empty() && part.text.ends_with('\n')) {
            spaces = kMax;
          } else {
            size_t space_bytes = part.text.size() - trimmed.size();
            spaces = count_clusters(part.text.substr(0, space_bytes));
            adjust.push_back(i);
          }
        } else if (part.kind == TemplatePart::Kind::end) {
          break;
        } else {
          spaces = 0;  // an interpolation or directive at the start of a line has no indent
        }
        min_spaces = std::min(min_spaces, spaces);
      }
      if (part.kind == TemplatePart::Kind::literal && part.text.ends_with('\n')) newline = true;
    }
    if (min_spaces == kMax) return;
    for (size_t i : adjust) {
      TemplatePart& part = lists_.parts[i];
      size_t bytes = bytes_of_clusters(part.text, min_spaces);
      part.text.remove_prefix(bytes);
      part.span.begin += static_cast<uint32_t>(bytes);
    }
  }

  // Whitespace is counted in characters; every Unicode space is a single grapheme cluster.
  static size_t count_clusters(std::string_view spaces) {
    size_t n = 0, i = 0, len = 0;
    while (i < spaces.size() && is_unicode_space(spaces.data() + i, spaces.size() - i, &len)) {
      ++n;
      i += len;
    }
    return n;
  }
  static size_t bytes_of_clusters(std::string_view s, size_t clusters) {
    size_t i = 0, len = 0;
    for (size_t n = 0; n < clusters && i < s.size(); ++n) {
      if (is_unicode_space(s.data() + i, s.size() - i, &len)) {
        i += len;
      } else {
        i += 1;
        while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
      }
    }
    return i;
  }

  // Builds one expression from the parts at `pos`, matching if/else/endif and for/endfor.
  const Expr* parse_template_expr(size_t& pos) {
    TemplatePart& part = lists_.parts[pos];
    switch (part.kind) {
      case TemplatePart::Kind::literal: {
        ++pos;
        return make_literal(part.span, LiteralValueExpr::ValueKind::string, nfc(part.text));
      }
      case TemplatePart::Kind::interp: ++pos; return part.expr;
      case TemplatePart::Kind::if_open: return parse_template_if(pos);
      case TemplatePart::Kind::for_open: return parse_template_for(pos);
      case TemplatePart::Kind::end:
        error("Unexpected end of template", "The control directives within this template are unbalanced.", part.span);
        return placeholder(part.span);
      default:
        ++pos;
        error(fmt::format("Unexpected {} directive", directive_name(part.kind)), "The control directives within this template are unbalanced.",
              part.span);
        return placeholder(part.span);
    }
  }

  // String values are Unicode text in normal form C, as cty makes every string it constructs.
  std::string_view nfc(std::string_view text) {
    // Most text, ASCII or not (heredocs with accents, arrows, box drawing), is provably NFC
    // already: utf8proc (thousands of instructions a call) only for the rest.
    if (hclschema::detail::nfc_quick_check(text)) return text;
    utf8proc_uint8_t* out = nullptr;
    utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()), static_cast<utf8proc_ssize_t>(text.size()), &out,
                                      static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
    if (n < 0) return text;  // invalid UTF-8 passes through unchanged, as in cty
    std::string_view result = text;
    if (static_cast<size_t>(n) != text.size() || std::memcmp(out, text.data(), text.size()) != 0) {
      auto* mem = static_cast<char*>(arena_.allocate(static_cast<size_t>(n) ? static_cast<size_t>(n) : 1, 1));
      std::memcpy(mem, out, static_cast<size_t>(n));
      result = {mem, static_cast<size_t>(n)};
    }
    std::free(out);
    return result;
  }

  static std::string_view directive_name(TemplatePart::Kind k) {
    switch (k) {
      case TemplatePart::Kind::else_ctrl: return "else";
      case TemplatePart::Kind::endif_ctrl: return "endif";
      case TemplatePart::Kind::endfor_ctrl: return "endfor";
      default: return "?";
    }
  }

  std::string format_range(ByteSpan span) { return hclschema::detail::range_string(file_.range(span)); }


  // Builds the expressions of a directive's body onto lists_.exprs until a control part
  // (else/endif/endfor) or the template's end, and returns that part; `pos` is left past a control
  // part and on the end part.
  TemplatePart collect_until_control(size_t& pos) {
    for (;;) {
      const TemplatePart next = lists_.parts[pos];
      switch (next.kind) {
        case TemplatePart::Kind::end: return next;
        case TemplatePart::Kind::else_ctrl:
        case TemplatePart::Kind::endif_ctrl:
        case TemplatePart::Kind::endfor_ctrl: ++pos; return next;
        default: lists_.exprs.push_back(parse_template_expr(pos));
      }
    }
  }

  // A template of the expressions above `mark` on lists_.exprs (popped), or of one empty literal
  // at `empty_at` when there are none, as the reference makes for an empty branch or body.
  TemplateExpr* template_of(size_t mark, uint32_t empty_at) {
    if (lists_.exprs.size() == mark)
      lists_.exprs.push_back(make_literal(ByteSpan{empty_at, empty_at}, LiteralValueExpr::ValueKind::string));
    return make_template(between(lists_.exprs[mark]->span, lists_.exprs.back()->span), mark);
  }

  const Expr* parse_template_if(size_t& pos) {
    const TemplatePart open = lists_.parts[pos++];
    const size_t if_mark = lists_.exprs.size();
    TemplatePart stop = collect_until_control(pos);
    size_t else_mark = SIZE_MAX;
    if (stop.kind == TemplatePart::Kind::else_ctrl) {
      else_mark = lists_.exprs.size();
      stop = collect_until_control(pos);
    }
    if (stop.kind != TemplatePart::Kind::endif_ctrl) {
      if (stop.kind == TemplatePart::Kind::end)
        error("Unexpected end of template",
              fmt::format("The if directive at {} is missing its corresponding endif directive.", format_range(open.span)), stop.span);
      else if (stop.kind == TemplatePart::Kind::else_ctrl)
        error("Unexpected else directive", fmt::format("Already in the else clause for the if started at {}.", format_range(open.span)), stop.span);
      else
        error(fmt::format("Unexpected {} directive", directive_name(stop.kind)),
              fmt::format("Expecting an endif directive for the if started at {}.", format_range(open.span)), stop.span);
      lists_.exprs.resize(if_mark);
      return placeholder(stop.span);
    }
    // The else branch sits above the if branch on the scratch stack: build it first.
    TemplateExpr* false_expr = template_of(else_mark == SIZE_MAX ? lists_.exprs.size() : else_mark, stop.span.begin);
    TemplateExpr* true_expr = template_of(if_mark, open.span.end);
    auto* e = make<ConditionalExpr>(between(open.span, stop.span));
    e->condition = open.expr;
    e->true_result = true_expr;
    e->false_result = false_expr;
    return e;
  }

  const Expr* parse_template_for(size_t& pos) {
    const TemplatePart open = lists_.parts[pos++];
    const size_t mark = lists_.exprs.size();
    const TemplatePart stop = collect_until_control(pos);
    if (stop.kind != TemplatePart::Kind::endfor_ctrl) {
      if (stop.kind == TemplatePart::Kind::end)
        error("Unexpected end of template",
              fmt::format("The for directive at {} is missing its corresponding endfor directive.", format_range(open.span)), stop.span);
      else if (stop.kind == TemplatePart::Kind::else_ctrl)
        error("Unexpected else directive", "An else clause is not expected for a for directive.", stop.span);
      else
        error(fmt::format("Unexpected {} directive", directive_name(stop.kind)),
              fmt::format("Expecting an endfor directive corresponding to the for directive at {}.", format_range(open.span)), stop.span);
      lists_.exprs.resize(mark);
      return placeholder(stop.span);
    }
    auto* for_expr = make<ForExpr>(between(open.span, stop.span));
    for_expr->key_var_span = open.key_var;
    for_expr->val_var_span = open.val_var;
    for_expr->coll_expr = open.expr;
    for_expr->val_expr = template_of(mark, open.span.end);
    for_expr->set_open_close(open.span, stop.span);
    auto* join = make<TemplateJoinExpr>(for_expr->span);
    join->tuple = for_expr;
    return join;
  }

  // ---- state ----------------------------------------------------------------------------------
  const SourceFile& file_;
  const char* text_base_ = file_.text().data();
  std::pmr::memory_resource& arena_;
  hclschema::detail::Arena* bump_arena_;  // arena_ when it is our Arena (always, today): inline bump allocation
  // The names of a body's attributes, by name, with their index in lists_.attrs: one for each body
  // being parsed that has more than k_scanned_attributes (see keep_unless_redefined), innermost last.
  struct AttributeNames {
    size_t attr_mark = 0;
    std::unordered_map<std::string_view, size_t> index;
  };
  static constexpr size_t k_scanned_attributes = 16;
  std::vector<AttributeNames> attribute_names_;
  Diagnostics& diags_;
  Diagnostics lex_diags_;  // declared before lexer_, which holds a reference to it
  const ParseOptions& options_;
  Lexer lexer_;
  // Tokens lexed per call into the lexer: large batches keep the lexer in its loop (each call and
  // refill costs a hundred instructions or so); a short text, which has at most one token per byte
  // and an eof, gets a batch (and a buffer) no larger than it needs.
  static constexpr uint32_t k_batch = 512;
  static uint32_t batch_size(const SourceFile& source, uint32_t begin, uint32_t end) {
    const size_t size = source.text().size();
    const size_t b = std::min<size_t>(begin, size), e = std::min<size_t>(end, size);
    return static_cast<uint32_t>(std::clamp<size_t>(e - std::min(b, e) + 1, 8, k_batch));
  }
  std::vector<Token> buffer_;  // tokens from the lexer; its size is its capacity (grown by refill)
  Token* buf_ = nullptr;
  uint32_t buffer_cap_ = 0;
  uint32_t batch_;  // see k_batch
  uint32_t head_ = 0;  // [head_, lexed_) are lexed but not yet consumed
  uint32_t lexed_ = 0;
  size_t batch_diag_mark_ = 0;  // lex_diags_.size() before the last batch
  bool batch_ends_in_error_ = false;  // the last batch's last token is one the lexer reports
  bool error_token_seen_ = false;  // ... and the parser has looked at it
  Token cache_token_{};
  uint32_t cache_consumed_ = 0;
  // The newline mode cache_ was found in (0 or 1), or kNoCache: one compare per peek.
  static constexpr uint8_t kNoCache = 2;
  uint8_t cache_mode_ = kNoCache;
  uint8_t newlines_ = 1;  // whether newlines count now: the top of lists_.newline_stack
  ByteSpan prev_span_{};
  bool has_prev_ = false;
  bool recovery_ = false;
  size_t errors_ = 0;  // parser errors so far (not the scanner's)
  unsigned depth_ = 0;
  bool depth_reported_ = false;
  ListStacks lists_;  // with the caller's capacity when it lends a ParserScratch
  // A scope traversal whose root step is still in lists_.steps (see parse_expression_term).
  ScopeTraversalExpr* pending_root_ = nullptr;
  size_t pending_root_mark_ = 0;
  ParserScratch* scratch_;  // lent by the caller, or null
};

/// Parses a bare template (a JSON string, a template file) from bytes [begin, end) of `file`.
const Expr* parse_template_text(File& file, Diagnostics& diags, uint32_t begin, uint32_t end, const ParseOptions& options) {
  Parser parser(file, diags, options, Lexer::Start::template_text, begin, end);
  return parser.parse_whole_template();
}

ParsedTemplate parse_expression_source(std::shared_ptr<const SourceFile> source, const ParseOptions& options) {
  auto file = std::make_shared<File>(source, Syntax::native);
  ParsedTemplate result;
  {
    Parser parser(*file, result.diagnostics, options, Lexer::Start::config, 0, static_cast<uint32_t>(source->text().size()));
    result.expr = parser.parse_whole_expression();
  }  // the scanner's diagnostics are added as the parser goes out of scope
  result.file = std::move(file);
  return result;
}

ParsedTemplate parse_template_source(std::shared_ptr<const SourceFile> source, const ParseOptions& options) {
  auto file = std::make_shared<File>(source, Syntax::native);
  ParsedTemplate result;
  result.expr = parse_template_text(*file, result.diagnostics, 0, static_cast<uint32_t>(source->text().size()), options);
  result.file = std::move(file);
  return result;
}

// An arena and parser scratch for one template parse at a time.
struct ReusedTemplateParse::Workspace {
  hclschema::detail::Arena arena;
  ParserScratch scratch;
  bool busy = false;
};

namespace {
// (On the heap, made on the thread's first use: util/thread_table_drain.hpp.)
constinit thread_local hclschema::detail::ThreadHeapObject<ReusedTemplateParse::Workspace> t_template_workspace;
constexpr std::size_t k_kept_chunk = 64 * 1024;
}  // namespace

ReusedTemplateParse::ReusedTemplateParse(const SourceFile& source, Diagnostics& diags, const ParseOptions& options) {
  Workspace* ws = &t_template_workspace.get();
  if (ws->busy) {
    // Another template of this thread is still alive (its evaluation got here again): this one
    // gets memory of its own.
    owned_ = std::make_unique<Workspace>();
    ws = owned_.get();
  }
  ws->busy = true;
  workspace_ = ws;
  try {
    Parser parser(source, ws->arena, &ws->arena, diags, options, Lexer::Start::template_text, 0, static_cast<uint32_t>(source.text().size()), &ws->scratch);
    expr_ = parser.parse_whole_template();
  } catch (...) {  // the destructor will not run: leave the workspace usable
    release();
    throw;
  }
}  // the scanner's diagnostics are added as the parser goes out of scope

ReusedTemplateParse::~ReusedTemplateParse() { release(); }

void ReusedTemplateParse::release() {
  // The thread's arena keeps its first chunk (one malloc for all the strings of a file) unless an
  // unusually long string made it large.
  workspace_->arena.rewind(k_kept_chunk);
  workspace_->busy = false;
}

}  // namespace hclschema::native::detail

namespace hclschema {

ParseResult parse_native(std::shared_ptr<const SourceFile> source, const ParseOptions& options) {
  auto file = std::make_shared<File>(source, Syntax::native);
  ParseResult result;
  if (source->text().size() > options.max_file_size || source->text().size() >= UINT32_MAX) {
    result.diagnostics.push_back(Diagnostic{Severity::error, "File too large",
                                            fmt::format("The file is {} bytes, more than the limit of {} bytes.", source->text().size(), options.max_file_size),
                                            source->range({0, 0}), std::nullopt, "io"});
    file->set_body(new (file->arena()->allocate(sizeof(native::NativeBody), alignof(native::NativeBody)))
                       native::NativeBody({}, {}, {}, {}));
    result.file = std::move(file);
    return result;
  }
  {
    native::detail::Parser parser(*file, result.diagnostics, options, native::detail::Lexer::Start::config, 0, UINT32_MAX);
    file->set_body(parser.parse_file_body());
  }  // the parser adds the scanner's diagnostics as it goes out of scope
  result.file = std::move(file);
  return result;
}

}  // namespace hclschema
