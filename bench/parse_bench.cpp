// Google Benchmark program timing hclschema's parsers on the generated corpus (bench/run.sh).
//
// Benchmarks:
//   parse_native     hclschema::parse_native on the native-syntax file
//   parse_json       hclschema::parse_json on the JSON-syntax file
//   lex_native       the native lexer alone (every token pulled, no parser): the parser's share
//                    of the time is parse_native minus this
//   scan_json        the JSON scanner alone
//   byte_classify/*  a plain loop classifying every byte of each file: the ceiling a parser can
//                    approach (it touches each byte once and does almost nothing with it)
// Each reports bytes/s (SetBytesProcessed). A parse that reports any error diagnostic stops its
// benchmark with SkipWithError (and makes the program exit 1): timing a broken parse would measure
// nothing useful.
//
// Usage: parse_bench --native=FILE.tf --json=FILE.tf.json [--benchmark_* flags]
// The SourceFile (bytes + line table) is built once, outside the timing, as for the reference,
// which also times only the parse of bytes already in memory.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "bench_input.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/source.hpp"
#include "syntax/json/scanner.hpp"
#include "syntax/native/lexer.hpp"

namespace {

using hclschema::ParseResult;
using hclschema::SourceFile;

std::shared_ptr<const SourceFile> g_native;
std::shared_ptr<const SourceFile> g_json;
bool g_failed = false;  // any benchmark stopped with an error: the program exits 1

/// Stops the benchmark when the parse reported an error; returns false then.
bool check_parse(benchmark::State& state, const ParseResult& result) {
  for (const auto& d : result.diagnostics) {
    if (d.severity == hclschema::Severity::error) {
      const std::string message = "parse reported an error: " + d.summary + " (" + d.detail + ")";
      state.SkipWithError(message.c_str());
      g_failed = true;
      return false;
    }
  }
  return true;
}

template <ParseResult (*Parse)(std::shared_ptr<const SourceFile>, const hclschema::ParseOptions&)>
void bm_parse(benchmark::State& state, const std::shared_ptr<const SourceFile>* source) {
  if (!*source) {
    state.SkipWithError("input file not given (--native=FILE / --json=FILE)");
    g_failed = true;
    return;
  }
  hclschema::ParseOptions options;
  options.max_file_size = std::size_t{1} << 31;
  // One untimed parse first: it checks for errors even when the timed loop runs once.
  {
    const ParseResult warm = Parse(*source, options);
    if (!check_parse(state, warm)) return;
  }
  for (auto _ : state) {
    ParseResult result = Parse(*source, options);
    benchmark::DoNotOptimize(result.file.get());
    if (!result.file || !check_parse(state, result)) break;
    // Destroying the tree (releasing the arena) is part of a parse's cost, as GC is for the reference.
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>((*source)->text().size()));
  state.counters["input_bytes"] = static_cast<double>((*source)->text().size());
}

void bm_lex_native(benchmark::State& state, const std::shared_ptr<const SourceFile>* source) {
  if (!*source) {
    state.SkipWithError("input file not given");
    return;
  }
  namespace nd = hclschema::native::detail;
  for (auto _ : state) {
    hclschema::Diagnostics diags;
    nd::Lexer lexer(**source, diags);
    uint64_t tokens = 0;
    for (nd::Token t = lexer.next(); t.type != nd::TokenType::eof; t = lexer.next()) ++tokens;
    benchmark::DoNotOptimize(tokens);
    if (hclschema::has_errors(diags)) {
      state.SkipWithError("the lexer reported an error");
      g_failed = true;
      break;
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>((*source)->text().size()));
}

void bm_scan_json(benchmark::State& state, const std::shared_ptr<const SourceFile>* source) {
  if (!*source) {
    state.SkipWithError("input file not given");
    return;
  }
  namespace jd = hclschema::json::detail;
  for (auto _ : state) {
    jd::Scanner scanner((*source)->text());
    uint64_t tokens = 0;
    for (jd::Token t = scanner.next(); t.type != jd::TokenType::eof; t = scanner.next()) ++tokens;
    benchmark::DoNotOptimize(tokens);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>((*source)->text().size()));
}

/// Byte classes a lexer distinguishes; the loop below counts class changes (roughly, token
/// boundaries) so the compiler must look at every byte.
constexpr std::array<uint8_t, 256> make_classes() {
  std::array<uint8_t, 256> c{};
  for (int b = 0; b < 256; ++b) {
    uint8_t k = 7;  // punctuation / other
    if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '_' || b >= 0x80) k = 1;
    else if (b >= '0' && b <= '9') k = 2;
    else if (b == ' ' || b == '\t' || b == '\r') k = 3;
    else if (b == '\n') k = 4;
    else if (b == '"') k = 5;
    else if (b == '$' || b == '%' || b == '{' || b == '}') k = 6;
    c[static_cast<std::size_t>(b)] = k;
  }
  return c;
}
constexpr std::array<uint8_t, 256> k_classes = make_classes();

void bm_byte_classify(benchmark::State& state, const std::shared_ptr<const SourceFile>* source) {
  if (!*source) {
    state.SkipWithError("input file not given");
    return;
  }
  const std::string_view text = (*source)->text();
  for (auto _ : state) {
    uint64_t boundaries = 0;
    uint64_t newlines = 0;
    uint8_t prev = 0;
    for (const char ch : text) {
      const uint8_t k = k_classes[static_cast<unsigned char>(ch)];
      boundaries += static_cast<uint64_t>(k != prev);
      newlines += static_cast<uint64_t>(k == 4);
      prev = k;
    }
    benchmark::DoNotOptimize(boundaries);
    benchmark::DoNotOptimize(newlines);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(text.size()));
}

std::shared_ptr<const SourceFile> load(const char* path) {
  auto text = hclschema::bench::read_file(path);
  if (!text) {
    std::fprintf(stderr, "parse_bench: cannot read %s\n", path);
    std::exit(2);
  }
  return SourceFile::from_string(path, std::move(*text));
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  // Our own flags are whatever Google Benchmark left.
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("--native=")) {
      g_native = load(argv[i] + std::strlen("--native="));
    } else if (arg.starts_with("--json=")) {
      g_json = load(argv[i] + std::strlen("--json="));
    } else {
      std::fprintf(stderr, "usage: parse_bench --native=FILE --json=FILE [--benchmark_* flags]\n");
      return 2;
    }
  }
  benchmark::RegisterBenchmark("parse_native", bm_parse<hclschema::parse_native>, &g_native)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RegisterBenchmark("parse_json", bm_parse<hclschema::parse_json>, &g_json)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RegisterBenchmark("lex_native", bm_lex_native, &g_native)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RegisterBenchmark("scan_json", bm_scan_json, &g_json)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RegisterBenchmark("byte_classify/native", bm_byte_classify, &g_native)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RegisterBenchmark("byte_classify/json", bm_byte_classify, &g_json)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return g_failed ? 1 : 0;
}
