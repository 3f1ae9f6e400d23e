// `hclschema docs SCHEMA | INPUTS_FILE | --module DIR [--format markdown|html] [--inject FILE]
// [--output FILE]`: reference documentation from the single source of descriptions, types and
// constraints (src/docs/): a schema, a Terraform module's `variable` blocks, or `input` blocks.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>

#include "cli.hpp"
#include "docs/document.hpp"
#include "docs/html_renderer.hpp"
#include "docs/input_detection.hpp"
#include "docs/markdown_renderer.hpp"
#include "docs/readme_injection.hpp"
#include "hclschema/inputs.hpp"
#include "hclschema/schema.hpp"
#include "hclschema/vars.hpp"
#include "result_output.hpp"

namespace hclschema::cli {

namespace {

struct DocsCommandOptions {
  std::string file;
  std::string module;
  std::string format;
  std::string inject;
  std::string output;
};

bool is_directory(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// The document, or an exit code: 1 when the source has errors (reported), 2 when it cannot be read.
struct Built {
  std::optional<docs::Document> doc;
  int exit_code = exit_ok;
};

Built from_module(const std::string& dir) {
  if (!is_directory(dir)) {
    std::cerr << "hclschema docs: --module: \"" << dir << "\" is not a directory\n";
    return {std::nullopt, exit_usage};
  }
  Declarations decls = load_declarations(dir);
  if (has_errors(decls.diagnostics)) return {std::nullopt, report_diagnostics("text", decls.files, decls.diagnostics)};
  if (!decls.diagnostics.empty()) report_diagnostics("text", decls.files, decls.diagnostics);  // warnings
  return {docs::module_document(decls, dir), exit_ok};
}

Built from_inputs(const std::string& path) {
  InputsResult parsed = parse_inputs_path(path);
  if (!parsed.source) {
    report_diagnostics("text", {}, parsed.diagnostics);
    return {std::nullopt, exit_usage};
  }
  Diagnostics diags = std::move(parsed.diagnostics);
  append(diags, check_inputs(parsed.inputs));
  const std::vector<std::shared_ptr<const File>> files{std::make_shared<File>(parsed.source, Syntax::native)};
  if (has_errors(diags)) return {std::nullopt, report_diagnostics("text", files, diags)};
  if (!diags.empty()) report_diagnostics("text", files, diags);
  return {docs::inputs_document(parsed.inputs, parsed.source.get(), path), exit_ok};
}

Built from_schema(const std::string& path) {
  SchemaLoadResult loaded = load_schema_file(path);
  if (!loaded.schema) {
    report_diagnostics("text", {}, loaded.diagnostics);
    return {std::nullopt, exit_usage};
  }
  if (has_errors(loaded.diagnostics)) return {std::nullopt, report_diagnostics("text", {loaded.schema->file}, loaded.diagnostics)};
  if (!loaded.diagnostics.empty()) report_diagnostics("text", {loaded.schema->file}, loaded.diagnostics);
  return {docs::schema_document(*loaded.schema, path), exit_ok};
}

Built from_file(const std::string& path) {
  if (is_directory(path)) {
    std::cerr << "hclschema docs: \"" << path << "\" is a directory; use --module DIR for a Terraform module\n";
    return {std::nullopt, exit_usage};
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "hclschema docs: cannot read \"" << path << "\"\n";
    return {std::nullopt, exit_usage};
  }
  // Only the beginning decides; a JSON file is always a schema (input blocks have no JSON form).
  std::string head(64 * 1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  const bool json = path.size() >= 5 && path.ends_with(".json");
  if (!json && docs::looks_like_inputs_file(head)) return from_inputs(path);
  return from_schema(path);
}

int run_docs(const DocsCommandOptions& options) {
  if (options.file.empty() == options.module.empty()) {
    std::cerr << "hclschema docs: give either a FILE (a schema or a file of input blocks) or --module DIR\n";
    return exit_usage;
  }
  if (!options.inject.empty() && !options.output.empty()) {
    std::cerr << "hclschema docs: --inject and --output cannot be used together\n";
    return exit_usage;
  }
  if (!options.inject.empty() && options.format != "markdown") {
    std::cerr << "hclschema docs: --inject writes Markdown; it cannot be used with --format " << options.format << "\n";
    return exit_usage;
  }
  Built built = options.module.empty() ? from_file(options.file) : from_module(options.module);
  if (!built.doc) return built.exit_code;

  std::string error;
  if (!options.inject.empty()) {
    // The README has its own title; the injected part starts at the contents.
    if (!docs::inject_into_file(options.inject, docs::render_markdown(*built.doc, false), error)) {
      std::cerr << "hclschema docs: --inject " << error << "\n";
      return exit_usage;
    }
    return exit_ok;
  }
  const std::string text = options.format == "html" ? docs::render_html(*built.doc) : docs::render_markdown(*built.doc);
  if (!options.output.empty()) {
    if (!docs::write_file_atomically(options.output, text, error)) {
      std::cerr << "hclschema docs: --output " << error << "\n";
      return exit_usage;
    }
    return exit_ok;
  }
  std::cout << text << std::flush;
  return std::cout ? exit_ok : exit_usage;
}

}  // namespace

Command add_docs_command(CLI::App& root) {
  auto options = std::make_shared<DocsCommandOptions>();
  CLI::App* app = root.add_subcommand("docs", "Generate reference documentation (Markdown or HTML) from a schema, a module or input blocks");
  app->add_option("FILE", options->file, "A schema file, or a file of input blocks")->type_name("");
  app->add_option("--module", options->module, "A Terraform module directory: document its variable blocks")->type_name("DIR");
  add_format_option(*app, options->format, {"markdown", "html"});
  app->add_option("--inject", options->inject,
                  "Write the Markdown into this file (a README), between its <!-- BEGIN_HCLSCHEMA_DOCS --> and <!-- END_HCLSCHEMA_DOCS --> markers")
      ->type_name("FILE");
  app->add_option("--output", options->output, "Write to FILE (atomically) instead of standard output")->type_name("FILE");
  app->footer(
      "FILE is read as a file of input blocks when its first statement (after comments) is an\n"
      "`input` block, otherwise as a schema (.json files are always schemas). Documented: every\n"
      "attribute, block, variable or field with its description, type (object types attribute by\n"
      "attribute), default, whether it is required, constraints, deprecation and sensitivity; a\n"
      "sensitive default is never printed. --inject keeps the rest of the file byte for byte and\n"
      "writes it atomically. Exit status: 0 ok, 1 the schema, module or inputs have errors,\n"
      "2 usage or I/O (including missing, duplicated or misordered markers).");
  return {app, [options] { return run_docs(*options); }};
}

}  // namespace hclschema::cli
