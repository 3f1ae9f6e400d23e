// The conversion functions of the standard library: tobool, tonumber, tostring, tolist, toset, tomap
// (go-cty's MakeToFunc with Terraform's messages), sensitive / nonsensitive / issensitive, and the
// expression-taking try and can (HCL's tryfunc extension).
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "eval/name_index.hpp"
#include "eval/operations.hpp"
#include "eval/table_key.hpp"
#include "eval/work_budget.hpp"
#include "functions/families.hpp"
#include "functions/function_util.hpp"
#include "hclschema/eval/evaluate.hpp"
#include "hclschema/native/ast.hpp"
#include "hclschema/value/convert.hpp"
#include "util/go_format.hpp"

namespace hclschema::detail {

namespace {

using namespace fn;

Function to_fn(Type want) {
  FunctionSpec s;
  // Marks come in (conversion keeps them): the messages below must know whether the value is
  // sensitive.
  FunctionParam v = param("v", Type::dynamic(), true, true);
  v.allow_marked = true;
  s.params = {v};
  // The to* functions never want a tuple or object type, so cty's special tuple/object messages
  // cannot arise: every impossible conversion is "cannot convert".
  s.return_type = [want](const Args& a) -> TypeOutcome {
    const Type& got = a[0].type();
    if (got.is_dynamic() || got == want) return fixed(want);
    if (!can_convert(got, want, true))
      return TypeOutcome::fail("cannot convert " + got.friendly_name() + " to " + want.friendly_name_for_constraint(), 0);
    // A wanted type with `any` in it takes its element type from the conversion.
    return fixed(want.has_dynamic_types() ? Type::dynamic() : want);
  };
  s.impl = [want](const Args& a, const Type&) -> ValueOutcome {
    auto c = convert(a[0], want);
    if (c.value) return ValueOutcome::ok(*c.value);
    const Value plain = a[0].unmarked_deep();
    const Type& got = plain.type();
    // As Terraform's: a sensitive value is not shown in the message.
    if (want.is_primitive() && a[0].has_mark(sensitive_mark))
      return ValueOutcome::fail("cannot convert this sensitive " + got.friendly_name() + " to " + want.friendly_name_for_constraint(), 0);
    if (got.kind() == Type::Kind::string && plain.is_known() && !plain.is_null()) {
      std::string what = go_quote(plain.as_string());
      if (want.kind() == Type::Kind::boolean)
        return ValueOutcome::fail("cannot convert " + what + " to bool; only the strings \"true\" or \"false\" are allowed", 0);
      if (want.kind() == Type::Kind::number)
        return ValueOutcome::fail("cannot convert " + what + " to number; given string must be a decimal representation of a number", 0);
    }
    // A number whose decimal text is past Number::max_digits: the conversion says why.
    if (got.kind() == Type::Kind::number && want.kind() == Type::Kind::string) return ValueOutcome::fail(c.error.message, 0);
    return ValueOutcome::fail("cannot convert " + got.friendly_name() + " to " + want.friendly_name_for_constraint(), 0);
  };
  return Function(std::move(s));
}

FunctionParam any_value_param(std::string name) {
  FunctionParam p = param(std::move(name), Type::dynamic(), true, true, true);
  p.allow_marked = true;
  return p;
}

Function sensitive_fn() {
  FunctionSpec s;
  s.params = {any_value_param("value")};
  s.return_type = [](const Args& a) { return fixed(a[0].type()); };
  s.impl = [](const Args& a, const Type&) { return ValueOutcome::ok(a[0].with_mark(sensitive_mark)); };
  return Function(std::move(s));
}

Function nonsensitive_fn() {
  FunctionSpec s;
  s.params = {any_value_param("value")};
  s.return_type = [](const Args& a) { return fixed(a[0].type()); };
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    const Value& v = a[0];
    if (v.is_known() && !v.has_mark(sensitive_mark))
      return ValueOutcome::fail("the given value is not sensitive, so this call is redundant", 0);
    Marks keep;
    for (const auto& m : v.marks())
      if (m != sensitive_mark) keep.push_back(m);
    return ValueOutcome::ok(v.unmarked().with_marks(keep));
  };
  return Function(std::move(s));
}

Function issensitive_fn() {
  FunctionSpec s;
  s.params = {any_value_param("value")};
  s.fixed_return_type = Type::boolean();
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    if (a[0].has_mark(sensitive_mark)) return ValueOutcome::ok(Value::boolean(true));
    // An unknown value may yet turn out sensitive.
    if (!a[0].is_known()) return ValueOutcome::ok(Value::unknown(Type::boolean()));
    return ValueOutcome::ok(Value::boolean(false));
  };
  return Function(std::move(s));
}

// hcl.Range's String(): "file:line,col-col" or "file:line,col-line,col".
std::string range_text(const Range& r) {
  std::string s = r.filename + ":" + std::to_string(r.start.line) + "," + std::to_string(r.start.column) + "-";
  if (r.start.line != r.end.line) s += std::to_string(r.end.line) + ",";
  return s + std::to_string(r.end.column);
}

// The value a root variable has in `ctx` or its parents, found as the evaluator finds it (through
// the table's index); for a missing name in partial evaluation, `unknown` made an unknown (which
// is what evaluating it would give); null when it is not defined. A pointer rather than a copy,
// and the index rather than the map's descent: the two were 90 instructions of each variable of
// try()'s and can()'s arguments.
const Value* lookup_variable(const EvalContext* ctx, std::string_view name, Value& unknown) {
  for (const EvalContext* c = ctx; c; c = c->parent()) {
    if (!c->variables) continue;
    if (const Value* v = find_in_table(*c->variables, name, eval_detail::TableKey{name})) return v;
  }
  if (ctx && ctx->is_partial()) {
    unknown = Value::unknown(Type::dynamic());
    return &unknown;
  }
  return nullptr;
}

// One traversal step as traversal_depends_on_unknowns reads it.
struct StepFields {
  TraversalStep::Kind kind;
  std::string_view name;
  TraversalKey::Kind key_kind;
  std::string_view key_text;
  native::IndexKeyLiteral key_literal = native::IndexKeyLiteral::as_written;
};

// A step into a known, non-null, unmarked value `v` read in place: whether it names a value as
// written, without conversion (an attribute or string key of an object or map, a whole number key
// of a list or tuple), and which; or certainly none (such a key that is not there: hcl.GetAttr
// and hcl.Index fail too); or neither, when a key would be converted or the value has no
// elements: hcl.GetAttr and hcl.Index decide.
struct DirectStep {
  enum { found, missing, undecided } outcome;
  const Value* value = nullptr;
};
DirectStep direct_step(const Value& v, const StepFields& step) {
  const Type& ty = v.type();
  if (step.kind == TraversalStep::Kind::attr || (step.key_kind == TraversalKey::Kind::string && step.key_literal == native::IndexKeyLiteral::as_written)) {
    if (!ty.is_object() && !ty.is_map()) return {DirectStep::undecided};
    const Value* next = v.get(step.kind == TraversalStep::Kind::attr ? step.name : step.key_text);
    return next ? DirectStep{DirectStep::found, next} : DirectStep{DirectStep::missing};
  }
  if (step.key_kind != TraversalKey::Kind::number || !(ty.is_list() || ty.is_tuple())) return {DirectStep::undecided};
  auto n = Number::parse(step.key_text);
  auto idx = n ? n->to_int64() : std::nullopt;
  if (!idx || *idx < 0 || static_cast<size_t>(*idx) >= v.length()) return {DirectStep::missing};
  return {DirectStep::found, &v.elements()[static_cast<size_t>(*idx)]};
}

// Whether the traversal from root name `root` through `steps` (the steps after the root, each
// read by `view` as StepFields; `attributes_only` when all are attribute steps) is, or runs
// through, an unknown value. Each step is hcl.GetAttr or hcl.Index, as HCL's TraverseAbs takes
// it: a traversal that fails (an attribute of an unknown number, a null key even after an unknown
// of dynamic type) does not count, as in tryfunc's dependsOnUnknowns, so can(u.a) of an unknown
// number is false, not unknown.
template <class Steps, class StepView>
bool traversal_depends_on_unknowns(const EvalContext* ctx, std::string_view root, const Steps& steps, StepView view, bool attributes_only) {
  Value unknown;
  const Value* v = lookup_variable(ctx, root, unknown);
  if (!v) return false;
  // Past an unknown of dynamic type (the usual variable: an unknown `var` or resource), every
  // step answers the same unknown unless it is a null key (hcl.Index checks the key first).
  // (Asked before the unmarked copy, which has the same type and knownness.)
  if (attributes_only && !v->is_known() && v->type().is_dynamic()) return true;
  Value cur = v->unmarked_deep();
  for (const auto& raw : steps) {
    const StepFields step = view(raw);
    if (step.kind == TraversalStep::Kind::splat) break;  // a splat's source is the traversal before it
    if (!cur.is_known() && cur.type().is_dynamic()) {
      if (step.kind == TraversalStep::Kind::index && step.key_literal == native::IndexKeyLiteral::null) return false;
      continue;
    }
    if (cur.is_null()) return false;  // hcl.GetAttr and hcl.Index fail on null
    // The usual step, into a known value, is read in place (no key value built, no message for a
    // missing key).
    if (cur.is_known()) {
      const DirectStep direct = direct_step(cur, step);
      if (direct.outcome == DirectStep::missing) return false;
      if (direct.outcome == DirectStep::found) {
        // A copy first: the value lies inside `cur`, whose data the assignment may free (it did for
        // a sensitive variable, whose unmarked copy `cur` alone owns; the eval fuzz target found it).
        cur = Value(*direct.value);
        continue;
      }
    }
    auto r = step.kind == TraversalStep::Kind::attr
                 ? eval_detail::get_attr(cur, step.name)
                 : eval_detail::index_value(cur, eval_detail::index_key_value(step.key_kind, step.key_text, step.key_literal));
    if (r.summary) return false;
    cur = std::move(r.value);  // a value of its own, not inside `cur`
  }
  return !cur.is_wholly_known();
}

// HCL's dependsOnUnknowns: whether a variable the expression refers to is, or runs through, an
// unknown value. A native expression's traversals are read in its tree, as variables() would
// list them but without copying them or looking up their lines and columns.
bool depends_on_unknowns(const Expression& expr, const EvalContext* ctx) {
  if (const native::Expr* n = native::as_native(expr)) {
    for (const native::ScopeTraversalExpr* node : n->variable_nodes()) {
      const native::TraversalSteps t = node->traversal();
      auto view = [](const native::ArenaTraversalStep& s) {
        const auto key = s.key();
        return StepFields{s.kind(), s.name(), key.kind, key.text, s.key_literal()};
      };
      if (traversal_depends_on_unknowns(ctx, t.first_text(), t.drop_front(1), view, t.in_source())) return true;
    }
    return false;
  }
  for (const auto& t : expr.variables()) {
    if (t.empty()) continue;
    auto view = [](const TraversalStep& s) { return StepFields{s.kind, s.name, s.key.kind, s.key.text}; };
    if (traversal_depends_on_unknowns(ctx, t.front().name, std::span<const TraversalStep>(t).subspan(1), view, false)) return true;
  }
  return false;
}

EvalResult eval_arg(const FunctionSpec::ExpressionArg& a, const EvalContext* ctx) {
  if (a.value) return {*a.value, {}};
  if (!a.expr) return {Value::unknown(Type::dynamic()), {}};
  return eval_detail::evaluate_argument(*a.expr, ctx);  // on the caller's work budget
}

bool arg_depends_on_unknowns(const FunctionSpec::ExpressionArg& a, const EvalContext* ctx) {
  if (a.value) return !a.value->is_wholly_known();
  return a.expr && depends_on_unknowns(*a.expr, ctx);
}

Function try_fn() {
  FunctionSpec s;
  s.var_param = param("expressions", Type::dynamic(), true, true, true);
  s.expression_impl = [](const std::vector<FunctionSpec::ExpressionArg>& args,
                         const EvalContext* ctx) -> FunctionSpec::ExpressionCallResult {
    Diagnostics seen;
    for (const auto& a : args) {
      // An expression over unknown values might still fail once they are known: undecided yet.
      if (arg_depends_on_unknowns(a, ctx)) return {Value::unknown(Type::dynamic()), {}};
      auto r = eval_arg(a, ctx);
      if (has_errors(r.diagnostics)) {
        append(seen, std::move(r.diagnostics));
        continue;
      }
      return {r.value, {}};
    }
    // No subject: the caller points a call failure at the call's name, as hclsyntax does.
    Diagnostic d;
    d.summary = "Error in function call";
    if (args.empty()) {
      d.detail = "Call to function \"try\" failed: at least one argument is required.";
    } else {
      std::string msg = "no expression succeeded:\n";
      for (const auto& e : seen) {
        if (e.severity != Severity::error) continue;
        if (e.subject) msg += "- " + e.summary + " (at " + range_text(*e.subject) + ")\n  " + e.detail + "\n";
        else msg += "- " + e.summary + "\n  " + e.detail + "\n";
      }
      msg += "\nAt least one expression must produce a successful result";
      d.detail = "Call to function \"try\" failed: " + msg + ".";
    }
    return {Value::unknown(Type::dynamic()), {d}};
  };
  return Function(std::move(s));
}

Function can_fn() {
  FunctionSpec s;
  s.params = {param("expression", Type::dynamic(), true, true, true)};
  s.expression_impl = [](const std::vector<FunctionSpec::ExpressionArg>& args,
                         const EvalContext* ctx) -> FunctionSpec::ExpressionCallResult {
    if (arg_depends_on_unknowns(args.front(), ctx)) return {Value::unknown(Type::boolean()), {}};
    auto r = eval_arg(args.front(), ctx);
    return {Value::boolean(!has_errors(r.diagnostics)), {}};
  };
  return Function(std::move(s));
}

}  // namespace

void add_conversion_functions(FunctionTable& table) {
  table["tobool"] = to_fn(Type::boolean());
  table["tonumber"] = to_fn(Type::number());
  table["tostring"] = to_fn(Type::string());
  table["tolist"] = to_fn(Type::list(Type::dynamic()));
  table["toset"] = to_fn(Type::set(Type::dynamic()));
  table["tomap"] = to_fn(Type::map(Type::dynamic()));
  table["sensitive"] = sensitive_fn();
  table["nonsensitive"] = nonsensitive_fn();
  table["issensitive"] = issensitive_fn();
  table["try"] = try_fn();
  table["can"] = can_fn();
}

}  // namespace hclschema::detail
