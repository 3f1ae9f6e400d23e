// Running the `hclschema` binary from tests: build/hclschema (HCLSCHEMA_BINARY_DIR) through popen
// in tests/cli/, capturing stdout, stderr and the exit status. Shared by the CLI test files.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace hclschema_cli_test {

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string binary() { return std::string(HCLSCHEMA_BINARY_DIR) + "/hclschema"; }
inline std::string fixtures() { return std::string(HCLSCHEMA_SOURCE_DIR) + "/tests/cli"; }

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs `[env] hclschema ARGS` in tests/cli/ (or wraps the whole command with `wrap`, which gets it
// as "%s"). NO_COLOR is cleared unless the env prefix sets it, so the caller's environment cannot
// change the outcome.
inline CliRun run(const std::string& args, const std::string& env = "", const std::string& wrap = "") {
  static int counter = 0;
  std::string err_path = ::testing::TempDir() + "/hclschema_cli_err_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  std::string command = "env -u NO_COLOR " + env + " '" + binary() + "' " + args;
  if (!wrap.empty()) {
    std::string wrapped = wrap;
    wrapped.replace(wrapped.find("%s"), 2, command);
    command = wrapped;
  }
  command = "cd '" + fixtures() + "' && " + command + " 2>'" + err_path + "'";
  CliRun result;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return result;
  std::array<char, 4096> buf{};
  size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) result.out.append(buf.data(), n);
  int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.err = slurp(err_path);
  std::remove(err_path.c_str());
  return result;
}

inline bool contains(const std::string& haystack, const std::string& needle) { return haystack.find(needle) != std::string::npos; }

}  // namespace hclschema_cli_test
