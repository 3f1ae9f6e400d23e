// `hclschema validate --schema SCHEMA FILE... [--format text|json|sarif] [--vars-file FILE.json]`.
// The flags exist; the command answers "not implemented yet" (exit 2) until the schema layer lands.
#include <memory>

#include "cli.hpp"

namespace hclschema::cli {

namespace {

struct ValidateCommandOptions {
  std::string schema;
  std::vector<std::string> files;
  std::string format;
  std::string vars_file;
};

}  // namespace

Command add_validate_command(CLI::App& root) {
  auto options = std::make_shared<ValidateCommandOptions>();
  CLI::App* app = root.add_subcommand("validate", "Validate HCL files against an hcl-schema");
  app->add_option("--schema", options->schema, "The schema file")->required()->type_name("SCHEMA");
  app->add_option("FILE", options->files, "Files to validate")->required()->type_name("");
  add_format_option(*app, options->format, {"text", "json", "sarif"});
  app->add_option("--vars-file", options->vars_file, "A JSON file of variables the files may use")->type_name("FILE.json");
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return not_implemented("validate"); }};
}

}  // namespace hclschema::cli
