// `hclschema eval 'EXPR' [--vars FILE.json] [--format text|json]`: evaluate one HCL expression.
//
// Expressions are evaluated with the standard function library (include/hclschema/functions.hpp).
#include <memory>

#include "cli.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"
#include "result_output.hpp"
#include "variables_file.hpp"

namespace hclschema::cli {

namespace {

struct EvalCommandOptions {
  std::string expression;
  std::string vars_file;
  std::string format;
};

int run_eval(const EvalCommandOptions& options) {
  EvalContext ctx;
  ctx.variables.emplace();  // variables are allowed, even when --vars names none
  add_standard_functions(ctx);
  if (!options.vars_file.empty() && !load_variables_file(options.vars_file, ctx)) return exit_usage;

  ParsedExpression parsed = parse_expression(options.expression, "<expr>");
  if (has_errors(parsed.diagnostics)) return report_diagnostics(options.format, {parsed.file}, parsed.diagnostics);
  EvalResult result = evaluate(*parsed.expr, &ctx);
  Diagnostics diags = std::move(parsed.diagnostics);
  append(diags, std::move(result.diagnostics));
  if (has_errors(diags)) return report_diagnostics(options.format, {parsed.file}, diags);

  const int status = print_value(options.format, result.value, {parsed.file}, parsed.expr->range());
  if (status != exit_ok) return status;
  if (!diags.empty()) report_diagnostics("text", {parsed.file}, diags);  // warnings
  return exit_ok;
}

}  // namespace

Command add_eval_command(CLI::App& root) {
  static_assert(EvalContext::default_work_limit == 20'000'000, "the footer below names the default work limit");
  auto options = std::make_shared<EvalCommandOptions>();
  CLI::App* app = root.add_subcommand("eval", "Evaluate an HCL expression and print its value and type");
  app->add_option("EXPR", options->expression, "The expression, e.g. '[for x in xs : x * 2]'")->required()->type_name("");
  app->add_option("--vars", options->vars_file, "A JSON file holding an object whose keys become variables")->type_name("FILE.json");
  add_format_option(*app, options->format, {"text", "json"});
  app->footer(
      "Text output: the value in cty's JSON encoding, then \"type: \" and the type in cty's JSON type\n"
      "encoding. JSON output: {\"value\": V, \"type\": T}, or {\"diagnostics\": [...]} on errors. A\n"
      "sensitive result is never printed: \"(sensitive value)\", or \"sensitive\": true without \"value\".\n"
      "The standard function library is available. An expression that does more than 20 million units\n"
      "of work (loop iterations, elements functions take or return; seconds at most) stops with an\n"
      "\"Evaluation too expensive\" error. Exit status: 0 ok, 1 the expression has errors, 2 usage or I/O.");
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return run_eval(*options); }};
}

}  // namespace hclschema::cli
