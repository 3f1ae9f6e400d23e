// Turning one raw assignment into a value (Terraform's ParseVariableValue): a tfvars expression is
// evaluated with no variables and no functions, so a reference is "Variables not allowed"; a
// string from the environment or -var is the literal string for a primitive-typed variable and
// an HCL expression, in a file named `<value for var.NAME>`, for any other.
#include "hclschema/eval.hpp"
#include "vars/vars_internal.hpp"

namespace hclschema::detail {

ParsedAssignment parse_assignment(const RawAssignment& assignment, VariableParsingMode mode) {
  ParsedAssignment out;
  if (assignment.expr) {
    EvalResult r = evaluate(*assignment.expr, nullptr);
    out.diagnostics = std::move(r.diagnostics);
    if (!has_errors(out.diagnostics)) out.value = std::move(r.value);
    return out;
  }
  if (mode == VariableParsingMode::literal) {
    out.value = Value::string(assignment.text);
    return out;
  }
  ParsedExpression parsed = parse_expression(assignment.text, "<value for var." + assignment.name + ">");
  if (parsed.file) out.text_source = parsed.file->source_ptr();
  out.diagnostics = std::move(parsed.diagnostics);
  if (has_errors(out.diagnostics) || !parsed.expr) return out;
  EvalResult r = evaluate(*parsed.expr, nullptr);
  append(out.diagnostics, std::move(r.diagnostics));
  if (!has_errors(out.diagnostics)) out.value = std::move(r.value);
  return out;
}

}  // namespace hclschema::detail
