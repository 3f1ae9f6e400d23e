// `hclschema parse FILE... [--format text|json]`: parse files and report their syntax errors.
#include <iostream>
#include <memory>
#include <sstream>

#include "cli.hpp"
#include "diagnostic/block_context.hpp"
#include "hclschema/diagnostic_writer.hpp"
#include "hclschema/parse.hpp"
#include "syntax/dump.hpp"

namespace hclschema::cli {

namespace {

struct ParseCommandOptions {
  std::vector<std::string> files;
  std::string format;
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
    nlohmann::json files = nlohmann::json::array();
    for (const auto& r : results) files.push_back(detail::dump_file(*r.file, r.diagnostics, {}));
    std::cout << nlohmann::json{{"files", std::move(files)}}.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n'
              << std::flush;
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
      "standard output.\n"
      "Exit status: 0 no errors (warnings allowed), 1 a file has errors, 2 usage or I/O problem.");
  return {app, [options] { return run_parse(*options); }};
}

}  // namespace hclschema::cli
