// `hclschema decode --schema SCHEMA FILE [--vars-file FILE.json]`: validate a file and print the
// value it decodes to: {"value": V, "type": T, "diagnostics": [...]}.
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "diagnostic/diagnostic_json.hpp"
#include "hclschema/schema.hpp"
#include "hclschema/value/json.hpp"
#include "result_output.hpp"
#include "variables_file.hpp"

namespace hclschema::cli {

namespace {

struct DecodeCommandOptions {
  std::string schema;
  std::string file;
  std::string vars_file;
};

int run_decode(const DecodeCommandOptions& options) {
  SchemaLoadResult loaded = load_schema_file(options.schema);
  if (!loaded.schema) {
    report_diagnostics("text", {}, loaded.diagnostics);
    return exit_usage;
  }
  auto print = [](const std::string& value, const std::string& type, const Diagnostics& diags) {
    // Value and type are cty JSON text already (exact numbers); the rest goes through the library.
    std::cout << "{\n  \"value\": " << value << ",\n  \"type\": " << type << ",\n  \"diagnostics\": "
              << detail::diagnostics_to_json_array(diags).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n}\n";
  };
  if (has_errors(loaded.diagnostics)) {
    print("null", "\"dynamic\"", loaded.diagnostics);
    return exit_errors;
  }

  EvalContext ctx;
  ValidateOptions validate_options;
  if (!validation_options(options.vars_file, ctx, validate_options)) return exit_usage;
  ParseResult parsed = parse_path(options.file);
  if (!parsed.file) {
    report_diagnostics("text", {}, parsed.diagnostics);
    return exit_usage;
  }
  Diagnostics diags = loaded.diagnostics;
  append(diags, std::move(parsed.diagnostics));
  DecodeResult decoded = decode(*loaded.schema, parsed.file->body(), validate_options);
  append(diags, std::move(decoded.diagnostics));
  if (!decoded.value.is_wholly_known())
    diags.push_back(Diagnostic{Severity::warning, "Values not known",
                               "Some values refer to variables or call functions, so they cannot be decoded without --vars-file; they are shown "
                               "as null.",
                               std::nullopt, std::nullopt, {}});
  print(redacted_value_json(decoded.value), type_to_json(redacted_type(decoded.value)), diags);
  return has_errors(diags) ? exit_errors : exit_ok;
}

}  // namespace

Command add_decode_command(CLI::App& root) {
  auto options = std::make_shared<DecodeCommandOptions>();
  CLI::App* app = root.add_subcommand("decode", "Decode an HCL file with an hcl-schema and print the typed result as JSON");
  app->add_option("--schema", options->schema, "The schema file")->required()->type_name("SCHEMA");
  app->add_option("FILE", options->file, "The file to decode")->required()->type_name("");
  app->add_option("--vars-file", options->vars_file, "A JSON object whose keys become variables, e.g. {\"var\": {\"port\": 8080}}")
      ->type_name("FILE.json");
  app->footer(
      "Prints {\"value\": V, \"type\": T, \"diagnostics\": [...]}: V in cty's JSON encoding with defaults\n"
      "filled in; sensitive values are replaced by \"(sensitive value)\". Exit status: 0 no errors,\n"
      "1 errors in the schema or the file, 2 usage or unreadable files.");
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return run_decode(*options); }};
}

}  // namespace hclschema::cli
