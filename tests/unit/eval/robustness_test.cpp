// Bad input never crashes evaluation: every attribute of the parser's golden inputs (many of them
// syntax errors, whose trees hold placeholder nodes) is evaluated without a context, with a
// partial one, and with a context of functions, and every diagnostic subject must lie in the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "hclschema/eval.hpp"
#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"

namespace {

namespace fs = std::filesystem;
using namespace hclschema;

void collect(const native::NativeBody& body, std::vector<const native::Expr*>& out) {
  for (const auto& a : body.attributes()) out.push_back(a.expr);
  for (const auto* b : body.blocks()) collect(*b->body, out);
}

bool inside(const Range& r, size_t size) { return r.start.byte <= r.end.byte && r.end.byte <= size; }

TEST(EvalRobustnessTest, ParserInputsEvaluateWithoutCrashing) {
  fs::path dir = fs::path(HCLSCHEMA_SOURCE_DIR) / "tests" / "golden" / "parse";
  EvalContext partial;
  partial.partial = true;
  EvalContext funcs;
  FunctionSpec spec;
  spec.var_param = FunctionParam{"args", Type::dynamic(), true, true, true, true};
  spec.return_type = [](const std::vector<Value>&) { return FunctionOutcome<Type>::ok(Type::dynamic()); };
  spec.impl = [](const std::vector<Value>& args, const Type&) {
    return FunctionOutcome<Value>::ok(args.empty() ? Value::null(Type::dynamic()) : args[0]);
  };
  funcs.set_function("f", Function(spec));
  funcs.set_variable("v", Value::number(1));
  size_t files = 0, attrs = 0;
  for (const char* sub : {"inputs", "inputs-modern"}) {
    if (!fs::is_directory(dir / sub)) continue;
    for (const auto& entry : fs::directory_iterator(dir / sub)) {
      auto parsed = parse_path(entry.path().string());
      if (!parsed.file || !parsed.file->native_body()) continue;
      ++files;
      std::vector<const native::Expr*> exprs;
      collect(*parsed.file->native_body(), exprs);
      size_t size = parsed.file->source().text().size();
      for (const auto* e : exprs) {
        ++attrs;
        for (const EvalContext* ctx : std::vector<const EvalContext*>{nullptr, &partial, &funcs}) {
          auto r = evaluate(*e, ctx);
          for (const auto& d : r.diagnostics) {
            EXPECT_FALSE(d.summary.empty()) << entry.path();
            if (d.subject) {
              EXPECT_TRUE(inside(*d.subject, size)) << entry.path() << ": " << d.summary;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(files, 100u);
  EXPECT_GT(attrs, 100u);
}

}  // namespace
