// Shared pieces of the hclschema command-line tool: exit codes, the command table, terminal
// detection, and Terraform-style flag spellings.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace hclschema::cli {

/// Exit codes of every command (the CLI contract).
enum ExitCode : int {
  exit_ok = 0,      // success; warnings allowed
  exit_errors = 1,  // the input has errors
  exit_usage = 2,   // usage or I/O problem
};

/// A subcommand: its CLI11 app (options bound to its own state) and what to run once parsed.
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

// One per subcommand file; each adds its subcommand to `root`.
Command add_parse_command(CLI::App& root);
Command add_eval_command(CLI::App& root);
Command add_type_command(CLI::App& root);
Command add_convert_command(CLI::App& root);
Command add_validate_command(CLI::App& root);
Command add_decode_command(CLI::App& root);
Command add_vars_command(CLI::App& root);
Command add_inputs_command(CLI::App& root);
Command add_docs_command(CLI::App& root);
Command add_lsp_command(CLI::App& root);

/// Adds `--format` restricted to `allowed` (the first is the default).
void add_format_option(CLI::App& app, std::string& format, const std::vector<std::string>& allowed);

/// True when ANSI colour should be written to `stream`: it is a terminal and NO_COLOR is unset
/// or empty (https://no-color.org).
[[nodiscard]] bool use_color(std::FILE* stream);

/// The width of the terminal `stream` writes to, or 0 when it is not a terminal (no wrapping).
[[nodiscard]] unsigned terminal_width(std::FILE* stream);

/// argv without argv[0], with Terraform's single-dash spellings of the `vars` flags (-chdir=DIR,
/// -var NAME=VALUE, -var-file=FILE, with or without "=") rewritten to the double-dash options
/// CLI11 understands. Only arguments after the `vars` subcommand (and before "--") are touched.
[[nodiscard]] std::vector<std::string> normalize_args(int argc, const char* const* argv);

}  // namespace hclschema::cli
