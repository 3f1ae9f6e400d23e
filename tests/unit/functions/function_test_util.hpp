// Test helpers for the function families: evaluate an expression text with the standard library and
// describe the outcome as "<type json> <value json>" or the first error's detail.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "hclschema/eval/evaluate.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/value/json.hpp"

namespace hclschema::testing_fn {

struct Case {
  std::string expr;
  std::string want;  // "<type> <value>", "unknown <type>", or "error: <detail>"
};

inline std::string describe(const Value& v) {
  if (!v.is_wholly_known()) return "unknown " + type_to_json(v.type());
  return type_to_json(v.type()) + " " + value_to_json(v.unmarked_deep(), v.type()).value_or("<unencodable>");
}

// Evaluates `text` in `ctx` (default: just the standard functions).
inline EvalResult run(const std::string& text, const EvalContext* parent = nullptr) {
  static EvalContext base = [] {
    EvalContext c;
    add_standard_functions(c);
    return c;
  }();
  auto parsed = parse_expression(text);
  if (!parsed.expr) return {Value(), parsed.diagnostics};
  return evaluate(*parsed.expr, parent ? parent : &base);
}

inline std::string outcome(const std::string& text, const EvalContext* ctx = nullptr) {
  auto r = run(text, ctx);
  for (const auto& d : r.diagnostics)
    if (d.severity == Severity::error) return "error: " + d.detail;
  return describe(r.value);
}

// A context with the standard functions and `secret` = sensitive "s3cr3t", `slist` = sensitive ["a","b"].
inline const EvalContext& sensitive_context() {
  static EvalContext c = [] {
    EvalContext x;
    add_standard_functions(x);
    x.set_variable("secret", Value::string("s3cr3t").with_mark("sensitive"));
    x.set_variable("snum", Value::number(3).with_mark("sensitive"));
    x.set_variable("slist", Value::list(Type::string(), {Value::string("b"), Value::string("a")}).with_mark("sensitive"));
    x.set_variable("smap", Value::map(Type::string(), {{"k", Value::string("v")}}).with_mark("sensitive"));
    x.set_variable("unk", Value::unknown(Type::string()));
    return x;
  }();
  return c;
}

inline bool sensitive_result(const std::string& text) {
  auto r = run(text, &sensitive_context());
  return !has_errors(r.diagnostics) && r.value.has_mark("sensitive");
}

// For the table tests: evaluates `text` with the standard functions and `variables`, described as
// "VALUE TYPE" (or "unknown TYPE"), " (sensitive)" appended when marked, or "ERROR summary: detail"
// for the first diagnostic ("PARSE ERROR" when the text does not parse).
inline std::string table_outcome(const std::string& text, const std::vector<std::pair<std::string, Value>>& variables) {
  auto parsed = parse_expression(text, "t.hcl");
  if (!parsed.expr || has_errors(parsed.diagnostics)) return "PARSE ERROR";
  EvalContext ctx;
  add_standard_functions(ctx);
  for (const auto& [name, value] : variables) ctx.set_variable(name, value);
  auto r = evaluate(*parsed.expr, &ctx);
  if (!r.diagnostics.empty()) return "ERROR " + r.diagnostics[0].summary + ": " + r.diagnostics[0].detail;
  std::string out = r.value.is_wholly_known() ? value_to_json(r.value.unmarked_deep(), r.value.type()).value_or("?") : "unknown";
  out += " " + type_to_json(r.value.type());
  if (r.value.has_mark("sensitive")) out += " (sensitive)";
  return out;
}

}  // namespace hclschema::testing_fn
