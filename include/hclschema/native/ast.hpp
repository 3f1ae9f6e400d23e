// The native-syntax tree: one node class per kind of HCL expression, mirroring hclsyntax.
//
// Node kinds, their children and their ranges match HashiCorp's hclsyntax one for one (a
// quoted string is a TemplateExpr of literal parts, `"${x}"` is a TemplateWrapExpr, object keys
// are wrapped in ObjectConsKeyExpr, ...), so the golden tests can compare whole trees with the
// reference. Nodes live in their File's arena: they hold only spans, string_views and pointers,
// are never deleted one by one, and stay valid while the File lives.
//
//     const auto* body = parsed.file->native_body();
//     for (const auto& attr : body->attributes())
//       if (attr.expr->kind == native::NodeKind::function_call) { ... }
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

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

/// Base of every native expression node.
class Expr : public Expression {
 public:
  // Ordered so that small fields of derived nodes can sit in the padding after `kind`.
  ByteSpan span;
  const SourceFile* file;
  const NodeKind kind;

  [[nodiscard]] std::string_view kind_name() const final { return native::kind_name(kind); }
  [[nodiscard]] Range range() const final { return file->range(span); }
  [[nodiscard]] Range start_range() const override { return range(); }
  [[nodiscard]] std::vector<Traversal> variables() const override;
  /// Calls `visit` on each direct child in hclsyntax's walk order.
  virtual void for_each_child(const std::function<void(const Expr&)>& visit) const = 0;

 protected:
  Expr(NodeKind k, ByteSpan s, const SourceFile* f) : span(s), file(f), kind(k) {}
  ~Expr() = default;
};

/// A literal key of an index traversal step (`a[0]`, `a["k"]`, legacy `a.0`).
struct ArenaTraversalKey {
  TraversalKey::Kind kind;
  std::string_view text;  // decoded string, or the number's literal text
};

/// One step of a static traversal, with its own range. 32 bytes: the name of a root or attribute
/// step and the key text of an index step share one field.
struct ArenaTraversalStep {
  TraversalStep::Kind kind;
  TraversalKey::Kind key_kind;  // index steps
  ByteSpan span;
  std::string_view text;  // root and attr: the name; index: the key text

  [[nodiscard]] std::string_view name() const { return kind == TraversalStep::Kind::index ? std::string_view{} : text; }
  [[nodiscard]] ArenaTraversalKey key() const { return {key_kind, kind == TraversalStep::Kind::index ? text : std::string_view{}}; }
};

/// `null`, `true`, `false`, a number, or a literal piece of a template. The parser also puts an
/// `unknown` literal where an expression could not be parsed, so the tree stays whole after errors.
class LiteralValueExpr final : public Expr {
 public:
  enum class ValueKind : uint8_t { null, boolean, number, string, unknown };
  ValueKind value_kind;
  bool bool_value = false;
  /// A number's literal text exactly as written, or a string's decoded (unescaped) text.
  std::string_view text;
  LiteralValueExpr(ByteSpan s, const SourceFile* f, ValueKind vk) : Expr(NodeKind::literal_value, s, f), value_kind(vk) {}
  void for_each_child(const std::function<void(const Expr&)>&) const override {}
};

/// `a.b[0].c`: a traversal from a root name.
class ScopeTraversalExpr final : public Expr {
 public:
  Span<ArenaTraversalStep> traversal;
  ScopeTraversalExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::scope_traversal, s, f) {}
  void for_each_child(const std::function<void(const Expr&)>&) const override {}
};

/// `(expr).b[0]`: a static traversal from the result of another expression.
class RelativeTraversalExpr final : public Expr {
 public:
  const Expr* source = nullptr;
  Span<ArenaTraversalStep> traversal;
  RelativeTraversalExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::relative_traversal, s, f) {}
  void for_each_child(const std::function<void(const Expr&)>& v) const override { v(*source); }
};

/// `name(args...)`, `name(args, list...)`, `provider::ns::fn(...)`.
class FunctionCallExpr final : public Expr {
 public:
  std::string_view name;
  Span<const Expr*> args;
  bool expand_final = false;
  ByteSpan name_span, open_paren_span, close_paren_span;
  FunctionCallExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::function_call, s, f) {}
  [[nodiscard]] Range start_range() const override { return file->range(ByteSpan::cover(name_span, open_paren_span)); }
  void for_each_child(const std::function<void(const Expr&)>& v) const override {
    for (const Expr* a : args) v(*a);
  }
};

/// `cond ? a : b`.
class ConditionalExpr final : public Expr {
 public:
  const Expr* condition = nullptr;
  const Expr* true_result = nullptr;
  const Expr* false_result = nullptr;
  ConditionalExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::conditional, s, f) {}
  [[nodiscard]] Range start_range() const override { return condition->start_range(); }
  void for_each_child(const std::function<void(const Expr&)>& v) const override {
    v(*condition);
    v(*true_result);
    v(*false_result);
  }
};

/// `collection[key]` where the key is not a literal (literal keys fold into traversals).
class IndexExpr final : public Expr {
 public:
  const Expr* collection = nullptr;
  const Expr* key = nullptr;
  ByteSpan open_span;     // the "[" token
  ByteSpan bracket_span;  // "[" through "]"
  IndexExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::index, s, f) {}
  [[nodiscard]] Range start_range() const override { return file->range(open_span); }
  void for_each_child(const std::function<void(const Expr&)>& v) const override {
    v(*collection);
    v(*key);
  }
};

/// `[a, b, c]`.
class TupleConsExpr final : public Expr {
 public:
  Span<const Expr*> exprs;
  ByteSpan open_span;
  TupleConsExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::tuple_cons, s, f) {}
  [[nodiscard]] Range start_range() const override { return file->range(open_span); }
  void for_each_child(const std::function<void(const Expr&)>& v) const override {
    for (const Expr* e : exprs) v(*e);
  }
};

struct ObjectConsItem {
  const Expr* key = nullptr;  // an ObjectConsKeyExpr
  const Expr* value = nullptr;
};

/// `{ k = v, "k2": v2, (expr) = v3 }`.
class ObjectConsExpr final : public Expr {
 public:
  Span<ObjectConsItem> items;
  ByteSpan open_span;
  ObjectConsExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::object_cons, s, f) {}
  [[nodiscard]] Range start_range() const override { return file->range(open_span); }
  void for_each_child(const std::function<void(const Expr&)>& v) const override {
    for (const auto& item : items) {
      v(*item.key);
      v(*item.value);
    }
  }
};

/// An object key: a bare name is taken literally unless parenthesised (force_non_literal).
class ObjectConsKeyExpr final : public Expr {
 public:
  const Expr* wrapped = nullptr;
  bool force_non_literal = false;
  ObjectConsKeyExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::object_cons_key, s, f) {}
  [[nodiscard]] Range start_range() const override { return wrapped->start_range(); }
  [[nodiscard]] std::vector<Traversal> variables() const override;
  void for_each_child(const std::function<void(const Expr&)>& v) const override { v(*wrapped); }
};

/// `[for k, v in coll : expr if cond]` and `{for k, v in coll : key => val... if cond}`.
class ForExpr final : public Expr {
 public:
  std::string_view key_var;  // empty when only the value is named
  std::string_view val_var;
  const Expr* coll_expr = nullptr;
  const Expr* key_expr = nullptr;  // null for a tuple-producing for
  const Expr* val_expr = nullptr;
  const Expr* cond_expr = nullptr;  // null without `if`
  bool group = false;
  ByteSpan open_span, close_span;
  ForExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::for_expr, s, f) {}
  [[nodiscard]] Range start_range() const override { return file->range(open_span); }
  void for_each_child(const std::function<void(const Expr&)>& v) const override {
    v(*coll_expr);
    if (key_expr) v(*key_expr);
    v(*val_expr);
    if (cond_expr) v(*cond_expr);
  }
};

/// The placeholder for "each element" inside a splat's `each` expression.
class AnonSymbolExpr final : public Expr {
 public:
  AnonSymbolExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::anon_symbol, s, f) {}
  void for_each_child(const std::function<void(const Expr&)>&) const override {}
};

/// `source.*.attr` and `source[*].attr`.
class SplatExpr final : public Expr {
 public:
  const Expr* source = nullptr;
  const Expr* each = nullptr;
  const AnonSymbolExpr* item = nullptr;
  ByteSpan marker_span;
  SplatExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::splat, s, f) {}
  [[nodiscard]] Range start_range() const override { return file->range(marker_span); }
  void for_each_child(const std::function<void(const Expr&)>& v) const override {
    v(*source);
    v(*each);
  }
};

/// `a + b`, `a && b`, `a == b`, ...
class BinaryOpExpr final : public Expr {
 public:
  const Expr* lhs = nullptr;
  Operation op{};
  const Expr* rhs = nullptr;
  BinaryOpExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::binary_op, s, f) {}
  [[nodiscard]] Range start_range() const override { return lhs->start_range(); }
  void for_each_child(const std::function<void(const Expr&)>& v) const override {
    v(*lhs);
    v(*rhs);
  }
};

/// `!a` and `-a`.
class UnaryOpExpr final : public Expr {
 public:
  Operation op{};
  const Expr* val = nullptr;
  ByteSpan symbol_span;
  UnaryOpExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::unary_op, s, f) {}
  [[nodiscard]] Range start_range() const override { return file->range(symbol_span); }
  void for_each_child(const std::function<void(const Expr&)>& v) const override { v(*val); }
};

/// A template: quoted string or heredoc, a sequence of literal and interpolated parts.
class TemplateExpr final : public Expr {
 public:
  Span<const Expr*> parts;
  TemplateExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::template_expr, s, f) {}
  [[nodiscard]] Range start_range() const override { return parts.empty() ? range() : parts[0]->start_range(); }
  void for_each_child(const std::function<void(const Expr&)>& v) const override {
    for (const Expr* p : parts) v(*p);
  }
};

/// The result of a `%{for}` directive: joins the strings of a tuple (always a ForExpr).
class TemplateJoinExpr final : public Expr {
 public:
  const Expr* tuple = nullptr;
  TemplateJoinExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::template_join, s, f) {}
  [[nodiscard]] Range start_range() const override { return tuple->start_range(); }
  void for_each_child(const std::function<void(const Expr&)>& v) const override { v(*tuple); }
};

/// `"${expr}"`: a template that is a single interpolation yields the value unconverted.
class TemplateWrapExpr final : public Expr {
 public:
  const Expr* wrapped = nullptr;
  TemplateWrapExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::template_wrap, s, f) {}
  void for_each_child(const std::function<void(const Expr&)>& v) const override { v(*wrapped); }
};

/// `( expr )`.
class ParenthesesExpr final : public Expr {
 public:
  const Expr* expression = nullptr;
  ParenthesesExpr(ByteSpan s, const SourceFile* f) : Expr(NodeKind::parentheses, s, f) {}
  [[nodiscard]] Range start_range() const override { return expression->start_range(); }  // as hclsyntax: the inner one's
  void for_each_child(const std::function<void(const Expr&)>& v) const override { v(*expression); }
};

class NativeBody;

/// `name = expr` in a native body.
struct NativeAttribute {
  std::string_view name;
  const Expr* expr = nullptr;
  ByteSpan span, name_span, equals_span;
};

/// `type "label" label2 { body }` in a native body.
struct NativeBlock {
  std::string_view type;
  Span<std::string_view> labels;  // decoded label text
  Span<ByteSpan> label_spans;     // including the quotes of quoted labels
  const NativeBody* body = nullptr;
  ByteSpan type_span, open_brace_span, close_brace_span;
  [[nodiscard]] ByteSpan span() const { return ByteSpan::cover(type_span, close_brace_span); }
};

/// A native-syntax body: attributes and blocks in source order.
class NativeBody final : public Body {
 public:
  NativeBody(const SourceFile* f, ByteSpan s, ByteSpan end_s, Span<NativeAttribute> attrs, Span<const NativeBlock*> blks)
      : file_(f), span_(s), end_span_(end_s), attributes_(attrs), blocks_(blks) {}

  [[nodiscard]] Span<NativeAttribute> attributes() const { return attributes_; }
  [[nodiscard]] Span<const NativeBlock*> blocks() const { return blocks_; }
  [[nodiscard]] ByteSpan span() const { return span_; }
  [[nodiscard]] ByteSpan end_span() const { return end_span_; }
  [[nodiscard]] const SourceFile& file() const { return *file_; }

  [[nodiscard]] ContentResult content(const BodySchema& schema) const override;
  [[nodiscard]] PartialContentResult partial_content(const BodySchema& schema) const override;
  [[nodiscard]] AttributesResult just_attributes() const override;
  [[nodiscard]] Range missing_item_range() const override;

 private:
  const SourceFile* file_;
  ByteSpan span_, end_span_;
  Span<NativeAttribute> attributes_;
  Span<const NativeBlock*> blocks_;
};

}  // namespace hclschema::native
