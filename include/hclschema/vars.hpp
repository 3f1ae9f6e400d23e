// Terraform root-module input variables: their declarations, every value assigned to them, and
// which value wins, with Terraform's precedence and wording.
//
// Sources, lowest precedence first (a later one replaces the whole value, never merges):
//   the declaration's `default` (a fallback: no default and no value is an error),
//   TF_VAR_NAME environment variables, terraform.tfvars, terraform.tfvars.json,
//   *.auto.tfvars and *.auto.tfvars.json together in lexical order of their names,
//   -var NAME=VALUE and -var-file=FILE in the order given.
//
//     VarsRequest request;
//     request.directory = "infra";
//     request.environment = {{"TF_VAR_region", "eu-west-1"}};   // the caller's environment
//     request.options = {{VarOption::Kind::var, "count=3"}};
//     VarsResult result = resolve_variables(request);
//     result.find("region")->source.kind;        // SourceKind::file if an auto file pinned it
//     explain_variable(result, "region").notes;   // "TF_VAR_region ... is overridden by ..."
//
// The library never reads the process environment itself: the caller passes it in.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hclschema/diagnostic.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/source.hpp"
#include "hclschema/syntax.hpp"
#include "hclschema/typeexpr.hpp"
#include "hclschema/value/type.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema {

/// One `validation { condition = ..., error_message = ... }` block of a variable.
struct VariableValidation {
  const Expression* condition = nullptr;      // refers to var.NAME (checked at declaration)
  const Expression* error_message = nullptr;
  Range decl_range;                           // the `validation` keyword
};

/// How a string from the environment or `-var` becomes a value (Terraform's VariableParsingMode):
/// as the literal string for a variable without a type or of a primitive type, otherwise as an
/// HCL expression (`any`, collections, structural types).
enum class VariableParsingMode { literal, hcl };

/// A `variable "NAME" { ... }` block of the root module.
struct VariableDeclaration {
  std::string name;
  std::string description;
  TypeConstraint constraint;           // `any` when no type is given
  bool type_given = false;
  VariableParsingMode parsing_mode = VariableParsingMode::literal;
  std::optional<Value> default_value;  // converted to the type, defaults applied; empty = required
  Range default_range;                 // the default expression, when there is one
  bool sensitive = false;
  bool nullable = true;                // Terraform's default
  std::vector<VariableValidation> validations;
  Range decl_range;                    // `variable "NAME"`
};

/// Every declaration of a directory's *.tf and *.tf.json files (lexical file order, then source
/// order), the parsed files (the expressions above live in them) and the problems found.
struct Declarations {
  std::vector<VariableDeclaration> variables;
  std::vector<std::shared_ptr<const File>> files;
  Diagnostics diagnostics;
  [[nodiscard]] const VariableDeclaration* find(std::string_view name) const;
};

/// Reads the `variable` blocks of every *.tf and *.tf.json file directly in `directory` (hidden,
/// `#...` and `...~` files are ignored, as Terraform does). A directory that cannot be read is
/// one error diagnostic.
[[nodiscard]] Declarations load_declarations(const std::string& directory);

/// Where an assignment came from. JSON names: "default", "env", "file", "flag".
enum class SourceKind { default_value, env, file, flag };
[[nodiscard]] std::string_view source_kind_name(SourceKind kind);

struct ValueSource {
  SourceKind kind = SourceKind::default_value;
  /// "TF_VAR_NAME" (env), the file's path as given or found (file), "-var" (flag), or the file
  /// declaring the variable (default).
  std::string name;
  /// Where the value is written: the expression in a file (also a -var-file's), the default's
  /// expression; empty for env and -var.
  std::optional<Range> range;
  /// 1-based position among the -var/-var-file options of the command line; 0 for other sources.
  int position = 0;
  /// A file named on the command line (-var-file) rather than found in the directory.
  bool named_file = false;
};

/// One -var or -var-file option, in command-line order.
struct VarOption {
  enum class Kind { var, var_file } kind = Kind::var;
  std::string value;  // "NAME=VALUE" or the file's path (relative to the request's directory)
};

struct VarsRequest {
  /// The root module's directory; tfvars files are found, and -var-file paths resolved, here
  /// (Terraform's -chdir). Names in diagnostics are relative to it, as Terraform prints them.
  std::string directory = ".";
  /// The whole environment (name -> value); only TF_VAR_ names are used.
  std::map<std::string, std::string> environment;
  std::vector<VarOption> options;
};

/// One assignment of a value to a name by one source.
struct VariableCandidate {
  ValueSource source;
  /// The value as written (parsed and evaluated, not yet converted; marked sensitive when the
  /// variable is). Empty when it could not be parsed or evaluated.
  std::optional<Value> value;
  /// True for the assignment that decided the variable's value (at most one per variable).
  bool won = false;
};

/// A declared variable after resolution.
struct ResolvedVariable {
  std::string name;
  const VariableDeclaration* declaration = nullptr;  // points into VarsResult::declarations
  /// The final value: converted, defaults applied, marked sensitive when declared so. Empty when
  /// it could not be decided (the diagnostics say why).
  std::optional<Value> value;
  ValueSource source;  // of the value (the default when nothing assigned one)
  bool sensitive = false;
  /// Every assignment, lowest precedence first; the default first when there is one.
  std::vector<VariableCandidate> candidates;
};

/// A name assigned by some source but declared nowhere (ignored, as Terraform does).
struct UndeclaredAssignment {
  std::string name;
  std::vector<VariableCandidate> candidates;  // lowest precedence first
  std::string suggestion;                     // a declared name it probably meant, or ""
};

struct VarsResult {
  Declarations declarations;
  std::vector<ResolvedVariable> variables;      // every declared variable, sorted by name
  std::vector<UndeclaredAssignment> undeclared;  // sorted by name
  /// Sources for diagnostic snippets (declarations, tfvars files, `<value for var.x>` texts),
  /// with the text of every sensitive value replaced by '*' so a snippet cannot show it.
  std::vector<std::shared_ptr<const SourceFile>> snippet_sources;
  Diagnostics diagnostics;

  [[nodiscard]] const ResolvedVariable* find(std::string_view name) const;
  [[nodiscard]] const UndeclaredAssignment* find_undeclared(std::string_view name) const;
};

/// Loads the declarations of `request.directory`, collects every assignment, and decides each
/// variable's value as Terraform does (see the top of this file). Never throws.
[[nodiscard]] VarsResult resolve_variables(const VarsRequest& request);

/// The story of one name: every assignment in precedence order, which won, which each one
/// shadowed, and plain-language notes for the surprises (an environment variable silently
/// overridden by a file; a value for an undeclared name that was probably misspelled).
struct ExplainStep {
  const VariableCandidate* candidate = nullptr;
  /// Indexes (into ExplainResult::steps) of the earlier assignments this one replaced.
  std::vector<size_t> shadowed;
};
struct ExplainResult {
  std::string name;
  bool declared = false;
  const ResolvedVariable* variable = nullptr;          // when declared
  const UndeclaredAssignment* undeclared = nullptr;    // when only assigned
  std::vector<ExplainStep> steps;                      // lowest precedence first
  std::optional<size_t> winner;                        // index into steps
  std::vector<std::string> notes;
};
/// Explains `name`; for a name neither declared nor assigned, `declared` is false, there are no
/// steps and a note says so (with a suggestion when one is close).
[[nodiscard]] ExplainResult explain_variable(const VarsResult& result, std::string_view name);

/// "file.tfvars line 3", "the TF_VAR_x environment variable", "-var (option 2)", ... for people.
[[nodiscard]] std::string describe_source(const ValueSource& source);

}  // namespace hclschema
