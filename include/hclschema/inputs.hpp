// The `input` block language: typed field declarations read as config by a program.
//
// A file holds `input "NAME" { ... }` blocks whose body declares one field per line as
// `field: TYPE` or `field: TYPE = DEFAULT`. TYPE is a type expression (`string`, `int`,
// `list(object({host: string}))`, `optional(number, 30)`, or a named type such as
// `aws.ec2.NatStrategy`); DEFAULT is an HCL expression. Everything else (comments, strings, block
// structure) is ordinary HCL, and every range points into the original file.
//
//     auto result = read_inputs(SourceFile::from_string("inputs.hcl",
//         "input \"s\" {\n  count: int = 1\n}\n"));
//     result.inputs[0].fields[0].accessor;            // "config.get_int"
//     type_text(result.inputs[0].fields[0].type);     // "int"
//
// parse_inputs reads the syntax and the types (malformed types are reported there); check_inputs is
// the typechecker: defaults against their types (literal kinds as the spec words them, whole numbers
// for int, full structural compatibility of complex defaults) and duplicate names. read_inputs does
// both for one file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hclschema/diagnostic.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/source.hpp"
#include "hclschema/syntax.hpp"
#include "hclschema/value/type.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema {

/// A default value as written: the expression and, once the typechecker ran, its value.
struct InputDefault {
  const Expression* expr = nullptr;  // lives in the owning field's parsed trees
  Range range;
  /// The evaluated value; empty until check_inputs ran, or when the expression had errors.
  std::optional<Value> value;
};

/// A type of the input language. Unlike cty's Type it keeps `int`, named types and `optional`.
struct InputType {
  enum class Kind : uint8_t { string, boolean, number, integer, any, list, set, map, tuple, object, optional, named };
  Kind kind = Kind::any;
  /// list/set/map/optional: the one element type; tuple: the element types; object: the
  /// attribute types, parallel to attribute_names (declaration order).
  std::vector<InputType> children;
  std::vector<std::string> attribute_names;
  std::vector<Range> attribute_name_ranges;
  /// named: the dotted path, e.g. "aws.ec2.NatStrategy".
  std::string path;
  /// optional(T, DEFAULT): the default.
  std::optional<InputDefault> default_value;
  /// The whole type expression.
  Range range;
};

/// One `name: TYPE [= DEFAULT]` line.
struct InputField {
  std::string name;
  Range name_range;
  Range range;  // the whole declaration, name through type or default
  InputType type;
  /// The `= DEFAULT` of the line, when written.
  std::optional<InputDefault> default_value;
  /// True when the field has no default and its type is not optional(...).
  bool required = true;
  /// The config accessor that reads it, e.g. "config.require_int" (see accessor_for).
  std::string accessor;
  /// Keeps alive the syntax trees the type's and the default's expressions live in.
  std::vector<std::shared_ptr<const File>> owners;

  /// The value the field takes when it is not set: the line's default, else the default of a
  /// top-level optional(T, DEFAULT); nullptr when there is none.
  [[nodiscard]] const InputDefault* effective_default() const;
};

/// One `input "NAME" { ... }` block.
struct InputBlock {
  std::string name;
  Range range;  // `input "NAME"`: where diagnostics about the block point
  Range name_range;
  std::vector<InputField> fields;
};

struct InputsResult {
  std::vector<InputBlock> inputs;
  Diagnostics diagnostics;
  /// The source the ranges point into (for diagnostics output); null when it could not be read.
  std::shared_ptr<const SourceFile> source;
};

/// Parses a file of input blocks: the blocks, the field lines and their types. Every syntax error
/// and malformed type is reported (parsing goes on at the next line). Defaults are not evaluated.
[[nodiscard]] InputsResult parse_inputs(std::shared_ptr<const SourceFile> source);

/// The typechecker over the inputs of one or more files: evaluates every default (no variables, no
/// functions) into InputDefault::value, checks it against its type, and reports duplicate field
/// names within an input and duplicate input names across all of `inputs`.
[[nodiscard]] Diagnostics check_inputs(std::vector<InputBlock>& inputs);

/// parse_inputs, then check_inputs on the file's inputs; the diagnostics of both, in source order.
[[nodiscard]] InputsResult read_inputs(std::shared_ptr<const SourceFile> source);

/// Reads a file from disk (refusing directories and files over `max_file_size`) and parse_inputs
/// it; check_inputs is left to the caller, who may check several files together. On an I/O
/// failure `source` is null and one diagnostic (code "io") says why.
[[nodiscard]] InputsResult parse_inputs_path(const std::string& path, std::size_t max_file_size = std::size_t{256} << 20);

/// The type as the spec writes it: `string`, `int`, `list(object({host: string, port: int}))`,
/// `tuple([string, int])`, `optional(number, 30)`, `aws.ec2.NatStrategy`. Object attributes keep
/// their declaration order; an optional default prints as its value in cty's JSON encoding (as
/// `...` until check_inputs has evaluated it).
[[nodiscard]] std::string type_text(const InputType& type);

/// The cty type values of `type` have at runtime: int is number, named types are any (dynamic),
/// optional(T) is T (an optional object attribute stays optional in the object type).
[[nodiscard]] Type runtime_type(const InputType& type);

/// The Python config accessor for a field of `type`: "config.get_int" or "config.require_int"
/// (get* when not required). optional(T) reads as T; collections, objects, any and named types
/// read as objects.
[[nodiscard]] std::string accessor_for(const InputType& type, bool required);

/// A Python module with one function per input, `read_<name>(config)`, returning a dict that
/// reads every field with its accessor and applies the declared defaults. `sources` names the
/// files in the header comment.
[[nodiscard]] std::string emit_python(const std::vector<InputBlock>& inputs, const std::vector<std::string>& sources = {});

}  // namespace hclschema
