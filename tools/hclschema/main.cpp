// hclschema: the command-line tool. Builds the command table, parses argv with CLI11 and runs the
// chosen subcommand; each subcommand lives in its own *_command.cpp file.
#include <iostream>
#include <new>
#include <stdexcept>
#include <vector>

#include "cli.hpp"
#include "memory_limit.hpp"

namespace {

constexpr const char* synopsis = R"(Commands:
  hclschema parse    FILE... [--format text|json]
  hclschema eval     'EXPR' [--vars FILE.json] [--format text|json]
  hclschema type     'TYPE_EXPR' [--format text|json]
  hclschema convert  'TYPE_EXPR' 'VALUE_EXPR' [--format text|json]
  hclschema validate --schema SCHEMA FILE... [--format text|json|sarif] [--vars-file FILE.json]
  hclschema decode   --schema SCHEMA FILE [--vars-file FILE.json]
  hclschema vars     [-chdir=DIR] [-var NAME=VALUE]... [-var-file=FILE]... [--explain NAME]
                     [--format text|json] [--show-sensitive]
  hclschema inputs   FILE... [--format text|json] [--emit python]
  hclschema docs     SCHEMA|INPUTS_FILE|--module DIR [--format markdown|html]
                     [--inject FILE] [--output FILE]
  hclschema lsp      [--stdio]

Run 'hclschema COMMAND --help' for the options of one command.
Exit status: 0 success (warnings allowed), 1 the input has errors, 2 usage or I/O problem.
Diagnostics in text form go to standard error, in colour only on a terminal and never when
NO_COLOR is set; results and JSON output go to standard output.
Memory is capped at 4096 MiB (HCLSCHEMA_MAX_MEMORY_MB sets the cap, 0 for none): an expression
that needs more gets a "Not enough memory" error, anything else exit status 2.)";

}  // namespace

int main(int argc, char** argv) {
  using namespace hclschema::cli;
  CLI::App app{"hclschema: typed HCL configuration - parse, evaluate, convert, validate and decode HCL files.", "hclschema"};
  app.require_subcommand(1);
  app.footer(synopsis);
  const std::vector<Command> commands = {
      add_parse_command(app),    add_eval_command(app),   add_type_command(app), add_convert_command(app),
      add_validate_command(app), add_decode_command(app), add_vars_command(app), add_inputs_command(app),
      add_docs_command(app),
      add_lsp_command(app),
  };

  std::vector<std::string> args = normalize_args(argc, argv);
  // CLI11 would call an unknown command a missing one ("A subcommand is required"); name it instead.
  for (const auto& arg : args) {
    if (arg.starts_with("-")) continue;
    bool known = false;
    for (const auto& command : commands) known = known || command.app->get_name() == arg;
    if (!known) {
      std::cerr << "hclschema: unknown command '" << arg << "'\nRun 'hclschema --help' for the list of commands.\n";
      return exit_usage;
    }
    break;
  }
  std::vector<const char*> cargs;
  cargs.push_back(argc > 0 ? argv[0] : "hclschema");
  for (const auto& a : args) cargs.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(cargs.size()), cargs.data());
  } catch (const CLI::ParseError& e) {
    // Help is success; every other parse problem is a usage error (exit 2), whatever CLI11's own code.
    return app.exit(e, std::cout, std::cerr) == 0 ? exit_ok : exit_usage;
  }

  const MemoryLimit limit = apply_memory_limit();
  if (!limit.error.empty()) {
    std::cerr << "hclschema: " << limit.error << "\n";
    return exit_usage;
  }
  for (const auto& command : commands) {
    if (!command.app->parsed()) continue;
    try {
      return command.run();
    } catch (const std::bad_alloc&) {
    } catch (const std::length_error&) {
    }
    // Past the ceiling outside an evaluation (which reports it as a diagnostic): a file too large
    // to hold, say. What was allocated has been released by the unwinding.
    std::cerr << "hclschema: out of memory";
    if (limit.applied) std::cerr << " (the ceiling is " << limit.mib << " MiB; HCLSCHEMA_MAX_MEMORY_MB sets it, 0 for none)";
    std::cerr << "\n";
    return exit_usage;
  }
  std::cerr << app.help();
  return exit_usage;
}
