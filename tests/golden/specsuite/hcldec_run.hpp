// Running build/hcldec from tests: in a given directory, capturing stdout, stderr and the exit code.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace hclschema::testing {

struct HcldecRun {
  int exit = -1;
  std::string out;
  std::string err;
};

inline std::filesystem::path hcldec_binary() { return std::filesystem::path(HCLSCHEMA_BINARY_DIR) / "hcldec"; }

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Runs hcldec with `args` in `cwd` (stdin is /dev/null unless `stdin_file` is given).
inline HcldecRun run_hcldec(const std::filesystem::path& cwd, const std::vector<std::string>& args,
                            const std::string& stdin_file = "/dev/null") {
  namespace fs = std::filesystem;
  static const fs::path tmp = [] {
    std::string tmpl = (fs::temp_directory_path() / "hcldec-test-XXXXXX").string();
    const char* dir = ::mkdtemp(tmpl.data());
    return fs::path(dir ? dir : "/tmp");
  }();
  fs::path out = tmp / ("out." + std::to_string(::getpid()));
  fs::path err = tmp / ("err." + std::to_string(::getpid()));
  std::string bin = hcldec_binary().string();
  // posix_spawn rather than fork: the test binary is large, and copying its page tables for every
  // run was most of the suite's time.
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_addopen(&actions, 0, stdin_file.c_str(), O_RDONLY, 0);
  ::posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ::posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ::posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  std::vector<std::string> copy = args;
  std::vector<char*> argv;
  argv.push_back(bin.data());
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  int spawned = ::posix_spawn(&pid, bin.c_str(), &actions, nullptr, argv.data(), environ);
  ::posix_spawn_file_actions_destroy(&actions);
  HcldecRun r;
  int status = 0;
  if (spawned == 0 && ::waitpid(pid, &status, 0) == pid && WIFEXITED(status)) r.exit = WEXITSTATUS(status);
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

}  // namespace hclschema::testing
