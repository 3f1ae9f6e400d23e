// `hclschema inputs FILE... [--format text|json] [--emit python]`: the `input` block language.
// The flags exist; the command answers "not implemented yet" (exit 2) until the inputs layer lands.
#include <memory>

#include "cli.hpp"

namespace hclschema::cli {

namespace {

struct InputsCommandOptions {
  std::vector<std::string> files;
  std::string format;
  std::string emit;
};

}  // namespace

Command add_inputs_command(CLI::App& root) {
  auto options = std::make_shared<InputsCommandOptions>();
  CLI::App* app = root.add_subcommand("inputs", "Read and type-check files of `input` blocks");
  app->add_option("FILE", options->files, "Files of input blocks")->required()->type_name("");
  add_format_option(*app, options->format, {"text", "json"});
  app->add_option("--emit", options->emit, "Also generate typed accessors in a language")->check(CLI::IsMember({"python"}))->type_name("LANG");
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return not_implemented("inputs"); }};
}

}  // namespace hclschema::cli
