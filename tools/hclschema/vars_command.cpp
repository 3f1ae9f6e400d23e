// `hclschema vars [-chdir=DIR] [-var NAME=VALUE]... [-var-file=FILE]... [--explain NAME]
// [--format text|json] [--show-sensitive]`: Terraform root-module variables and where each came from.
// Terraform's single-dash spellings are rewritten before CLI11 sees them (cli.cpp, normalize_args).
// The work is the vars layer's (include/hclschema/vars.hpp); this file reads flags and prints.
#include <sys/stat.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "diagnostic/diagnostic_json.hpp"
#include "hclschema/diagnostic_writer.hpp"
#include "hclschema/value/json.hpp"
#include "hclschema/vars.hpp"
#include "util/json_indent.hpp"

extern char** environ;  // NOLINT: the process environment, passed to the library explicitly

namespace hclschema::cli {

namespace {

struct VarsCommandOptions {
  std::string chdir;
  std::vector<std::string> vars;
  std::vector<std::string> var_files;
  std::string explain;
  std::string format;
  bool show_sensitive = false;
  CLI::App* app = nullptr;
};

std::string quote(const std::string& s) { return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

bool is_sensitive(const Value& v) { return v.has_mark(sensitive_mark) || v.contains_marked(); }

// cty's JSON text of a value, or nullopt when it cannot be shown (hidden or unknown).
std::optional<std::string> value_text(const std::optional<Value>& v, bool show_sensitive) {
  if (!v || (!show_sensitive && is_sensitive(*v))) return std::nullopt;
  Value plain = v->unmarked_deep();
  return value_to_json(plain, plain.type());
}

std::string value_cell(const std::optional<Value>& v, bool show_sensitive) {
  if (!v) return "(no value)";
  if (!show_sensitive && is_sensitive(*v)) return "(sensitive value)";
  return value_text(v, show_sensitive).value_or("(not known)");
}

// The value's type, or the declared one when the value is not known or is hidden: a hidden value's
// own type could name its secret keys (an `any` variable holding a decoded secret), the declared
// type names only what the configuration says.
Type shown_type(const ResolvedVariable& v, bool show_sensitive) {
  if (v.value && v.value->is_known() && (show_sensitive || !is_sensitive(*v.value))) return v.value->type();
  return v.declaration->constraint.type().without_optional_attributes_deep();
}

std::string source_json(const ValueSource& s, bool detailed) {
  std::string out = "{\"kind\":" + quote(std::string(source_kind_name(s.kind))) + ",\"name\":" + quote(s.name);
  if (detailed) {
    if (s.range) out += ",\"line\":" + std::to_string(s.range->start.line);
    if (s.position > 0) out += ",\"position\":" + std::to_string(s.position);
  }
  return out + "}";
}

std::string short_source(const ValueSource& s) {
  std::string line = s.range ? ":" + std::to_string(s.range->start.line) : "";
  switch (s.kind) {
    case SourceKind::default_value:
      return "default (" + s.name + line + ")";
    case SourceKind::env:
      return "env " + s.name;
    case SourceKind::file:
      return (s.named_file ? "-var-file " : "file ") + s.name + line;
    case SourceKind::flag:
      return "-var (option " + std::to_string(s.position) + ")";
  }
  return s.name;
}

void write_diagnostics_text(const VarsResult& result) {
  if (result.diagnostics.empty()) return;
  SourceFiles sources;
  for (const auto& s : result.snippet_sources) sources.emplace(s->filename(), s);
  std::ostringstream err;
  DiagnosticTextWriter writer(err, sources, {.color = use_color(stderr), .width = terminal_width(stderr), .context = {}});
  writer.write_all(result.diagnostics);
  std::cerr << err.str() << std::flush;
}

std::string diagnostics_json(const Diagnostics& diags) {
  return detail::diagnostics_to_json_array(diags).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void print_table(const VarsResult& result, bool show_sensitive) {
  std::vector<std::array<std::string, 4>> rows = {{"NAME", "VALUE", "TYPE", "SOURCE"}};
  for (const auto& v : result.variables) rows.push_back({v.name, value_cell(v.value, show_sensitive), type_string(shown_type(v, show_sensitive)), short_source(v.source)});
  std::array<size_t, 3> width{};
  for (const auto& row : rows)
    for (size_t c = 0; c < 3; ++c) width[c] = std::max(width[c], row[c].size());
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < 3; ++c) line += row[c] + std::string(width[c] - row[c].size() + 2, ' ');
    std::cout << line << row[3] << '\n';
  }
}

void print_json(const VarsResult& result, bool show_sensitive) {
  std::string out = "{\"variables\":{";
  bool first = true;
  for (const auto& v : result.variables) {
    out += (first ? "" : ",") + quote(v.name) + ":{";
    first = false;
    if (auto text = value_text(v.value, show_sensitive)) out += "\"value\":" + *text + ",";
    out += "\"type\":" + type_to_json(shown_type(v, show_sensitive)) + ",\"sensitive\":" + (v.sensitive ? "true" : "false") +
           ",\"source\":" + source_json(v.source, false) + "}";
  }
  out += "},\"diagnostics\":" + diagnostics_json(result.diagnostics) + "}";
  std::cout << detail::indent_json(out) << "\n";
}

int print_explain(const VarsResult& result, const VarsCommandOptions& options) {
  ExplainResult ex = explain_variable(result, options.explain);
  const bool known = ex.declared || ex.undeclared;
  const ResolvedVariable* v = ex.variable;
  if (options.format == "json") {
    std::string out = "{\"name\":" + quote(ex.name) + ",\"declared\":" + (ex.declared ? "true" : "false");
    if (v) {
      if (auto text = value_text(v->value, options.show_sensitive)) out += ",\"value\":" + *text;
      out += ",\"type\":" + type_to_json(shown_type(*v, options.show_sensitive)) + ",\"sensitive\":" + (v->sensitive ? "true" : "false") +
             ",\"source\":" + source_json(v->source, true);
    }
    out += ",\"candidates\":[";
    for (size_t i = 0; i < ex.steps.size(); ++i) {
      const VariableCandidate& c = *ex.steps[i].candidate;
      out += (i ? "," : "") + std::string("{\"source\":") + source_json(c.source, true);
      if (auto text = value_text(c.value, options.show_sensitive)) out += ",\"value\":" + *text;
      out += std::string(",\"won\":") + (c.won ? "true" : "false") + ",\"shadowed\":[";
      for (size_t j = 0; j < ex.steps[i].shadowed.size(); ++j) out += (j ? "," : "") + std::to_string(ex.steps[i].shadowed[j]);
      out += "]}";
    }
    out += "],\"notes\":[";
    for (size_t i = 0; i < ex.notes.size(); ++i) out += (i ? "," : "") + quote(ex.notes[i]);
    out += "],\"diagnostics\":" + diagnostics_json(result.diagnostics) + "}";
    std::cout << detail::indent_json(out) << "\n";
  } else {
    if (v) {
      std::cout << "var." << ex.name << " = " << value_cell(v->value, options.show_sensitive) << "\n  type:   " << type_string(shown_type(*v, options.show_sensitive))
                << "\n  source: " << describe_source(v->source) << "\n";
    } else {
      std::cout << "var." << ex.name << " (not declared)\n";
    }
    if (!ex.steps.empty()) std::cout << "\nAssignments, lowest precedence first (a later one replaces the whole value):\n";
    for (size_t i = 0; i < ex.steps.size(); ++i) {
      const VariableCandidate& c = *ex.steps[i].candidate;
      std::cout << "  " << (i + 1) << ". " << describe_source(c.source) << ": " << value_cell(c.value, options.show_sensitive);
      if (c.won) {
        std::cout << "  <- wins";
        if (!ex.steps[i].shadowed.empty()) {
          std::cout << ", shadowing";
          for (size_t j : ex.steps[i].shadowed) std::cout << ' ' << (j + 1);
        }
      } else if (ex.winner && i < *ex.winner) {
        std::cout << "  (shadowed by " << (*ex.winner + 1) << ")";
      } else if (ex.winner && i > *ex.winner) {
        std::cout << "  (null, not used: nullable = false)";
      }
      std::cout << '\n';
    }
    for (const auto& note : ex.notes) std::cout << '\n' << note << '\n';
    write_diagnostics_text(result);
  }
  if (!known) return exit_errors;
  return has_errors(result.diagnostics) ? exit_errors : exit_ok;
}

int run_vars(const VarsCommandOptions& options) {
  VarsRequest request;
  if (!options.chdir.empty()) {
    struct stat st{};
    if (::stat(options.chdir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
      std::cerr << "hclschema: -chdir: the directory \"" << options.chdir << "\" does not exist\n";
      return exit_usage;
    }
    request.directory = options.chdir;
  }
  for (char** e = environ; e && *e; ++e) {
    std::string_view entry(*e);
    const size_t eq = entry.find('=');
    if (eq == std::string_view::npos) continue;
    request.environment.emplace(std::string(entry.substr(0, eq)), std::string(entry.substr(eq + 1)));
  }
  // -var and -var-file are one ordered list to Terraform: recover the interleaving CLI11 parsed.
  const CLI::Option* var_opt = options.app->get_option("--var");
  const CLI::Option* file_opt = options.app->get_option("--var-file");
  size_t next_var = 0;
  size_t next_file = 0;
  for (const CLI::Option* opt : options.app->parse_order()) {
    if (opt == var_opt && next_var < options.vars.size()) request.options.push_back({VarOption::Kind::var, options.vars[next_var++]});
    if (opt == file_opt && next_file < options.var_files.size()) request.options.push_back({VarOption::Kind::var_file, options.var_files[next_file++]});
  }

  VarsResult result = resolve_variables(request);
  if (!options.explain.empty()) return print_explain(result, options);
  if (options.format == "json") {
    print_json(result, options.show_sensitive);
  } else {
    print_table(result, options.show_sensitive);
    write_diagnostics_text(result);
  }
  return has_errors(result.diagnostics) ? exit_errors : exit_ok;
}

}  // namespace

Command add_vars_command(CLI::App& root) {
  auto options = std::make_shared<VarsCommandOptions>();
  CLI::App* app = root.add_subcommand("vars", "Resolve the input variables of a Terraform root module, as terraform would");
  options->app = app;
  app->add_option("--chdir", options->chdir, "-chdir=DIR: the root module's directory (default: the current one)")->type_name("DIR");
  app->add_option("--var", options->vars, "-var NAME=VALUE: set a variable (repeatable)")
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false);
  app->add_option("--var-file", options->var_files, "-var-file=FILE: read variables from a .tfvars or .tfvars.json file (repeatable)")
      ->type_name("FILE")
      ->allow_extra_args(false);
  app->add_option("--explain", options->explain, "Show every source of variable NAME and which one wins")->type_name("NAME");
  add_format_option(*app, options->format, {"text", "json"});
  app->add_flag("--show-sensitive", options->show_sensitive, "Print the values of sensitive variables instead of hiding them");
  app->footer(
      "Terraform's spellings are accepted: -chdir=DIR, -var NAME=VALUE, -var=NAME=VALUE,\n"
      "-var-file=FILE, -var-file FILE, as well as --chdir, --var and --var-file. -var-file paths are\n"
      "relative to the -chdir directory, as in Terraform. Sources, lowest precedence first: default,\n"
      "TF_VAR_ environment variables, terraform.tfvars, terraform.tfvars.json, *.auto.tfvars(.json)\n"
      "in lexical order, then -var and -var-file in the order given.\n"
      "Text output: a table NAME VALUE TYPE SOURCE. JSON output: {\"variables\": {NAME: {\"value\",\n"
      "\"type\", \"sensitive\", \"source\": {\"kind\", \"name\"}}}, \"diagnostics\": [...]}. Sensitive values\n"
      "are never printed without --show-sensitive. Exit status: 0 ok, 1 errors, 2 usage or I/O.");
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return run_vars(*options); }};
}

}  // namespace hclschema::cli
