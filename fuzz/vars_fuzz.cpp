// libFuzzer target: resolving root-module variables (vars.hpp), the loader behind `hclschema vars`
// and `--explain`. One input is a whole directory, environment and command line, in sections
// separated by a line `=====`:
//
//   main.tf ===== terraform.tfvars ===== terraform.tfvars.json ===== a.auto.tfvars
//   ===== environment (NAME=VALUE lines) ===== command line (`NAME=VALUE` lines are -var options,
//   `@FILE` lines -var-file options)
//
// Missing sections are missing files. The files are written to a directory of this process's
// own; a -var-file may only name a file in it (a path with `/` or `..` is dropped: reading
// /dev/stdin would be a hang of the harness's making, not the loader's).
//
// Beyond "no crash, no hang, no sanitizer report", it checks properties that must hold for any
// input: every diagnostic range in one of the written files is a true position in it; at most
// one assignment wins each variable, and a variable's source is its winner's; explain_variable
// agrees with the result for every name; error-free declarations document safely (docs_checks.hpp);
// and no sensitive value leaks. For the last, every variable declared sensitive is given a secret
// through its TF_VAR_ environment variable, and the input is resolved twice, with two secrets of
// one shape: the secret of a run showing in that run's diagnostics (summaries, details, rendered
// snippets), explanations or source descriptions but not in the other run's can only have come
// from the value.
//
// Built with clang (-DHCLSCHEMA_BUILD_FUZZ=ON) it fuzzes; in the normal build replay_main.cpp runs
// it over the seed corpus (fuzz/corpus/vars) as a ctest test.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "docs_checks.hpp"
#include "fuzz_checks.hpp"
#include "hclschema/vars.hpp"

namespace {

using namespace hclschema;
namespace fs = std::filesystem;

constexpr std::string_view k_secret_a = "s3cr3t-XYZZY-value";
constexpr std::string_view k_secret_b = "s3cr3t-QWOPQ-value";

// The files of the directory, in the order of their sections.
constexpr std::string_view k_file_names[] = {"main.tf", "terraform.tfvars", "terraform.tfvars.json", "a.auto.tfvars"};
constexpr size_t k_file_sections = std::size(k_file_names);

// The input cut at each line `=====`.
std::vector<std::string> sections_of(std::string_view input) {
  std::vector<std::string> sections(1);
  size_t line_start = 0;
  while (line_start <= input.size()) {
    size_t end = input.find('\n', line_start);
    const bool last = end == std::string_view::npos;
    if (last) end = input.size();
    const std::string_view line = input.substr(line_start, end - line_start);
    if (line == "=====") {
      sections.emplace_back();
    } else {
      sections.back().append(line);
      if (!last) sections.back().push_back('\n');
    }
    if (last) break;
    line_start = end + 1;
  }
  return sections;
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start) lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// This process's directory for the inputs' files (made once; every run rewrites it; removed when
// the process exits normally, a crash leaving it for a look).
const std::string& work_directory() {
  static const std::string dir = [] {
    std::string pattern = (fs::temp_directory_path() / "hclschema-vars-fuzz-XXXXXX").string();
    if (!mkdtemp(pattern.data())) fuzz::fail("cannot make a directory", "mkdtemp");
    return pattern;
  }();
  static const bool cleanup = std::atexit([] {
    std::error_code ec;
    fs::remove_all(work_directory(), ec);
  }) == 0;
  (void)cleanup;
  return dir;
}

void write_files(const std::vector<std::string>& sections) {
  const fs::path dir = work_directory();
  for (size_t i = 0; i < k_file_sections; ++i) {
    const fs::path path = dir / std::string(k_file_names[i]);
    if (i < sections.size()) {
      std::ofstream(path, std::ios::binary | std::ios::trunc) << sections[i];
    } else {
      std::error_code ec;
      fs::remove(path, ec);
    }
  }
}

VarsRequest request_of(const std::vector<std::string>& sections) {
  VarsRequest request;
  request.directory = work_directory();
  if (sections.size() > k_file_sections) {
    for (const std::string_view line : lines_of(sections[k_file_sections])) {
      const size_t eq = line.find('=');
      if (eq != std::string_view::npos) request.environment[std::string(line.substr(0, eq))] = std::string(line.substr(eq + 1));
    }
  }
  if (sections.size() > k_file_sections + 1) {
    for (const std::string_view line : lines_of(sections[k_file_sections + 1])) {
      if (line.starts_with("@")) {
        const std::string_view file = line.substr(1);
        if (file.find('/') != std::string_view::npos || file.find("..") != std::string_view::npos) continue;
        request.options.push_back({VarOption::Kind::var_file, std::string(file)});
      } else {
        request.options.push_back({VarOption::Kind::var, std::string(line)});
      }
    }
  }
  return request;
}

// Each variable declared sensitive gets `secret` from the environment (a lower precedence than
// any file or option of the input, so the secret is often a shadowed assignment).
VarsRequest with_secrets(VarsRequest request, std::string_view secret) {
  const Declarations declarations = load_declarations(request.directory);
  for (const VariableDeclaration& v : declarations.variables)
    if (v.sensitive) request.environment["TF_VAR_" + v.name] = std::string(secret);
  return request;
}

// Ranges in the written files are true positions in them. (Ranges in the other texts, a -var's
// `<value for var.x>` among them, are checked only to lie within their text.)
void check_ranges(const std::vector<std::string>& sections, const VarsResult& result) {
  std::map<std::string, std::shared_ptr<const SourceFile>, std::less<>> written;
  for (size_t i = 0; i < k_file_sections && i < sections.size(); ++i)
    written.emplace(std::string(k_file_names[i]), SourceFile::from_string(std::string(k_file_names[i]), sections[i]));
  std::map<std::string, std::shared_ptr<const SourceFile>, std::less<>> snippets;
  for (const auto& s : result.snippet_sources) snippets.emplace(s->filename(), s);
  auto check = [&](const Range& r, const char* what) {
    if (auto it = written.find(r.filename.str()); it != written.end()) return fuzz::check_range(*it->second, r, what);
    if (auto it = snippets.find(r.filename.str()); it != snippets.end() && r.end.byte > it->second->text().size())
      fuzz::fail("a range past the end of its text", what);
    if (r.start.byte > r.end.byte) fuzz::fail("range ends before it starts", what);
  };
  for (const Diagnostic& d : result.diagnostics) {
    if (d.summary.empty()) fuzz::fail("diagnostic without a summary", d.detail.c_str());
    if (d.subject) check(*d.subject, d.summary.c_str());
    if (d.context) check(*d.context, d.summary.c_str());
  }
  for (const ResolvedVariable& v : result.variables)
    for (const VariableCandidate& c : v.candidates)
      if (c.source.range) check(*c.source.range, "an assignment's range");
}

// At most one winner per variable, and the variable's source is its winner's; explain_variable
// tells the same story.
void check_winners(const VarsResult& result) {
  for (const ResolvedVariable& v : result.variables) {
    if (!v.declaration || v.declaration->name != v.name) fuzz::fail("a variable without its declaration", v.name.c_str());
    const VariableCandidate* winner = nullptr;
    for (const VariableCandidate& c : v.candidates) {
      if (!c.won) continue;
      if (winner) fuzz::fail("two assignments won", v.name.c_str());
      winner = &c;
    }
    if (winner && winner->source.kind != v.source.kind) fuzz::fail("the source is not the winner's", v.name.c_str());
    const ExplainResult e = explain_variable(result, v.name);
    if (!e.declared || e.variable != &v || e.steps.size() != v.candidates.size()) fuzz::fail("explain disagrees with the result", v.name.c_str());
    if (e.winner.has_value() != (winner != nullptr)) fuzz::fail("explain's winner disagrees with the result", v.name.c_str());
    for (const ExplainStep& step : e.steps)
      for (const size_t shadowed : step.shadowed)
        if (shadowed >= e.steps.size()) fuzz::fail("explain shadows a step that is not there", v.name.c_str());
  }
  for (const UndeclaredAssignment& u : result.undeclared) {
    if (result.find(u.name)) fuzz::fail("a name both declared and undeclared", u.name.c_str());
    const ExplainResult e = explain_variable(result, u.name);
    if (e.declared || e.undeclared != &u) fuzz::fail("explain disagrees about an undeclared name", u.name.c_str());
  }
}

// Everything the result says in words: the diagnostics as the text writer renders them (with the
// masked snippet sources), their summaries and details, the explanations and the sources'
// descriptions.
std::string words_of(const VarsResult& result) {
  SourceFiles files;
  for (const auto& s : result.snippet_sources) files.emplace(s->filename(), s);
  std::string all = fuzz::diagnostics_words(result.diagnostics, files);
  auto explain = [&](const std::string& name) {
    const ExplainResult e = explain_variable(result, name);
    for (const auto& note : e.notes) all += "\n" + note;
    for (const ExplainStep& step : e.steps)
      if (step.candidate) all += "\n" + describe_source(step.candidate->source);
  };
  for (const ResolvedVariable& v : result.variables) explain(v.name);
  for (const UndeclaredAssignment& u : result.undeclared) explain(u.name);
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;  // a directory of small files; larger inputs only slow the search
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> sections = sections_of(input);
  write_files(sections);
  const VarsRequest request = request_of(sections);

  const VarsResult a = resolve_variables(with_secrets(request, k_secret_a));
  check_ranges(sections, a);
  check_winners(a);
  // Declarations without errors document (`hclschema docs` on the directory), as the schema and
  // inputs targets' results do.
  if (!has_errors(a.declarations.diagnostics)) fuzz::check_docs(docs::module_document(a.declarations, "fuzz module"));
  const std::string words_a = words_of(a);

  // nonsensitive() shows a value on purpose; an input holding the secret's text may show it itself.
  const std::string lowered = fuzz::lower_ascii(input);
  if (lowered.find("nonsensitive") != std::string::npos || lowered.find("xyzzy") != std::string::npos) return 0;
  if (words_a.find(k_secret_a) == std::string::npos) return 0;
  const VarsResult b = resolve_variables(with_secrets(request, k_secret_b));
  if (words_of(b).find(k_secret_a) == std::string::npos)
    fuzz::fail_text("a sensitive variable's value in a diagnostic or an explanation", input + "\n--- words:\n" + words_a);
  return 0;
}
