// libFuzzer target: hcl-schema files and validation against them. The input is a schema (native
// syntax; also read as JSON syntax), optionally followed by a NUL byte and a configuration to
// validate and decode. Beyond "no crash, no hang, no sanitizer report": every diagnostic range of
// the schema is a true position in it, and a schema with no errors validates and decodes any
// configuration without trouble (its own text included), and documents (`hclschema docs`) safely.
#include <cstddef>
#include <cstdint>
#include <string>

#include "docs_checks.hpp"
#include "fuzz_checks.hpp"
#include "hclschema/schema.hpp"

namespace {

using namespace hclschema;

// Decoding reports mostly about the configuration, but a validation condition that does not give
// a bool is reported where the schema states it: each diagnostic is checked against the file its
// range names.
void exercise_schema(const Schema& schema, const SourceFile& schema_source, const std::string& config_text) {
  hclschema::fuzz::check_docs(docs::schema_document(schema, "schema.hcl"));
  ParseResult config = parse_native(SourceFile::from_string("config.hcl", config_text));
  if (!config.file) return;
  DecodeResult decoded = decode(schema, config.file->body());
  Diagnostics in_config, in_schema;
  for (const auto& d : decoded.diagnostics) (d.subject && d.subject->filename == schema_source.filename() ? in_schema : in_config).push_back(d);
  hclschema::fuzz::check_diagnostics(config.file->source(), in_config);
  hclschema::fuzz::check_diagnostics(schema_source, in_schema);
  (void)display_value(decoded.value, false);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const size_t split = input.find('\0');
  const std::string schema_text = input.substr(0, split);
  const std::string config_text = split == std::string::npos ? schema_text : input.substr(split + 1);

  ParseResult parsed = parse_native(SourceFile::from_string("schema.hcl", schema_text));
  SchemaLoadResult loaded = load_schema(parsed.file);
  if (parsed.file) {
    // Diagnostics about the schema point into it (JSON-string types aside, none come from elsewhere).
    Diagnostics in_schema;
    for (const auto& d : loaded.diagnostics)
      if (d.subject && d.subject->filename == "schema.hcl") in_schema.push_back(d);
    hclschema::fuzz::check_diagnostics(parsed.file->source(), in_schema);
  }
  if (loaded.schema && !has_errors(parsed.diagnostics) && !has_errors(loaded.diagnostics)) exercise_schema(*loaded.schema, parsed.file->source(), config_text);

  ParseResult json = parse_json(SourceFile::from_string("schema.json", schema_text));
  SchemaLoadResult json_loaded = load_schema(json.file);
  if (json_loaded.schema && !has_errors(json_loaded.diagnostics)) exercise_schema(*json_loaded.schema, json.file->source(), config_text);
  return 0;
}
