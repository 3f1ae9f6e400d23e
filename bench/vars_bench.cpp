// Issue 6: a generated root module with 500 variables (every kind of type, optional defaults,
// validations, sensitive ones) and 50 tfvars files (terraform.tfvars, terraform.tfvars.json and
// 48 *.auto.tfvars / *.auto.tfvars.json), plus TF_VAR_ environment variables and -var options,
// resolved with resolve_variables. Terraform needs a few hundred milliseconds just to start; the
// figure to compare it with is the time of one whole resolution, files read and parsed included.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "hclschema/vars.hpp"

namespace {

constexpr int kVariables = 500;
constexpr int kFiles = 50;

std::string declaration(int i) {
  const std::string name = "v" + std::to_string(i);
  switch (i % 5) {
    case 0:
      return "variable \"" + name + "\" {\n  type    = string\n  default = \"d" + std::to_string(i) + "\"\n}\n";
    case 1:
      return "variable \"" + name + "\" {\n  type    = number\n  default = " + std::to_string(i) +
             "\n  validation {\n    condition     = var." + name + " >= 0\n    error_message = \"Must not be negative.\"\n  }\n}\n";
    case 2:
      return "variable \"" + name + "\" {\n  type    = list(string)\n  default = [\"a\", \"b\"]\n}\n";
    case 3:
      return "variable \"" + name + "\" {\n  type = object({\n    name    = string\n    retries = optional(number, 3)\n"
             "    tags    = optional(map(string), {})\n  })\n  default = { name = \"n\" }\n}\n";
    default:
      return "variable \"" + name + "\" {\n  type      = map(string)\n  sensitive = true\n  nullable  = false\n  default   = {}\n}\n";
  }
}

std::string native_value(int i, int file) {
  switch (i % 5) {
    case 0:
      return "\"f" + std::to_string(file) + "\"";
    case 1:
      return std::to_string(file * 1000 + i);
    case 2:
      return "[\"x\", \"y\", \"z\"]";
    case 3:
      return "{ name = \"svc" + std::to_string(file) + "\", tags = { env = \"prod\" } }";
    default:
      return "{ k = \"v\" }";
  }
}

std::string json_value(int i, int file) {
  switch (i % 5) {
    case 0:
      return "\"f" + std::to_string(file) + "\"";
    case 1:
      return std::to_string(file * 1000 + i);
    case 2:
      return "[\"x\", \"y\", \"z\"]";
    case 3:
      return "{\"name\": \"svc" + std::to_string(file) + "\"}";
    default:
      return "{\"k\": \"v\"}";
  }
}

// Writes the module once per process; every file assigns a tenth of the variables.
std::string module_directory() {
  static std::string dir = [] {
    std::filesystem::path d = std::filesystem::temp_directory_path() / ("hclschema_vars_bench_" + std::to_string(::getpid()));
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    for (int f = 0; f < 5; ++f) {
      std::ofstream out(d / ("variables" + std::to_string(f) + ".tf"));
      for (int i = f; i < kVariables; i += 5) out << declaration(i);
    }
    for (int file = 0; file < kFiles; ++file) {
      const bool json = file % 2 == 1;
      std::string name = file == 0 ? "terraform.tfvars" : file == 1 ? "terraform.tfvars.json" : "f" + std::to_string(100 + file) + ".auto.tfvars";
      if (file > 1 && json) name += ".json";
      std::ofstream out(d / name);
      if (json) out << "{\n";
      bool first = true;
      for (int i = file % 10; i < kVariables; i += 10) {
        if (json) {
          out << (first ? "" : ",\n") << "  \"v" << i << "\": " << json_value(i, file);
        } else {
          out << "v" << i << " = " << native_value(i, file) << "\n";
        }
        first = false;
      }
      if (json) out << "\n}\n";
    }
    std::atexit([] { std::filesystem::remove_all(module_directory()); });
    return d.string();
  }();
  return dir;
}

void BM_ResolveVariables(benchmark::State& state) {
  hclschema::VarsRequest request;
  request.directory = module_directory();
  for (int i = 0; i < kVariables; i += 25) request.environment["TF_VAR_v" + std::to_string(i)] = i % 5 == 1 ? "42" : "env";
  request.environment["PATH"] = "/usr/bin";
  for (int i = 0; i < 20; ++i) request.options.push_back({hclschema::VarOption::Kind::var, "v" + std::to_string(i * 5) + "=flag"});
  size_t resolved = 0;
  for (auto _ : state) {
    hclschema::VarsResult result = hclschema::resolve_variables(request);
    if (hclschema::has_errors(result.diagnostics)) {
      state.SkipWithError("the generated module has errors");
      break;
    }
    resolved = result.variables.size();
    benchmark::DoNotOptimize(result);
  }
  state.counters["variables"] = static_cast<double>(resolved);
  state.counters["tfvars_files"] = kFiles;
}
BENCHMARK(BM_ResolveVariables)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
