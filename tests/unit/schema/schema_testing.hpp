// Helpers for the schema tests: load a schema and validate or decode a configuration, both given
// as text (native syntax unless the name ends in .json).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "hclschema/schema.hpp"
#include "hclschema/value/json.hpp"

namespace schema_testing {

using namespace hclschema;

inline SchemaLoadResult load(const std::string& text, const std::string& name = "schema.hcl") {
  ParseResult parsed = parse_source(SourceFile::from_string(name, text));
  SchemaLoadResult loaded = load_schema(parsed.file);
  Diagnostics all = parsed.diagnostics;
  append(all, loaded.diagnostics);
  loaded.diagnostics = std::move(all);
  return loaded;
}

/// A schema that must load without diagnostics.
inline std::shared_ptr<const Schema> schema_of(const std::string& text, const std::string& name = "schema.hcl") {
  SchemaLoadResult r = load(text, name);
  EXPECT_TRUE(r.diagnostics.empty()) << text << "\n" << (r.diagnostics.empty() ? "" : r.diagnostics[0].summary + ": " + r.diagnostics[0].detail);
  return r.schema;
}

struct Checked {
  std::shared_ptr<const File> file;  // keeps the configuration alive
  Diagnostics diagnostics;
  Value value;
};

inline Checked decode_text(const Schema& schema, const std::string& config, const ValidateOptions& options = {},
                           const std::string& name = "config.hcl") {
  ParseResult parsed = parse_source(SourceFile::from_string(name, config));
  EXPECT_FALSE(has_errors(parsed.diagnostics)) << config;
  DecodeResult r = decode(schema, parsed.file->body(), options);
  return {parsed.file, std::move(r.diagnostics), std::move(r.value)};
}

/// The summaries of the diagnostics, in order, for compact assertions.
inline std::vector<std::string> summaries(const Diagnostics& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags) out.push_back(d.summary);
  return out;
}

inline std::string json_of(const Value& v) { return value_to_json(v.unmarked_deep(), v.type()).value_or("<unencodable>"); }

}  // namespace schema_testing
