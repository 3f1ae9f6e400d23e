// hcl-schema: a schema language, written in HCL, for HCL bodies; loading, validating, decoding.
//
// A schema declares the arguments (`attribute "NAME" { ... }`) and nested blocks
// (`block "NAME" { ... }`) a body may hold, with types, defaults, constraints, descriptions and
// cross-field rules. Problems in the schema itself are reported when it is loaded, located in the
// schema file; a schema with errors validates nothing.
//
//     auto loaded = load_schema_file("service.schema.hcl");
//     if (has_errors(loaded.diagnostics)) { ... }
//     auto config = parse_path("service.hcl");
//     Diagnostics problems = validate(*loaded.schema, config.file->body());
//     DecodeResult decoded = decode(*loaded.schema, config.file->body());  // defaults filled in
//     decoded.value.get("port");
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hclschema/diagnostic.hpp"
#include "hclschema/eval/context.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/syntax.hpp"
#include "hclschema/typeexpr.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema {

namespace detail {
class CompiledPattern;  // an RE2 program (private)
}

/// The drafts of the schema language, oldest first. A schema names its draft with a top-level
/// `draft = "2026-09"`; without one it follows the latest. A schema keeps the meaning of the draft
/// it names: in draft 2026-01, before `type` existed, every attribute is untyped.
inline constexpr const char* kSchemaDrafts[] = {"2026-01", "2026-09"};
inline constexpr const char* kLatestSchemaDraft = "2026-09";

/// One `validation { condition = ..., error_message = ... }` rule: `self` is the attribute's value.
struct ValidationRule {
  const Expression* condition = nullptr;
  const Expression* error_message = nullptr;
  Range range;  // the `validation` block's header
};

/// A cross-field rule: the declaring attribute and the siblings it names form one group.
struct CrossFieldRule {
  enum class Kind { conflicts_with, required_with, exactly_one_of, at_least_one_of };
  Kind kind;
  std::vector<std::string> others;
  Range range;  // the key's expression in the schema
};

/// `attribute "NAME" { ... }`.
struct AttributeDecl {
  std::string name;
  Range def_range;  // `attribute "NAME"` in the schema
  /// The type constraint; nullopt when the schema gives none (any value is accepted).
  std::optional<TypeConstraint> type;
  Range type_range;
  bool required = false;
  std::optional<Value> default_value;  // already converted to the type
  std::string description;
  std::optional<std::string> deprecated;  // the deprecation message
  bool sensitive = false;
  std::vector<Value> enum_values;  // converted to the type; empty: no enum
  std::optional<std::string> pattern;
  std::shared_ptr<const detail::CompiledPattern> compiled_pattern;
  std::optional<Value> min, max;  // numbers
  std::vector<ValidationRule> validations;
  std::vector<CrossFieldRule> cross_field;
};

struct BodyDecl;

/// `block "NAME" { ... }`: a nested block type, its labels, how many may appear, and its body.
struct BlockDecl {
  std::string name;
  Range def_range;
  std::vector<std::string> labels;  // the label names, e.g. ["name"] for `listener "http" { }`
  std::optional<uint64_t> min_items, max_items;
  std::string description;
  std::optional<std::string> deprecated;
  std::shared_ptr<const BodyDecl> body;

  /// A block that appears at most once and has no labels decodes to one object (or null).
  [[nodiscard]] bool is_single() const { return labels.empty() && max_items && *max_items == 1; }
};

/// What a body may hold: attribute and block declarations, in schema order.
struct BodyDecl {
  std::vector<AttributeDecl> attributes;
  std::vector<BlockDecl> blocks;
  [[nodiscard]] const AttributeDecl* attribute(std::string_view name) const;
  [[nodiscard]] const BlockDecl* block(std::string_view name) const;
};

/// A loaded schema. It keeps the schema file alive: its expressions (validation conditions) live there.
struct Schema {
  std::string draft = kLatestSchemaDraft;
  BodyDecl root;
  std::shared_ptr<const File> file;
};

struct SchemaLoadResult {
  std::shared_ptr<const Schema> schema;  // null when the file could not be read or parsed at all
  Diagnostics diagnostics;               // any error here means: validate nothing
};

/// Loads a schema from a parsed file of either syntax.
[[nodiscard]] SchemaLoadResult load_schema(std::shared_ptr<const File> file);
/// Reads, parses and loads a schema file (`.json` names select the JSON syntax).
[[nodiscard]] SchemaLoadResult load_schema_file(const std::string& path);

struct ValidateOptions {
  /// Variables and functions for expressions in the configuration. Without one, an expression that
  /// refers to a variable or calls a function is left unchecked (only the embedding application can
  /// supply that context); with one, it is evaluated and checked too.
  const EvalContext* eval_context = nullptr;
};

/// Checks a body against a schema; every diagnostic points at the offending part of the body.
/// Deprecations are warnings. Defaults are not applied here.
[[nodiscard]] Diagnostics validate(const Schema& schema, const Body& body, const ValidateOptions& options = {});

struct DecodeResult {
  Value value;  // an object: attributes (defaults filled in) and blocks (objects, lists or maps of objects)
  Diagnostics diagnostics;  // validate()'s diagnostics
};

/// Validates, then decodes the body into a value of the schema's object type: absent attributes
/// get their defaults (or null), `optional(...)` defaults are applied, and blocks become an object
/// (at most one, no labels), a list of objects (no labels), or a map of objects keyed by label
/// (nested maps for several labels). Untyped parts make tuples and objects instead of lists and maps.
[[nodiscard]] DecodeResult decode(const Schema& schema, const Body& body, const ValidateOptions& options = {});

/// How a value appears in a diagnostic message: its HCL-ish rendering, or "(sensitive value)".
[[nodiscard]] std::string display_value(const Value& value, bool sensitive);

}  // namespace hclschema
