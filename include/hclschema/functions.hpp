// The standard function library: the Terraform functions that configurations and validation
// conditions use, with Terraform's (and go-cty's stdlib) semantics and error messages.
//
//     EvalContext ctx;
//     add_standard_functions(ctx);             // upper(), merge(), cidrsubnet(), ...
//     auto r = evaluate(*expr, &ctx);
// An embedding application adds its own with ctx.set_function(name, Function(spec)).
#pragma once

#include <map>
#include <string>

#include "hclschema/eval/context.hpp"
#include "hclschema/eval/function.hpp"

namespace hclschema {

using FunctionTable = std::map<std::string, Function, std::less<>>;

/// Every function of the standard library, by name.
[[nodiscard]] const FunctionTable& standard_functions();

/// Registers every standard function in `ctx` (an existing function of the same name is replaced).
void add_standard_functions(EvalContext& ctx);

}  // namespace hclschema
