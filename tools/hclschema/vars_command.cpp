// `hclschema vars [-chdir=DIR] [-var NAME=VALUE]... [-var-file=FILE]... [--explain NAME]
// [--format text|json] [--show-sensitive]`: Terraform root-module variables and where each came from.
// Terraform's single-dash spellings are rewritten before CLI11 sees them (cli.cpp, normalize_args).
// The flags exist; the command answers "not implemented yet" (exit 2) until the vars layer lands.
#include <memory>

#include "cli.hpp"

namespace hclschema::cli {

namespace {

struct VarsCommandOptions {
  std::string chdir;
  std::vector<std::string> vars;
  std::vector<std::string> var_files;
  std::string explain;
  std::string format;
  bool show_sensitive = false;
};

}  // namespace

Command add_vars_command(CLI::App& root) {
  auto options = std::make_shared<VarsCommandOptions>();
  CLI::App* app = root.add_subcommand("vars", "Resolve the input variables of a Terraform root module, as terraform would");
  app->add_option("--chdir", options->chdir, "-chdir=DIR: the root module's directory (default: the current one)")->type_name("DIR");
  app->add_option("--var", options->vars, "-var NAME=VALUE: set a variable (repeatable)")
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false);
  app->add_option("--var-file", options->var_files, "-var-file=FILE: read variables from a .tfvars or .tfvars.json file (repeatable)")
      ->type_name("FILE")
      ->allow_extra_args(false);
  app->add_option("--explain", options->explain, "Show every source of variable NAME and which one wins")->type_name("NAME");
  add_format_option(*app, options->format, {"text", "json"});
  app->add_flag("--show-sensitive", options->show_sensitive, "Print the values of sensitive variables instead of hiding them");
  app->footer(
      "Terraform's spellings are accepted: -chdir=DIR, -var NAME=VALUE, -var=NAME=VALUE,\n"
      "-var-file=FILE, -var-file FILE, as well as --chdir, --var and --var-file.");
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return not_implemented("vars"); }};
}

}  // namespace hclschema::cli
