// `hclschema type 'TYPE_EXPR' [--format text|json]`: read a type constraint expression.
// The flags exist; the command answers "not implemented yet" (exit 2) until the typeexpr layer lands.
#include <memory>

#include "cli.hpp"

namespace hclschema::cli {

namespace {

struct TypeCommandOptions {
  std::string type_expression;
  std::string format;
};

}  // namespace

Command add_type_command(CLI::App& root) {
  auto options = std::make_shared<TypeCommandOptions>();
  CLI::App* app = root.add_subcommand("type", "Read a type constraint expression and print the type it denotes");
  app->add_option("TYPE_EXPR", options->type_expression, "The type expression, e.g. 'list(object({name = string}))'")->required()->type_name("");
  add_format_option(*app, options->format, {"text", "json"});
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return not_implemented("type"); }};
}

}  // namespace hclschema::cli
