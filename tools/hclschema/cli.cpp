// Shared helpers of the CLI: --format, colour and width detection, argv normalization.
#include "cli.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <array>
#include <cstdlib>
#include <iostream>

namespace hclschema::cli {

void add_format_option(CLI::App& app, std::string& format, const std::vector<std::string>& allowed) {
  format = allowed.front();
  std::string names;
  for (const auto& a : allowed) names += (names.empty() ? "" : "|") + a;
  app.add_option("--format", format, "Output format: " + names)
      ->check(CLI::IsMember(allowed))
      ->type_name("FORMAT")
      ->capture_default_str();
}

bool use_color(std::FILE* stream) {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  return ::isatty(::fileno(stream)) == 1;
}

unsigned terminal_width(std::FILE* stream) {
  int fd = ::fileno(stream);
  if (::isatty(fd) != 1) return 0;
  winsize ws{};
  if (::ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0) return 0;
  return ws.ws_col;
}

namespace {

// Terraform's flags of `vars` that CLI11 cannot spell with one dash; each takes a value.
constexpr std::array<std::string_view, 3> terraform_flags = {"chdir", "var", "var-file"};
// Options of `vars` whose value may follow as a separate argument (that value is never rewritten).
constexpr std::array<std::string_view, 5> value_options = {"--chdir", "--var", "--var-file", "--explain", "--format"};

}  // namespace

std::vector<std::string> normalize_args(int argc, const char* const* argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);

  // The subcommand is the first argument that is not an option (the root has only --help).
  size_t i = 0;
  while (i < args.size() && args[i].starts_with("-")) ++i;
  if (i == args.size() || args[i] != "vars") return args;

  bool value_next = false;  // the previous argument was a flag whose value is this one
  for (++i; i < args.size(); ++i) {
    std::string& arg = args[i];
    if (value_next) {
      value_next = false;
      continue;
    }
    if (arg == "--") break;
    if (arg.starts_with("--")) {
      for (std::string_view option : value_options) value_next = value_next || arg == option;
      continue;
    }
    if (arg.size() < 2 || arg[0] != '-') continue;
    std::string_view body = std::string_view(arg).substr(1);
    std::string_view name = body.substr(0, body.find('='));
    for (std::string_view flag : terraform_flags) {
      if (name != flag) continue;
      value_next = name.size() == body.size();  // "-var x=1": the value is the next argument
      arg.insert(0, "-");
      break;
    }
  }
  return args;
}

}  // namespace hclschema::cli
