// Evaluating an expression of either syntax to a value, with hclsyntax's semantics and messages.
//
//     EvalContext ctx;
//     ctx.set_variable("a", Value::number(2));
//     auto r = evaluate(*expr, &ctx);   // r.value, r.diagnostics
#pragma once

#include <memory>
#include <string>

#include "hclschema/diagnostic.hpp"
#include "hclschema/eval/context.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/syntax.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema {

struct EvalResult {
  Value value;
  Diagnostics diagnostics;
};

/// Evaluates `expr` (native or JSON syntax) in `ctx` (null: no variables, no functions); running out of memory gives a "Not enough memory" error at `expr`.
[[nodiscard]] EvalResult evaluate(const Expression& expr, const EvalContext* ctx);

/// A parsed stand-alone native expression (hclsyntax.ParseExpression) with the File owning it.
struct ParsedExpression {
  std::shared_ptr<const File> file;
  const Expression* expr = nullptr;
  Diagnostics diagnostics;
};
[[nodiscard]] ParsedExpression parse_expression(std::string text, std::string filename = "<expr>");

}  // namespace hclschema
