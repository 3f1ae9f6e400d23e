// `hclschema inputs FILE... [--format text|json] [--emit python]`: read and typecheck files of
// `input` blocks (include/hclschema/inputs.hpp) and print their fields, or generate a Python
// module that reads them.
//
// The files are checked together: an input name declared in two of them is a duplicate.
#include <algorithm>
#include <array>
#include <optional>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "diagnostic/diagnostic_json.hpp"
#include "hclschema/inputs.hpp"
#include "hclschema/value/json.hpp"
#include "result_output.hpp"

namespace hclschema::cli {

namespace {

struct InputsCommandOptions {
  std::vector<std::string> files;
  std::string format;
  std::string emit;
};

// The default's value in cty's JSON encoding, or nothing when it has none that can be printed.
std::optional<std::string> default_json(const InputField& field) {
  const InputDefault* d = field.effective_default();
  if (!d || !d->value || !d->value->is_wholly_known()) return std::nullopt;
  Value plain = d->value->unmarked_deep();
  return value_to_json(plain, plain.type());
}

// {"inputs": [...], "diagnostics": [...]}. Defaults are spliced in as text, because a JSON
// library would round numbers that cty keeps exact.
std::string inputs_json(const std::vector<InputBlock>& inputs, const Diagnostics& diags) {
  nlohmann::json doc;
  doc["inputs"] = nlohmann::json::array();
  std::vector<std::string> defaults;
  for (const InputBlock& block : inputs) {
    nlohmann::json fields = nlohmann::json::array();
    for (const InputField& field : block.fields) {
      nlohmann::json f{{"name", field.name}, {"type", type_text(field.type)}, {"required", field.required}, {"accessor", field.accessor}};
      if (auto value = default_json(field)) {
        f["default"] = "\x01" "default " + std::to_string(defaults.size()) + "\x01";
        defaults.push_back(*value);
      }
      fields.push_back(std::move(f));
    }
    doc["inputs"].push_back({{"name", block.name}, {"range", detail::range_to_json(block.range)}, {"fields", std::move(fields)}});
  }
  doc["diagnostics"] = detail::diagnostics_to_json_array(diags);
  std::string text = doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  for (size_t i = 0; i < defaults.size(); ++i) {
    // The placeholder's control characters are escaped by the dump.
    const std::string placeholder = "\"\\u0001default " + std::to_string(i) + "\\u0001\"";
    if (size_t at = text.find(placeholder); at != std::string::npos) text.replace(at, placeholder.size(), defaults[i]);
  }
  return text + "\n";
}

// One table per input: field, type, required, default, accessor.
void print_tables(const std::vector<InputBlock>& inputs) {
  for (size_t b = 0; b < inputs.size(); ++b) {
    const InputBlock& block = inputs[b];
    if (b) std::cout << '\n';
    std::cout << "input " << nlohmann::json(block.name).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << " ("
              << block.range.filename << ':' << block.range.start.line << ")\n";
    std::vector<std::array<std::string, 5>> rows{{"FIELD", "TYPE", "REQUIRED", "DEFAULT", "ACCESSOR"}};
    for (const InputField& field : block.fields)
      rows.push_back({field.name, type_text(field.type), field.required ? "yes" : "no", default_json(field).value_or("-"), field.accessor});
    std::array<size_t, 5> width{};
    for (const auto& row : rows)
      for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    for (const auto& row : rows) {
      std::string line = " ";
      for (size_t c = 0; c < row.size(); ++c) {
        line += ' ' + row[c];
        if (c + 1 < row.size()) line += std::string(width[c] - row[c].size() + 1, ' ');
      }
      std::cout << line << '\n';
    }
  }
}

int run_inputs(const InputsCommandOptions& options) {
  std::vector<InputBlock> inputs;
  std::vector<std::shared_ptr<const File>> files;
  Diagnostics diags;
  for (const std::string& path : options.files) {
    InputsResult parsed = parse_inputs_path(path);
    if (!parsed.source) {
      report_diagnostics("text", {}, parsed.diagnostics);
      return exit_usage;
    }
    files.push_back(std::make_shared<File>(parsed.source, Syntax::native));  // for source snippets in diagnostics
    append(diags, std::move(parsed.diagnostics));
    for (InputBlock& block : parsed.inputs) inputs.push_back(std::move(block));
  }
  append(diags, check_inputs(inputs));
  // In source order: file by file as given, then by position.
  auto file_index = [&](const Diagnostic& d) {
    if (!d.subject) return size_t{0};
    auto it = std::find(options.files.begin(), options.files.end(), d.subject->filename);
    return static_cast<size_t>(it - options.files.begin());
  };
  std::stable_sort(diags.begin(), diags.end(), [&](const Diagnostic& a, const Diagnostic& b) {
    const size_t fa = file_index(a), fb = file_index(b);
    if (fa != fb) return fa < fb;
    return (a.subject ? a.subject->start.byte : 0) < (b.subject ? b.subject->start.byte : 0);
  });

  if (options.emit == "python") {
    if (has_errors(diags)) return report_diagnostics(options.format, files, diags);
    std::cout << emit_python(inputs, options.files);
    if (!diags.empty()) report_diagnostics("text", files, diags);  // warnings
    return exit_ok;
  }
  if (options.format == "json") {
    std::cout << inputs_json(inputs, diags);
    return has_errors(diags) ? exit_errors : exit_ok;
  }
  print_tables(inputs);
  std::cout << std::flush;
  if (!diags.empty()) return report_diagnostics("text", files, diags);
  return exit_ok;
}

}  // namespace

Command add_inputs_command(CLI::App& root) {
  auto options = std::make_shared<InputsCommandOptions>();
  CLI::App* app = root.add_subcommand("inputs", "Read and type-check files of `input` blocks");
  app->add_option("FILE", options->files, "Files of input blocks")->required()->type_name("");
  add_format_option(*app, options->format, {"text", "json"});
  app->add_option("--emit", options->emit, "Also generate typed accessors in a language")->check(CLI::IsMember({"python"}))->type_name("LANG");
  app->footer(
      "Text output: a table per input (field, type, required, default, accessor); diagnostics on stderr.\n"
      "JSON output: {\"inputs\": [{\"name\", \"range\", \"fields\": [{\"name\", \"type\", \"required\", \"default\"?,\n"
      "\"accessor\"}]}], \"diagnostics\": [...]}. --emit python prints a Python module with a read_NAME(config)\n"
      "function per input instead (nothing is generated when there are errors). Exit status: 0 ok,\n"
      "1 the files have errors, 2 usage or I/O.");
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return run_inputs(*options); }};
}

}  // namespace hclschema::cli
