// Expression's functions, handed over to the node class of the expression's syntax. Each syntax's
// class answers with functions of the same names, not virtual (see Expression in syntax.hpp).
#include "hclschema/json/ast.hpp"
#include "hclschema/native/ast.hpp"
#include "hclschema/syntax.hpp"

namespace hclschema {

namespace {

// Calls `f` with the expression as its own syntax's node class.
template <class F>
decltype(auto) as_node(const Expression& e, F&& f) {
  switch (e.syntax()) {
    case ExpressionSyntax::native: return f(static_cast<const native::Expr&>(e));
    case ExpressionSyntax::json: return f(static_cast<const json::Value&>(e));
    case ExpressionSyntax::other: break;
  }
  return f(static_cast<const PolymorphicExpression&>(e));
}

}  // namespace

std::string_view Expression::kind_name() const {
  return as_node(*this, [](const auto& node) { return node.kind_name(); });
}

Range Expression::range() const {
  return as_node(*this, [](const auto& node) { return node.range(); });
}

Range Expression::start_range() const {
  return as_node(*this, [](const auto& node) { return node.start_range(); });
}

std::vector<Traversal> Expression::variables() const {
  return as_node(*this, [](const auto& node) { return node.variables(); });
}

}  // namespace hclschema
