// Small helpers shared by the benchmark programs: reading a whole file and reading the process's
// memory figures from /proc/self/status. Benchmark-only code; not part of the library.
#pragma once

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace hclschema::bench {

/// The whole file, or nullopt when it cannot be read.
inline std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text;
  in.seekg(0, std::ios::end);
  const auto size = in.tellg();
  if (size < 0) return std::nullopt;
  text.resize(static_cast<std::size_t>(size));
  in.seekg(0, std::ios::beg);
  in.read(text.data(), size);
  if (!in) return std::nullopt;
  return text;
}

/// One "Key:   N kB" field of /proc/self/status, in bytes (0 when unavailable).
inline uint64_t proc_status_bytes(const char* key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  const std::string prefix = std::string(key) + ":";
  while (std::getline(in, line)) {
    if (line.compare(0, prefix.size(), prefix) == 0) {
      std::istringstream fields(line.substr(prefix.size()));
      uint64_t kb = 0;
      fields >> kb;
      return kb * 1024;
    }
  }
  return 0;
}

/// Resets VmHWM to the current RSS so that a later VmHWM covers only what follows (Linux >= 4.0).
/// Returns false when the kernel does not allow it.
inline bool reset_peak_rss() {
  std::FILE* f = std::fopen("/proc/self/clear_refs", "w");
  if (f == nullptr) return false;
  const bool ok = std::fputs("5", f) >= 0;
  return std::fclose(f) == 0 && ok;
}

}  // namespace hclschema::bench
