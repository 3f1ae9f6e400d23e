// User-defined functions declared in a spec file (HCL's ext/userfunc): `function "name" { params =
// [a, b], variadic_param = rest, result = expr }`, callable from the input file's expressions.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hclschema/eval/evaluate.hpp"
#include "hclschema/static_expr.hpp"
#include "spec.hpp"

namespace hclschema::hcldec {

namespace {

// HCL's hcl.Diagnostics.Error(): what a failing user function reports as its error.
std::string diagnostics_error_text(const Diagnostics& diags) {
  std::string out;
  std::size_t errors = 0;
  for (const auto& d : diags) {
    if (d.severity != Severity::error) continue;
    if (errors++ == 0) {
      if (d.subject)
        out = d.subject->filename + ":" + std::to_string(d.subject->start.line) + "," + std::to_string(d.subject->start.column) +
              "-" + std::to_string(d.subject->end.column) + ": ";
      out += d.summary + "; " + d.detail;
    }
  }
  if (errors > 1) out += ", and " + std::to_string(errors - 1) + " other diagnostic(s)";
  return out;
}

}  // namespace

UserFunctionsResult decode_user_functions(const Body& body, std::shared_ptr<const EvalContext> base_ctx,
                                          std::shared_ptr<const void> owner) {
  UserFunctionsResult out;
  BodySchema schema;
  schema.blocks.push_back({"function", {"name"}});
  PartialContentResult c = body.partial_content(schema);
  out.remain = c.remain;
  bool failed = has_errors(c.diagnostics);
  append(out.diagnostics, std::move(c.diagnostics));
  if (failed) return out;

  BodySchema func_schema{{{"params", true}, {"variadic_param", false}, {"result", true}}, {}};
  for (const Block& b : c.content.blocks) {
    if (b.labels.empty()) continue;
    ContentResult fc = b.body->content(func_schema);
    bool fc_failed = has_errors(fc.diagnostics);
    append(out.diagnostics, std::move(fc.diagnostics));
    if (fc_failed) continue;
    const Attribute* params_attr = fc.content.attribute("params");
    const Attribute* result_attr = fc.content.attribute("result");
    const Attribute* var_attr = fc.content.attribute("variadic_param");
    if (!params_attr || !result_attr) continue;

    StaticListResult list = expr_list(*params_attr->expr);
    bool list_failed = has_errors(list.diagnostics);
    append(out.diagnostics, std::move(list.diagnostics));
    if (list_failed || !list.elements) continue;
    std::vector<std::string> params;
    bool bad = false;
    for (const Expression* e : *list.elements) {
      std::string name = expr_as_keyword(*e);
      if (name.empty()) {
        out.diagnostics.push_back(make_error("Invalid param element", "Each parameter name must be an identifier.", e->range()));
        bad = true;
        break;
      }
      params.push_back(std::move(name));
    }
    if (bad) continue;
    std::string var_param;
    if (var_attr) {
      var_param = expr_as_keyword(*var_attr->expr);
      if (var_param.empty()) {
        out.diagnostics.push_back(make_error("Invalid variadic_param", "The variadic parameter name must be an identifier.",
                                             var_attr->expr->range()));
        continue;
      }
    }

    const Expression* result = result_attr->expr;
    bool variadic = var_attr != nullptr;
    // Runs the body: the parameters become variables in a child of the spec functions' scope.
    auto run = [base_ctx, owner, result, params, var_param, variadic](const std::vector<Value>& args) -> FunctionOutcome<Value> {
      EvalContext ctx(base_ctx.get());
      ctx.variables.emplace();
      for (std::size_t i = 0; i < params.size() && i < args.size(); ++i) ctx.set_variable(params[i], args[i]);
      if (variadic) {
        std::vector<Value> rest;
        for (std::size_t i = params.size(); i < args.size(); ++i) rest.push_back(args[i]);
        ctx.set_variable(var_param, Value::tuple(std::move(rest)));
      }
      EvalResult r = evaluate(*result, &ctx);
      if (has_errors(r.diagnostics)) return FunctionOutcome<Value>::fail(diagnostics_error_text(r.diagnostics));
      return FunctionOutcome<Value>::ok(r.value);
    };
    FunctionSpec spec;
    for (const auto& p : params) {
      FunctionParam fp;
      fp.name = p;
      spec.params.push_back(std::move(fp));
    }
    if (variadic) {
      FunctionParam fp;
      fp.name = var_param;
      spec.var_param = std::move(fp);
    }
    spec.return_type = [run](const std::vector<Value>& args) -> FunctionOutcome<Type> {
      auto v = run(args);
      if (!v.result) return FunctionOutcome<Type>{std::nullopt, v.error};
      return FunctionOutcome<Type>::ok(v.result->type());
    };
    spec.impl = [run](const std::vector<Value>& args, const Type&) { return run(args); };
    bool replaced = false;
    for (auto& [name, f] : out.functions)
      if (name == b.labels[0]) f = Function(spec), replaced = true;
    if (!replaced) out.functions.emplace_back(b.labels[0], Function(std::move(spec)));
  }
  return out;
}

}  // namespace hclschema::hcldec
