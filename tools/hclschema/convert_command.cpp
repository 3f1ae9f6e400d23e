// `hclschema convert 'TYPE_EXPR' 'VALUE_EXPR' [--format text|json]`: convert a value to a type.
// The flags exist; the command answers "not implemented yet" (exit 2) until the value layer lands.
#include <memory>

#include "cli.hpp"

namespace hclschema::cli {

namespace {

struct ConvertCommandOptions {
  std::string type_expression;
  std::string value_expression;
  std::string format;
};

}  // namespace

Command add_convert_command(CLI::App& root) {
  auto options = std::make_shared<ConvertCommandOptions>();
  CLI::App* app = root.add_subcommand("convert", "Convert the value of an expression to a type constraint, applying optional defaults");
  app->add_option("TYPE_EXPR", options->type_expression, "The type constraint, e.g. 'map(number)'")->required()->type_name("");
  app->add_option("VALUE_EXPR", options->value_expression, "The value, e.g. '{a = \"1\"}'")->required()->type_name("");
  add_format_option(*app, options->format, {"text", "json"});
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return not_implemented("convert"); }};
}

}  // namespace hclschema::cli
