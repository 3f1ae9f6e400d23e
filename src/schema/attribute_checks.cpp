// The checks of one attribute value (see attribute_checks.hpp). Order matters: a value that does
// not fit the type is reported once and gets no further checks, which would only repeat the problem.
#include "schema/attribute_checks.hpp"

#include <memory>
#include <optional>

#include "hclschema/eval/evaluate.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/static_expr.hpp"
#include "hclschema/value/convert.hpp"
#include "schema/compiled_pattern.hpp"
#include "schema/schema_messages.hpp"
#include "util/did_you_mean.hpp"
#include "util/go_format.hpp"

namespace hclschema::detail {

namespace {

Range attribute_context(const Attribute& attr) { return attr.range(); }

void check_enum(const AttributeDecl& decl, const Attribute& attr, const Value& value, Diagnostics& diags) {
  if (decl.enum_values.empty() || value.is_null() || enum_contains(decl.enum_values, value)) return;
  std::string permitted;
  std::vector<std::string> names;
  for (size_t i = 0; i < decl.enum_values.size(); ++i) {
    permitted += (i == 0 ? "" : ", ") + display_value(decl.enum_values[i], false);
    if (decl.enum_values[i].type() == Type::string()) names.push_back(decl.enum_values[i].as_string());
  }
  std::string detail = "The value of " + go_quote(decl.name) + " must be one of " + permitted + "; got " + display_value(value, decl.sensitive) + ".";
  if (!decl.sensitive && value.type() == Type::string()) {
    const Value plain = value.unmarked_deep();
    if (std::string s = name_suggestion(plain.as_string(), names); !s.empty()) detail += " Did you mean " + go_quote(s) + "?";
  }
  diags.push_back(make_error("Value not permitted", detail, attr.expr->range(), attribute_context(attr)));
}

void check_pattern(const AttributeDecl& decl, const Attribute& attr, const Value& value, Diagnostics& diags) {
  if (!decl.compiled_pattern || value.is_null()) return;
  // Marks live beside the content: a marked string's type and text are those of the plain one.
  if (value.type() != Type::string()) return;  // patterns constrain strings only
  if (decl.compiled_pattern->matches(value.as_string())) return;
  diags.push_back(make_error("Value does not match pattern",
                             "The value of " + go_quote(decl.name) + " must match the pattern " + go_quote(*decl.pattern) + "; got " +
                                 display_value(value, decl.sensitive) + ".",
                             attr.expr->range(), attribute_context(attr)));
}

// min and max bound a number's value, a string's length in characters, a collection's element count.
// What is measured is read in place (marks do not change a type, a length or a number); the
// message text is built only for a bound that is not met.
void check_bounds(const AttributeDecl& decl, const Attribute& attr, const Value& value, Diagnostics& diags) {
  if ((!decl.min && !decl.max) || value.is_null()) return;
  const Type& t = value.type();
  enum class Measure { number, length, elements } what;
  Number counted;
  if (t == Type::number()) {
    what = Measure::number;
  } else if (t == Type::string()) {
    what = Measure::length;
    counted = Number(static_cast<int64_t>(value.string_length()));
  } else if (t.is_list() || t.is_set() || t.is_map() || t.is_tuple() || t.is_object()) {
    what = Measure::elements;
    counted = Number(static_cast<int64_t>(value.length()));
  } else {
    return;
  }
  const Number& measured = what == Measure::number ? value.as_number() : counted;
  auto describe = [&](const Value& bound, const char* relation) {
    const Number& n = bound.as_number();
    std::string subject, unit_one, unit_many;
    switch (what) {
      case Measure::number:
        subject = "The value of " + go_quote(decl.name);
        break;
      case Measure::length:
        subject = "The length of " + go_quote(decl.name);
        unit_one = " character";
        unit_many = " characters";
        break;
      case Measure::elements:
        subject = go_quote(decl.name) + " must have";
        unit_one = " element";
        unit_many = " elements";
        break;
    }
    std::string unit = unit_one.empty() ? "" : (n == Number(1) ? unit_one : unit_many);
    std::string head = t.is_primitive() ? subject + " must be " + relation : subject + " " + relation;
    std::string got = decl.sensitive && t == Type::number() ? "" : "; got " + measured.to_string();
    return head + " " + n.to_string() + unit + got + ".";
  };
  if (decl.min && Number::compare(measured, decl.min->as_number()) < 0)
    diags.push_back(make_error("Value out of range", describe(*decl.min, "at least"), attr.expr->range(), attribute_context(attr)));
  if (decl.max && Number::compare(measured, decl.max->as_number()) > 0)
    diags.push_back(make_error("Value out of range", describe(*decl.max, "at most"), attr.expr->range(), attribute_context(attr)));
}

// The standard functions over `ctx`, built once per thread and context rather than once per
// checked value: copying the function table dominated validation. The scope holds only the
// functions and a pointer to `ctx`, so a context at a reused address is served correctly too.
const EvalContext& functions_over(const EvalContext& ctx) {
  thread_local std::unique_ptr<EvalContext> scope;
  thread_local const EvalContext* parent = nullptr;
  if (!scope || parent != &ctx) {
    scope = std::make_unique<EvalContext>(&ctx);
    add_standard_functions(*scope);
    parent = &ctx;
  }
  return *scope;
}

void check_validations(const AttributeDecl& decl, const Attribute& attr, const Value& value, const EvalContext& ctx, Diagnostics& diags) {
  if (decl.validations.empty()) return;
  EvalContext scope(&functions_over(ctx));
  scope.set_variable("self", value);
  for (const ValidationRule& rule : decl.validations) {
    EvalResult result = evaluate(*rule.condition, &scope);
    if (has_errors(result.diagnostics)) {
      append(diags, std::move(result.diagnostics));
      continue;
    }
    const Value verdict = result.value.unmarked_deep();
    if (!verdict.is_known()) continue;  // depends on what is not known yet
    if (verdict.is_null() || verdict.type() != Type::boolean()) {
      ConvertResult as_bool = verdict.is_null() ? ConvertResult{} : convert(verdict, Type::boolean());
      if (verdict.is_null() || !as_bool.value) {
        diags.push_back(make_error("Invalid validation condition",
                                   "The condition must produce true or false, not " +
                                       (verdict.is_null() ? std::string("null") : verdict.type().friendly_name()) + ".",
                                   rule.condition->range()));
        continue;
      }
      if (as_bool.value->as_bool()) continue;
    } else if (verdict.as_bool()) {
      continue;
    }
    // The rule failed: its message, unless that cannot be shown.
    std::string message;
    EvalResult text = evaluate(*rule.error_message, &scope);
    if (has_errors(text.diagnostics) || !text.value.is_known() || text.value.is_null()) {
      message = "The validation rule failed, and its error message could not be produced.";
    } else if (text.value.has_mark("sensitive") || text.value.contains_marked()) {
      message = "The error message included a sensitive value, so it will not be displayed.";
    } else {
      ConvertResult s = convert(text.value, Type::string());
      message = s.value ? s.value->as_string() : "The validation rule failed, and its error message is not a string.";
    }
    diags.push_back(make_error("Invalid value for attribute",
                               message + "\n\nThis was checked by the validation rule at " + range_string(rule.range) + ".",
                               attr.expr->range(), attribute_context(attr)));
  }
}

}  // namespace

CheckedAttribute check_attribute(const AttributeDecl& decl, const Attribute& attr, const EvalContext& ctx, bool caller_context,
                                 Diagnostics& diags) {
  CheckedAttribute out;
  EvalResult evaluated = evaluate(*attr.expr, &ctx);
  if (has_errors(evaluated.diagnostics)) {
    append(diags, std::move(evaluated.diagnostics));
    out.value = Value::unknown(Type::dynamic());
    out.type_ok = false;
    return out;
  }
  append(diags, std::move(evaluated.diagnostics));
  // Assigned on each branch rather than through a conditional expression, whose temporary is one
  // more value to build and destroy for every attribute.
  if (decl.sensitive)
    out.value = evaluated.value.with_marks({"sensitive"});
  else
    out.value = std::move(evaluated.value);

  if (decl.deprecated)
    diags.push_back(Diagnostic{Severity::warning, "Deprecated attribute",
                               "The attribute " + go_quote(decl.name) + " is deprecated: " + *decl.deprecated, attr.name_range(), attr.range(), {}});

  // A declaration with nothing to check about the value leaves nothing unchecked: its value is not
  // walked to see whether it is wholly known (untyped attributes hold the largest values).
  const bool has_value_checks = decl.type || !decl.enum_values.empty() || decl.compiled_pattern || decl.min || decl.max || !decl.validations.empty();
  if (!has_value_checks) {
    out.checked = true;
    return out;
  }
  // Without a context from the caller, what refers to variables or calls functions is unknown:
  // left unchecked rather than reported, as the spec asks.
  if (!caller_context && !out.value.is_wholly_known()) return out;
  out.checked = true;

  // The checks read the value in place, or the converted value when there is a type.
  const Value* value = &out.value;
  std::optional<Value> converted_value;
  if (decl.type) {
    ConvertResult converted = convert(out.value, decl.type->type());
    if (!converted.value) {
      out.type_ok = false;
      diags.push_back(make_error("Incorrect attribute value type",
                                 "Inappropriate value for attribute " + go_quote(decl.name) + ": " + error_text(converted.error) + ".",
                                 // A sensitive value is hidden whole, so the subject is all of it.
                                 decl.sensitive ? attr.expr->range() : expr_at_value_path(*attr.expr, converted.error.path).range(),
                                 attribute_context(attr)));
      diags.back().redact_subject = decl.sensitive;
      return out;
    }
    converted_value = std::move(converted.value);
    value = &*converted_value;
  }
  // A caller's unknown variable: nothing more to check. (Without a caller's context the value is
  // wholly known by now, and converting a wholly known value gives a wholly known value.)
  if (caller_context && !value->is_wholly_known()) return out;
  const size_t first_new = diags.size();
  check_enum(decl, attr, *value, diags);
  check_pattern(decl, attr, *value, diags);
  check_bounds(decl, attr, *value, diags);
  check_validations(decl, attr, *value, ctx, diags);
  if (decl.sensitive)
    for (size_t i = first_new; i < diags.size(); ++i) diags[i].redact_subject = true;
  return out;
}

}  // namespace hclschema::detail
