// Embedding hclschema: load a schema, parse a configuration, validate it, decode it, read values.
//
//     embed_example examples/service.schema.hcl examples/service.hcl
//
// Prints the diagnostics (if any) the way the hclschema tool does, then a few decoded values.
// Exit status 0 when the configuration is valid, 1 when it has errors, 2 when a file is unreadable.
// The tests build and run this program (tests/CMakeLists.txt), so it stays in step with the API.
#include <iostream>

#include "hclschema/diagnostic_writer.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/schema.hpp"
#include "hclschema/value/json.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: embed_example SCHEMA CONFIG\n";
    return 2;
  }
  // 1. Load the schema: problems in the schema itself are reported here, located in the schema file.
  hclschema::SchemaLoadResult schema = hclschema::load_schema_file(argv[1]);
  // 2. Parse the configuration (a .json name selects the JSON syntax).
  hclschema::ParseResult config = hclschema::parse_path(argv[2]);
  if (!schema.schema || !config.file) {
    std::cerr << "cannot read the schema or the configuration\n";
    return 2;
  }
  // 3. Validate and decode in one call: the value has every default filled in.
  hclschema::Diagnostics diags = schema.diagnostics;
  hclschema::append(diags, config.diagnostics);
  hclschema::DecodeResult decoded;
  if (!hclschema::has_errors(diags)) {
    decoded = hclschema::decode(*schema.schema, config.file->body());
    hclschema::append(diags, decoded.diagnostics);
  }
  hclschema::SourceFiles sources{{config.file->source().filename(), config.file->source_ptr()},
                                 {schema.schema->file->source().filename(), schema.schema->file->source_ptr()}};
  hclschema::DiagnosticTextWriter(std::cerr, sources).write_all(diags);
  if (hclschema::has_errors(diags)) return 1;

  // 4. Read typed values: blocks labelled "name" decode to a map keyed by label.
  const hclschema::Value* services = decoded.value.get("service");
  for (size_t i = 0; services && i < services->length(); ++i) {
    const hclschema::Value& service = services->elements()[i];
    std::cout << "service " << services->keys()[i] << ": image " << service.get("image")->as_string() << ", "
              << service.get("replicas")->as_number().to_string() << " replicas, mode " << service.get("mode")->as_string()
              << ", canary weight " << service.get("deploy")->get("canary")->get("weight")->as_number().to_string()
              << (service.get("token")->has_mark("sensitive") ? ", token (sensitive value)" : "") << '\n';
  }
  return 0;
}
