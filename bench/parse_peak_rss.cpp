// Measures the peak memory of one hclschema parse, in a fresh process, and prints one JSON line.
//
// Figures (bytes, from /proc/self/status):
//   rss_start         RSS when main() starts
//   rss_loaded        RSS once the file is read into its SourceFile (bytes + line table)
//   rss_peak          VmHWM after the parse, with the tree still alive
//   parse_growth      rss_peak - rss_loaded: what the parse itself needs
//   total_growth      rss_peak - rss_start: input + line table + parse
// and the same two divided by the input size. The target (peak memory <= 3x the input)
// is checked against total_growth / input (the stricter reading: it counts the input itself).
// VmHWM is reset after loading when the kernel allows it, so loading never counts as parse memory.
//
// Usage: parse_peak_rss native|json FILE
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "bench_input.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/source.hpp"

int main(int argc, char** argv) {
  if (argc != 3 || (std::strcmp(argv[1], "native") != 0 && std::strcmp(argv[1], "json") != 0)) {
    std::fprintf(stderr, "usage: parse_peak_rss native|json FILE\n");
    return 2;
  }
  const bool json = std::strcmp(argv[1], "json") == 0;
  const uint64_t rss_start = hclschema::bench::proc_status_bytes("VmRSS");

  auto text = hclschema::bench::read_file(argv[2]);
  if (!text) {
    std::fprintf(stderr, "parse_peak_rss: cannot read %s\n", argv[2]);
    return 2;
  }
  auto source = hclschema::SourceFile::from_string(argv[2], std::move(*text));
  const uint64_t input = source->text().size();
  const bool reset = hclschema::bench::reset_peak_rss();
  const uint64_t rss_loaded = hclschema::bench::proc_status_bytes("VmRSS");

  hclschema::ParseOptions options;
  options.max_file_size = std::size_t{1} << 31;
  const hclschema::ParseResult result = json ? hclschema::parse_json(source, options) : hclschema::parse_native(source, options);
  const uint64_t rss_peak = hclschema::bench::proc_status_bytes("VmHWM");

  std::size_t errors = 0;
  for (const auto& d : result.diagnostics) errors += d.severity == hclschema::Severity::error ? 1 : 0;
  const uint64_t parse_growth = rss_peak > rss_loaded ? rss_peak - rss_loaded : 0;
  const uint64_t total_growth = rss_peak > rss_start ? rss_peak - rss_start : 0;
  std::printf(
      "{\"impl\":\"hclschema\",\"syntax\":\"%s\",\"file\":\"%s\",\"input_bytes\":%llu,\"errors\":%zu,"
      "\"hwm_reset\":%s,\"rss_start\":%llu,\"rss_loaded\":%llu,\"rss_peak\":%llu,"
      "\"parse_growth\":%llu,\"total_growth\":%llu,"
      "\"parse_growth_per_input_byte\":%.3f,\"total_growth_per_input_byte\":%.3f}\n",
      json ? "json" : "native", argv[2], static_cast<unsigned long long>(input), errors, reset ? "true" : "false",
      static_cast<unsigned long long>(rss_start), static_cast<unsigned long long>(rss_loaded),
      static_cast<unsigned long long>(rss_peak), static_cast<unsigned long long>(parse_growth),
      static_cast<unsigned long long>(total_growth), input ? static_cast<double>(parse_growth) / static_cast<double>(input) : 0.0,
      input ? static_cast<double>(total_growth) / static_cast<double>(input) : 0.0);
  return errors == 0 ? 0 : 1;
}
