// Differential test of expression evaluation against hclsyntax.
//
// tests/golden/eval/cases.jsonl (written by generate.py) holds thousands of expressions: every
// operator on every pair of operand kinds, templates and directives, for expressions, splats,
// index and attribute errors, conditionals, function calls with `...`, unknowns, nulls and
// sensitive values, all evaluated with the variables of vars.json. expected.jsonl is what
// `reference eval` (tools/reference/eval.go) printed for each. This test parses each expression
// with our parser, evaluates it, and compares diagnostics (summary, detail, subject range) and,
// when there are no errors, the value (cty JSON), type, knownness and sensitivity.
//
// Cases we knowingly answer differently are listed in known_differences.txt with the reason; the
// test fails on any other difference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/json/ast.hpp"
#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/value.hpp"
#include "golden/golden_testing.hpp"
#include "value/json_tree.hpp"

namespace {

using namespace golden_testing;
using nlohmann::json;  // not hclschema::json, the JSON-syntax tree

fs::path golden_dir() { return golden_testing::golden_dir("eval"); }

// The variables of vars.json and, as the reference gives them, cty's stdlib upper and min and
// HCL's try and can: the library's own functions of those names are those.
EvalContext make_context() {
  EvalContext ctx;
  add_golden_variables(golden_dir() / "vars.json", ctx);
  EvalContext standard;
  add_standard_functions(standard);
  ctx.set_function("upper", standard.functions->at("upper"));
  ctx.set_function("min", standard.functions->at("min"));
  ctx.set_function("try", standard.functions->at("try"));
  ctx.set_function("can", standard.functions->at("can"));
  return ctx;
}

std::string describe(const json& j) { return j.dump(); }

TEST(EvalGolden, MatchesReference) {
  auto cases = read_lines(golden_dir() / "cases.jsonl");
  auto expected = read_lines(golden_dir() / "expected.jsonl");
  ASSERT_EQ(cases.size(), expected.size());
  ASSERT_GT(cases.size(), 1000u);
  std::set<size_t> known;
  {
    std::ifstream in(golden_dir() / "known_differences.txt");
    std::string line;
    while (std::getline(in, line))
      if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0]))) known.insert(std::stoul(line));
  }
  EvalContext vars = make_context();
  EvalContext empty;
  empty.variables.reset();
  size_t compared = 0, passed = 0, skipped = 0;
  std::vector<size_t> now_passing;
  std::string failures;
  size_t failure_count = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    json c = json::parse(cases[i]);
    json want = json::parse(expected[i]);
    if (want.contains("panic") || want.contains("parse_error") || want.contains("error")) {
      ++skipped;
      continue;
    }
    std::string mode = c.value("ctx", "vars");
    ParsedExpression parsed;
    if (c.value("syntax", "native") == "json") {
      auto file = parse_json(SourceFile::from_string("expr.json", c["expr"].get<std::string>()));
      parsed.file = file.file;
      parsed.expr = file.file ? hclschema::json::root_value(file.file->body()) : nullptr;
      parsed.diagnostics = file.diagnostics;
    } else {
      parsed = parse_expression(c["expr"].get<std::string>(), "expr.hcl");
    }
    ++compared;
    json got;
    if (has_errors(parsed.diagnostics) || !parsed.expr) {
      got = json{{"parse_error", true}};
    } else {
      const EvalContext* ctx = mode == "nil" ? nullptr : mode == "empty" ? &empty : &vars;
      got = eval_answer(evaluate(*parsed.expr, ctx));
    }
    bool errors = false;
    for (const auto& d : want["diagnostics"])
      if (d["severity"] == "error") errors = true;
    json cmp_want = want, cmp_got = got;
    if (errors) {
      // With errors HCL's value is a placeholder; only the diagnostics are compared.
      cmp_want = json{{"diagnostics", want["diagnostics"]}};
      cmp_got = json{{"diagnostics", got.value("diagnostics", json::array())}};
      if (got.contains("parse_error")) cmp_got = got;
    }
    bool ok = cmp_want == cmp_got;
    if (ok) ++passed;
    if (ok && known.count(i)) now_passing.push_back(i);
    if (!ok && !known.count(i)) {
      if (++failure_count <= 40)
        failures += "case " + std::to_string(i) + ": " + c["expr"].get<std::string>() + "\n  want " + describe(cmp_want) + "\n  got  " +
                    describe(cmp_got) + "\n";
    }
  }
  std::cout << "[eval golden] " << passed << " of " << compared << " cases match the reference (" << skipped
            << " skipped: the reference panicked or could not parse), " << known.size() << " known differences\n";
  EXPECT_EQ(failure_count, 0u) << failures;
  if (!now_passing.empty()) {
    std::string ids;
    for (size_t i : now_passing) ids += " " + std::to_string(i);
    std::cout << "[eval golden] listed as known differences but now matching:" << ids << "\n";
  }
}

}  // namespace

namespace {

std::string env_or(const char* name, std::string fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::string(v) : fallback;
}

// Every attribute of a native body, attributes before blocks, blocks in order (as eval.go walks).
void collect(const native::NativeBody& body, std::vector<const native::NativeAttribute*>& out) {
  for (const auto& a : body.attributes()) out.push_back(&a);
  for (const auto* b : body.blocks()) collect(*b->body, out);
}

// Each attribute of the shared corpus evaluated without a context: the value and type when it
// needs no variables, else the first diagnostic's summary ("Variables not allowed", ...).
TEST(EvalGolden, CorpusAttributesMatchReference) {
  fs::path corpus = env_or("HCLSCHEMA_CORPUS_DIR", std::string(HCLSCHEMA_SOURCE_DIR) + "/../shared/corpus");
  if (!fs::is_directory(corpus)) GTEST_SKIP() << "corpus not found at " << corpus;
  auto lines = read_lines(golden_dir() / "corpus.jsonl");
  ASSERT_GT(lines.size(), 100u);
  size_t attrs = 0, values = 0, failures = 0, partial_failures = 0;
  std::string report;
  EvalContext partial;
  partial.partial = true;
  for (const auto& line : lines) {
    json want = json::parse(line);
    if (!want.contains("attrs")) continue;
    std::string name = want["file"];
    auto parsed = parse_path((corpus / name).string());
    ASSERT_TRUE(parsed.file) << name;
    const auto* body = parsed.file->native_body();
    ASSERT_NE(body, nullptr) << name;
    std::vector<const native::NativeAttribute*> all;
    collect(*body, all);
    ASSERT_EQ(all.size(), want["attrs"].size()) << name;
    for (size_t i = 0; i < all.size(); ++i) {
      const json& w = want["attrs"][i];
      const auto* a = all[i];
      Pos at = parsed.file->source().range(a->name_span).start;
      json got = json::array({at.line, at.column});
      auto r = evaluate(*a->expr, nullptr);
      if (!r.diagnostics.empty()) {
        got.push_back("error");
        got.push_back(r.diagnostics[0].summary);
      } else {
        got.push_back(type_to_json(r.value.type()));
        Value plain = r.value.unmarked_deep();
        auto text = plain.is_wholly_known() ? value_to_json(plain, plain.type()) : std::nullopt;
        got.push_back(text ? json(*text) : json(nullptr));
        ++values;
      }
      // Partial evaluation of the same attribute: no variable is ever an error, and what needed
      // no variables evaluates the same.
      auto pr = evaluate(*a->expr, &partial);
      for (const auto& d : pr.diagnostics)
        if (d.summary == "Unknown variable" || d.summary == "Variables not allowed") ++partial_failures;
      if (r.diagnostics.empty() && !raw_equals(pr.value, r.value)) ++partial_failures;
      ++attrs;
      if (got != w && ++failures <= 20) report += name + ": want " + w.dump() + "\n  got  " + got.dump() + "\n";
    }
  }
  std::cout << "[eval golden] corpus: " << attrs << " attributes, " << values << " evaluated without variables, " << failures
            << " differences\n";
  EXPECT_EQ(failures, 0u) << report;
  EXPECT_EQ(partial_failures, 0u);
}

}  // namespace
