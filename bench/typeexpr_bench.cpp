// Issue 4's benchmark: applying a type constraint's nested defaults to a large value and converting
// it (hclschema::TypeConstraint::convert), measured the way bench/reference/convert.go measures
// typeexpr's Defaults.Apply + cty's convert.Convert, so bench/run.sh can put them side by side.
//
// Both input files are HCL native expressions (bench/generate_convert_input.py writes them): a type
// constraint, and a value evaluated without variables. Parsing the type and building the value are
// outside the timing; a timed run is one convert() of the whole value, result destroyed inside the
// timing (as the reference's garbage is collected). The FNV-1a digest of the result's cty JSON type
// and value (type, newline, value) must equal the reference's.
//
// Usage: typeexpr_bench [--iterations=N] [--dump=FILE] TYPE_FILE VALUE_FILE   (prints one JSON line)
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "bench_input.hpp"
#include "bench_timing.hpp"
#include "hclschema/eval/evaluate.hpp"
#include "hclschema/typeexpr.hpp"
#include "hclschema/value/json.hpp"

namespace {

using namespace hclschema;

/// The object values in `v` at any depth (the unit of the objects/s figure).
long count_objects(const Value& v) {
  if (!v.is_known() || v.is_null()) return 0;
  long n = v.type().kind() == Type::Kind::object ? 1 : 0;
  switch (v.type().kind()) {
    case Type::Kind::list:
    case Type::Kind::set:
    case Type::Kind::map:
    case Type::Kind::tuple:
    case Type::Kind::object:
      for (const Value& e : v.elements()) n += count_objects(e);
      break;
    default:
      break;
  }
  return n;
}

bool has_error(const Diagnostics& diags) {
  for (const auto& d : diags)
    if (d.severity == Severity::error) return true;
  return false;
}

void print_diags(const char* what, const Diagnostics& diags) {
  for (const auto& d : diags) std::fprintf(stderr, "typeexpr_bench: %s: %s: %s\n", what, d.summary.c_str(), d.detail.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  int iterations = 5;
  std::string dump;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("--iterations=")) {
      iterations = std::atoi(argv[i] + std::strlen("--iterations="));
    } else if (arg.starts_with("--dump=")) {
      dump = argv[i] + std::strlen("--dump=");
    } else if (!arg.starts_with("-")) {
      paths.emplace_back(arg);
    } else {
      paths.clear();
      break;
    }
  }
  if (paths.size() != 2 || iterations < 1) {
    std::fprintf(stderr, "usage: typeexpr_bench [--iterations=N] [--dump=FILE] TYPE_FILE VALUE_FILE\n");
    return 2;
  }
  auto type_text = bench::read_file(paths[0]);
  auto value_text = bench::read_file(paths[1]);
  if (!type_text || !value_text) {
    std::fprintf(stderr, "typeexpr_bench: cannot read the input files\n");
    return 2;
  }
  const std::size_t value_bytes = value_text->size();
  const ParsedExpression type_expr = parse_expression(std::move(*type_text), paths[0]);
  if (has_error(type_expr.diagnostics)) {
    print_diags("type", type_expr.diagnostics);
    return 1;
  }
  const TypeConstraintResult tc = parse_type_constraint(*type_expr.expr);
  if (has_error(tc.diagnostics)) {
    print_diags("type constraint", tc.diagnostics);
    return 1;
  }
  const ParsedExpression value_expr = parse_expression(std::move(*value_text), paths[1]);
  if (has_error(value_expr.diagnostics)) {
    print_diags("value", value_expr.diagnostics);
    return 1;
  }
  const EvalResult input = evaluate(*value_expr.expr, nullptr);
  if (has_error(input.diagnostics)) {
    print_diags("value", input.diagnostics);
    return 1;
  }

  // The untimed check.
  std::string error;
  long objects = 0;
  uint64_t digest = 0;
  {
    const ConstraintConversion out = tc.constraint.convert(input.value);
    if (!out.value) {
      error = out.error.message + " at " + out.error.path;
    } else {
      objects = count_objects(*out.value);
      const std::string text = type_to_json(out.value->type()) + "\n" + value_to_json(*out.value, out.value->type()).value_or("unencodable");
      digest = bench::fnv1a64(text);
      if (!dump.empty()) {
        if (FILE* f = std::fopen(dump.c_str(), "wb")) {
          std::fwrite(text.data(), 1, text.size(), f);
          std::fputc('\n', f);
          std::fclose(f);
        }
      }
    }
  }
  if (!error.empty()) {
    std::fprintf(stderr, "typeexpr_bench: conversion failed: %s\n", error.c_str());
    return 1;
  }

  const bench::Timings t = bench::time_runs(iterations, [&] {
    const ConstraintConversion out = tc.constraint.convert(input.value);
    if (!out.value) std::abort();  // it converted above; the same input cannot fail now
  });
  std::printf(
      "{\"impl\":\"hclschema\",\"bench\":\"convert\",\"type_file\":\"%s\",\"value_file\":\"%s\",\"value_bytes\":%zu,"
      "\"objects\":%ld,\"digest\":\"%016" PRIx64 "\",\"iterations\":%d,\"best_seconds\":%.6f,\"median_seconds\":%.6f,"
      "\"best_cpu_seconds\":%.6f,\"best_objects_per_s\":%.0f}\n",
      paths[0].c_str(), paths[1].c_str(), value_bytes, objects, digest, iterations, t.best(), t.median(), t.best_cpu(),
      static_cast<double>(objects) / t.best());
  return 0;
}
