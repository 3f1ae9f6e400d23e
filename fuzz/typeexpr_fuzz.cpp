// libFuzzer target: type constraint expressions (typeexpr.hpp) and the defaults and conversion
// they apply. The input is a type expression, optionally followed by a NUL byte and a value
// expression. Beyond "no crash, no hang, no sanitizer report", it checks properties that must hold
// for any input: every diagnostic range is a true position in the type text; a type without
// errors prints (type_string) to text that reads back as the same type; and a successful
// conversion produces a value of the constraint's type. The type text is also read as the JSON
// syntax, where types are strings holding native syntax.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_checks.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/typeexpr.hpp"

namespace {

using namespace hclschema;
using hclschema::fuzz::fail_text;

void check_round_trip(const TypeConstraint& constraint) {
  const std::string text = type_string(constraint.type());
  ParsedExpression again = parse_expression(text, "round-trip.hcl");
  if (has_errors(again.diagnostics)) fail_text("type_string text does not parse", text);
  TypeConstraintResult reread = parse_type_constraint(*again.expr, TypeExprMode::constraint);
  if (has_errors(reread.diagnostics)) fail_text("type_string text is not a valid type", text);
  // Optional markers do not survive type_string (Terraform prints them as plain types).
  if (!(reread.constraint.type() == constraint.type().without_optional_attributes_deep()))
    fail_text("type_string text reads back as another type", text);
}

void check_conversion(const TypeConstraint& constraint, const std::string& value_text) {
  ParsedExpression value_expr = parse_expression(value_text, "value.hcl");
  if (!value_expr.expr || has_errors(value_expr.diagnostics)) return;
  EvalContext ctx;
  add_standard_functions(ctx);
  EvalResult value = evaluate(*value_expr.expr, &ctx);
  if (has_errors(value.diagnostics)) return;
  (void)constraint.apply_defaults(value.value);
  ConstraintConversion converted = constraint.convert(value.value);
  if (converted.value && !constraint.type().has_dynamic_types() && converted.value->is_known() &&
      !(converted.value->unmarked().type() == constraint.type().without_optional_attributes_deep()))
    fail_text("a converted value is not of the constraint's type", value_text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const size_t split = input.find('\0');
  const std::string type_text = input.substr(0, split);

  ParsedExpression type_expr = parse_expression(type_text, "type.hcl");
  if (type_expr.expr) {
    for (TypeExprMode mode : {TypeExprMode::exact_type, TypeExprMode::constraint, TypeExprMode::constraint_with_defaults}) {
      TypeConstraintResult result = parse_type_constraint(*type_expr.expr, mode);
      hclschema::fuzz::check_diagnostics(type_expr.file->source(), result.diagnostics);
      if (!has_errors(type_expr.diagnostics) && !has_errors(result.diagnostics)) {
        check_round_trip(result.constraint);
        if (split != std::string::npos && mode == TypeExprMode::constraint_with_defaults)
          check_conversion(result.constraint, input.substr(split + 1));
      }
    }
  }

  // The same text as a JSON document: every attribute read as a type (ranges of text parsed out of
  // JSON strings follow HCL's positioning, so only crashes are checked there).
  ParseResult json = parse_json(SourceFile::from_string("type.json", type_text));
  if (json.file) {
    for (const Attribute& attr : json.file->body().just_attributes().attributes) {
      TypeConstraintResult result = parse_type_constraint(*attr.expr);
      if (!has_errors(result.diagnostics)) (void)type_string(result.constraint.type());
    }
  }
  return 0;
}
