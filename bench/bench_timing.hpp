// Timing helpers shared by the plain (non-Google-Benchmark) benchmark programs eval_bench and
// typeexpr_bench, which time a run the way bench/reference/ does (N timed runs, best and median,
// wall clock and process CPU time) so both sides are measured alike. Benchmark-only code.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <string_view>
#include <vector>

namespace hclschema::bench {

/// CPU time of the whole process so far, in seconds.
inline double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

struct Timings {
  std::vector<double> wall;  // seconds, sorted
  std::vector<double> cpu;   // seconds, sorted
  [[nodiscard]] double best() const { return wall.front(); }
  [[nodiscard]] double best_cpu() const { return cpu.front(); }
  [[nodiscard]] double median() const {
    const std::size_t n = wall.size();
    return n % 2 == 0 ? (wall[n / 2 - 1] + wall[n / 2]) / 2 : wall[n / 2];
  }
};

/// Runs `run` `iterations` times and times each run.
template <class F>
Timings time_runs(int iterations, F&& run) {
  Timings t;
  for (int i = 0; i < iterations; ++i) {
    const double cpu0 = cpu_seconds();
    const auto start = std::chrono::steady_clock::now();
    run();
    const auto stop = std::chrono::steady_clock::now();
    t.cpu.push_back(cpu_seconds() - cpu0);
    t.wall.push_back(std::chrono::duration<double>(stop - start).count());
  }
  std::sort(t.wall.begin(), t.wall.end());
  std::sort(t.cpu.begin(), t.cpu.end());
  return t;
}

/// 64-bit FNV-1a, as Go's hash/fnv New64a (the eval digest both sides print).
inline uint64_t fnv1a64(std::string_view bytes) {
  uint64_t h = 14695981039346656037ULL;
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace hclschema::bench
