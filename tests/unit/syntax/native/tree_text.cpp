// Renders native trees compactly so parser tests can state whole expected trees in one string.
#include "unit/syntax/native/tree_text.hpp"

namespace hclschema::testing {

using namespace hclschema::native;

namespace {

std::string traversal_text(const TraversalSteps& steps) {
  std::string out;
  for (const auto& s : steps) {
    switch (s.kind()) {
      case TraversalStep::Kind::root: out += std::string(s.name()); break;
      case TraversalStep::Kind::attr: out += "." + std::string(s.name()); break;
      case TraversalStep::Kind::index:
        out += s.key().kind == TraversalKey::Kind::number ? "[" + std::string(s.key().text) + "]" : "[\"" + std::string(s.key().text) + "\"]";
        break;
      case TraversalStep::Kind::splat: out += "[*]"; break;
    }
  }
  return out;
}

std::string children_text(const Expr& e) {
  std::string out;
  e.for_each_child([&](const Expr& c) {
    if (!out.empty()) out += " ";
    out += tree_text(c);
  });
  return out;
}

}  // namespace

std::string tree_text(const Expr& e) {
  switch (e.kind) {
    case NodeKind::literal_value: {
      const auto& l = static_cast<const LiteralValueExpr&>(e);
      switch (l.value_kind()) {
        case LiteralValueExpr::ValueKind::null: return "null";
        case LiteralValueExpr::ValueKind::boolean: return l.bool_value() ? "true" : "false";
        case LiteralValueExpr::ValueKind::number: return "Num" + std::string(l.text());
        case LiteralValueExpr::ValueKind::string: return "Lit\"" + std::string(l.text()) + "\"";
        case LiteralValueExpr::ValueKind::unknown: return "Unknown";
      }
      return "?";
    }
    case NodeKind::scope_traversal: return "Trav[" + traversal_text(static_cast<const ScopeTraversalExpr&>(e).traversal()) + "]";
    case NodeKind::relative_traversal: {
      const auto& r = static_cast<const RelativeTraversalExpr&>(e);
      return "Rel(" + tree_text(*r.source) + " " + traversal_text(r.traversal()) + ")";
    }
    case NodeKind::function_call: {
      const auto& f = static_cast<const FunctionCallExpr&>(e);
      return "Call:" + std::string(f.name()) + (f.expand_final() ? "..." : "") + "(" + children_text(e) + ")";
    }
    case NodeKind::conditional: return "Cond(" + children_text(e) + ")";
    case NodeKind::index: return "Index(" + children_text(e) + ")";
    case NodeKind::tuple_cons: return "Tuple(" + children_text(e) + ")";
    case NodeKind::object_cons: return "Object(" + children_text(e) + ")";
    case NodeKind::object_cons_key: {
      const auto& k = static_cast<const ObjectConsKeyExpr&>(e);
      return std::string(k.force_non_literal() ? "KeyExpr(" : "Key(") + children_text(e) + ")";
    }
    case NodeKind::for_expr: {
      const auto& f = static_cast<const ForExpr&>(e);
      std::string vars = f.key_var().empty() ? std::string(f.val_var()) : std::string(f.key_var()) + "," + std::string(f.val_var());
      return std::string("For:") + vars + (f.group() ? "..." : "") + "(" + children_text(e) + ")";
    }
    case NodeKind::splat: return "Splat(" + children_text(e) + ")";
    case NodeKind::anon_symbol: return "Item";
    case NodeKind::binary_op:
      return "Bin" + std::string(operation_symbol(static_cast<const BinaryOpExpr&>(e).op())) + "(" + children_text(e) + ")";
    case NodeKind::unary_op: {
      const auto& u = static_cast<const UnaryOpExpr&>(e);
      return std::string(u.op() == Operation::negate ? "Neg(" : "Not(") + children_text(e) + ")";
    }
    case NodeKind::template_expr: return "Template(" + children_text(e) + ")";
    case NodeKind::template_join: return "Join(" + children_text(e) + ")";
    case NodeKind::template_wrap: return "Wrap(" + children_text(e) + ")";
    case NodeKind::parentheses: return "Paren(" + children_text(e) + ")";
  }
  return "?";
}

}  // namespace hclschema::testing
