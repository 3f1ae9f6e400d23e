// `hclschema parse FILE... [--format text|json]`: parse files and report their syntax errors.
#include <iostream>
#include <cstdint>
#include <memory>
#include <random>
#include <sstream>

#include "cli.hpp"
#include "result_output.hpp"
#include "diagnostic/block_context.hpp"
#include "diagnostic/diagnostic_json.hpp"
#include "hclschema/diagnostic_writer.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/value/json.hpp"
#include "hclschema/parse.hpp"
#include "syntax/dump.hpp"

namespace hclschema::cli {

namespace {

struct ParseCommandOptions {
  std::vector<std::string> files;
  std::string format;
};

// Evaluates each attribute with the standard functions and no variables, as `parse --format json`
// promises: "value" and "type" where that succeeds, the evaluation's "diagnostics" otherwise.
// Values go in as placeholders and are spliced into the final text, because a JSON library
// would round numbers that cty keeps exact.
class AttributeValues {
 public:
  AttributeValues() { add_standard_functions(ctx_); }

  void add(const Expression& expr, nlohmann::json& attribute) {
    EvalResult result = evaluate(expr, &ctx_);
    if (has_errors(result.diagnostics)) {
      attribute["diagnostics"] = detail::diagnostics_to_json_array(result.diagnostics);
      return;
    }
    const Value& value = result.value;
    attribute["type"] = nlohmann::json::parse(type_to_json(redacted_type(value)));
    if (value.contains_marked() || value.has_mark("sensitive")) {
      attribute["sensitive"] = true;  // a sensitive value is never printed
      return;
    }
    ValueError error;
    auto encoded = value_to_json(value, value.type(), &error);
    if (!encoded && !value.is_wholly_known()) return;  // an unknown value has no JSON encoding: type only
    if (!encoded) {  // an infinity, a number too large to write out
      attribute["diagnostics"] = detail::diagnostics_to_json_array({unwritable_value_error(error, "value", "Value cannot be written out", expr.range())});
      return;
    }
    attribute["value"] = placeholder(raw_.size());
    raw_.push_back(std::move(*encoded));
  }

  std::string splice(std::string text) const {
    for (size_t i = 0; i < raw_.size(); ++i) {
      std::string quoted = "\"" + placeholder(i) + "\"";
      size_t at = text.find(quoted);
      if (at != std::string::npos) text.replace(at, quoted.size(), raw_[i]);
    }
    return text;
  }

 private:
  // Unlikely text, made unique per run so that no string in a file can be mistaken for it.
  std::string placeholder(size_t i) const { return "@@hclschema-value-" + nonce_ + "-" + std::to_string(i) + "@@"; }
  std::string nonce_ = std::to_string(std::random_device{}()) + std::to_string(reinterpret_cast<std::uintptr_t>(this));

  EvalContext ctx_;  // functions only: a variable is "not allowed here"
  std::vector<std::string> raw_;
};

int run_parse(const ParseCommandOptions& options) {
  std::vector<ParseResult> results;
  results.reserve(options.files.size());
  Diagnostics io_problems;
  for (const auto& path : options.files) {
    ParseResult result = parse_path(path);
    if (!result.file) append(io_problems, std::move(result.diagnostics));
    results.push_back(std::move(result));
  }

  // Buffer the text and write it once: std::cerr is unbuffered.
  std::ostringstream err;
  if (!io_problems.empty()) {
    // A file that cannot be read is a usage/I-O problem, whatever the format: no partial results.
    SourceFiles no_sources;
    DiagnosticTextWriter writer(err, no_sources, {.color = use_color(stderr), .width = terminal_width(stderr), .context = {}});
    writer.write_all(io_problems);
    std::cerr << err.str() << std::flush;
    return exit_usage;
  }

  bool errors = false;
  for (const auto& r : results) errors = errors || has_errors(r.diagnostics);

  if (options.format == "json") {
    AttributeValues values;
    detail::DumpOptions dump_options;
    dump_options.on_attribute = [&values](const Expression& expr, nlohmann::json& attribute) { values.add(expr, attribute); };
    nlohmann::json files = nlohmann::json::array();
    for (const auto& r : results) files.push_back(detail::dump_file(*r.file, r.diagnostics, dump_options));
    std::string text = nlohmann::json{{"files", std::move(files)}}.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    std::cout << values.splice(std::move(text)) << '\n' << std::flush;
    return errors ? exit_errors : exit_ok;
  }

  SourceFiles sources;
  detail::ParsedFiles parsed;
  for (const auto& r : results) {
    sources.emplace(r.file->source().filename(), r.file->source_ptr());
    parsed.emplace(r.file->source().filename(), r.file);
  }
  DiagnosticTextWriter writer(err, sources,
                              {.color = use_color(stderr), .width = terminal_width(stderr), .context = detail::block_context_for(parsed)});
  for (const auto& r : results) writer.write_all(r.diagnostics);
  std::cerr << err.str() << std::flush;
  return errors ? exit_errors : exit_ok;
}

}  // namespace

Command add_parse_command(CLI::App& root) {
  auto options = std::make_shared<ParseCommandOptions>();
  CLI::App* app = root.add_subcommand("parse", "Parse HCL files (native syntax, or JSON syntax for *.json) and report syntax errors");
  app->add_option("FILE", options->files, "Files to parse")->required()->type_name("");
  add_format_option(*app, options->format, {"text", "json"});
  app->footer(
      "With --format text (the default) only diagnostics are printed, to standard error, so a valid\n"
      "file prints nothing; colour is used only when standard error is a terminal and NO_COLOR is\n"
      "not set. With --format json, {\"files\":[{\"filename\",\"body\",\"diagnostics\"}]} is printed to\n"
      "standard output; each attribute that evaluates without variables also gets its \"value\" and\n"
      "\"type\" (cty's JSON encodings; \"sensitive\": true instead of a sensitive value), and one that\n"
      "does not gets the evaluation's \"diagnostics\".\n"
      "Exit status: 0 no errors (warnings allowed), 1 a file has errors, 2 usage or I/O problem.");
  return {app, [options] { return run_parse(*options); }};
}

}  // namespace hclschema::cli
