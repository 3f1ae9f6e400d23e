// `hclschema eval 'EXPR' [--vars FILE.json] [--format text|json]`: evaluate one HCL expression.
// The flags exist; the command answers "not implemented yet" (exit 2) until the eval layer lands.
#include <memory>

#include "cli.hpp"

namespace hclschema::cli {

namespace {

struct EvalCommandOptions {
  std::string expression;
  std::string vars_file;
  std::string format;
};

}  // namespace

Command add_eval_command(CLI::App& root) {
  auto options = std::make_shared<EvalCommandOptions>();
  CLI::App* app = root.add_subcommand("eval", "Evaluate an HCL expression and print its value and type");
  app->add_option("EXPR", options->expression, "The expression, e.g. 'upper(\"a\") == \"A\"'")->required()->type_name("");
  app->add_option("--vars", options->vars_file, "A JSON file of variables the expression may use")->type_name("FILE.json");
  add_format_option(*app, options->format, {"text", "json"});
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return not_implemented("eval"); }};
}

}  // namespace hclschema::cli
