// `hclschema decode --schema SCHEMA FILE [--vars-file FILE.json]`: decode a file to typed JSON.
// The flags exist; the command answers "not implemented yet" (exit 2) until the schema layer lands.
#include <memory>

#include "cli.hpp"

namespace hclschema::cli {

namespace {

struct DecodeCommandOptions {
  std::string schema;
  std::string file;
  std::string vars_file;
};

}  // namespace

Command add_decode_command(CLI::App& root) {
  auto options = std::make_shared<DecodeCommandOptions>();
  CLI::App* app = root.add_subcommand("decode", "Decode an HCL file with an hcl-schema and print the typed result as JSON");
  app->add_option("--schema", options->schema, "The schema file")->required()->type_name("SCHEMA");
  app->add_option("FILE", options->file, "The file to decode")->required()->type_name("");
  app->add_option("--vars-file", options->vars_file, "A JSON file of variables the file may use")->type_name("FILE.json");
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return not_implemented("decode"); }};
}

}  // namespace hclschema::cli
