// Type expressions in spec files (`type = list(string)`). hcldec evaluates them as ordinary
// expressions in which `string`, `number`, `bool` and `any` are type values and `list`, `set`,
// `map`, `tuple` and `object` are functions of types; an expression that evaluates to null means
// any type. We read the expression with the library's parse_type_constraint first, and only when
// it is not a valid constraint evaluate it the way hcldec does, for hcldec's diagnostics ("Call to
// unknown function", "A type is required, not string.") and for the odd expression that evaluates
// to a type without being written as one (`true ? string : number`).
#include <utility>

#include "hclschema/eval/evaluate.hpp"
#include "hclschema/static_expr.hpp"
#include "hclschema/typeexpr.hpp"
#include "hclschema/value/json.hpp"
#include "spec.hpp"

namespace hclschema::hcldec {

namespace {

// A type as a value during evaluation: an object with one attribute holding the type's JSON.
constexpr const char* type_key = "\x01hcldec-type";

Value wrap(const Type& t) { return Value::object({{type_key, Value::string(type_to_json(t))}}); }

std::optional<Type> unwrap(const Value& v) {
  if (!v.is_known() || v.is_null() || !v.type().is_object() || v.type().attributes().size() != 1) return std::nullopt;
  const Value* inner = v.get(type_key);
  if (!inner || inner->is_null() || !inner->is_known() || inner->type().kind() != Type::Kind::string) return std::nullopt;
  return type_from_json(inner->as_string());
}

FunctionParam any_param(std::string name) {
  FunctionParam p;
  p.name = std::move(name);
  p.allow_dynamic_type = true;
  return p;
}

// list, set and map: one type argument.
Function collection_fn(Type (*make)(Type)) {
  FunctionSpec s;
  s.params = {any_param("element_type")};
  s.return_type = [](const std::vector<Value>& args) -> FunctionOutcome<Type> {
    return FunctionOutcome<Type>::ok(args[0].type());
  };
  s.impl = [make](const std::vector<Value>& args, const Type&) -> FunctionOutcome<Value> {
    auto t = unwrap(args[0]);
    if (!t) return FunctionOutcome<Value>::fail("type required", 0);
    return FunctionOutcome<Value>::ok(wrap(make(*t)));
  };
  return Function(std::move(s));
}

Function tuple_fn() {
  FunctionSpec s;
  s.params = {any_param("element_types")};
  s.return_type = [](const std::vector<Value>& args) { return FunctionOutcome<Type>::ok(wrap(Type::string()).type()); };
  s.impl = [](const std::vector<Value>& args, const Type&) -> FunctionOutcome<Value> {
    const Type& t = args[0].type();
    if (!t.is_tuple() && !t.is_list() && !t.is_set()) return FunctionOutcome<Value>::fail("list of type required", 0);
    std::vector<Type> elems;
    for (const Value& e : args[0].elements()) {
      auto et = unwrap(e);
      if (!et) return FunctionOutcome<Value>::fail("list of type required", 0);
      elems.push_back(*et);
    }
    return FunctionOutcome<Value>::ok(wrap(Type::tuple(std::move(elems))));
  };
  return Function(std::move(s));
}

Function object_fn() {
  FunctionSpec s;
  s.params = {any_param("attribute_types")};
  s.return_type = [](const std::vector<Value>& args) { return FunctionOutcome<Type>::ok(wrap(Type::string()).type()); };
  s.impl = [](const std::vector<Value>& args, const Type&) -> FunctionOutcome<Value> {
    const Type& t = args[0].type();
    if (!t.is_object() && !t.is_map()) return FunctionOutcome<Value>::fail("map of type required", 0);
    std::vector<std::pair<std::string, Type>> attrs;
    const auto& keys = args[0].keys();
    const auto& values = args[0].elements();
    for (std::size_t i = 0; i < keys.size(); ++i) {
      auto at = unwrap(values[i]);
      if (!at) return FunctionOutcome<Value>::fail("map of type required", 0);
      attrs.emplace_back(keys[i], *at);
    }
    return FunctionOutcome<Value>::ok(wrap(Type::object(std::move(attrs))));
  };
  return Function(std::move(s));
}

const EvalContext& type_context() {
  static const EvalContext ctx = [] {
    EvalContext c;
    c.set_variable("string", wrap(Type::string()));
    c.set_variable("number", wrap(Type::number()));
    c.set_variable("bool", wrap(Type::boolean()));
    c.set_variable("any", wrap(Type::dynamic()));
    c.set_function("list", collection_fn(&Type::list));
    c.set_function("set", collection_fn(&Type::set));
    c.set_function("map", collection_fn(&Type::map));
    c.set_function("tuple", tuple_fn());
    c.set_function("object", object_fn());
    return c;
  }();
  return ctx;
}

}  // namespace

Type eval_type_expr(const Expression& expr, Diagnostics& diags) {
  if (expr_as_keyword(expr) == "null") return Type::dynamic();
  TypeConstraintResult parsed = parse_type_constraint(expr, TypeExprMode::constraint);
  if (!has_errors(parsed.diagnostics) && !parsed.constraint.type().has_optional_attributes()) return parsed.constraint.type();

  EvalResult r = evaluate(expr, &type_context());
  append(diags, std::move(r.diagnostics));
  if (r.value.is_null()) return Type::dynamic();
  if (auto t = unwrap(r.value)) return *t;
  std::string name = r.value.type().friendly_name();
  if (r.value.type().is_object() && r.value.type().attribute_type(type_key)) name = "object";
  diags.push_back(Diagnostic{Severity::error, "Invalid type expression", "A type is required, not " + name + ".", std::nullopt,
                             std::nullopt, {}});
  return Type::dynamic();
}

}  // namespace hclschema::hcldec
