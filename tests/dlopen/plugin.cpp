// A plugin that embeds hclschema: loaded with dlopen by loader.cpp (see CMakeLists.txt for why).
// It evaluates an expression that reaches the library's thread-local state (the string-literal
// table, the value payload lists, the tuple-type table, a variable lookup) on the loading thread
// and on a thread started after the load.
#include <string>
#include <thread>

#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/value.hpp"
#include "hclschema/value/json.hpp"

namespace {

// "<value as JSON> / <first diagnostic's summary> at <line>:<column>".
std::string evaluate_twice() {
  hclschema::EvalContext ctx;
  hclschema::add_standard_functions(ctx);
  ctx.set_variable("known", hclschema::Value::string("bb"));
  std::string out;
  auto good = hclschema::parse_expression(R"(["a", known, length("abc")])", "plugin.hcl");
  auto r = hclschema::evaluate(*good.expr, &ctx);
  out += r.diagnostics.empty() ? hclschema::value_to_json(r.value, r.value.type()).value_or("unencodable") : "error";
  auto bad = hclschema::parse_expression(R"(["a", known, unknown_name])", "plugin.hcl");
  auto b = hclschema::evaluate(*bad.expr, &ctx);
  if (b.diagnostics.empty() || !b.diagnostics[0].subject) return out + " / no diagnostic";
  const auto& s = *b.diagnostics[0].subject;
  return out + " / " + b.diagnostics[0].summary + " at " + std::to_string(s.start.line) + ":" + std::to_string(s.start.column);
}

}  // namespace

extern "C" [[gnu::visibility("default")]] const char* hclschema_plugin_run() {
  static std::string report;
  report = "main thread: " + evaluate_twice() + "\n";
  std::thread other([] { report += "second thread: " + evaluate_twice() + "\n"; });
  other.join();
  return report.c_str();
}
