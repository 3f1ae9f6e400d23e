// Deciding each root-module variable's value as Terraform does: the highest-precedence assignment
// replaces the whole value (no merging), the default is the fallback, optional-attribute defaults
// are applied before conversion, `nullable = false` turns a null into the default, validation
// rules run last; values for undeclared names are warned about (files), refused (-var) or ignored
// (environment). Wording follows Terraform's ParseVariableValues, prepareFinalInputVariableValue
// and evalVariableValidation.
#include <algorithm>
#include <map>

#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/value/convert.hpp"
#include "hclschema/vars.hpp"
#include "util/did_you_mean.hpp"
#include "util/go_format.hpp"
#include "vars/vars_internal.hpp"

namespace hclschema {

namespace {

using detail::go_quote;
using detail::range_string;

Value mark_if(const Value& v, bool sensitive) { return sensitive ? v.with_mark(sensitive_mark) : v; }

// Terraform's wording for a value that did not come from a file ("set using ...").
std::string non_file_source(const ValueSource& source, const std::string& name) {
  if (source.kind == SourceKind::flag) return "set using -var=\"" + name + "=...\"";
  if (source.kind == SourceKind::env) return "set using the TF_VAR_" + name + " environment variable";
  return "";
}

struct Pending {
  ResolvedVariable variable;
  std::optional<size_t> winner;  // index into variable.candidates
  bool failed = false;           // an error already reported: no validation
};

// Steps 1-5 for one declared variable: pick, convert, nullable, mark.
void decide(const VariableDeclaration& decl, const std::vector<const detail::RawAssignment*>& assigned, Pending& p, VarsResult& result,
            std::vector<std::shared_ptr<const SourceFile>>& text_sources, std::vector<Range>& masked) {
  ResolvedVariable& rv = p.variable;
  rv.name = decl.name;
  rv.declaration = &decl;
  rv.sensitive = decl.sensitive;
  if (decl.default_value) {
    VariableCandidate c;
    c.source.kind = SourceKind::default_value;
    c.source.name = decl.decl_range.filename;
    c.source.range = decl.default_range;
    c.value = mark_if(*decl.default_value, decl.sensitive);
    rv.candidates.push_back(std::move(c));
    if (decl.sensitive) masked.push_back(decl.default_range);
  }
  const size_t default_index = 0;
  Diagnostics winner_diags;
  for (size_t i = 0; i < assigned.size(); ++i) {
    const detail::RawAssignment& raw = *assigned[i];
    detail::ParsedAssignment parsed = detail::parse_assignment(raw, decl.parsing_mode);
    VariableCandidate c;
    c.source = raw.source;
    if (parsed.value) c.value = mark_if(*parsed.value, decl.sensitive);
    if (decl.sensitive && raw.source.range) masked.push_back(*raw.source.range);
    // Only the winning assignment is parsed by Terraform, so only its problems are reported.
    if (i + 1 == assigned.size()) {
      winner_diags = std::move(parsed.diagnostics);
      if (parsed.text_source) {
        text_sources.push_back(parsed.text_source);
        if (decl.sensitive) masked.push_back(parsed.text_source->range({0, static_cast<uint32_t>(parsed.text_source->text().size())}));
      }
    }
    rv.candidates.push_back(std::move(c));
  }

  const bool has_default = decl.default_value.has_value();
  Value given;
  if (!assigned.empty()) {
    p.winner = rv.candidates.size() - 1;
    rv.source = rv.candidates.back().source;
    append(result.diagnostics, std::move(winner_diags));
    if (!rv.candidates.back().value) {
      p.failed = true;
      rv.candidates.back().won = true;
      return;
    }
    given = rv.candidates.back().value->unmarked();
  } else if (has_default) {
    p.winner = default_index;
    rv.source = rv.candidates.front().source;
    given = *decl.default_value;
  } else {
    result.diagnostics.push_back(make_error("No value for required variable",
                                            "The root module input variable " + go_quote(decl.name) +
                                                " is not set, and has no default value. Use a -var or -var-file command line argument to "
                                                "provide a value for this variable.",
                                            decl.decl_range));
    rv.source.kind = SourceKind::default_value;
    rv.source.name = decl.decl_range.filename;
    p.failed = true;
    return;
  }
  rv.candidates[*p.winner].won = true;

  const std::string addr = "var." + decl.name;
  const std::string nonfile = non_file_source(rv.source, decl.name);
  ConstraintConversion converted = decl.constraint.convert(given);
  if (!converted.value) {
    std::string detail;
    Range subject = decl.decl_range;
    if (!nonfile.empty()) {
      detail = "Unsuitable value for " + addr + " " + nonfile + ": " + converted.error.message + ".";
    } else if (decl.sensitive) {
      // The operator may not be allowed to see the value, so the snippet is the declaration's.
      detail = "The given value is not suitable for " + addr + ", which is sensitive: " + converted.error.message + ". Invalid value defined at " +
               range_string(rv.source.range.value_or(decl.decl_range)) + ".";
    } else {
      detail = "The given value is not suitable for " + addr + " declared at " + range_string(decl.decl_range) + ": " +
               converted.error.message + ".";
      subject = rv.source.range.value_or(decl.decl_range);
    }
    result.diagnostics.push_back(make_error("Invalid value for input variable", detail, subject));
    p.failed = true;
    return;
  }
  Value val = std::move(*converted.value);

  // A null for a variable that may not be null means "use the default"; nullable ones keep null.
  if (val.is_null() && !decl.nullable) {
    if (has_default && rv.source.kind != SourceKind::default_value) {
      rv.candidates[*p.winner].won = false;
      p.winner = default_index;
      rv.candidates[default_index].won = true;
      rv.source = rv.candidates[default_index].source;
      val = *decl.default_value;
    } else if (!has_default) {
      std::string detail;
      Range subject = decl.decl_range;
      if (!nonfile.empty()) {
        detail = "Unsuitable value for " + addr + " " + nonfile + ": required variable may not be set to null.";
      } else {
        detail = "The given value is not suitable for " + addr + " defined at " + range_string(decl.decl_range) +
                 ": required variable may not be set to null.";
        subject = rv.source.range.value_or(decl.decl_range);
      }
      result.diagnostics.push_back(make_error("Required variable not set", detail, subject));
      p.failed = true;
      return;
    }
  }
  rv.value = mark_if(val, decl.sensitive);
}

// One validation rule against the resolved value (evalVariableValidation).
void validate(const VariableDeclaration& decl, const VariableValidation& rule, const EvalContext& ctx, const Range& value_range,
              Diagnostics& diags) {
  if (!rule.condition || !rule.error_message) return;
  const std::vector<Traversal> refs = rule.condition->variables();
  const bool looks_at_value = std::any_of(refs.begin(), refs.end(), [&](const Traversal& t) {
    return t.size() >= 2 && t[0].name == "var" && ((t[1].kind == TraversalStep::Kind::attr && t[1].name == decl.name) ||
                                                   (t[1].kind == TraversalStep::Kind::index && t[1].key.text == decl.name));
  });
  if (!looks_at_value) return;  // already an error at the declaration

  EvalResult cond = evaluate(*rule.condition, &ctx);
  const bool cond_failed = has_errors(cond.diagnostics);
  append(diags, std::move(cond.diagnostics));
  EvalResult msg = evaluate(*rule.error_message, &ctx);
  Diagnostics msg_diags = std::move(msg.diagnostics);
  if (has_errors(msg_diags)) {
    // A JSON-syntax message is read as a literal string when it is not a valid template.
    EvalResult literal = evaluate(*rule.error_message, nullptr);
    if (!has_errors(literal.diagnostics) && literal.value.type() == Type::string()) {
      msg.value = literal.value;
      Diagnostic warning{Severity::warning, "Validation error message expression is invalid",
                         "The error message provided could not be evaluated as an expression, so Terraform is interpreting it as a string "
                         "literal.\n\nIn future versions of Terraform, this will be considered an error. Please file a GitHub issue if this "
                         "would break your workflow.",
                         rule.error_message->range(), rule.decl_range, {}};
      msg_diags = {warning};
    }
    append(diags, msg_diags);
  }
  if (cond_failed || !cond.value.is_known()) return;  // unknown: decided later, as Terraform does
  if (cond.value.is_null()) {
    diags.push_back(make_error("Invalid variable validation result", "Validation condition expression must return either true or false, not null.",
                               rule.condition->range()));
    return;
  }
  ConvertResult as_bool = convert(cond.value.unmarked_deep(), Type::boolean());
  if (!as_bool.value) {
    const std::string why = as_bool.error.path.empty() ? as_bool.error.message : as_bool.error.path + ": " + as_bool.error.message;
    diags.push_back(make_error("Invalid variable validation result", "Invalid validation condition result value: " + why + ".", rule.condition->range()));
    return;
  }
  if (!as_bool.value->is_known() || as_bool.value->as_bool()) return;

  if (!msg.value.is_known()) {
    diags.push_back(make_error("Invalid error message",
                               "Unsuitable value for error message: expression refers to values that won't be known until the apply phase.",
                               rule.error_message->range()));
    return;
  }
  std::string message;
  if (!has_errors(msg_diags) && !msg.value.is_null()) {
    ConvertResult as_string = convert(msg.value, Type::string());
    if (!as_string.value) {
      diags.push_back(make_error("Invalid error message", "Unsuitable value for error message: " + as_string.error.message + ".",
                                 rule.error_message->range()));
    } else if (as_string.value->has_mark(sensitive_mark) || as_string.value->contains_marked()) {
      diags.push_back(make_error("Error message refers to sensitive values",
                                 "The error expression used to explain this condition refers to sensitive values. Terraform will not display the "
                                 "resulting message.\n\nYou can correct this by removing references to sensitive values, or by carefully using the "
                                 "nonsensitive() function if the expression will not reveal the sensitive data.",
                                 rule.error_message->range()));
      message = "The error message included a sensitive value, so it will not be displayed.";
    } else if (as_string.value->is_known() && !as_string.value->is_null()) {
      message = as_string.value->as_string();
      const auto first = message.find_first_not_of(" \t\n\r\v\f");
      const auto last = message.find_last_not_of(" \t\n\r\v\f");
      message = first == std::string::npos ? std::string() : message.substr(first, last - first + 1);
    }
  }
  if (message.empty()) message = "Failed to evaluate condition error message.";
  diags.push_back(make_error("Invalid value for variable", message + "\n\nThis was checked by the validation rule at " + range_string(rule.decl_range) + ".",
                             value_range));
}

}  // namespace

const ResolvedVariable* VarsResult::find(std::string_view name) const {
  for (const auto& v : variables)
    if (v.name == name) return &v;
  return nullptr;
}

const UndeclaredAssignment* VarsResult::find_undeclared(std::string_view name) const {
  for (const auto& u : undeclared)
    if (u.name == name) return &u;
  return nullptr;
}

VarsResult resolve_variables(const VarsRequest& request) {
  VarsResult result;
  const std::string dir = request.directory.empty() ? std::string(".") : request.directory;
  result.declarations = load_declarations(dir);
  result.diagnostics = result.declarations.diagnostics;
  detail::CollectedSources sources = detail::collect_sources(request, result.declarations);
  append(result.diagnostics, std::move(sources.diagnostics));

  // Assignments by name, lowest precedence first.
  std::map<std::string, std::vector<const detail::RawAssignment*>, std::less<>> by_name;
  std::map<std::string, size_t, std::less<>> last_index;  // name -> index of its winning assignment
  for (size_t i = 0; i < sources.assignments.size(); ++i) {
    by_name[sources.assignments[i].name].push_back(&sources.assignments[i]);
    last_index[sources.assignments[i].name] = i;
  }

  std::vector<const VariableDeclaration*> decls;
  for (const auto& d : result.declarations.variables) decls.push_back(&d);
  std::sort(decls.begin(), decls.end(), [](const auto* a, const auto* b) { return a->name < b->name; });

  std::vector<std::shared_ptr<const SourceFile>> text_sources;
  std::vector<Range> masked;
  std::vector<Pending> pending(decls.size());
  static const std::vector<const detail::RawAssignment*> none;
  for (size_t i = 0; i < decls.size(); ++i) {
    auto it = by_name.find(decls[i]->name);
    decide(*decls[i], it == by_name.end() ? none : it->second, pending[i], result, text_sources, masked);
  }

  // Validation rules see every resolved variable (Terraform 1.9 lets them look at others); what
  // is not known here (locals, resources) is unknown, so such a rule is left for Terraform.
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.partial = true;
  {
    std::vector<std::pair<std::string, Value>> attrs;
    for (const auto& p : pending) {
      attrs.emplace_back(p.variable.name, p.variable.value ? *p.variable.value
                                                           : Value::unknown(p.variable.declaration->constraint.type().without_optional_attributes_deep()));
    }
    ctx.set_variable("var", Value::object(std::move(attrs)));
  }
  for (auto& p : pending) {
    const VariableDeclaration& decl = *p.variable.declaration;
    if (p.failed || !p.variable.value) continue;
    const ValueSource& src = p.variable.source;
    const Range value_range = src.kind == SourceKind::file && src.range ? *src.range : decl.decl_range;
    for (const auto& rule : decl.validations) validate(decl, rule, ctx, value_range, result.diagnostics);
  }
  for (auto& p : pending) result.variables.push_back(std::move(p.variable));

  // Names nobody declared.
  std::vector<std::string> declared_names;
  for (const auto* d : decls) declared_names.push_back(d->name);
  std::vector<std::pair<size_t, UndeclaredAssignment>> undeclared;
  for (const auto& [name, assigned] : by_name) {
    if (result.declarations.find(name)) continue;
    UndeclaredAssignment u;
    u.name = name;
    u.suggestion = detail::name_suggestion(name, declared_names);
    const VariableDeclaration* near = u.suggestion.empty() ? nullptr : result.declarations.find(u.suggestion);
    for (const auto* raw : assigned) {
      VariableCandidate c;
      c.source = raw->source;
      detail::ParsedAssignment parsed = detail::parse_assignment(*raw, VariableParsingMode::literal);
      c.value = parsed.value;
      // Probably a misspelled sensitive variable: treat its value as one.
      if (near && near->sensitive) {
        if (c.value) c.value = c.value->with_mark(sensitive_mark);
        if (raw->source.range) masked.push_back(*raw->source.range);
      }
      u.candidates.push_back(std::move(c));
    }
    u.candidates.back().won = true;
    undeclared.emplace_back(last_index[name], std::move(u));
  }
  std::sort(undeclared.begin(), undeclared.end(), [](const auto& a, const auto& b) { return a.first < b.first; });

  int seen_in_file = 0;
  for (auto& [index, u] : undeclared) {
    const VariableCandidate& winner = u.candidates.back();
    if (!winner.value) {
      result.undeclared.push_back(std::move(u));
      continue;  // Terraform drops an unparseable value for an undeclared name silently
    }
    switch (winner.source.kind) {
      case SourceKind::file:
        if (seen_in_file < 2) {
          std::string detail = "The root module does not declare a variable named " + go_quote(u.name) + " but a value was found in file " +
                               go_quote(winner.source.name) +
                               ". If you meant to use this value, add a \"variable\" block to the configuration.\n\nTo silence these warnings, use "
                               "TF_VAR_... environment variables to provide certain \"global\" settings to all configurations in your "
                               "organization. To reduce the verbosity of these warnings, use the -compact-warnings option.";
          if (!u.suggestion.empty()) detail += "\n\nDid you mean " + go_quote(u.suggestion) + "?";
          result.diagnostics.push_back(Diagnostic{Severity::warning, "Value for undeclared variable", detail, winner.source.range, std::nullopt, {}});
        }
        ++seen_in_file;
        break;
      case SourceKind::env:
        break;  // set globally for many configurations; ignored, as Terraform does
      default: {
        std::string detail = "A variable named " + go_quote(u.name) +
                             " was assigned on the command line, but the root module does not declare a variable of that name. To use this value, "
                             "add a \"variable\" block to the configuration.";
        if (!u.suggestion.empty()) detail += "\n\nDid you mean " + go_quote(u.suggestion) + "?";
        result.diagnostics.push_back(make_error("Value for undeclared variable", detail, std::nullopt));
        break;
      }
    }
    result.undeclared.push_back(std::move(u));
  }
  if (seen_in_file > 2) {
    result.diagnostics.push_back(Diagnostic{Severity::warning, "Values for undeclared variables",
                                            "In addition to the other similar warnings shown, " + std::to_string(seen_in_file - 2) +
                                                " other variable(s) defined without being declared.",
                                            std::nullopt, std::nullopt, {}});
  }
  std::sort(result.undeclared.begin(), result.undeclared.end(), [](const auto& a, const auto& b) { return a.name < b.name; });

  std::vector<std::shared_ptr<const SourceFile>> all;
  for (const auto& f : result.declarations.files) all.push_back(f->source_ptr());
  for (const auto& f : sources.files) all.push_back(f->source_ptr());
  for (auto& t : text_sources) all.push_back(std::move(t));
  result.snippet_sources = detail::mask_sources(all, masked);
  // The declarations' expressions live in their files; the tfvars files must outlive the
  // candidates' ranges only, which are plain data, so they can go.
  return result;
}

}  // namespace hclschema
