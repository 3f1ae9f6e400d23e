// Helpers for the typeexpr tests: read a type expression or a value from HCL text.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/typeexpr.hpp"
#include "hclschema/value/json.hpp"

namespace typeexpr_testing {

using namespace hclschema;

/// The constraint read from native-syntax `text` (which must parse), with its diagnostics.
inline TypeConstraintResult constraint_of(const std::string& text, TypeExprMode mode = TypeExprMode::constraint_with_defaults) {
  ParsedExpression parsed = parse_expression(text, "type.hcl");
  EXPECT_FALSE(has_errors(parsed.diagnostics)) << text;
  if (!parsed.expr) return {};
  return parse_type_constraint(*parsed.expr, mode);
}

/// The constraint read from `text`, which must have no diagnostics.
inline TypeConstraint valid_constraint(const std::string& text) {
  TypeConstraintResult r = constraint_of(text);
  EXPECT_TRUE(r.diagnostics.empty()) << text << ": " << (r.diagnostics.empty() ? "" : r.diagnostics[0].detail);
  return r.constraint;
}

/// The value of native-syntax `text`, evaluated with the standard functions and no variables.
inline Value value_of(const std::string& text) {
  ParsedExpression parsed = parse_expression(text, "value.hcl");
  EXPECT_FALSE(has_errors(parsed.diagnostics)) << text;
  EvalContext ctx;
  add_standard_functions(ctx);
  EvalResult r = evaluate(*parsed.expr, &ctx);
  EXPECT_FALSE(has_errors(r.diagnostics)) << text;
  return r.value;
}

/// cty's JSON encoding of a known value (marks ignored).
inline std::string json_of(const Value& v) { return value_to_json(v.unmarked_deep(), v.type()).value_or("<unencodable>"); }

}  // namespace typeexpr_testing
