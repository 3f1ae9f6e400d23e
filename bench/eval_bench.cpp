// Issue 3's benchmark: evaluating every attribute of the generated corpus with hclschema::evaluate,
// measured the way bench/reference/eval.go measures hclsyntax's Expression.Value, so bench/run.sh
// can put the two side by side.
//
// The file is parsed once; every attribute of every body (blocks at any depth) is collected in
// source order, outside the timing. The context is the reference's: var, local, each, count, data,
// module, path and every resource type of the file as unknown values of dynamic type, and the
// standard functions whose names are in k_function_names (the reference's table: go-cty's stdlib
// has no cidr*, Terraform's own functions are not all there). Everything else the corpus refers to
// (type keywords, dynamic-block iterators, `object(...)`) is an error on both sides. Not partial
// evaluation: the reference has no such mode.
//
// One untimed pass records what each attribute gives, in the reference's digest text (see
// eval.go's evalLine); the FNV-1a digest of that text must equal the reference's. A timed run
// evaluates every attribute once and destroys the results. The sustained measurement times N
// passes back to back after two untimed ones, as eval.go's sustainedRun does for the reference
// (where it is the collector's cost that the single runs leave out; each of ours frees its
// results within its own timing).
//
// Usage: eval_bench [--iterations=N] [--sustained=N] [--dump=FILE] FILE.tf    (prints one JSON line)
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "bench_input.hpp"
#include "bench_timing.hpp"
#include "hclschema/eval/evaluate.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/value/json.hpp"

namespace {

using namespace hclschema;

// The same list as benchFunctionNames in bench/reference/eval.go.
constexpr std::string_view k_function_names[] = {
    "abs", "alltrue", "anytrue", "can", "ceil", "chomp", "chunklist", "cidrhost", "cidrsubnet",
    "coalesce", "coalescelist", "compact", "concat", "contains", "csvdecode", "distinct", "element",
    "flatten", "floor", "format", "formatlist", "indent", "join", "jsondecode", "jsonencode", "keys",
    "length", "log", "lookup", "lower", "max", "merge", "min", "parseint", "pow", "range", "regex",
    "regexall", "replace", "reverse", "setintersection", "setproduct", "setsubtract", "setunion",
    "signum", "slice", "sort", "split", "strrev", "substr", "title", "tobool", "tolist", "tomap",
    "tonumber", "toset", "tostring", "trim", "trimprefix", "trimspace", "trimsuffix", "upper",
    "values", "zipmap",
};

void collect(const native::NativeBody& body, std::vector<const native::Expr*>& out) {
  for (const auto& a : body.attributes()) out.push_back(a.expr);
  for (const native::NativeBlock* b : body.blocks()) collect(*b->body, out);
}

bool has_error(const Diagnostics& diags) {
  for (const auto& d : diags)
    if (d.severity == Severity::error) return true;
  return false;
}

/// One attribute's line of the digest text, as eval.go's evalLine.
std::string eval_line(uint32_t offset, const EvalResult& r) {
  std::string line = std::to_string(offset) + "\t";
  for (const auto& d : r.diagnostics) {
    if (d.severity == Severity::error) return line + "error\t" + d.summary + "\n";
  }
  const std::string tj = type_to_json(r.value.type());
  if (!r.value.is_known()) return line + "unknown\t" + tj + "\n";
  if (!r.value.is_wholly_known()) return line + "partial\t" + tj + "\n";
  auto vj = value_to_json(r.value.unmarked_deep(), r.value.type());
  if (!vj) return line + "unencodable\t" + tj + "\n";
  return line + "known\t" + tj + "\t" + *vj + "\n";
}

}  // namespace

int main(int argc, char** argv) {
  int iterations = 5;
  int sustained = 20;  // passes of the sustained measurement (0: none)
  std::string dump;
  std::string path;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("--iterations=")) {
      iterations = std::atoi(argv[i] + std::strlen("--iterations="));
    } else if (arg.starts_with("--sustained=")) {
      sustained = std::atoi(argv[i] + std::strlen("--sustained="));
    } else if (arg.starts_with("--dump=")) {
      dump = argv[i] + std::strlen("--dump=");
    } else if (!arg.starts_with("-") && path.empty()) {
      path = arg;
    } else {
      path.clear();
      break;
    }
  }
  if (path.empty() || iterations < 1 || sustained < 0) {
    std::fprintf(stderr, "usage: eval_bench [--iterations=N] [--sustained=N] [--dump=FILE] FILE.tf\n");
    return 2;
  }
  auto text = bench::read_file(path);
  if (!text) {
    std::fprintf(stderr, "eval_bench: cannot read %s\n", path.c_str());
    return 2;
  }
  ParseOptions options;
  options.max_file_size = std::size_t{1} << 31;
  const ParseResult parsed = parse_native(SourceFile::from_string(path, std::move(*text)), options);
  if (!parsed.file || has_error(parsed.diagnostics)) {
    std::fprintf(stderr, "eval_bench: the file has parse errors\n");
    return 1;
  }
  const native::NativeBody& body = *parsed.file->native_body();
  std::vector<const native::Expr*> exprs;
  collect(body, exprs);
  std::stable_sort(exprs.begin(), exprs.end(), [](const native::Expr* a, const native::Expr* b) { return a->span.begin < b->span.begin; });

  EvalContext ctx;
  for (const char* root : {"var", "local", "each", "count", "data", "module", "path"}) ctx.set_variable(root, Value::unknown(Type::dynamic()));
  for (const native::NativeBlock* b : body.blocks()) {
    if (b->type() == "resource" && !b->labels().empty()) ctx.set_variable(std::string(b->labels()[0]), Value::unknown(Type::dynamic()));
  }
  const FunctionTable& all = standard_functions();
  for (const std::string_view name : k_function_names) {
    auto it = all.find(name);
    if (it == all.end()) {
      std::fprintf(stderr, "eval_bench: the standard library lacks %.*s\n", static_cast<int>(name.size()), name.data());
      return 1;
    }
    ctx.set_function(std::string(name), it->second);
  }

  uint64_t attribute_bytes = 0;
  for (const auto* e : exprs) attribute_bytes += e->span.end - e->span.begin;

  // The untimed pass.
  std::string digest_text;
  long error_attributes = 0, error_diagnostics = 0, known = 0, unknown = 0;
  std::vector<const native::Expr*> ok_exprs;  // the attributes that evaluate without error
  uint64_t ok_bytes = 0;
  for (const auto* e : exprs) {
    const EvalResult r = evaluate(*e, &ctx);
    if (!has_error(r.diagnostics)) {
      ok_exprs.push_back(e);
      ok_bytes += e->span.end - e->span.begin;
    }
    const std::string line = eval_line(e->span.begin, r);
    digest_text += line;
    for (const auto& d : r.diagnostics) error_diagnostics += d.severity == Severity::error ? 1 : 0;
    const std::string_view status = std::string_view(line).substr(line.find('\t') + 1);
    if (status.starts_with("error")) ++error_attributes;
    else if (status.starts_with("known")) ++known;
    else ++unknown;
  }
  if (!dump.empty()) {
    if (FILE* f = std::fopen(dump.c_str(), "wb")) {
      std::fwrite(digest_text.data(), 1, digest_text.size(), f);
      std::fclose(f);
    }
  }

  // One pass over every attribute, as timed (singly, and back to back in the sustained measurement).
  bool consistent = true;
  const auto pass = [&] {
    long errors = 0;
    for (const auto* e : exprs) {
      const EvalResult r = evaluate(*e, &ctx);
      errors += has_error(r.diagnostics) ? 1 : 0;
    }
    consistent = consistent && errors == error_attributes;
  };
  const bench::Timings t = bench::time_runs(iterations, pass);
  if (!consistent) {
    std::fprintf(stderr, "eval_bench: error count changed between runs\n");
    return 1;
  }
  // The same, on the attributes without errors only: the error paths (diagnostics, name
  // suggestions) left out.
  const bench::Timings ok = bench::time_runs(iterations, [&] {
    for (const auto* e : ok_exprs) {
      const EvalResult r = evaluate(*e, &ctx);
      if (has_error(r.diagnostics)) consistent = false;
    }
  });
  if (!consistent) {
    std::fprintf(stderr, "eval_bench: an attribute without errors gave one\n");
    return 1;
  }
  // Sustained: `sustained` passes timed as one, after two untimed passes.
  double sustained_seconds = 0, sustained_cpu_seconds = 0;
  if (sustained > 0) {
    pass();
    pass();
    const bench::Timings s = bench::time_runs(1, [&] {
      for (int i = 0; i < sustained; ++i) pass();
    });
    sustained_seconds = s.best() / sustained;
    sustained_cpu_seconds = s.best_cpu() / sustained;
    if (!consistent) {
      std::fprintf(stderr, "eval_bench: error count changed between runs\n");
      return 1;
    }
  }
  const double mb = static_cast<double>(attribute_bytes) / 1e6;
  std::printf(
      "{\"impl\":\"hclschema\",\"bench\":\"eval\",\"file\":\"%s\",\"input_bytes\":%zu,\"attributes\":%zu,"
      "\"attribute_bytes\":%" PRIu64 ",\"error_attributes\":%ld,\"error_diagnostics\":%ld,\"known_results\":%ld,"
      "\"unknown_results\":%ld,\"digest\":\"%016" PRIx64 "\",\"functions\":%zu,\"iterations\":%d,"
      "\"best_seconds\":%.6f,\"median_seconds\":%.6f,\"best_mb_s\":%.3f,\"median_mb_s\":%.3f,"
      "\"best_cpu_seconds\":%.6f,\"best_cpu_mb_s\":%.3f,\"best_attributes_per_s\":%.0f,\"ok_attributes\":%zu,"
      "\"ok_attribute_bytes\":%" PRIu64 ",\"ok_best_seconds\":%.6f,\"ok_best_cpu_seconds\":%.6f,\"ok_best_mb_s\":%.3f,"
      "\"sustained_passes\":%d,\"sustained_seconds_per_pass\":%.6f,\"sustained_cpu_seconds_per_pass\":%.6f}\n",
      path.c_str(), parsed.file->source().text().size(), exprs.size(), attribute_bytes, error_attributes,
      error_diagnostics, known, unknown, bench::fnv1a64(digest_text), ctx.functions->size(), iterations, t.best(),
      t.median(), mb / t.best(), mb / t.median(), t.best_cpu(), mb / t.best_cpu(),
      static_cast<double>(exprs.size()) / t.best(), ok_exprs.size(), ok_bytes, ok.best(), ok.best_cpu(),
      static_cast<double>(ok_bytes) / 1e6 / ok.best(), sustained, sustained_seconds, sustained_cpu_seconds);
  return 0;
}
