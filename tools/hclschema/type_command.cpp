// `hclschema type 'TYPE_EXPR' [--format text|json]`: read a type constraint expression and print
// the type it denotes, in cty's JSON type encoding and as canonical type text.
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/typeexpr.hpp"
#include "hclschema/value/json.hpp"
#include "result_output.hpp"

namespace hclschema::cli {

namespace {

struct TypeCommandOptions {
  std::string type_expression;
  std::string format;
};

int run_type(const TypeCommandOptions& options) {
  ParsedExpression parsed = parse_expression(options.type_expression, "<type>");
  if (has_errors(parsed.diagnostics)) return report_diagnostics(options.format, {parsed.file}, parsed.diagnostics);
  TypeConstraintResult result = parse_type_constraint(*parsed.expr);
  if (has_errors(result.diagnostics)) return report_diagnostics(options.format, {parsed.file}, result.diagnostics);

  const Type& type = result.constraint.type();
  const std::string text = type_string(type);
  if (options.format == "json") {
    // The type JSON is cty's encoding, already JSON text; the canonical text needs quoting.
    std::cout << "{\n  \"type\": " << type_to_json(type) << ",\n  \"string\": " << nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n}\n";
  } else {
    std::cout << text << "\ntype: " << type_to_json(type) << '\n';
  }
  return exit_ok;
}

}  // namespace

Command add_type_command(CLI::App& root) {
  auto options = std::make_shared<TypeCommandOptions>();
  CLI::App* app = root.add_subcommand("type", "Read a type constraint expression and print the type it denotes");
  app->add_option("TYPE_EXPR", options->type_expression, "The type expression, e.g. 'list(object({name = string}))'")->required()->type_name("");
  add_format_option(*app, options->format, {"text", "json"});
  app->footer(
      "Text output: the canonical type text (as Terraform prints types), then \"type: \" and cty's JSON\n"
      "type encoding. JSON output: {\"type\": T, \"string\": \"canonical text\"}, or {\"diagnostics\": [...]}\n"
      "on errors. Object attributes may be optional(T) or optional(T, DEFAULT). Exit status: 0 ok,\n"
      "1 the type expression has errors, 2 usage.");
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return run_type(*options); }};
}

}  // namespace hclschema::cli
