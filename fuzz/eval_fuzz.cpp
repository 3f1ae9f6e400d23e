// libFuzzer target: evaluation of native expressions. Any bytes that parse to an expression (with
// or without errors) must evaluate with the standard functions and a few variables without a
// crash, a hang or a sanitizer report, with every diagnostic range a true position in the input,
// and without a sensitive variable's text in any diagnostic.
//
// The evaluation's work limit is small here, so that an expression that multiplies its work
// (nested `for`s over ranges) stops within milliseconds: an input that runs into libFuzzer's
// -timeout does work the budget does not count, which is a finding.
//
// Built with clang (-DHCLSCHEMA_BUILD_FUZZ=ON) it fuzzes; in the normal build replay_main.cpp runs
// it over the seed corpus (fuzz/corpus/eval) as a ctest test.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_checks.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"

namespace {

using namespace hclschema;

// Two secrets of one shape: the input is evaluated with each, so that a diagnostic holding the
// secret of its own run, and not the other run's, can only have taken it from the variable.
constexpr std::string_view k_secret_a = "s3cr3t-XYZZY-value";
constexpr std::string_view k_secret_b = "s3cr3t-QWOPQ-value";

// Enough for a few thousand loop iterations: a real hang would be work this does not count.
constexpr uint64_t k_work_limit = 200'000;

EvalContext make_context(std::string_view secret) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.work_limit = k_work_limit;
  ctx.set_variable("n", Value::number(Number(int64_t{3})));
  ctx.set_variable("s", Value::string("hello, world"));
  ctx.set_variable("b", Value::boolean(true));
  ctx.set_variable("l", Value::list(Type::string(), {Value::string("a"), Value::string("b"), Value::string("c")}));
  ctx.set_variable("m", Value::map(Type::number(), {{"x", Value::number(Number(int64_t{1}))}, {"y", Value::number(Number(int64_t{2}))}}));
  ctx.set_variable("o", Value::object({{"name", Value::string("web")}, {"ports", Value::tuple({Value::number(Number(int64_t{80})),
                                                                                                Value::number(Number(int64_t{443}))})}}));
  ctx.set_variable("secret", Value::string(secret).with_mark(sensitive_mark));
  ctx.set_variable("secrets", Value::object({{"token", Value::string(secret).with_mark(sensitive_mark)}}));
  // Sensitive collections whose elements and keys are not marked themselves, as jsondecode() of a
  // sensitive string makes them: a `for` body sees them without the mark.
  ctx.set_variable("seclist", Value::list(Type::string(), {Value::string(secret), Value::string("plain")}).with_mark(sensitive_mark));
  ctx.set_variable("secmap", Value::map(Type::string(), {{std::string(secret), Value::string(secret)}}).with_mark(sensitive_mark));
  ctx.set_variable("u", Value::unknown(Type::dynamic()));
  ctx.set_variable("ul", Value::unknown(Type::list(Type::string())));
  ctx.set_variable("z", Value::null(Type::string()));
  return ctx;
}

const EvalContext& context_a() {
  static const EvalContext ctx = make_context(k_secret_a);
  return ctx;
}
const EvalContext& context_b() {
  static const EvalContext ctx = make_context(k_secret_b);
  return ctx;
}

// Every diagnostic's summary and detail, and the diagnostics as the text writer renders them.
std::string diagnostics_text(const ParsedExpression& parsed, const Diagnostics& diags) {
  const SourceFile& src = parsed.file->source();
  return fuzz::diagnostics_words(diags, SourceFiles{{src.filename(), parsed.file->source_ptr()}});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  ParsedExpression parsed = parse_expression(text, "fuzz.hcl");
  if (!parsed.file) fuzz::fail("no file", "parse_expression always returns one");
  const SourceFile& src = parsed.file->source();
  fuzz::check_diagnostics(src, parsed.diagnostics);
  if (!parsed.expr) return 0;

  const EvalResult a = evaluate(*parsed.expr, &context_a());
  fuzz::check_diagnostics(src, a.diagnostics);
  for (const auto& d : a.diagnostics)
    if (d.subject && d.subject->filename != "fuzz.hcl") fuzz::fail_text("a diagnostic outside the input", d.summary);
  const std::string text_a = diagnostics_text(parsed, a.diagnostics);

  // A leak: the secret shows in its own run's diagnostics but not in the other run's (where it
  // would have come from the input itself). nonsensitive() removes the mark on purpose.
  const std::string input = fuzz::lower_ascii(text);
  if (input.find("nonsensitive") != std::string::npos || input.find("xyzzy") != std::string::npos) return 0;
  if (text_a.find(k_secret_a) == std::string::npos) return 0;
  const EvalResult b = evaluate(*parsed.expr, &context_b());
  if (diagnostics_text(parsed, b.diagnostics).find(k_secret_a) == std::string::npos)
    fuzz::fail_text("a sensitive variable's text in a diagnostic", text + "\n--- diagnostics:\n" + text_a);
  return 0;
}
