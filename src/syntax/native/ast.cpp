// Native AST: names of kinds and operators, variable collection, and the schema-driven views of a
// native body (content, partial_content, just_attributes) with hclsyntax's diagnostics.
#include "hclschema/native/ast.hpp"

#include <algorithm>
#include <cstring>
#include <set>
#include <type_traits>

#include <fmt/format.h>

#include "util/did_you_mean.hpp"
#include "util/go_format.hpp"

namespace hclschema::native {

using hclschema::detail::go_quote;

// The packed layouts of ast.hpp (on LP64; a large file has millions of these). A larger size
// means a field no longer fits where it was meant to; before any packing, in the order below:
// 48 48 56 96 56 64 56 56 48 120 32 64 56 48 48 40 40 40, steps 32, attributes 48.
static_assert(sizeof(Expr) == 12 && alignof(Expr) == 4);
static_assert(sizeof(void*) != 8 || sizeof(LiteralValueExpr) == 12);
static_assert(sizeof(void*) != 8 || sizeof(ScopeTraversalExpr) == 12);
static_assert(sizeof(void*) != 8 || sizeof(RelativeTraversalExpr) == 24);
static_assert(sizeof(void*) != 8 || sizeof(FunctionCallExpr) == 24);
static_assert(sizeof(void*) != 8 || sizeof(ConditionalExpr) == 24);
static_assert(sizeof(void*) != 8 || sizeof(IndexExpr) == 36);
static_assert(sizeof(void*) != 8 || sizeof(TupleConsExpr) == 16);
static_assert(sizeof(void*) != 8 || sizeof(ObjectConsExpr) == 16);
static_assert(sizeof(void*) != 8 || sizeof(ObjectConsKeyExpr) == 12);
static_assert(sizeof(void*) != 8 || sizeof(ForExpr) == 52);
static_assert(sizeof(void*) != 8 || sizeof(AnonSymbolExpr) == 12);
static_assert(sizeof(void*) != 8 || sizeof(SplatExpr) == 32);
static_assert(sizeof(void*) != 8 || sizeof(BinaryOpExpr) == 20);
static_assert(sizeof(void*) != 8 || sizeof(UnaryOpExpr) == 24);
static_assert(sizeof(void*) != 8 || sizeof(TemplateExpr) == 12);
static_assert(sizeof(void*) != 8 || sizeof(TemplateJoinExpr) == 16);
static_assert(sizeof(void*) != 8 || sizeof(TemplateWrapExpr) == 16);
static_assert(sizeof(void*) != 8 || sizeof(ParenthesesExpr) == 16);
// Every node class is only 4-aligned, so that nodes pack without padding in the arena.
static_assert(alignof(LiteralValueExpr) == 4 && alignof(FunctionCallExpr) == 4 && alignof(ForExpr) == 4 && alignof(TemplateExpr) == 4);
static_assert(sizeof(void*) != 8 || sizeof(ArenaTraversalStep) == 24);

bool ObjectConsKeyExpr::can_follow(const Expr& wrapped) {
  static_assert(sizeof(ScopeTraversalExpr) == sizeof(Expr) && sizeof(LiteralValueExpr) == sizeof(Expr));
  if (wrapped.kind == NodeKind::scope_traversal) return !static_cast<const ScopeTraversalExpr&>(wrapped).has_stored_steps();
  if (wrapped.kind == NodeKind::literal_value) return !static_cast<const LiteralValueExpr&>(wrapped).text_after_node();
  return false;
}
static_assert(sizeof(void*) != 8 || sizeof(NativeAttribute) == 20);
static_assert(sizeof(void*) != 8 || sizeof(NativeBlock) == 40);  // 80, then 64 before
static_assert(sizeof(void*) != 8 || sizeof(NativeBody) == 40);   // 64 before

namespace {

// Calls `f` with the node as its own class (a generic lambda: each class's functions hide Expr's).
template <class F>
decltype(auto) as_node_class(const Expr& e, F&& f) {
  switch (e.kind) {
    case NodeKind::literal_value: return f(static_cast<const LiteralValueExpr&>(e));
    case NodeKind::scope_traversal: return f(static_cast<const ScopeTraversalExpr&>(e));
    case NodeKind::relative_traversal: return f(static_cast<const RelativeTraversalExpr&>(e));
    case NodeKind::function_call: return f(static_cast<const FunctionCallExpr&>(e));
    case NodeKind::conditional: return f(static_cast<const ConditionalExpr&>(e));
    case NodeKind::index: return f(static_cast<const IndexExpr&>(e));
    case NodeKind::tuple_cons: return f(static_cast<const TupleConsExpr&>(e));
    case NodeKind::object_cons: return f(static_cast<const ObjectConsExpr&>(e));
    case NodeKind::object_cons_key: return f(static_cast<const ObjectConsKeyExpr&>(e));
    case NodeKind::for_expr: return f(static_cast<const ForExpr&>(e));
    case NodeKind::splat: return f(static_cast<const SplatExpr&>(e));
    case NodeKind::anon_symbol: return f(static_cast<const AnonSymbolExpr&>(e));
    case NodeKind::binary_op: return f(static_cast<const BinaryOpExpr&>(e));
    case NodeKind::unary_op: return f(static_cast<const UnaryOpExpr&>(e));
    case NodeKind::template_expr: return f(static_cast<const TemplateExpr&>(e));
    case NodeKind::template_join: return f(static_cast<const TemplateJoinExpr&>(e));
    case NodeKind::template_wrap: return f(static_cast<const TemplateWrapExpr&>(e));
    case NodeKind::parentheses: break;
  }
  return f(static_cast<const ParenthesesExpr&>(e));
}

// Whether a node class declares its own start_range / for_each_child (else Expr's is the answer:
// the whole range, and no children).
template <class Node>
constexpr bool has_own_start_range = !std::is_same_v<decltype(&Node::start_range), decltype(&Expr::start_range)>;
// (The node classes' own are templates, which Expr's plain member is not: naming one with a
// template argument is well-formed only for a class that declares its own.)
template <class Node>
constexpr bool has_own_for_each_child = requires { &Node::template for_each_child<void (*)(const Expr&)>; };

}  // namespace

Range Expr::start_range() const {
  return as_node_class(*this, [this](const auto& node) {
    if constexpr (has_own_start_range<std::decay_t<decltype(node)>>)
      return node.start_range();
    else
      return range();
  });
}

void Expr::for_each_child(const std::function<void(const Expr&)>& visit) const {
  as_node_class(*this, [&visit](const auto& node) {
    if constexpr (has_own_for_each_child<std::decay_t<decltype(node)>>) node.for_each_child(visit);
  });
}

std::string_view kind_name(NodeKind kind) {
  switch (kind) {
    case NodeKind::literal_value: return "LiteralValueExpr";
    case NodeKind::scope_traversal: return "ScopeTraversalExpr";
    case NodeKind::relative_traversal: return "RelativeTraversalExpr";
    case NodeKind::function_call: return "FunctionCallExpr";
    case NodeKind::conditional: return "ConditionalExpr";
    case NodeKind::index: return "IndexExpr";
    case NodeKind::tuple_cons: return "TupleConsExpr";
    case NodeKind::object_cons: return "ObjectConsExpr";
    case NodeKind::object_cons_key: return "ObjectConsKeyExpr";
    case NodeKind::for_expr: return "ForExpr";
    case NodeKind::splat: return "SplatExpr";
    case NodeKind::anon_symbol: return "AnonSymbolExpr";
    case NodeKind::binary_op: return "BinaryOpExpr";
    case NodeKind::unary_op: return "UnaryOpExpr";
    case NodeKind::template_expr: return "TemplateExpr";
    case NodeKind::template_join: return "TemplateJoinExpr";
    case NodeKind::template_wrap: return "TemplateWrapExpr";
    case NodeKind::parentheses: return "ParenthesesExpr";
  }
  return "UnknownExpr";
}

std::string_view operation_symbol(Operation op) {
  switch (op) {
    case Operation::logical_or: return "||";
    case Operation::logical_and: return "&&";
    case Operation::logical_not: return "!";
    case Operation::equal: return "==";
    case Operation::not_equal: return "!=";
    case Operation::greater_than: return ">";
    case Operation::greater_than_or_equal: return ">=";
    case Operation::less_than: return "<";
    case Operation::less_than_or_equal: return "<=";
    case Operation::add: return "+";
    case Operation::subtract: return "-";
    case Operation::multiply: return "*";
    case Operation::divide: return "/";
    case Operation::modulo: return "%";
    case Operation::negate: return "-";
  }
  return "?";
}

namespace {

Traversal to_public(const SourceFile& file, const TraversalSteps& steps) {
  Traversal out;
  out.reserve(steps.size());
  for (const auto& s : steps) {
    TraversalStep step;
    step.kind = s.kind();
    step.name = std::string(s.name());
    step.key = TraversalKey{s.key().kind, std::string(s.key().text)};
    step.range = file.range(s.span);
    out.push_back(std::move(step));
  }
  return out;
}

// The bare name of an object key that is taken literally (`{ name = 1 }`), or empty.
std::string_view literal_key_name(const ObjectConsKeyExpr& key) {
  if (key.force_non_literal() || key.wrapped()->kind != NodeKind::scope_traversal) return {};
  const auto t = static_cast<const ScopeTraversalExpr&>(*key.wrapped()).traversal();
  return t.size() == 1 ? t.first_text() : std::string_view{};
}

// Collects root traversals, leaving out names bound by enclosing for expressions. The children
// are walked through the node classes' own for_each_child, without a std::function per node:
// can() and try() ask every argument for its variables.
void collect_variables(const Expr& expr, std::vector<std::string_view>& scope, std::vector<const ScopeTraversalExpr*>& out) {
  switch (expr.kind) {
    case NodeKind::scope_traversal: {
      const auto& node = static_cast<const ScopeTraversalExpr&>(expr);
      const auto t = node.traversal();
      if (t.empty()) return;
      for (auto name : scope)
        if (name == t.first_text()) return;
      out.push_back(&node);
      return;
    }
    case NodeKind::object_cons_key: {
      const auto& key = static_cast<const ObjectConsKeyExpr&>(expr);
      if (!literal_key_name(key).empty()) return;
      collect_variables(*key.wrapped(), scope, out);
      return;
    }
    case NodeKind::for_expr: {
      const auto& f = static_cast<const ForExpr&>(expr);
      collect_variables(*f.coll_expr, scope, out);
      size_t depth = scope.size();
      if (!f.key_var().empty()) scope.push_back(f.key_var());
      scope.push_back(f.val_var());
      if (f.key_expr) collect_variables(*f.key_expr, scope, out);
      collect_variables(*f.val_expr, scope, out);
      if (f.cond_expr) collect_variables(*f.cond_expr, scope, out);
      scope.resize(depth);
      return;
    }
    default:
      as_node_class(expr, [&](const auto& node) {
        if constexpr (has_own_for_each_child<std::decay_t<decltype(node)>>)
          node.for_each_child([&](const Expr& child) { collect_variables(child, scope, out); });
      });
  }
}

}  // namespace

std::vector<const ScopeTraversalExpr*> Expr::variable_nodes() const {
  std::vector<const ScopeTraversalExpr*> out;
  std::vector<std::string_view> scope;
  collect_variables(*this, scope, out);
  return out;
}

std::vector<Traversal> Expr::variables() const {
  std::vector<Traversal> out;
  for (const ScopeTraversalExpr* node : variable_nodes()) out.push_back(to_public(node->file(), node->traversal()));
  return out;
}


// ---- Body views --------------------------------------------------------------------------------

namespace {

using NameSet = std::set<std::string, std::less<>>;

// The public views keep byte spans; their ranges are computed when a diagnostic asks for one.
LazyRange missing_item_of(const NativeBody& body) { return LazyRange(body.file(), ByteSpan{body.span().begin, body.span().begin}); }

Attribute to_public(const SourceFile& file, const NativeAttribute& a) {
  // The whole attribute's range starts at the name (the parser's span does too).
  return Attribute{a.name(), a.expr, &file, a.span(), a.name_span};
}

// Fills `out` (a default Block, made in place in the content: a Block is large, and a copy of
// one was made for every block of a file).
void to_public(const SourceFile& file, const NativeBlock& b, Block& out) {
  out.type = b.type();
  for (uint32_t i = 0; i < b.labels().size(); ++i) out.labels.push_back(b.labels()[i], b.label_spans()[i]);
  out.body = b.body;
  out.file = &file;
  out.type_span = b.type_span;
  // The type and its labels: from the type's start to the last label's end.
  out.def_span = ByteSpan::cover(b.type_span, b.label_spans().empty() ? b.type_span : b.label_spans()[b.label_spans().size() - 1]);
}

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
  return out;
}

// A native body with some attributes and block types already consumed by partial_content.
class RemainBody final : public Body {
 public:
  RemainBody(const NativeBody& body, NameSet hidden_attrs, NameSet hidden_blocks)
      : body_(body), hidden_attrs_(std::move(hidden_attrs)), hidden_blocks_(std::move(hidden_blocks)) {}
  [[nodiscard]] ContentResult content(const BodySchema& schema) const override;
  [[nodiscard]] PartialContentResult partial_content(const BodySchema& schema) const override;
  [[nodiscard]] AttributesResult just_attributes() const override;
  [[nodiscard]] Range missing_item_range() const override { return body_.missing_item_range(); }

  const NativeBody& body_;
  NameSet hidden_attrs_, hidden_blocks_;
};

// One flag per attribute or block of a body; on the stack for the usual small bodies (content is
// asked of every block of a file, so a heap allocation here would be one per block).
class Flags {
 public:
  explicit Flags(size_t n) : heap_(n > k_inline ? n : 0), data_(n > k_inline ? heap_.data() : inline_) {}
  Flags(const Flags&) = delete;
  Flags& operator=(const Flags&) = delete;
  unsigned char& operator[](size_t i) { return data_[i]; }

 private:
  static constexpr size_t k_inline = 64;
  unsigned char inline_[k_inline] = {};
  std::vector<unsigned char> heap_;
  unsigned char* data_;
};

// Name equality with the first bytes compared inline: most names of a schema differ from a given
// one in length or in their first character, so memcmp is rarely called.
inline bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.empty() || (a[0] == b[0] && std::memcmp(a.data(), b.data(), a.size()) == 0));
}

// What partial content takes from `body` for `schema` (skipping what an earlier partial content
// took), with its diagnostics. `taken[i]` is set for each attribute i of the body it took (which
// are exactly the body's attributes the schema names and no earlier call took: names in a body
// are unique), `known_block[i]` for each block i not hidden whose type the schema names.
void take_content(const NativeBody& body, const NameSet& hidden_attrs, const NameSet& hidden_blocks, const BodySchema& schema,
                  BodyContent& content, Diagnostics& diagnostics, Flags& taken, Flags& known_block) {
  const SourceFile& file = body.file();
  content.missing_item = missing_item_of(body);
  const Span<NativeAttribute> attributes = body.attributes();
  // At most this many of each are taken: one allocation instead of a vector growing item by item.
  if (!schema.attributes.empty() && !attributes.empty()) content.attributes.reserve(std::min<size_t>(attributes.size(), schema.attributes.size()));
  if (!schema.blocks.empty() && !body.blocks().empty()) content.blocks.reserve(body.blocks().size());

  for (const auto& attr_schema : schema.attributes) {
    const NativeAttribute* found = nullptr;
    for (const auto& a : attributes)
      if (same_name(a.name(), attr_schema.name)) {
        found = &a;  // the parser keeps only the first attribute of a name: there is no other
        break;
      }
    // A name the schema lists twice is taken by the first of them.
    const bool hidden = found && (taken[static_cast<size_t>(found - attributes.begin())] || (!hidden_attrs.empty() && hidden_attrs.contains(attr_schema.name)));
    if (!found || hidden) {
      if (attr_schema.required) {
        diagnostics.push_back(Diagnostic{Severity::error, "Missing required argument",
                                         fmt::format("The argument {} is required, but no definition was found.", go_quote(attr_schema.name)),
                                         body.missing_item_range(), std::nullopt, {}});
      }
      continue;
    }
    taken[static_cast<size_t>(found - attributes.begin())] = 1;
    content.attributes.push_back(to_public(file, *found));
  }

  const RelSpan<const NativeBlock> blocks = body.blocks();
  for (uint32_t i = 0; i < blocks.size(); ++i) {
    const NativeBlock* block = blocks[i];
    if (!hidden_blocks.empty() && hidden_blocks.contains(block->type())) continue;
    const BlockHeaderSchema* wanted = nullptr;
    for (const auto& s : schema.blocks)
      if (same_name(s.type, block->type())) wanted = &s;  // the last of a type the schema lists twice, as before
    if (!wanted) continue;
    known_block[i] = 1;
    // The header's range, for the label diagnostics only (a range costs a position lookup and a
    // copy of the file name: not worth making for every block).
    auto context = [&] { return file.range(ByteSpan::cover(block->type_span, block->open_brace_span)); };
    const size_t want = wanted->label_names.size();
    if (block->labels().size() > want) {
      std::string name(block->type());
      std::string detail = want == 0 ? fmt::format("No labels are expected for {} blocks.", name)
                                     : fmt::format("Only {} labels ({}) are expected for {} blocks.", want, join(wanted->label_names), name);
      diagnostics.push_back(Diagnostic{Severity::error, fmt::format("Extraneous label for {}", name), detail,
                                       file.range(block->label_spans()[static_cast<uint32_t>(want)]), context(), {}});
      continue;
    }
    if (block->labels().size() < want) {
      std::string name(block->type());
      diagnostics.push_back(Diagnostic{
          Severity::error, fmt::format("Missing {} for {}", wanted->label_names[block->labels().size()], name),
          fmt::format("All {} blocks must have {} labels ({}).", name, want, join(wanted->label_names)),
          file.range(block->open_brace_span), context(), {}});
      continue;
    }
    to_public(file, *block, content.blocks.emplace_back());
  }
}

PartialContentResult partial_content_of(const NativeBody& body, const NameSet& hidden_attrs_in, const NameSet& hidden_blocks_in,
                                        const BodySchema& schema) {
  PartialContentResult result;
  Flags taken(body.attributes().size()), known_block(body.blocks().size());
  take_content(body, hidden_attrs_in, hidden_blocks_in, schema, result.content, result.diagnostics, taken, known_block);
  NameSet hidden_attrs = hidden_attrs_in;
  NameSet hidden_blocks = hidden_blocks_in;
  for (uint32_t i = 0; i < body.attributes().size(); ++i)
    if (taken[i]) hidden_attrs.emplace(body.attributes()[i].name());
  for (const auto& s : schema.blocks) hidden_blocks.insert(s.type);
  result.remain = std::make_shared<RemainBody>(body, std::move(hidden_attrs), std::move(hidden_blocks));
  return result;
}

// Content is partial content plus an error for whatever is left. What is left is known without
// building the remaining body: an attribute is left when no earlier call took it and the schema
// has no attribute of its name (one it has was just taken), a block when no earlier call took its
// type and the schema has no block of that type. take_content has just answered both questions
// for every item (an attribute not hidden that the schema names was taken).
ContentResult content_of(const NativeBody& body, const NameSet& hidden_attrs, const NameSet& hidden_blocks, const BodySchema& schema) {
  const SourceFile& file = body.file();
  ContentResult result;
  Flags taken(body.attributes().size()), known_block(body.blocks().size());
  take_content(body, hidden_attrs, hidden_blocks, schema, result.content, result.diagnostics, taken, known_block);

  for (uint32_t i = 0; i < body.attributes().size(); ++i) {
    const NativeAttribute& attr = body.attributes()[i];
    if (taken[i] || hidden_attrs.contains(attr.name())) continue;
    std::vector<std::string> suggestions;
    for (const auto& s : schema.attributes)
      if (!result.content.attribute(s.name)) suggestions.push_back(s.name);
    std::string suggestion = detail::name_suggestion(attr.name(), suggestions);
    if (!suggestion.empty()) {
      suggestion = fmt::format(" Did you mean {}?", go_quote(suggestion));
    } else {
      for (const auto& s : schema.blocks)
        if (s.type == attr.name()) {
          suggestion = fmt::format(" Did you mean to define a block of type {}?", go_quote(attr.name()));
          break;
        }
    }
    result.diagnostics.push_back(Diagnostic{Severity::error, "Unsupported argument",
                                            fmt::format("An argument named {} is not expected here.{}", go_quote(attr.name()), suggestion),
                                            file.range(attr.name_span), std::nullopt, {}});
  }
  for (uint32_t i = 0; i < body.blocks().size(); ++i) {
    const NativeBlock* block = body.blocks()[i];
    if (known_block[i] || hidden_blocks.contains(block->type())) continue;
    std::vector<std::string> suggestions;
    for (const auto& s : schema.blocks) suggestions.push_back(s.type);
    std::string suggestion = detail::name_suggestion(block->type(), suggestions);
    if (!suggestion.empty()) {
      suggestion = fmt::format(" Did you mean {}?", go_quote(suggestion));
    } else {
      for (const auto& s : schema.attributes)
        if (s.name == block->type()) {
          suggestion = fmt::format(" Did you mean to define argument {}? If so, use the equals sign to assign it a value.", go_quote(block->type()));
          break;
        }
    }
    result.diagnostics.push_back(Diagnostic{Severity::error, "Unsupported block type",
                                            fmt::format("Blocks of type {} are not expected here.{}", go_quote(block->type()), suggestion),
                                            file.range(block->type_span), std::nullopt, {}});
  }
  return result;
}

AttributesResult just_attributes_of(const NativeBody& body, const NameSet& hidden_attrs) {
  AttributesResult result;
  if (!body.blocks().empty()) {
    const NativeBlock& example = *body.blocks()[0];
    result.diagnostics.push_back(Diagnostic{Severity::error, fmt::format("Unexpected {} block", go_quote(example.type())), "Blocks are not allowed here.",
                                            body.file().range(example.type_span), std::nullopt, {}});
  }
  result.attributes.reserve(body.attributes().size());  // one allocation, not one per doubling
  for (const auto& attr : body.attributes())
    if (!hidden_attrs.contains(attr.name())) result.attributes.push_back(to_public(body.file(), attr));
  return result;
}

const NameSet kNoNames;

ContentResult RemainBody::content(const BodySchema& schema) const { return content_of(body_, hidden_attrs_, hidden_blocks_, schema); }
PartialContentResult RemainBody::partial_content(const BodySchema& schema) const {
  return partial_content_of(body_, hidden_attrs_, hidden_blocks_, schema);
}
AttributesResult RemainBody::just_attributes() const { return just_attributes_of(body_, hidden_attrs_); }

}  // namespace

ContentResult NativeBody::content(const BodySchema& schema) const { return content_of(*this, kNoNames, kNoNames, schema); }
PartialContentResult NativeBody::partial_content(const BodySchema& schema) const { return partial_content_of(*this, kNoNames, kNoNames, schema); }
AttributesResult NativeBody::just_attributes() const { return just_attributes_of(*this, kNoNames); }
Range NativeBody::missing_item_range() const { return missing_item_of(*this).range(); }

}  // namespace hclschema::native
