// The native-syntax tree: one node class per kind of HCL expression, mirroring hclsyntax.
//
// Node kinds, their children and their ranges match HashiCorp's hclsyntax one for one (a
// quoted string is a TemplateExpr of literal parts, `"${x}"` is a TemplateWrapExpr, object keys
// are wrapped in ObjectConsKeyExpr, ...), so the golden tests can compare whole trees with the
// reference. Nodes live in their File's arena: they hold only spans, string_views and pointers,
// are never deleted one by one, and stay valid while the File lives.
//
// Layout: a large file has millions of nodes, and the tree was seven times the input's size, so
// the nodes are packed (sizes are checked in src/syntax/native/ast.cpp):
// - No node stores its SourceFile: the arena stamps it at the start of each 16 KiB segment and
//   file() masks the node's address (8 bytes saved on every node).
// - No vtable pointer: Expression is not a virtual interface (see syntax.hpp); what differs by
//   node class is chosen by `kind` (ast.cpp).
// - Expr is a 12-byte header: syntax byte, kind, two bytes for the node classes' own small
//   fields (a value kind, an operator, flags, a short count of children, read through
//   accessors: op(), value_kind(), args(), ...), and the span. Nodes are 4-aligned: children are
//   32-bit relative pointers (RelPtr). So a leaf is 12 bytes and a node with one child 16
//   (BinaryOpExpr 56 -> 20 over time).
// - What the source text already says is read from it rather than stored: the steps of a plain
//   `a.b.c` traversal (TraversalSteps), a literal's text when it is the source's at its span, the
//   one-byte "[" or "{" that starts a constructor, a for expression's variable names. The leaves
//   are 12 bytes; the few that need more (stored steps, decoded text) get it in bytes the parser
//   allocates right after them, so they cannot be copied.
// - ArenaTraversalStep (32 -> 24) and NativeAttribute (48 -> 20) keep one-byte kinds, a uint32
//   length and offsets instead of spans where the other end is implied.
//
//     const auto* body = parsed.file->native_body();
//     for (const auto& attr : body->attributes())
//       if (attr.expr->kind == native::NodeKind::function_call) { ... }
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <new>
#include <string_view>

#include "hclschema/native/rel_ptr.hpp"
#include "hclschema/source.hpp"
#include "hclschema/syntax.hpp"

namespace hclschema::native {

/// A read-only array in the arena.
template <class T>
struct Span {
  const T* items = nullptr;
  uint32_t count = 0;
  [[nodiscard]] const T* begin() const { return items; }
  [[nodiscard]] const T* end() const { return items + count; }
  [[nodiscard]] uint32_t size() const { return count; }
  [[nodiscard]] bool empty() const { return count == 0; }
  [[nodiscard]] const T& operator[](uint32_t i) const { return items[i]; }
};

enum class NodeKind : uint8_t {
  literal_value,
  scope_traversal,
  relative_traversal,
  function_call,
  conditional,
  index,
  tuple_cons,
  object_cons,
  object_cons_key,
  for_expr,
  splat,
  anon_symbol,
  binary_op,
  unary_op,
  template_expr,
  template_join,
  template_wrap,
  parentheses,
};

/// hclsyntax's Go type name for a kind, e.g. "FunctionCallExpr".
[[nodiscard]] std::string_view kind_name(NodeKind kind);

/// The operators of binary and unary expressions.
enum class Operation : uint8_t {
  logical_or, logical_and, logical_not,
  equal, not_equal, greater_than, greater_than_or_equal, less_than, less_than_or_equal,
  add, subtract, multiply, divide, modulo, negate,
};

/// The operator's symbol as written in HCL ("||", "+", "!", "-" for negate, ...).
[[nodiscard]] std::string_view operation_symbol(Operation op);

class ScopeTraversalExpr;

/// Base of every native expression node. 12 bytes: the syntax byte (Expression's), the kind, two
/// bytes that the node classes use for their own small fields (a value kind, an operator, a flag,
/// a short count), and the span. Those bytes are declared here rather than in the node classes
/// because a derived class's own fields could only start after the header; each class names them
/// through accessors.
///
/// No function is virtual (see Expression): the ones that differ by node class (start_range,
/// for_each_child, variables) switch on `kind` in ast.cpp and call the node class's own.
class Expr : public Expression {
 public:
  const NodeKind kind;

 protected:
  uint8_t byte_a_ = 0;
  uint8_t byte_b_ = 0;

 public:
  ByteSpan span;

  /// The arena segments nodes live in (see Arena): aligned to their size, starting with the file.
  static constexpr std::uintptr_t k_arena_segment = 16 * 1024;

  /// The file the node was parsed from.
  [[nodiscard]] const SourceFile& file() const {
    return **reinterpret_cast<const SourceFile* const*>(reinterpret_cast<std::uintptr_t>(this) & ~(k_arena_segment - 1));
  }

  [[nodiscard]] std::string_view kind_name() const { return native::kind_name(kind); }
  [[nodiscard]] Range range() const { return file().range(span); }
  [[nodiscard]] Range start_range() const;
  [[nodiscard]] std::vector<Traversal> variables() const;
  /// The nodes of the traversals variables() lists, in the same order: for callers that only
  /// read their steps, without the copies and line/column ranges variables() makes.
  [[nodiscard]] std::vector<const ScopeTraversalExpr*> variable_nodes() const;
  /// Calls `visit` on each direct child in hclsyntax's walk order. (The node classes' own are
  /// templates, which walks within ast.cpp call without a std::function.)
  void for_each_child(const std::function<void(const Expr&)>& visit) const;

 protected:
  Expr(NodeKind k, ByteSpan s) : Expression(ExpressionSyntax::native), kind(k), span(s) {}
  Expr(const Expr&) = default;
  ~Expr() = default;

  /// A text stored in the bytes right after a node (`at`, only 4-aligned): its pointer and length.
  static constexpr std::size_t k_stored_text_bytes = sizeof(const char*) + sizeof(uint32_t);
  static void store_text(void* at, std::string_view text) {
    const char* data = text.data();
    const auto size = static_cast<uint32_t>(text.size());
    std::memcpy(at, &data, sizeof data);
    std::memcpy(static_cast<char*>(at) + sizeof data, &size, sizeof size);
  }
  [[nodiscard]] static std::string_view stored_text(const void* at) {
    const char* data = nullptr;
    uint32_t size = 0;
    std::memcpy(&data, at, sizeof data);
    std::memcpy(&size, static_cast<const char*>(at) + sizeof data, sizeof size);
    return {data, size};
  }
  /// The source text at `s`, a span the parser took from this node's file. Unchecked, unlike
  /// SourceFile::slice: literal texts and names are read on every evaluation.
  [[nodiscard]] std::string_view source_text(ByteSpan s) const { return {file().text().data() + s.begin, s.end - s.begin}; }

 public:
  /// Arrays of children (a call's arguments, a constructor's items, a template's parts) keep a
  /// short count in a header byte: nearly every array has fewer than 255 items. A longer array
  /// has the byte k_long_count and its count as a uint32 right before its first item (the parser
  /// allocates it there: see `count_prefix_bytes`).
  static constexpr uint8_t k_long_count = 255;
  [[nodiscard]] static constexpr uint8_t short_count(uint32_t count) { return count < k_long_count ? static_cast<uint8_t>(count) : k_long_count; }
  [[nodiscard]] static constexpr std::size_t count_prefix_bytes(uint32_t count) { return count < k_long_count ? 0 : sizeof(uint32_t); }

 protected:
  /// The count of the array at `items` whose short count is `short_count` (see k_long_count).
  [[nodiscard]] static uint32_t array_count(uint8_t short_count, const void* items) {
    if (short_count != k_long_count) return short_count;
    uint32_t count = 0;
    std::memcpy(&count, static_cast<const char*>(items) - sizeof count, sizeof count);
    return count;
  }
};

/// A literal key of an index traversal step (`a[0]`, `a["k"]`, legacy `a.0`).
struct ArenaTraversalKey {
  TraversalKey::Kind kind;
  std::string_view text;  // decoded string, or the number's literal text
};

/// Which literal an index step's string-kind key was written as. hclsyntax folds every literal key
/// into the traversal, `[null]`, `[true]`, `[false]` and the placeholder of a key that failed to
/// parse too; those keep their keyword (or nothing) as the key text, and this says what they were,
/// so that evaluation indexes with the literal's own value and the tree dump types the key as the
/// reference's does.
enum class IndexKeyLiteral : uint8_t { as_written, null, true_value, false_value, unknown };

/// One step of a static traversal, with its own range. 24 bytes: the name of a root or attribute
/// step and the key text of an index step share one field, kept as a pointer and a uint32 length
/// next to the one-byte kinds.
struct ArenaTraversalStep {
  uint8_t kind_ = 0;         // a TraversalStep::Kind
  uint8_t key_kind_ = 0;     // a TraversalKey::Kind (index steps)
  uint8_t key_literal_ = 0;  // an IndexKeyLiteral (index steps), in what was padding
  uint32_t text_size_ = 0;
  ByteSpan span;
  const char* text_data_ = nullptr;  // root and attr: the name; index: the key text

  ArenaTraversalStep() = default;
  ArenaTraversalStep(TraversalStep::Kind k, TraversalKey::Kind kk, ByteSpan s, std::string_view t,
                     IndexKeyLiteral literal = IndexKeyLiteral::as_written)
      : kind_(static_cast<uint8_t>(k)),
        key_kind_(static_cast<uint8_t>(kk)),
        key_literal_(static_cast<uint8_t>(literal)),
        text_size_(static_cast<uint32_t>(t.size())),
        span(s),
        text_data_(t.data()) {}

  [[nodiscard]] TraversalStep::Kind kind() const { return static_cast<TraversalStep::Kind>(kind_); }
  [[nodiscard]] TraversalKey::Kind key_kind() const { return static_cast<TraversalKey::Kind>(key_kind_); }
  [[nodiscard]] IndexKeyLiteral key_literal() const { return static_cast<IndexKeyLiteral>(key_literal_); }
  /// Root and attr: the name; index: the key text.
  [[nodiscard]] std::string_view text() const { return {text_data_, text_size_}; }
  [[nodiscard]] std::string_view name() const { return kind() == TraversalStep::Kind::index ? std::string_view{} : text(); }
  [[nodiscard]] ArenaTraversalKey key() const { return {key_kind(), kind() == TraversalStep::Kind::index ? text() : std::string_view{}}; }
};

/// The steps of a traversal node, read as an array. Most traversals are a plain `a.b.c` (a root
/// name and attribute names, written without spaces or comments): the 20 MiB benchmark corpus has
/// 483 K of them among 490 K scope traversals. Their steps are not stored at all but read back
/// from the source text the node spans, which saves 24 bytes a step (18 MB of that file's 103 MB
/// tree). The others keep an array in the arena. Either way steps are handed out by value.
class TraversalSteps {
 public:
  TraversalSteps() = default;
  /// Steps stored in the arena.
  TraversalSteps(const ArenaTraversalStep* stored, uint32_t count) : stored_(stored), count_(count) {}
  /// `count` steps written out in `source[span]`: a root name or `.name`, then `.name`s. The first
  /// name's length, when known (else 0), spares first_text() the search for its end.
  static TraversalSteps in_source(const char* source, ByteSpan span, uint32_t count, uint32_t first_name_size = 0) {
    TraversalSteps t;
    t.source_ = source;
    t.begin_ = span.begin;
    t.end_ = span.end;
    t.count_ = count;
    t.first_name_size_ = first_name_size;
    return t;
  }

  class iterator {
   public:
    using value_type = ArenaTraversalStep;
    using difference_type = std::ptrdiff_t;
    ArenaTraversalStep operator*() const { return stored_ ? stored_[index_] : read_step(source_, pos_, end_); }
    iterator& operator++() {
      if (!stored_) pos_ = next_step_at(source_, pos_, end_);
      ++index_;
      return *this;
    }
    iterator operator++(int) {
      iterator before = *this;
      ++*this;
      return before;
    }
    friend bool operator==(const iterator& a, const iterator& b) { return a.index_ == b.index_; }

   private:
    friend class TraversalSteps;
    const ArenaTraversalStep* stored_ = nullptr;
    const char* source_ = nullptr;
    uint32_t pos_ = 0, end_ = 0, index_ = 0;
  };

  [[nodiscard]] uint32_t size() const { return count_; }
  [[nodiscard]] bool empty() const { return count_ == 0; }
  [[nodiscard]] iterator begin() const {
    iterator it;
    it.stored_ = stored_;
    it.source_ = source_;
    it.pos_ = begin_;
    it.end_ = end_;
    return it;
  }
  [[nodiscard]] iterator end() const {
    iterator it;
    it.index_ = count_;
    return it;
  }
  /// Step `i`; a step read from the source is found by scanning from the first (traversals are short).
  [[nodiscard]] ArenaTraversalStep operator[](uint32_t i) const {
    if (stored_) return stored_[i];
    uint32_t pos = begin_;
    for (; i > 0; --i) pos = next_step_at(source_, pos, end_);
    return read_step(source_, pos, end_);
  }
  /// The steps after the first `n` (n <= size()).
  [[nodiscard]] TraversalSteps drop_front(uint32_t n) const {
    TraversalSteps rest = *this;
    rest.count_ = count_ - n;
    if (stored_) {
      rest.stored_ = stored_ + n;
    } else {
      for (; n > 0; --n) rest.begin_ = next_step_at(source_, rest.begin_, end_);
      if (rest.begin_ != begin_) rest.first_name_size_ = 0;
    }
    return rest;
  }
  /// Whether these steps are read from the source rather than stored.
  [[nodiscard]] bool in_source() const { return stored_ == nullptr && count_ > 0; }
  /// The first step's text (a root name, unless steps were dropped), without building the step:
  /// evaluation looks every root name up.
  [[nodiscard]] std::string_view first_text() const {
    if (stored_) return stored_[0].text();
    const uint32_t name_begin = source_[begin_] == '.' ? begin_ + 1 : begin_;
    const uint32_t name_end = count_ == 1 ? end_ : first_name_size_ != 0 ? name_begin + first_name_size_ : next_dot(source_, name_begin, end_);
    return {source_ + name_begin, name_end - name_begin};
  }

  /// The step written at `source[pos]`, which ends at the next '.' or at `end`: `.name` is an
  /// attribute step spanning the dot and the name, anything else a root name.
  [[nodiscard]] static ArenaTraversalStep read_step(const char* source, uint32_t pos, uint32_t end) {
    const bool attr = source[pos] == '.';
    const uint32_t name_begin = attr ? pos + 1 : pos;
    const uint32_t name_end = next_dot(source, name_begin, end);
    return ArenaTraversalStep{attr ? TraversalStep::Kind::attr : TraversalStep::Kind::root, TraversalKey::Kind::string,
                              ByteSpan{pos, name_end}, std::string_view{source + name_begin, name_end - name_begin}};
  }

 private:
  static uint32_t next_dot(const char* source, uint32_t from, uint32_t end) {
    while (from < end && source[from] != '.') ++from;
    return from;
  }
  static uint32_t next_step_at(const char* source, uint32_t pos, uint32_t end) {
    return next_dot(source, source[pos] == '.' ? pos + 1 : pos, end);
  }

  const ArenaTraversalStep* stored_ = nullptr;
  const char* source_ = nullptr;
  uint32_t begin_ = 0, end_ = 0, count_ = 0, first_name_size_ = 0;
};

/// `null`, `true`, `false`, a number, or a literal piece of a template. The parser also puts an
/// `unknown` literal where an expression could not be parsed, so the tree stays whole after errors.
///
/// 12 bytes: the text of nearly every literal (a number, a keyword, a string without escapes:
/// 405 K of the 20 MiB corpus's 421 K literals) is the source text at its span, so it is read
/// from there. Any other text's pointer and length are stored right after the node, in bytes the
/// parser allocates for them (see `text_at` and `allocation_size`).
class LiteralValueExpr final : public Expr {
 public:
  enum class ValueKind : uint8_t { null, boolean, number, string, unknown };
  /// Where text() is: nowhere (empty), the source at the span, or a pointer after the node.
  enum class TextAt : uint8_t { none, span, after_node };

  /// Where a literal of `text` at `span` of `source` keeps its text.
  [[nodiscard]] static TextAt text_at(const char* source, ByteSpan span, std::string_view text) {
    if (text.empty()) return TextAt::none;
    if (text.data() == source + span.begin && text.size() == span.end - span.begin) return TextAt::span;
    return TextAt::after_node;
  }
  /// The bytes (4-aligned) to allocate for a literal whose text is `at`.
  [[nodiscard]] static constexpr std::size_t allocation_size(TextAt at) {
    return at == TextAt::after_node ? sizeof(Expr) + k_stored_text_bytes : sizeof(Expr);
  }
  /// Constructs the node in memory from the parser's arena of `allocation_size(at)` bytes.
  LiteralValueExpr(ByteSpan s, ValueKind vk, std::string_view text, TextAt at, bool bool_value = false) : Expr(NodeKind::literal_value, s) {
    byte_a_ = static_cast<uint8_t>(vk);
    byte_b_ = static_cast<uint8_t>(static_cast<uint8_t>(at) | (bool_value ? k_true_bit : 0));
    if (at == TextAt::after_node) store_text(this + 1, text);
  }
  LiteralValueExpr(const LiteralValueExpr&) = delete;  // the text may lie after the node
  LiteralValueExpr& operator=(const LiteralValueExpr&) = delete;

  [[nodiscard]] ValueKind value_kind() const { return static_cast<ValueKind>(byte_a_); }
  /// Whether the text is stored right after the node (it is longer than 12 bytes).
  [[nodiscard]] bool text_after_node() const { return static_cast<TextAt>(byte_b_ & k_text_at_bits) == TextAt::after_node; }
  /// The value of a boolean literal.
  [[nodiscard]] bool bool_value() const { return (byte_b_ & k_true_bit) != 0; }
  /// A number's literal text exactly as written, or a string's decoded (unescaped) text.
  /// Always inline: evaluation reads it for every literal, and GCC otherwise kept one copy out of
  /// line whose call cost as much as the read (1.6% of evaluating the corpus).
  [[nodiscard, gnu::always_inline]] std::string_view text() const {
    switch (static_cast<TextAt>(byte_b_ & k_text_at_bits)) {
      case TextAt::span: return source_text(span);
      case TextAt::after_node: return stored_text(this + 1);
      case TextAt::none: break;
    }
    return {};
  }

 private:
  static constexpr uint8_t k_text_at_bits = 3;
  static constexpr uint8_t k_true_bit = 4;
};

/// `a.b[0].c`: a traversal from a root name. 12 bytes: the steps of nearly every traversal are
/// read back from its source text (see TraversalSteps), with their count (7 bits) and the root
/// name's length (a byte; evaluation looks every root up) in the header; a node whose steps are
/// stored has their array and count right after it, in bytes the parser allocates for them.
class ScopeTraversalExpr final : public Expr {
 private:
  struct StoredSteps {
    RelPtr<const ArenaTraversalStep> items;
    uint32_t count = 0;
  };

 public:
  /// The most steps a traversal read from its source can have (its count is 7 bits of a byte).
  static constexpr uint32_t k_max_steps_in_source = 127;
  /// The bytes (4-aligned) to allocate for a node with or without stored steps.
  [[nodiscard]] static constexpr std::size_t allocation_size(bool stored) { return stored ? sizeof(Expr) + sizeof(StoredSteps) : sizeof(Expr); }
  /// `stored`: whether the parser allocated `allocation_size(true)` bytes for the node.
  ScopeTraversalExpr(ByteSpan s, bool stored) : Expr(NodeKind::scope_traversal, s) {
    byte_a_ = stored ? k_stored : 0;
    if (stored) new (this + 1) StoredSteps{};
  }
  ScopeTraversalExpr(const ScopeTraversalExpr&) = delete;  // the steps may lie after the node
  ScopeTraversalExpr& operator=(const ScopeTraversalExpr&) = delete;

  /// The steps, root first: stored, or read from the node's source text.
  [[nodiscard]] TraversalSteps traversal() const {
    if (has_stored_steps()) {
      const StoredSteps& stored = *std::launder(reinterpret_cast<const StoredSteps*>(this + 1));
      return {stored.items.get(), stored.count};
    }
    return TraversalSteps::in_source(file().text().data(), span, byte_a_ & ~k_stored, byte_b_);
  }
  /// Stores the steps (only for a node made with `stored`).
  void set_traversal(Span<ArenaTraversalStep> t) {
    StoredSteps& stored = *std::launder(reinterpret_cast<StoredSteps*>(this + 1));
    stored.items = t.items;
    stored.count = t.count;
  }
  /// The node's `count` steps (at most k_max_steps_in_source) are exactly what its span's source
  /// text reads as (the parser checks); its root name is `root_size` bytes long.
  void set_traversal_in_source(uint32_t count, std::size_t root_size) {
    byte_a_ = static_cast<uint8_t>(count);
    byte_b_ = root_size <= 255 ? static_cast<uint8_t>(root_size) : 0;  // 0: found by searching
  }
  [[nodiscard]] bool has_stored_steps() const { return (byte_a_ & k_stored) != 0; }

 private:
  static constexpr uint8_t k_stored = 0x80;  // in byte_a_, above the count
};

/// `(expr).b[0]`: a static traversal from the result of another expression.
class RelativeTraversalExpr final : public Expr {
 public:
  RelPtr<const Expr> source;
  explicit RelativeTraversalExpr(ByteSpan s) : Expr(NodeKind::relative_traversal, s) {}
  [[nodiscard]] TraversalSteps traversal() const { return {steps_.get(), step_count_}; }
  void set_traversal(Span<ArenaTraversalStep> t) {
    steps_ = t.items;
    step_count_ = t.count;
  }
  template <class Visit>
  void for_each_child(const Visit& v) const { v(*source); }

 private:
  RelPtr<const ArenaTraversalStep> steps_;
  uint32_t step_count_ = 0;
};

/// `name(args...)`, `name(args, list...)`, `provider::ns::fn(...)`. 24 bytes: the name is the
/// source text at `name_span()` unless spaces or comments sat between a namespaced name's parts, in
/// which case the rebuilt name is stored right after the node (see `name_in_source`). Spans are
/// kept by the ends the call's own span does not imply: the name starts the call, the one-byte
/// ")" ends it when there is one (a flag), and "(" is one byte. The arguments' count is short
/// (see Expr::k_long_count).
class FunctionCallExpr final : public Expr {
 private:
  RelPtr<const RelPtr<const Expr>> args_;
  uint32_t name_end_ = 0;
  uint32_t open_paren_ = 0;
  // byte_a_'s flags; byte_b_ is the arguments' short count.
  static constexpr uint8_t k_expand_final = 1, k_name_after_node = 2, k_has_close_paren = 4;

 public:
  /// Whether a call named `name`, written at `name_span` of `source`, reads its name from there
  /// (else the parser allocates `allocation_size(true)` bytes and says so).
  [[nodiscard]] static bool name_in_source(const char* source, ByteSpan name_span, std::string_view name) {
    return name.data() == source + name_span.begin && name.size() == name_span.end - name_span.begin;
  }
  /// The bytes (4-aligned) to allocate for a call with or without its name stored after it.
  [[nodiscard]] static constexpr std::size_t allocation_size(bool name_after_node);
  /// `name_at` starts at `s.begin`; `has_close_paren`: the call's last byte is its ")".
  FunctionCallExpr(ByteSpan s, ByteSpan name_at, std::string_view name, bool name_after_node, uint32_t open_paren, bool has_close_paren)
      : Expr(NodeKind::function_call, s), name_end_(name_at.end), open_paren_(open_paren) {
    byte_a_ = static_cast<uint8_t>((name_after_node ? k_name_after_node : 0) | (has_close_paren ? k_has_close_paren : 0));
    if (name_after_node) store_text(this + 1, name);
  }
  FunctionCallExpr(const FunctionCallExpr&) = delete;  // the name may lie after the node
  FunctionCallExpr& operator=(const FunctionCallExpr&) = delete;

  [[nodiscard]] std::string_view name() const {
    if ((byte_a_ & k_name_after_node) != 0) return stored_text(this + 1);
    return source_text(name_span());
  }
  /// The name as written (a namespaced one from its first part to its last).
  [[nodiscard]] ByteSpan name_span() const { return {span.begin, name_end_}; }
  /// The ")" token, or the empty span where the call ends when it has none (after errors).
  [[nodiscard]] ByteSpan close_paren_span() const { return {(byte_a_ & k_has_close_paren) != 0 ? span.end - 1 : span.end, span.end}; }
  /// The "(" token.
  [[nodiscard]] ByteSpan open_paren_span() const { return {open_paren_, open_paren_ + 1}; }
  [[nodiscard]] RelSpan<const Expr> args() const { return {args_.get(), array_count(byte_b_, args_.get())}; }
  /// `a` as the parser allocated it: with its count before it when it is long.
  void set_args(Span<RelPtr<const Expr>> a) {
    args_ = a.items;
    byte_b_ = short_count(a.count);
  }
  /// Whether the last argument is expanded (`f(list...)`).
  [[nodiscard]] bool expand_final() const { return (byte_a_ & k_expand_final) != 0; }
  void set_expand_final(bool expand) { byte_a_ = static_cast<uint8_t>(expand ? byte_a_ | k_expand_final : byte_a_ & ~k_expand_final); }
  [[nodiscard]] Range start_range() const { return file().range(ByteSpan::cover(name_span(), open_paren_span())); }
  template <class Visit>
  void for_each_child(const Visit& v) const {
    for (const Expr* a : args()) v(*a);
  }
};

constexpr std::size_t FunctionCallExpr::allocation_size(bool name_after_node) {
  return name_after_node ? sizeof(FunctionCallExpr) + k_stored_text_bytes : sizeof(FunctionCallExpr);
}

/// `cond ? a : b`.
class ConditionalExpr final : public Expr {
 public:
  RelPtr<const Expr> condition;
  RelPtr<const Expr> true_result;
  RelPtr<const Expr> false_result;
  explicit ConditionalExpr(ByteSpan s) : Expr(NodeKind::conditional, s) {}
  [[nodiscard]] Range start_range() const { return condition->start_range(); }
  template <class Visit>
  void for_each_child(const Visit& v) const {
    v(*condition);
    v(*true_result);
    v(*false_result);
  }
};

/// `collection[key]` where the key is not a literal (literal keys fold into traversals).
class IndexExpr final : public Expr {
 public:
  RelPtr<const Expr> collection;
  RelPtr<const Expr> key;
  ByteSpan open_span;     // the "[" token
  ByteSpan bracket_span;  // "[" through "]"
  explicit IndexExpr(ByteSpan s) : Expr(NodeKind::index, s) {}
  [[nodiscard]] Range start_range() const { return file().range(open_span); }
  template <class Visit>
  void for_each_child(const Visit& v) const {
    v(*collection);
    v(*key);
  }
};

/// `[a, b, c]`.
class TupleConsExpr final : public Expr {
 private:
  RelPtr<const RelPtr<const Expr>> exprs_;  // byte_b_ is their short count (see Expr::k_long_count)

 public:
  /// `s` starts with the "[" token.
  explicit TupleConsExpr(ByteSpan s) : Expr(NodeKind::tuple_cons, s) {}
  [[nodiscard]] RelSpan<const Expr> exprs() const { return {exprs_.get(), array_count(byte_b_, exprs_.get())}; }
  /// `e` as the parser allocated it: with its count before it when it is long.
  void set_exprs(Span<RelPtr<const Expr>> e) {
    exprs_ = e.items;
    byte_b_ = short_count(e.count);
  }
  /// The "[" token.
  [[nodiscard]] ByteSpan open_span() const { return {span.begin, span.begin + 1}; }
  [[nodiscard]] Range start_range() const { return file().range(open_span()); }
  template <class Visit>
  void for_each_child(const Visit& v) const {
    for (const Expr* e : exprs()) v(*e);
  }
};

struct ObjectConsItem {
  RelPtr<const Expr> key;  // an ObjectConsKeyExpr
  RelPtr<const Expr> value;
  ObjectConsItem(const Expr* k, const Expr* v) : key(k), value(v) {}
};

/// `{ k = v, "k2": v2, (expr) = v3 }`.
class ObjectConsExpr final : public Expr {
 private:
  RelPtr<const ObjectConsItem> items_;  // byte_b_ is their short count (see Expr::k_long_count)

 public:
  /// `s` starts with the "{" token.
  explicit ObjectConsExpr(ByteSpan s) : Expr(NodeKind::object_cons, s) {}
  [[nodiscard]] Span<ObjectConsItem> items() const { return {items_.get(), array_count(byte_b_, items_.get())}; }
  /// `i` as the parser allocated it: with its count before it when it is long.
  void set_items(Span<ObjectConsItem> i) {
    items_ = i.items;
    byte_b_ = short_count(i.count);
  }
  /// The "{" token.
  [[nodiscard]] ByteSpan open_span() const { return {span.begin, span.begin + 1}; }
  [[nodiscard]] Range start_range() const { return file().range(open_span()); }
  template <class Visit>
  void for_each_child(const Visit& v) const {
    for (const auto& item : items()) {
      v(*item.key);
      v(*item.value);
    }
  }
};

/// An object key: a bare name is taken literally unless parenthesised (force_non_literal).
///
/// 12 bytes when the parser could place it right after the expression it wraps (a bare name: 196 K
/// of the 20 MiB corpus's 207 K keys), where wrapped() finds it; else a RelPtr to the wrapped
/// expression is stored right after the node.
class ObjectConsKeyExpr final : public Expr {
 public:
  /// Whether a key may be placed right after `wrapped` and find it there: `wrapped` is 12 bytes
  /// with nothing stored after it (a traversal read from the source, a literal of source text).
  [[nodiscard]] static bool can_follow(const Expr& wrapped);
  /// The bytes (4-aligned) to allocate for a key that follows what it wraps or not.
  [[nodiscard]] static constexpr std::size_t allocation_size(bool follows) { return follows ? sizeof(Expr) : sizeof(Expr) + sizeof(RelPtr<const Expr>); }
  /// Constructs the node in memory from the parser's arena: right after `wrapped` when `follows`,
  /// else in `allocation_size(false)` bytes, with a RelPtr after the node.
  ObjectConsKeyExpr(ByteSpan s, const Expr* wrapped, bool follows) : Expr(NodeKind::object_cons_key, s) {
    byte_b_ = follows ? 1 : 0;
    if (!follows) new (this + 1) RelPtr<const Expr>(wrapped);
  }
  ObjectConsKeyExpr(const ObjectConsKeyExpr&) = delete;  // the wrapped expression lies next to the node
  ObjectConsKeyExpr& operator=(const ObjectConsKeyExpr&) = delete;

  /// The key expression.
  [[nodiscard]] const Expr* wrapped() const {
    if (byte_b_ != 0) return std::launder(reinterpret_cast<const Expr*>(reinterpret_cast<const char*>(this) - sizeof(Expr)));
    return std::launder(reinterpret_cast<const RelPtr<const Expr>*>(this + 1))->get();
  }
  /// Whether the node lies right after the expression it wraps.
  [[nodiscard]] bool follows_wrapped() const { return byte_b_ != 0; }
  /// Whether the key was parenthesised: `(name) = v` evaluates `name` rather than taking it as text.
  [[nodiscard]] bool force_non_literal() const { return byte_a_ != 0; }
  void set_force_non_literal(bool force) { byte_a_ = force ? 1 : 0; }
  [[nodiscard]] Range start_range() const { return wrapped()->start_range(); }
  template <class Visit>
  void for_each_child(const Visit& v) const { v(*wrapped()); }
};

/// `[for k, v in coll : expr if cond]` and `{for k, v in coll : key => val... if cond}`.
class ForExpr final : public Expr {
 public:
  ByteSpan key_var_span;  // empty when only the value is named
  ByteSpan val_var_span;
  RelPtr<const Expr> coll_expr;
  RelPtr<const Expr> key_expr;  // null for a tuple-producing for
  RelPtr<const Expr> val_expr;
  RelPtr<const Expr> cond_expr;  // null without `if`
 private:
  uint32_t open_end_ = 0, close_begin_ = 0;  // the opener starts the span and the closer ends it

 public:
  explicit ForExpr(ByteSpan s) : Expr(NodeKind::for_expr, s) {}
  /// "[" or "{", or a template's `%{ for ... }` directive.
  [[nodiscard]] ByteSpan open_span() const { return {span.begin, open_end_}; }
  /// "]" or "}", or a template's `%{ endfor }` (`open` starts the span and `close` ends it).
  [[nodiscard]] ByteSpan close_span() const { return {close_begin_, span.end}; }
  void set_open_close(ByteSpan open, ByteSpan close) {
    open_end_ = open.end;
    close_begin_ = close.begin;
  }
  /// The key variable's name (empty when only the value is named) and the value variable's:
  /// identifiers, read from the source.
  [[nodiscard]] std::string_view key_var() const { return source_text(key_var_span); }
  [[nodiscard]] std::string_view val_var() const { return source_text(val_var_span); }
  /// Whether values are grouped by key (`val...`).
  [[nodiscard]] bool group() const { return byte_a_ != 0; }
  void set_group(bool grouped) { byte_a_ = grouped ? 1 : 0; }
  [[nodiscard]] Range start_range() const { return file().range(open_span()); }
  template <class Visit>
  void for_each_child(const Visit& v) const {
    v(*coll_expr);
    if (key_expr) v(*key_expr);
    v(*val_expr);
    if (cond_expr) v(*cond_expr);
  }
};

/// The placeholder for "each element" inside a splat's `each` expression.
class AnonSymbolExpr final : public Expr {
 public:
  explicit AnonSymbolExpr(ByteSpan s) : Expr(NodeKind::anon_symbol, s) {}
};

/// `source.*.attr` and `source[*].attr`.
class SplatExpr final : public Expr {
 public:
  RelPtr<const Expr> source;
  RelPtr<const Expr> each;
  RelPtr<const AnonSymbolExpr> item;
  ByteSpan marker_span;
  explicit SplatExpr(ByteSpan s) : Expr(NodeKind::splat, s) {}
  [[nodiscard]] Range start_range() const { return file().range(marker_span); }
  template <class Visit>
  void for_each_child(const Visit& v) const {
    v(*source);
    v(*each);
  }
};

/// `a + b`, `a && b`, `a == b`, ...
class BinaryOpExpr final : public Expr {
 public:
  RelPtr<const Expr> lhs;
  RelPtr<const Expr> rhs;
  explicit BinaryOpExpr(ByteSpan s) : Expr(NodeKind::binary_op, s) {}
  [[nodiscard]] Operation op() const { return static_cast<Operation>(byte_a_); }
  void set_op(Operation operation) { byte_a_ = static_cast<uint8_t>(operation); }
  [[nodiscard]] Range start_range() const { return lhs->start_range(); }
  template <class Visit>
  void for_each_child(const Visit& v) const {
    v(*lhs);
    v(*rhs);
  }
};

/// `!a` and `-a`.
class UnaryOpExpr final : public Expr {
 public:
  RelPtr<const Expr> val;
  ByteSpan symbol_span;
  explicit UnaryOpExpr(ByteSpan s) : Expr(NodeKind::unary_op, s) {}
  [[nodiscard]] Operation op() const { return static_cast<Operation>(byte_a_); }
  void set_op(Operation operation) { byte_a_ = static_cast<uint8_t>(operation); }
  [[nodiscard]] Range start_range() const { return file().range(symbol_span); }
  template <class Visit>
  void for_each_child(const Visit& v) const { v(*val); }
};

/// The iterator of the tree's array-like views (TemplateParts, BlockLabels): a copy of the view
/// and an index, dereferenced as view[index], so that it stays valid after the view it came from.
template <class View, class Value>
class ViewIterator {
 public:
  using value_type = Value;
  using difference_type = std::ptrdiff_t;
  ViewIterator() = default;
  ViewIterator(const View& view, uint32_t index) : view_(view), index_(index) {}
  Value operator*() const { return view_[index_]; }
  ViewIterator& operator++() {
    ++index_;
    return *this;
  }
  ViewIterator operator++(int) {
    ViewIterator before = *this;
    ++index_;
    return before;
  }
  friend bool operator==(const ViewIterator& a, const ViewIterator& b) { return a.index_ == b.index_; }

 private:
  View view_{};
  uint32_t index_ = 0;
};

/// A template's parts, read as an array of pointers: the node's array, or its lone part.
class TemplateParts {
 public:
  TemplateParts() = default;
  TemplateParts(const RelPtr<const Expr>* items, uint32_t count) : items_(items), count_(count) {}
  explicit TemplateParts(const Expr* sole) : sole_(sole), count_(1) {}

  using iterator = ViewIterator<TemplateParts, const Expr*>;
  [[nodiscard]] uint32_t size() const { return count_; }
  [[nodiscard]] bool empty() const { return count_ == 0; }
  [[nodiscard]] const Expr* operator[](uint32_t i) const { return items_ ? items_[i].get() : sole_; }
  [[nodiscard]] iterator begin() const { return {*this, 0}; }
  [[nodiscard]] iterator end() const { return {*this, count_}; }

 private:
  const RelPtr<const Expr>* items_ = nullptr;
  const Expr* sole_ = nullptr;
  uint32_t count_ = 0;
};

/// A template: quoted string or heredoc, a sequence of literal and interpolated parts. 12 bytes,
/// with the array of its parts right after it (the parser allocates both at once; their count is
/// short, see Expr::k_long_count): a quoted string is most often one literal part, and a separate
/// array was a pointer more per template. A quoted string of one literal (150 K of the 20 MiB
/// corpus's 192 K templates) goes further: the literal node itself lies right after the template,
/// with no pointer to it.
class TemplateExpr final : public Expr {
 public:
  /// The bytes (4-aligned) to allocate for a template of `count` parts stored after it.
  [[nodiscard]] static constexpr std::size_t allocation_size(uint32_t count) {
    return sizeof(Expr) + count_prefix_bytes(count) + count * sizeof(RelPtr<const Expr>);
  }
  /// Constructs the node in memory from the parser's arena of `allocation_size(count)` bytes, and
  /// points the part pointers after it at `parts`.
  TemplateExpr(ByteSpan s, const Expr* const* parts, uint32_t count) : Expr(NodeKind::template_expr, s) {
    byte_b_ = short_count(count);
    char* after = reinterpret_cast<char*>(this + 1);
    if (count_prefix_bytes(count) != 0) after = static_cast<char*>(std::memcpy(after, &count, sizeof count)) + sizeof count;
    auto* items = reinterpret_cast<RelPtr<const Expr>*>(after);
    for (uint32_t i = 0; i < count; ++i) new (items + i) RelPtr<const Expr>(parts[i]);
  }
  /// Constructs a template of one part that the caller builds right after the node.
  struct SolePartFollows {};
  TemplateExpr(ByteSpan s, SolePartFollows) : Expr(NodeKind::template_expr, s) { byte_a_ = 1; }
  TemplateExpr(const TemplateExpr&) = delete;  // the parts lie after the node
  TemplateExpr& operator=(const TemplateExpr&) = delete;

  [[nodiscard]] TemplateParts parts() const {
    if (byte_a_ != 0) return TemplateParts(std::launder(reinterpret_cast<const Expr*>(this + 1)));
    const char* after = reinterpret_cast<const char*>(this + 1) + (byte_b_ == k_long_count ? sizeof(uint32_t) : 0);
    return {std::launder(reinterpret_cast<const RelPtr<const Expr>*>(after)), array_count(byte_b_, after)};
  }
  /// Whether the template's one part lies right after it.
  [[nodiscard]] bool sole_part_follows() const { return byte_a_ != 0; }
  [[nodiscard]] Range start_range() const {
    const TemplateParts p = parts();
    return p.empty() ? range() : p[0]->start_range();
  }
  template <class Visit>
  void for_each_child(const Visit& v) const {
    for (const Expr* p : parts()) v(*p);
  }
};

/// The result of a `%{for}` directive: joins the strings of a tuple (always a ForExpr).
class TemplateJoinExpr final : public Expr {
 public:
  RelPtr<const Expr> tuple;
  explicit TemplateJoinExpr(ByteSpan s) : Expr(NodeKind::template_join, s) {}
  [[nodiscard]] Range start_range() const { return tuple->start_range(); }
  template <class Visit>
  void for_each_child(const Visit& v) const { v(*tuple); }
};

/// `"${expr}"`: a template that is a single interpolation yields the value unconverted.
class TemplateWrapExpr final : public Expr {
 public:
  RelPtr<const Expr> wrapped;
  explicit TemplateWrapExpr(ByteSpan s) : Expr(NodeKind::template_wrap, s) {}
  template <class Visit>
  void for_each_child(const Visit& v) const { v(*wrapped); }
};

/// `( expr )`.
class ParenthesesExpr final : public Expr {
 public:
  RelPtr<const Expr> expression;
  explicit ParenthesesExpr(ByteSpan s) : Expr(NodeKind::parentheses, s) {}
  [[nodiscard]] Range start_range() const { return expression->start_range(); }  // as hclsyntax: the inner one's
  template <class Visit>
  void for_each_child(const Visit& v) const { v(*expression); }
};

/// The native node an expression is, or null for an expression of another syntax.
[[nodiscard]] inline const Expr* as_native(const Expression& e) {
  return e.syntax() == ExpressionSyntax::native ? static_cast<const Expr*>(&e) : nullptr;
}

class NativeBody;

/// `name = expr` in a native body. 24 bytes: the name is the identifier's text, read from the
/// source (found through the expression's file), the attribute's range starts with the name, and
/// `=` is one byte.
struct NativeAttribute {
  RelPtr<const Expr> expr;
  ByteSpan name_span;
  uint32_t span_end = 0;
  uint32_t equals_begin = 0;

  NativeAttribute(const Expr* e, ByteSpan name, uint32_t end, uint32_t equals) : expr(e), name_span(name), span_end(end), equals_begin(equals) {}

  [[nodiscard]] std::string_view name() const { return expr->file().slice(name_span); }
  [[nodiscard]] ByteSpan span() const { return {name_span.begin, span_end}; }
  [[nodiscard]] ByteSpan equals_span() const { return {equals_begin, equals_begin + 1}; }
};

/// A block's labels, read as an array of their texts: stored, or read from the source at their
/// spans (a bare label's whole span, a quoted one's without its quotes).
class BlockLabels {
 public:
  BlockLabels() = default;
  BlockLabels(const std::string_view* stored, const ByteSpan* spans, const char* source, uint32_t count)
      : stored_(stored), spans_(spans), source_(source), count_(count) {}

  /// The text a label at `span` of `source` reads as when its text is not stored.
  [[nodiscard]] static std::string_view in_source(const char* source, ByteSpan span) {
    const uint32_t quote = span.end - span.begin >= 2 && source[span.begin] == '"' ? 1 : 0;
    return {source + span.begin + quote, span.end - span.begin - 2 * quote};
  }

  using iterator = ViewIterator<BlockLabels, std::string_view>;
  [[nodiscard]] uint32_t size() const { return count_; }
  [[nodiscard]] bool empty() const { return count_ == 0; }
  [[nodiscard]] std::string_view operator[](uint32_t i) const { return stored_ ? stored_[i] : in_source(source_, spans_[i]); }
  [[nodiscard]] iterator begin() const { return {*this, 0}; }
  [[nodiscard]] iterator end() const { return {*this, count_}; }

 private:
  const std::string_view* stored_ = nullptr;
  const ByteSpan* spans_ = nullptr;
  const char* source_ = nullptr;
  uint32_t count_ = 0;
};

/// `type "label" label2 { body }` in a native body. 40 bytes: the type is read from the source
/// at its span (found through the body's file), and the labels and their spans share one count.
/// Labels whose texts are what their spans read as (no escapes: nearly all) store only the spans.
struct NativeBlock {
  RelPtr<const NativeBody> body;
  ByteSpan type_span, open_brace_span, close_brace_span;
  RelPtr<const std::string_view> label_items;  // null when every label reads from the source
  RelPtr<const ByteSpan> label_span_items;
  uint32_t label_count = 0;

  [[nodiscard]] std::string_view type() const;  // after NativeBody
  /// Decoded label text.
  [[nodiscard]] BlockLabels labels() const;  // after NativeBody
  /// Label spans, including the quotes of quoted labels.
  [[nodiscard]] Span<ByteSpan> label_spans() const { return {label_span_items.get(), label_count}; }
  [[nodiscard]] ByteSpan span() const { return ByteSpan::cover(type_span, close_brace_span); }
};

/// A native-syntax body: attributes and blocks in source order. Like the nodes, it lives in an
/// arena segment that names its file (48 bytes, not 64 with a file pointer and two Spans).
class NativeBody final : public Body {
 public:
  NativeBody(ByteSpan s, ByteSpan end_s, Span<NativeAttribute> attrs, Span<RelPtr<const NativeBlock>> blks)
      : span_(s), end_span_(end_s), attributes_(attrs.items), blocks_(blks.items), attribute_count_(attrs.count), block_count_(blks.count) {}

  [[nodiscard]] Span<NativeAttribute> attributes() const { return {attributes_.get(), attribute_count_}; }
  [[nodiscard]] RelSpan<const NativeBlock> blocks() const { return {blocks_.get(), block_count_}; }
  [[nodiscard]] ByteSpan span() const { return span_; }
  [[nodiscard]] ByteSpan end_span() const { return end_span_; }
  [[nodiscard]] const SourceFile& file() const {
    return **reinterpret_cast<const SourceFile* const*>(reinterpret_cast<std::uintptr_t>(this) & ~(Expr::k_arena_segment - 1));
  }

  [[nodiscard]] ContentResult content(const BodySchema& schema) const override;
  [[nodiscard]] PartialContentResult partial_content(const BodySchema& schema) const override;
  [[nodiscard]] AttributesResult just_attributes() const override;
  [[nodiscard]] Range missing_item_range() const override;

 private:
  ByteSpan span_, end_span_;
  RelPtr<const NativeAttribute> attributes_;
  RelPtr<const RelPtr<const NativeBlock>> blocks_;
  uint32_t attribute_count_, block_count_;
};

inline std::string_view NativeBlock::type() const {
  return body->file().slice(type_span);
}

inline BlockLabels NativeBlock::labels() const {
  return {label_items.get(), label_span_items.get(), body->file().text().data(), label_count};
}

}  // namespace hclschema::native
