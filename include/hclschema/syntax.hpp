// The syntax-neutral view of HCL: Body and Expression.
//
// Both the native syntax and the JSON syntax implement these two interfaces, exactly as HCL's
// hcl.Body and hcl.Expression. Everything above the syntax layer (schema, vars, inputs) sees only
// these, so a schema validates a `.tf` and a `.tf.json` file with the same code.
//
//     auto parsed = parse_source(SourceFile::from_string("a.hcl", "port = 8080\n"));
//     BodySchema schema{{{"port", true}}, {}};
//     auto content = parsed.file->body().content(schema);
//     content.content.attributes[0].expr->range();   // where 8080 is
#pragma once

#include <cstdint>
#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "hclschema/diagnostic.hpp"
#include "hclschema/source.hpp"

namespace hclschema {

/// A literal key in a traversal step such as `a[0]` or `a["k"]`.
struct TraversalKey {
  enum class Kind { string, number } kind = Kind::string;
  /// The string's value, or the number's literal text exactly as written (e.g. "1.50").
  std::string text;
  friend bool operator==(const TraversalKey&, const TraversalKey&) = default;
};

/// One step of a traversal: the root name, an attribute access, or an index with a literal key.
struct TraversalStep {
  enum class Kind { root, attr, index, splat } kind = Kind::root;
  std::string name;  // root and attr
  TraversalKey key;  // index
  Range range;
};

/// A static path such as `var.subnets[0].cidr`, as returned by Expression::variables().
using Traversal = std::vector<TraversalStep>;

/// The root name of a traversal ("var" for `var.a.b`), or empty for an empty traversal.
[[nodiscard]] inline std::string_view root_name(const Traversal& t) { return t.empty() ? std::string_view{} : std::string_view{t.front().name}; }

/// Which syntax an expression node belongs to: its parser's, or `other` for an embedder's own
/// PolymorphicExpression.
enum class ExpressionSyntax : uint8_t { native, json, other };

/// An expression of either syntax. Owned by the File it was parsed from; never delete one.
///
/// Not a virtual interface: a large file has millions of native nodes, and a vtable pointer in
/// each was 8 of their 24–72 bytes (13 MB of a 20 MiB file's tree). The node says which syntax it
/// is, and these functions hand over to that syntax's node class (src/syntax/expression.cpp);
/// expressions of any other syntax derive from PolymorphicExpression.
class Expression {
 public:
  /// The node's kind as HCL names it, e.g. "FunctionCallExpr", "TemplateExpr", or "JSONString".
  [[nodiscard]] std::string_view kind_name() const;
  /// The whole expression's source range.
  [[nodiscard]] Range range() const;
  /// A short range at the start of the expression, for diagnostics about the expression as a whole.
  [[nodiscard]] Range start_range() const;
  /// Every variable the expression refers to (root-scope traversals), in source order.
  [[nodiscard]] std::vector<Traversal> variables() const;
  /// The syntax the node belongs to (native::Expr, json::Value, or a PolymorphicExpression).
  [[nodiscard]] ExpressionSyntax syntax() const { return syntax_; }

 protected:
  explicit Expression(ExpressionSyntax syntax) : syntax_(syntax) {}
  Expression(const Expression&) = default;
  Expression& operator=(const Expression&) = delete;
  ~Expression() = default;  // nodes live in their file's arena and are never deleted one by one

 private:
  ExpressionSyntax syntax_;
};

/// Base of an expression of a syntax other than HCL's two, which answers through virtual
/// functions (Expression's functions call these for ExpressionSyntax::other).
class PolymorphicExpression : public Expression {
 public:
  [[nodiscard]] virtual std::string_view kind_name() const = 0;
  [[nodiscard]] virtual Range range() const = 0;
  [[nodiscard]] virtual Range start_range() const = 0;
  [[nodiscard]] virtual std::vector<Traversal> variables() const = 0;

 protected:
  PolymorphicExpression() : Expression(ExpressionSyntax::other) {}
  PolymorphicExpression(const PolymorphicExpression&) = default;
  virtual ~PolymorphicExpression() = default;
};

class Body;

/// An attribute found in a body: `name = expr`.
///
/// It keeps byte spans of its file, not line/column ranges: content() is asked of every body a
/// schema walks, and only the few attributes a diagnostic is about ever need a line and column.
/// The name and `expr` are views into the File the body came from: valid while that File lives.
///
///     const Attribute* port = content.content.attribute("port");
///     Range where = port->name_range();   // line and column looked up now
struct Attribute {
  std::string_view name;
  const Expression* expr = nullptr;
  const SourceFile* file = nullptr;  // of the spans below (none: every range is empty)
  ByteSpan span;                     // the whole `name = expr`
  ByteSpan name_span;                // just the name

  [[nodiscard]] Range range() const { return file ? file->range(span) : Range{}; }
  [[nodiscard]] Range name_range() const { return file ? file->range(name_span) : Range{}; }
};

/// The labels of a block, each with its byte span (quotes included). Reads like a container of
/// string_views. Up to k_inline labels are held inside (Terraform's blocks have at most two),
/// more on the heap.
class BlockLabels {
 public:
  static constexpr uint32_t k_inline = 3;

  void push_back(std::string_view text, ByteSpan span) {
    if (size_ < k_inline) {
      inline_texts_[size_] = text;
      inline_spans_[size_] = span;
    } else {
      if (size_ == k_inline) {
        more_texts_.assign(inline_texts_, inline_texts_ + k_inline);
        more_spans_.assign(inline_spans_, inline_spans_ + k_inline);
      }
      more_texts_.push_back(text);
      more_spans_.push_back(span);
    }
    ++size_;
  }
  void pop_back() {
    if (size_ > k_inline) {
      more_texts_.pop_back();
      more_spans_.pop_back();
      if (size_ == k_inline + 1) {  // back inside: the heap copies are no longer read
        std::copy(more_texts_.begin(), more_texts_.end(), inline_texts_);
        std::copy(more_spans_.begin(), more_spans_.end(), inline_spans_);
      }
    }
    --size_;
  }

  [[nodiscard]] size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] const std::string_view* begin() const { return size_ > k_inline ? more_texts_.data() : inline_texts_; }
  [[nodiscard]] const std::string_view* end() const { return begin() + size_; }
  [[nodiscard]] std::string_view operator[](size_t i) const { return begin()[i]; }
  [[nodiscard]] std::string_view front() const { return begin()[0]; }
  [[nodiscard]] std::string_view back() const { return begin()[size_ - 1]; }
  /// The byte span of label `i`. (Indexing a pointer chosen first, as begin() does: indexing the
  /// inline array in one arm made GCC 12 warn of an out-of-bounds read in the arm it cannot take.)
  [[nodiscard]] ByteSpan span(size_t i) const { return (size_ > k_inline ? more_spans_.data() : inline_spans_)[i]; }

  friend bool operator==(const BlockLabels& a, const BlockLabels& b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); }
  /// Compares the texts only (tests read best this way).
  friend bool operator==(const BlockLabels& a, const std::vector<std::string>& b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); }

 private:
  uint32_t size_ = 0;
  std::string_view inline_texts_[k_inline];
  ByteSpan inline_spans_[k_inline];
  std::vector<std::string_view> more_texts_;  // all of them, once there are more than k_inline
  std::vector<ByteSpan> more_spans_;
};

/// A block found in a body: `type "label" { ... }`.
///
/// Like Attribute, it keeps byte spans and computes a line/column range when asked; the type,
/// the labels and `body` are views into the File the body came from.
struct Block {
  std::string_view type;
  BlockLabels labels;
  const Body* body = nullptr;
  const SourceFile* file = nullptr;  // of the spans below and of the labels' spans
  ByteSpan def_span;                 // see def_range
  ByteSpan type_span;

  /// The type and labels (for JSON, the opening bracket of the block's value): where
  /// diagnostics about the block point.
  [[nodiscard]] Range def_range() const { return file ? file->range(def_span) : Range{}; }
  [[nodiscard]] Range type_range() const { return file ? file->range(type_span) : Range{}; }
  /// The range of label `i` (< labels.size()).
  [[nodiscard]] Range label_range(size_t i) const { return file ? file->range(labels.span(i)) : Range{}; }
};

/// What a schema may ask of a body: attribute names, and block types with their label names.
struct AttributeSchema {
  std::string name;
  bool required = false;
};
struct BlockHeaderSchema {
  std::string type;
  std::vector<std::string> label_names;
};
struct BodySchema {
  std::vector<AttributeSchema> attributes;
  std::vector<BlockHeaderSchema> blocks;
};

/// The attributes and blocks of a body that a schema selected, in source order.
struct BodyContent {
  std::vector<Attribute> attributes;
  std::vector<Block> blocks;
  /// Where a diagnostic about something missing from the body points (Body::missing_item_range()),
  /// looked up when asked.
  LazyRange missing_item;
  [[nodiscard]] Range missing_item_range() const { return missing_item.range(); }
  /// The attribute named `name`, or nullptr.
  [[nodiscard]] const Attribute* attribute(std::string_view name) const {
    for (const auto& a : attributes)
      if (a.name == name) return &a;
    return nullptr;
  }
};

struct ContentResult {
  BodyContent content;
  Diagnostics diagnostics;
};
struct PartialContentResult {
  BodyContent content;
  /// The rest of the body: what the schema did not name. Valid while the File lives.
  std::shared_ptr<const Body> remain;
  Diagnostics diagnostics;
};
struct AttributesResult {
  std::vector<Attribute> attributes;
  Diagnostics diagnostics;
};

/// A body of either syntax; answers schema questions as hcl.Body does.
class Body {
 public:
  virtual ~Body() = default;
  /// The content the schema names; anything else in the body is an error.
  [[nodiscard]] virtual ContentResult content(const BodySchema& schema) const = 0;
  /// The content the schema names, and the rest as another body.
  [[nodiscard]] virtual PartialContentResult partial_content(const BodySchema& schema) const = 0;
  /// Every attribute, with an error for each block (for bodies that hold only attributes).
  [[nodiscard]] virtual AttributesResult just_attributes() const = 0;
  /// Where a diagnostic about something missing from this body should point.
  [[nodiscard]] virtual Range missing_item_range() const = 0;
};

}  // namespace hclschema
