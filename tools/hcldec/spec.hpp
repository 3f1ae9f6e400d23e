// The hcldec spec language in memory: the tree a spec file describes (hcldec's Spec values) and
// what else a spec file declares (variables, user functions), shared by the loader and the decoder.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hclschema/diagnostic.hpp"
#include "hclschema/eval/context.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/syntax.hpp"
#include "hclschema/value/type.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema::hcldec {

struct Spec;
using SpecPtr = std::shared_ptr<const Spec>;

/// One node of a spec. Which fields matter depends on the kind (see each kind's comment).
struct Spec {
  enum class Kind {
    object,       // children: one per property, by name
    tuple,        // `array`: children in order, names empty
    attr,         // name, type, required
    literal,      // value
    block,        // name (block type), required, children[0] = nested
    block_list,   // name, min_items, max_items, children[0]
    block_set,    // name, min_items, max_items, children[0]
    block_map,    // name, labels, children[0]
    block_attrs,  // name, type (element type), required
    default_,     // children[0] = primary, children[1] = default
    transform,    // expr (the `result` expression), children[0] = wrapped
  };
  Kind kind = Kind::literal;
  std::vector<std::pair<std::string, SpecPtr>> children;
  std::string name;
  Type type;
  bool required = false;
  long long min_items = 0;
  long long max_items = 0;
  std::vector<std::string> labels;
  Value value;
  const Expression* expr = nullptr;  // lives in the spec file's tree
  /// The context `result` is evaluated in (the spec functions), as a parent of the `nested` scope.
  std::shared_ptr<const EvalContext> transform_ctx;

  [[nodiscard]] const Spec& nested() const { return *children.at(0).second; }
};

/// The spec that stands in for one that could not be loaded: a null of any type.
[[nodiscard]] SpecPtr error_spec();

/// What a spec file declares.
struct SpecFile {
  std::shared_ptr<const File> file;  // keeps expressions alive
  SpecPtr root;
  std::vector<std::pair<std::string, Value>> variables;  // from `variables` blocks
  std::vector<std::pair<std::string, Function>> functions;  // from `function` blocks
  /// The functions a spec file's own expressions may call (literal values, variables, transforms).
  std::shared_ptr<const EvalContext> spec_ctx;
};

struct SpecFileResult {
  SpecFile spec;
  Diagnostics diagnostics;
};

/// Reads a spec file (always native syntax, as hcldec does). Never throws; problems are diagnostics.
[[nodiscard]] SpecFileResult load_spec_file(const std::string& path);
/// The same, from a parsed file.
[[nodiscard]] SpecFileResult load_spec(std::shared_ptr<const File> file);

/// The functions spec files may call: hcldec's list (abs, coalesce, concat, hasindex, int,
/// jsondecode, jsonencode, length, lower, max, min, reverse, strlen, substr, upper).
[[nodiscard]] std::shared_ptr<const EvalContext> make_spec_context();

/// The type a spec's type expression denotes (hcldec's evalTypeExpr); `any` on errors.
[[nodiscard]] Type eval_type_expr(const Expression& expr, Diagnostics& diags);

/// Reads `function "name" { params = [...], variadic_param = x, result = expr }` blocks (HCL's
/// ext/userfunc) out of `body`; returns the functions, the rest of the body, and diagnostics.
struct UserFunctionsResult {
  std::vector<std::pair<std::string, Function>> functions;
  std::shared_ptr<const Body> remain;
  Diagnostics diagnostics;
};
[[nodiscard]] UserFunctionsResult decode_user_functions(const Body& body, std::shared_ptr<const EvalContext> base_ctx,
                                                        std::shared_ptr<const void> owner);

}  // namespace hclschema::hcldec
