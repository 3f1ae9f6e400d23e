// `hclschema convert 'TYPE_EXPR' 'VALUE_EXPR' [--format text|json]`: evaluate a value, apply the
// type constraint's optional-attribute defaults, and convert it, as Terraform does for an input
// variable.
#include <memory>

#include "cli.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/typeexpr.hpp"
#include "result_output.hpp"

namespace hclschema::cli {

namespace {

struct ConvertCommandOptions {
  std::string type_expression;
  std::string value_expression;
  std::string format;
};

int run_convert(const ConvertCommandOptions& options) {
  ParsedExpression type_expr = parse_expression(options.type_expression, "<type>");
  ParsedExpression value_expr = parse_expression(options.value_expression, "<value>");
  const std::vector<std::shared_ptr<const File>> files{type_expr.file, value_expr.file};

  // Both expressions are read before reporting, so one run shows the errors of both.
  Diagnostics diags = type_expr.diagnostics;
  append(diags, value_expr.diagnostics);
  if (has_errors(diags)) return report_diagnostics(options.format, files, diags);

  TypeConstraintResult constraint = parse_type_constraint(*type_expr.expr);
  EvalContext ctx;
  add_standard_functions(ctx);
  EvalResult value = evaluate(*value_expr.expr, &ctx);
  append(diags, std::move(constraint.diagnostics));
  append(diags, std::move(value.diagnostics));
  if (has_errors(diags)) return report_diagnostics(options.format, files, diags);

  TypeConstraint::Converted converted = constraint.constraint.convert(value.value, value_expr.expr->range());
  if (!converted.value) return report_diagnostics(options.format, files, converted.diagnostics);
  // Without `any` in the constraint, the result's type is the constraint's: nothing of it comes from
  // the value, so a sensitive value's type is shown whole.
  const bool type_not_from_data = !constraint.constraint.type().has_dynamic_types();
  const int status = print_value(options.format, *converted.value, files, value_expr.expr->range(), type_not_from_data);
  if (status == exit_ok && !diags.empty()) report_diagnostics("text", files, diags);  // warnings
  return status;
}

}  // namespace

Command add_convert_command(CLI::App& root) {
  auto options = std::make_shared<ConvertCommandOptions>();
  CLI::App* app = root.add_subcommand("convert", "Convert the value of an expression to a type constraint, applying optional defaults");
  app->add_option("TYPE_EXPR", options->type_expression, "The type constraint, e.g. 'map(number)'")->required()->type_name("");
  app->add_option("VALUE_EXPR", options->value_expression, "The value, e.g. '{a = \"1\"}'")->required()->type_name("");
  add_format_option(*app, options->format, {"text", "json"});
  app->footer(
      "Applies the defaults of optional(T, DEFAULT) attributes (outside in), then converts with cty's\n"
      "rules. Output as for eval: JSON {\"value\": V, \"type\": T}, or {\"diagnostics\": [...]} and exit 1\n"
      "when the value does not fit. The value expression may call the standard functions; a sensitive\n"
      "result is never printed. Exit status: 0 ok, 1 errors in either expression or the conversion, 2 usage.");
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return run_convert(*options); }};
}

}  // namespace hclschema::cli
