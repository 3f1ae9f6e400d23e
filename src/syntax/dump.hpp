// JSON views of parsed files, shared by the CLI (`parse --format json`) and the golden tests.
//
// The shape is the CLI contract of `hclschema parse --format json`:
//   {"filename", "body": BODY, "diagnostics": [...]}
//   BODY = {"attributes": {NAME: {"range": R, "expr": EXPR}}, "blocks": [{"type", "labels", "range", "body": BODY}]}
//   EXPR = {"kind": "FunctionCallExpr", "range": R}  (+ "children", "traversal", "value", "op", "name"
//          when DumpOptions::deep is set, for comparing whole trees with the reference)
//   R    = detail::range_to_json (src/diagnostic/diagnostic_json.hpp)
// A JSON-syntax file's body is dumped through just_attributes(), as the reference does without a schema.
#pragma once

#include <functional>

#include <nlohmann/json.hpp>

#include "hclschema/parse.hpp"

namespace hclschema::detail {

struct DumpOptions {
  /// Include every node's children and details, not just the top expression's kind and range.
  bool deep = false;
  /// Called with each attribute's expression and its JSON object, so a higher layer can add to it
  /// (the CLI adds the evaluated "value" and "type") without the syntax layer knowing of values.
  std::function<void(const Expression& expr, nlohmann::json& attribute)> on_attribute{};
};

[[nodiscard]] nlohmann::json dump_expression(const Expression& expr, const DumpOptions& options);
[[nodiscard]] nlohmann::json dump_body(const Body& body, const DumpOptions& options);
/// {"filename", "body", "diagnostics"}, the diagnostics in the terraform-validate JSON shape.
[[nodiscard]] nlohmann::json dump_file(const File& file, const Diagnostics& diagnostics, const DumpOptions& options);

}  // namespace hclschema::detail
