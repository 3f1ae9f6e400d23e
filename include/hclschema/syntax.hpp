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

/// An expression of either syntax. Owned by the File it was parsed from; never delete one.
class Expression {
 public:
  /// The node's kind as HCL names it, e.g. "FunctionCallExpr", "TemplateExpr", or "JSONString".
  [[nodiscard]] virtual std::string_view kind_name() const = 0;
  /// The whole expression's source range.
  [[nodiscard]] virtual Range range() const = 0;
  /// A short range at the start of the expression, for diagnostics about the expression as a whole.
  [[nodiscard]] virtual Range start_range() const = 0;
  /// Every variable the expression refers to (root-scope traversals), in source order.
  [[nodiscard]] virtual std::vector<Traversal> variables() const = 0;

 protected:
  Expression() = default;
  ~Expression() = default;  // nodes live in their file's arena and are never deleted one by one
};

class Body;

/// An attribute found in a body: `name = expr`.
struct Attribute {
  std::string name;
  const Expression* expr = nullptr;
  Range range;       // the whole `name = expr`
  Range name_range;  // just the name
};

/// A block found in a body: `type "label" { ... }`.
struct Block {
  std::string type;
  std::vector<std::string> labels;
  const Body* body = nullptr;
  Range def_range;  // the type and labels: where diagnostics about the block point
  Range type_range;
  std::vector<Range> label_ranges;
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
  Range missing_item_range;
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
