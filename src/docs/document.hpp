// The neutral document model of `hclschema docs`: what a schema, a Terraform module's variables or
// a file of `input` blocks declare, already reduced to display text, so that every renderer
// (Markdown, HTML) shows the same facts and none of them needs to know the source language.
//
// Builders (one file each): schema_document.cpp, module_document.cpp, inputs_document.cpp.
// Renderers: markdown_renderer.hpp, html_renderer.hpp. Secrets are removed here, once: a sensitive
// entry's default never reaches a renderer (default_text is "(sensitive)" and default_hidden set).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hclschema/inputs.hpp"
#include "hclschema/schema.hpp"
#include "hclschema/vars.hpp"

namespace hclschema::docs {

/// One constraint: a label and the code snippets it names, e.g. {"one of", {"\"fast\"", "\"safe\""}}
/// or {"pattern", {"^tok_"}}; `text` is plain prose after the snippets (may be empty).
struct Constraint {
  std::string label;
  std::vector<std::string> code;
  std::string text;
};

/// One attribute inside an entry's object type (at any depth), e.g. `logging.format` of
/// `object({ logging = optional(object({ format = optional(string, "json") }), {}) })`.
struct NestedAttribute {
  std::string path;    // relative to the entry: "logging.format", "rules[*].port"
  std::string anchor;  // unique in the document
  std::string type;    // one line; nested object types shortened to `object({...})`
  int depth = 0;       // 0 for the entry's own attributes
  bool required = false;
  std::optional<std::string> default_text;  // HCL text of the default; nullopt: none (null)
  bool default_hidden = false;              // the default is a secret: default_text is "(sensitive)"
};

/// One documented item: a schema attribute or block, a variable, an input block or one of its fields.
struct Entry {
  enum class Kind { attribute, block, variable, input, field };
  Kind kind = Kind::attribute;
  std::string name;
  std::string path;    // dotted from the top: "service.port.container"
  std::string anchor;  // unique in the document, stable across runs: derived from kind and path
  std::string type;        // one line; empty when untyped
  std::string type_block;  // the type laid out over several lines, when it is long; else empty
  std::string description; // common indentation removed, trailing blank lines trimmed
  bool required = false;
  std::optional<std::string> default_text;  // HCL text; nullopt: no default
  bool default_hidden = false;              // a sensitive default: default_text is "(sensitive)"
  bool sensitive = false;
  std::optional<std::string> deprecated;    // the deprecation message
  std::optional<bool> nullable;             // variables only
  std::vector<std::string> labels;          // blocks: the label names
  std::optional<uint64_t> min_items, max_items;
  std::vector<Constraint> constraints;
  std::vector<std::string> validations;     // error messages of validation rules
  std::vector<NestedAttribute> nested;      // the attributes of the entry's object type(s)
  std::vector<Entry> children;              // a block's body; an input's fields
};

struct Document {
  enum class Kind { schema, module, inputs };
  Kind kind = Kind::schema;
  std::string title;   // "service.schema.hcl", "module network"
  std::string source;  // the path as given on the command line
  std::vector<Entry> entries;
};

/// From a loaded schema: the root body's attributes, then its blocks (nested blocks as children).
[[nodiscard]] Document schema_document(const Schema& schema, const std::string& source_name);

/// From a module directory's `variable` blocks, in declaration order (file order, then source order).
[[nodiscard]] Document module_document(const Declarations& declarations, const std::string& source_name);

/// From checked `input` blocks. `source` (may be null) supplies descriptions: the comment lines
/// directly above an input block or a field line.
[[nodiscard]] Document inputs_document(const std::vector<InputBlock>& inputs, const SourceFile* source,
                                       const std::string& source_name);

/// What a human reads for an entry's kind: "attribute", "block", "variable", "input", "field".
[[nodiscard]] const char* kind_name(Entry::Kind kind);

}  // namespace hclschema::docs
