// `hclschema lsp [--stdio]`: the language server (LSP 3.17) on standard input and output.
// The protocol side lives in src/lsp/server.* and run_server.*, the workspace side in
// src/lsp/workspace.*; this file only wires them to the process's streams.
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "lsp/run_server.hpp"
#include "lsp/workspace.hpp"

#ifndef HCLSCHEMA_VERSION
#define HCLSCHEMA_VERSION ""
#endif

namespace hclschema::cli {

namespace {

struct LspCommandOptions {
  bool stdio = false;
};

int run_lsp(const LspCommandOptions&) {
  // stdout carries only protocol messages: nothing else in the process may write to it. The C++
  // streams need not stay in step with C stdio, and on POSIX there is no text mode to undo.
  std::ios::sync_with_stdio(false);
  // A client that goes away must end the loop through a failed write, not kill us with SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  std::cin.tie(nullptr);
  auto factory = [](std::string root) -> std::unique_ptr<lsp::LanguageFeatures> {
    return std::make_unique<lsp::Workspace>(std::move(root));
  };
  return lsp::run_language_server(std::cin, std::cout, factory, HCLSCHEMA_VERSION);
}

}  // namespace

Command add_lsp_command(CLI::App& root) {
  auto options = std::make_shared<LspCommandOptions>();
  CLI::App* app = root.add_subcommand("lsp", "Run the language server on standard input and output (LSP 3.17)");
  // Editors pass --stdio by habit; standard input and output are the only transport, so it changes nothing.
  app->add_flag("--stdio", options->stdio, "Talk over standard input and output (the default and only transport)");
  app->footer(
      "Speaks LSP 3.17 (JSON-RPC over Content-Length framing) with the editor that started it; which schema\n"
      "governs a file comes from .hclschema.hcl at the workspace root or a `# schema: PATH` first line\n"
      "(docs/lsp.md). Exit status: 0 after shutdown and exit, 1 when the client exits without shutdown or\n"
      "closes the input.");
  return Command{app, [options] { return run_lsp(*options); }};
}

}  // namespace hclschema::cli
