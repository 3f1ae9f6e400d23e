// Static analysis of expressions (include/hclschema/static_expr.hpp): keywords, calls, lists and
// maps read from the syntax tree of either syntax, as hcl.ExprAsKeyword, ExprCall, ExprList and
// ExprMap do. Which node kinds answer which question mirrors hclsyntax and HCL's json package
// exactly, because a type expression's diagnostics depend on it (`(string)` is not a keyword).
#include "hclschema/static_expr.hpp"

#include <deque>

#include "hclschema/eval/evaluate.hpp"

#include "hclschema/json/ast.hpp"
#include "hclschema/native/ast.hpp"
#include "syntax/native/lexer.hpp"
#include "syntax/native/parser.hpp"

namespace hclschema {

namespace {

using native::NodeKind;

// hcl.UnwrapExpressionUntil for the native syntax: only object keys wrap another expression.
// (A ParenthesesExpr does not: HCL does not look through parentheses either.)
const native::Expr* unwrap_key(const native::Expr* e) {
  while (e->kind == NodeKind::object_cons_key) e = static_cast<const native::ObjectConsKeyExpr*>(e)->wrapped();
  return e;
}

// The name of a native expression read as a one-step absolute traversal (AsTraversal with one
// step), or empty. The literals null, true and false read as their keyword, as in hclsyntax.
std::string native_keyword(const native::Expr& e) {
  switch (e.kind) {
    case NodeKind::scope_traversal: {
      const auto& t = static_cast<const native::ScopeTraversalExpr&>(e).traversal();
      return t.size() == 1 ? std::string(t.first_text()) : std::string();
    }
    case NodeKind::literal_value: {
      const auto& lit = static_cast<const native::LiteralValueExpr&>(e);
      if (lit.value_kind() == native::LiteralValueExpr::ValueKind::null) return "null";
      if (lit.value_kind() == native::LiteralValueExpr::ValueKind::boolean) return lit.bool_value() ? "true" : "false";
      return {};
    }
    case NodeKind::object_cons_key: {
      const auto& key = static_cast<const native::ObjectConsKeyExpr&>(e);
      return key.force_non_literal() ? std::string() : native_keyword(*key.wrapped());
    }
    default: return {};  // a relative traversal always has more than one step
  }
}

// A JSON string's text parsed as one native expression positioned at the string's token, as
// HCL's json package does for static calls and traversals (at the opening quote, not after it).
native::detail::ParsedTemplate parse_json_string(const json::String& s) {
  const Pos start = s.file->pos_at(s.span.begin);
  auto source = SourceFile::from_string_at(s.file->name(), std::string(s.value()), start);
  return native::detail::parse_expression_source(std::move(source));
}

Diagnostics static_error(const Expression& expr, const char* detail) {
  return {make_error("Invalid expression", detail, expr.start_range())};
}

}  // namespace

std::string expr_as_keyword(const Expression& expr) {
  if (const auto* n = native::as_native(expr)) return native_keyword(*n);
  if (const auto* j = json::as_json(expr); j && j->kind == json::NodeKind::string) {
    auto parsed = parse_json_string(static_cast<const json::String&>(*j));
    if (!parsed.expr || has_errors(parsed.diagnostics)) return {};
    // hclsyntax.ParseTraversalAbs: only a traversal counts, and it has no literal keywords.
    if (parsed.expr->kind != NodeKind::scope_traversal && parsed.expr->kind != NodeKind::literal_value) return {};
    return native_keyword(*parsed.expr);
  }
  return {};
}

StaticCallResult expr_call(const Expression& expr) {
  StaticCallResult result;
  const native::Expr* call_node = nullptr;
  std::shared_ptr<const void> owner;
  if (const auto* n = native::as_native(expr)) {
    call_node = unwrap_key(n);
  } else if (const auto* j = json::as_json(expr); j && j->kind == json::NodeKind::string) {
    auto parsed = parse_json_string(static_cast<const json::String&>(*j));
    if (parsed.expr && !has_errors(parsed.diagnostics)) {
      call_node = unwrap_key(parsed.expr);
      owner = parsed.file;
    }
  }
  if (call_node && call_node->kind == NodeKind::function_call) {
    const auto& fc = static_cast<const native::FunctionCallExpr&>(*call_node);
    StaticCall call;
    call.name = std::string(fc.name());
    call.name_range = fc.file().range(fc.name_span());
    call.args_range = fc.file().range(ByteSpan::cover(fc.open_paren_span(), fc.close_paren_span()));
    // As in HCL, a trailing `...` is not part of a static call's shape.
    for (const native::Expr* a : fc.args()) call.arguments.push_back(a);
    call.owner = std::move(owner);
    result.call = std::move(call);
    return result;
  }
  result.diagnostics = static_error(expr, "A static function call is required.");
  return result;
}

StaticListResult expr_list(const Expression& expr) {
  StaticListResult result;
  if (const auto* n = native::as_native(expr)) {
    n = unwrap_key(n);
    if (n->kind == NodeKind::tuple_cons) {
      const auto& t = static_cast<const native::TupleConsExpr&>(*n);
      result.elements.emplace(t.exprs().begin(), t.exprs().end());
      return result;
    }
  } else if (const auto* j = json::as_json(expr); j && j->kind == json::NodeKind::array) {
    const auto& a = static_cast<const json::Array&>(*j);
    result.elements.emplace(a.elements().begin(), a.elements().end());
    return result;
  }
  result.diagnostics = static_error(expr, "A static list expression is required.");
  return result;
}

StaticMapResult expr_map(const Expression& expr) {
  StaticMapResult result;
  if (const auto* n = native::as_native(expr)) {
    n = unwrap_key(n);
    if (n->kind == NodeKind::object_cons) {
      std::vector<StaticMapItem> items;
      for (const auto& item : static_cast<const native::ObjectConsExpr&>(*n).items()) items.push_back({item.key, item.value});
      result.items = std::move(items);
      return result;
    }
  } else if (const auto* j = json::as_json(expr); j && j->kind == json::NodeKind::object) {
    // Each property name becomes a string expression of its own (quotes included in its range),
    // as HCL's json package makes one for ExprMap.
    auto keys = std::make_shared<std::deque<json::String>>();
    std::vector<StaticMapItem> items;
    for (const auto& p : static_cast<const json::Object&>(*j).properties()) {
      json::String& key = keys->emplace_back(p.name_span, j->file, p.name);
      items.push_back({&key, p.value});
    }
    result.items = std::move(items);
    result.owner = std::move(keys);
    return result;
  }
  result.diagnostics = static_error(expr, "A static map expression is required.");
  return result;
}

namespace {

// One step of a value path: an attribute name or string key, or a numeric index.
struct PathStep {
  std::string key;
  std::optional<size_t> index;
};

// Splits ".a[0][\"k\"]" into steps; stops at anything it does not understand.
std::vector<PathStep> split_value_path(std::string_view path) {
  std::vector<PathStep> steps;
  size_t i = 0;
  while (i < path.size()) {
    if (path[i] == '.') {
      size_t end = path.find_first_of(".[", i + 1);
      if (end == std::string_view::npos) end = path.size();
      steps.push_back({std::string(path.substr(i + 1, end - i - 1)), std::nullopt});
      i = end;
    } else if (path[i] == '[' && i + 1 < path.size() && path[i + 1] == '"') {
      std::string key;
      size_t j = i + 2;
      for (; j < path.size() && path[j] != '"'; ++j) {
        if (path[j] == '\\' && j + 1 < path.size()) ++j;
        key += path[j];
      }
      if (j + 1 >= path.size() || path[j + 1] != ']') break;
      steps.push_back({std::move(key), std::nullopt});
      i = j + 2;
    } else if (path[i] == '[') {
      size_t end = path.find(']', i);
      if (end == std::string_view::npos) break;
      size_t index = 0;
      for (size_t k = i + 1; k < end; ++k) {
        if (path[k] < '0' || path[k] > '9') return steps;
        index = index * 10 + static_cast<size_t>(path[k] - '0');
      }
      steps.push_back({{}, index});
      i = end + 1;
    } else {
      break;
    }
  }
  return steps;
}

// The item of an object constructor whose key (a name or a constant string) is `key`.
const Expression* object_item(const Expression& expr, const std::string& key) {
  StaticMapResult map = expr_map(expr);
  if (!map.items) return nullptr;
  for (const StaticMapItem& item : *map.items) {
    EvalResult k = evaluate(*item.key, nullptr);
    if (!has_errors(k.diagnostics) && k.value.is_known() && k.value.type() == Type::string() && k.value.as_string() == key) return item.value;
  }
  return nullptr;
}

}  // namespace

const Expression& expr_at_value_path(const Expression& expr, std::string_view path) {
  const Expression* at = &expr;
  for (const PathStep& step : split_value_path(path)) {
    const Expression* next = nullptr;
    if (step.index) {
      StaticListResult list = expr_list(*at);
      if (list.elements && *step.index < list.elements->size()) next = (*list.elements)[*step.index];
    } else {
      next = object_item(*at, step.key);
    }
    if (!next) break;
    at = next;
  }
  return *at;
}

bool is_valid_identifier(std::string_view name) {
  auto source = SourceFile::from_string("<identifier>", std::string(name));
  Diagnostics diags;
  native::detail::Lexer lexer(*source, diags);
  const native::detail::Token first = lexer.next();
  return first.type == native::detail::TokenType::ident && lexer.next().type == native::detail::TokenType::eof && diags.empty();
}

}  // namespace hclschema
