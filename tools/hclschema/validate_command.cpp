// `hclschema validate --schema SCHEMA FILE... [--format text|json|sarif] [--vars-file FILE.json]`:
// check configuration files against an hcl-schema.
//
// The schema is loaded once; a schema with errors is reported and nothing is validated. Files are
// parsed and validated in parallel (one thread per core), and reported in the order given.
#include <algorithm>
#include <atomic>
#include <iostream>
#include <memory>
#include <new>
#include <stdexcept>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "diagnostic/diagnostic_json.hpp"
#include "diagnostic/diagnostic_sarif.hpp"
#include "hclschema/schema.hpp"
#include "result_output.hpp"
#include "variables_file.hpp"

namespace hclschema::cli {

namespace {

struct ValidateCommandOptions {
  std::string schema;
  std::vector<std::string> files;
  std::string format;
  std::string vars_file;
};

// What validating one file gave: the parsed file (for text snippets) and every diagnostic.
struct FileOutcome {
  std::shared_ptr<const File> file;
  Diagnostics diagnostics;
  bool unreadable = false;
};

FileOutcome out_of_memory(const std::string& path) {
  FileOutcome out;
  out.unreadable = true;
  out.diagnostics.push_back(Diagnostic{Severity::error, "Not enough memory",
                                       "Reading and validating \"" + path + "\" needs more memory than is available (HCLSCHEMA_MAX_MEMORY_MB sets the ceiling).",
                                       std::nullopt, std::nullopt, "io"});
  return out;
}

std::vector<FileOutcome> validate_files(const Schema& schema, const std::vector<std::string>& paths, const ValidateOptions& options) {
  std::vector<FileOutcome> outcomes(paths.size());
  std::atomic<size_t> next{0};
  auto check = [&](size_t i) {
    ParseResult parsed = parse_path(paths[i]);
    FileOutcome& out = outcomes[i];
    out.file = parsed.file;
    out.diagnostics = std::move(parsed.diagnostics);
    if (!parsed.file) {
      out.unreadable = true;
      return;
    }
    append(out.diagnostics, validate(schema, parsed.file->body(), options));
  };
  auto worker = [&] {
    for (size_t i = next++; i < paths.size(); i = next++) {
      // A file that needs more memory than the ceiling allows is reported like an unreadable one
      // (an exception must not leave a worker thread: that would end the process).
      try {
        check(i);
      } catch (const std::bad_alloc&) {
        outcomes[i] = out_of_memory(paths[i]);
      } catch (const std::length_error&) {
        outcomes[i] = out_of_memory(paths[i]);
      }
    }
  };
  const size_t threads = std::max<size_t>(1, std::min<size_t>(paths.size(), std::thread::hardware_concurrency()));
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return outcomes;
}

void write(const std::string& format, const std::vector<std::shared_ptr<const File>>& files, const Diagnostics& diags) {
  if (format == "json") {
    std::cout << detail::validate_document(diags).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  } else if (format == "sarif") {
    std::cout << detail::sarif_document(diags, HCLSCHEMA_VERSION).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  } else {
    report_diagnostics("text", files, diags);
  }
}

int run_validate(const ValidateCommandOptions& options) {
  SchemaLoadResult loaded = load_schema_file(options.schema);
  if (!loaded.schema) {
    report_diagnostics("text", {}, loaded.diagnostics);
    return exit_usage;
  }
  if (has_errors(loaded.diagnostics)) {
    write(options.format, {loaded.schema->file}, loaded.diagnostics);
    return exit_errors;
  }

  EvalContext ctx;
  ValidateOptions validate_options;
  if (!validation_options(options.vars_file, ctx, validate_options)) return exit_usage;

  std::vector<FileOutcome> outcomes = validate_files(*loaded.schema, options.files, validate_options);
  Diagnostics all = loaded.diagnostics;  // warnings of the schema, if any
  std::vector<std::shared_ptr<const File>> files{loaded.schema->file};
  bool unreadable = false;
  for (auto& o : outcomes) {
    unreadable = unreadable || o.unreadable;
    files.push_back(o.file);
    append(all, std::move(o.diagnostics));
  }
  write(options.format, files, all);
  if (unreadable) return exit_usage;
  return has_errors(all) ? exit_errors : exit_ok;
}

}  // namespace

Command add_validate_command(CLI::App& root) {
  auto options = std::make_shared<ValidateCommandOptions>();
  CLI::App* app = root.add_subcommand("validate", "Validate HCL files against an hcl-schema");
  app->add_option("--schema", options->schema, "The schema file")->required()->type_name("SCHEMA");
  app->add_option("FILE", options->files, "Files to validate")->required()->type_name("");
  add_format_option(*app, options->format, {"text", "json", "sarif"});
  app->add_option("--vars-file", options->vars_file, "A JSON object whose keys become variables, e.g. {\"var\": {\"port\": 8080}}")
      ->type_name("FILE.json");
  app->footer(
      "Text output lists the diagnostics (nothing when every file is valid); json is the\n"
      "`terraform validate -json` document; sarif is SARIF 2.1.0. Without --vars-file, values that\n"
      "refer to variables or call functions are left unchecked. Exit status: 0 no errors (warnings\n"
      "allowed), 1 errors in the schema or the files, 2 usage or unreadable files.");
  // The run callback owns the options: CLI11 writes into them through references.
  return {app, [options] { return run_validate(*options); }};
}

}  // namespace hclschema::cli
