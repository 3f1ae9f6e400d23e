// "Where did this value come from?": every assignment of one name in precedence order, the one
// that won, what each replaced, and plain-language notes for the traps the precedence order sets
// (the environment is the lowest source, so a file silently beats TF_VAR_; a misspelled name in a
// file is ignored with only a warning). Notes never quote values, so they are safe to print.
#include "hclschema/vars.hpp"
#include "util/did_you_mean.hpp"

namespace hclschema {

std::string_view source_kind_name(SourceKind kind) {
  switch (kind) {
    case SourceKind::default_value:
      return "default";
    case SourceKind::env:
      return "env";
    case SourceKind::file:
      return "file";
    case SourceKind::flag:
      return "flag";
  }
  return "default";
}

std::string describe_source(const ValueSource& source) {
  const std::string line = source.range ? " line " + std::to_string(source.range->start.line) : "";
  const std::string option = " (option " + std::to_string(source.position) + " on the command line)";
  switch (source.kind) {
    case SourceKind::default_value:
      return "the default in " + source.name + line;
    case SourceKind::env:
      return "the " + source.name + " environment variable";
    case SourceKind::file:
      return source.named_file ? "-var-file=" + source.name + line + option : source.name + line;
    case SourceKind::flag:
      return "-var" + option;
  }
  return source.name;
}

namespace {

bool is_file(const ValueSource& s) { return s.kind == SourceKind::file; }

void add_env_notes(const std::vector<ExplainStep>& steps, std::optional<size_t> winner, const std::string& name, std::vector<std::string>& notes) {
  if (!winner) return;
  const ValueSource& won = steps[*winner].candidate->source;
  for (size_t i = 0; i < *winner; ++i) {
    const ValueSource& s = steps[i].candidate->source;
    if (s.kind != SourceKind::env) continue;
    if (is_file(won) && !won.named_file) {
      notes.push_back("Warning: " + s.name + " is set in the environment, but " + describe_source(won) +
                      " also assigns " + name +
                      " and wins without any error or warning: Terraform reads TF_VAR_ environment variables first, as the lowest-precedence "
                      "source, and every tfvars file overrides them. Remove " + name + " from " + won.name +
                      " (or pass the value with -var) if the environment is meant to decide.");
    } else {
      notes.push_back("Warning: " + s.name + " is set in the environment but is overridden by " + describe_source(won) +
                      ": environment variables have the lowest precedence of all sources.");
    }
  }
}

}  // namespace

ExplainResult explain_variable(const VarsResult& result, std::string_view name) {
  ExplainResult out;
  out.name = std::string(name);
  const std::vector<VariableCandidate>* candidates = nullptr;
  if (const ResolvedVariable* v = result.find(name)) {
    out.declared = true;
    out.variable = v;
    candidates = &v->candidates;
  } else if (const UndeclaredAssignment* u = result.find_undeclared(name)) {
    out.undeclared = u;
    candidates = &u->candidates;
  }
  if (candidates) {
    for (size_t i = 0; i < candidates->size(); ++i) {
      ExplainStep step;
      step.candidate = &(*candidates)[i];
      for (size_t j = 0; j < i; ++j) step.shadowed.push_back(j);
      if ((*candidates)[i].won) out.winner = i;
      out.steps.push_back(std::move(step));
    }
  }
  // The default is a fallback, never something a later source "shadows" in the user's sense:
  // still listed, so the reader sees what would apply without the others.
  if (out.variable) {
    const ResolvedVariable& v = *out.variable;
    add_env_notes(out.steps, out.winner, out.name, out.notes);
    if (out.winner && v.candidates[*out.winner].source.kind == SourceKind::default_value && v.candidates.size() > 1 && v.value) {
      const ValueSource& last = v.candidates.back().source;
      out.notes.push_back(describe_source(last) + " sets " + out.name +
                          " to null, and the variable is declared with nullable = false, so its default is used instead.");
    }
    if (v.candidates.empty()) {
      out.notes.push_back("No source assigns " + out.name + " and it has no default: set it with -var, -var-file, a tfvars file or TF_VAR_" +
                          out.name + ".");
    }
    for (const auto& u : result.undeclared) {
      if (u.suggestion != out.name) continue;
      out.notes.push_back("A value for " + u.name + " (not declared) is assigned by " + describe_source(u.candidates.back().source) +
                          "; if it was meant for " + out.name + ", it is ignored because of the spelling.");
    }
  } else if (out.undeclared) {
    std::string note = "The root module declares no variable named " + out.name + ", so every value below is ignored";
    if (!out.undeclared->suggestion.empty()) note += "; did you mean " + out.undeclared->suggestion + "?";
    out.notes.push_back(note + ".");
  } else {
    std::vector<std::string> names;
    for (const auto& v : result.variables) names.push_back(v.name);
    std::string note = "No variable named " + out.name + " is declared, and no source assigns one";
    const std::string suggestion = detail::name_suggestion(name, names);
    if (!suggestion.empty()) note += "; did you mean " + suggestion + "?";
    out.notes.push_back(note + ".");
  }
  if (out.variable && out.variable->sensitive) out.notes.push_back(out.name + " is sensitive: its values are redacted from every output.");
  return out;
}

}  // namespace hclschema
