// Issue 5's benchmark: validating the generated corpus against a schema with hclschema::validate,
// measured the way bench/reference/validate.go measures HCL's hcldec.Decode with the equivalent
// spec, so bench/run.sh can put the two side by side.
//
// The schema (corpus.schema.hcl, written by bench/generate_corpus_schema.py) is loaded once,
// outside the timing. One timed run is: parse the file (native or JSON; the SourceFile, bytes and
// line table, is built once outside the timing, as the reference times only the parse of bytes
// already in memory), split the `locals` blocks off the body (partial_content) and evaluate each
// local (just_attributes, evaluate), then validate the rest. `locals` holds free-form attributes
// that neither a schema nor an hcldec spec can declare; Terraform reads them the same way.
// Evaluation is partial, as validate() does without a caller's context: references and function
// calls are unknown and what depends on them is left unchecked (the reference's EvalContext makes
// the same names unknown). validate() is decode() without keeping the value, so this also times
// decoding. An untimed first run must give no error diagnostic. validate() builds no value;
// --decode times decode() instead, which also builds the decoded value (defaults filled in), the
// closer counterpart of hcldec.Decode.
//
// Usage: schema_bench [--iterations=N] [--syntax=native|json] [--decode] SCHEMA FILE   (one JSON line)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "bench_input.hpp"
#include "bench_timing.hpp"
#include "hclschema/eval/evaluate.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/schema.hpp"

namespace {

using namespace hclschema;

struct RunResult {
  Diagnostics diagnostics;
  size_t locals = 0;
};

// Everything after the parse: the locals evaluated, the rest validated.
RunResult validate_once(const Schema& schema, const Body& body, const EvalContext& partial, bool keep_value) {
  RunResult out;
  PartialContentResult split = body.partial_content(BodySchema{{}, {{"locals", {}}}});
  append(out.diagnostics, std::move(split.diagnostics));
  for (const Block& block : split.content.blocks) {
    AttributesResult attrs = block.body->just_attributes();
    append(out.diagnostics, std::move(attrs.diagnostics));
    for (const Attribute& a : attrs.attributes) {
      EvalResult r = evaluate(*a.expr, &partial);
      append(out.diagnostics, std::move(r.diagnostics));
      ++out.locals;
    }
  }
  if (keep_value) {
    DecodeResult decoded = decode(schema, *split.remain);
    append(out.diagnostics, std::move(decoded.diagnostics));
  } else {
    append(out.diagnostics, validate(schema, *split.remain));
  }
  return out;
}

ParseResult parse(bool json, std::shared_ptr<const SourceFile> source) {
  return json ? parse_json(std::move(source)) : parse_native(std::move(source));
}

}  // namespace

int main(int argc, char** argv) {
  int iterations = 5;
  bool json = false, keep_value = false;
  std::string schema_path, path;
  for (int i = 1; i < argc; ++i) {
    const char* a = argv[i];
    if (std::strncmp(a, "--iterations=", 13) == 0) {
      iterations = std::atoi(a + 13);
    } else if (std::strcmp(a, "--syntax=json") == 0) {
      json = true;
    } else if (std::strcmp(a, "--decode") == 0) {
      keep_value = true;
    } else if (std::strcmp(a, "--syntax=native") == 0) {
      json = false;
    } else if (schema_path.empty()) {
      schema_path = a;
    } else if (path.empty()) {
      path = a;
    } else {
      path.clear();
      break;
    }
  }
  if (schema_path.empty() || path.empty() || iterations < 1) {
    std::fprintf(stderr, "usage: schema_bench [--iterations=N] [--syntax=native|json] [--decode] SCHEMA FILE\n");
    return 2;
  }
  SchemaLoadResult loaded = load_schema_file(schema_path);
  if (!loaded.schema || has_errors(loaded.diagnostics)) {
    for (const auto& d : loaded.diagnostics) std::fprintf(stderr, "%s: %s: %s\n", schema_path.c_str(), d.summary.c_str(), d.detail.c_str());
    return 2;
  }
  auto text = bench::read_file(path);
  if (!text) {
    std::fprintf(stderr, "schema_bench: cannot read %s\n", path.c_str());
    return 2;
  }
  const size_t input_bytes = text->size();
  const std::shared_ptr<const SourceFile> source = SourceFile::from_string(path, std::move(*text));
  EvalContext partial;
  partial.partial = true;

  // The untimed check run.
  size_t errors = 0, warnings = 0, locals = 0;
  std::string first_errors;
  {
    ParseResult parsed = parse(json, source);
    RunResult r = validate_once(*loaded.schema, parsed.file->body(), partial, keep_value);
    append(parsed.diagnostics, std::move(r.diagnostics));
    locals = r.locals;
    for (const auto& d : parsed.diagnostics) {
      if (d.severity != Severity::error) {
        ++warnings;
        continue;
      }
      if (++errors <= 5) {
        std::string where = d.subject ? std::to_string(d.subject->start.line) + ":" + std::to_string(d.subject->start.column) + ": " : "";
        std::fprintf(stderr, "schema_bench: %s%s: %s\n", where.c_str(), d.summary.c_str(), d.detail.c_str());
      }
    }
  }

  double parse_wall_best = 1e9, parse_cpu_best = 1e9;
  std::vector<double> vwall, vcpu;
  const bench::Timings t = bench::time_runs(iterations, [&] {
    const double c0 = bench::cpu_seconds();
    const auto w0 = std::chrono::steady_clock::now();
    ParseResult parsed = parse(json, source);
    const double c1 = bench::cpu_seconds();
    const auto w1 = std::chrono::steady_clock::now();
    RunResult r = validate_once(*loaded.schema, parsed.file->body(), partial, keep_value);
    const auto w2 = std::chrono::steady_clock::now();
    const double c2 = bench::cpu_seconds();
    parse_wall_best = std::min(parse_wall_best, std::chrono::duration<double>(w1 - w0).count());
    parse_cpu_best = std::min(parse_cpu_best, c1 - c0);
    vwall.push_back(std::chrono::duration<double>(w2 - w1).count());
    vcpu.push_back(c2 - c1);
  });
  std::sort(vwall.begin(), vwall.end());
  std::sort(vcpu.begin(), vcpu.end());
  const double mb = static_cast<double>(input_bytes) / 1e6;
  std::printf(
      "{\"impl\":\"hclschema\",\"bench\":\"%s\",\"syntax\":\"%s\",\"file\":\"%s\",\"schema\":\"%s\",\"input_bytes\":%zu,"
      "\"iterations\":%d,\"errors\":%zu,\"warnings\":%zu,\"locals\":%zu,\"best_seconds\":%.6f,\"median_seconds\":%.6f,"
      "\"best_cpu_seconds\":%.6f,\"best_mb_s\":%.3f,\"best_cpu_mb_s\":%.3f,\"validate_best_seconds\":%.6f,"
      "\"validate_best_cpu_seconds\":%.6f,\"parse_best_seconds\":%.6f,\"parse_best_cpu_seconds\":%.6f}\n",
      keep_value ? "decode" : "validate", json ? "json" : "native", path.c_str(), schema_path.c_str(), input_bytes, iterations, errors, warnings, locals, t.best(),
      t.median(), t.best_cpu(), mb / t.best(), mb / t.best_cpu(), vwall.front(), vcpu.front(), parse_wall_best, parse_cpu_best);
  return errors > 0 ? 1 : 0;
}
