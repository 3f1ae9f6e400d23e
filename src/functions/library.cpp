// Assembles the standard function library from its families, once.
#include "hclschema/functions.hpp"

#include "functions/families.hpp"

namespace hclschema {

const FunctionTable& standard_functions() {
  static const FunctionTable table = [] {
    FunctionTable t;
    detail::add_numeric_functions(t);
    detail::add_string_functions(t);
    detail::add_encoding_functions(t);
    detail::add_collection_functions(t);
    detail::add_conversion_functions(t);
    detail::add_network_functions(t);
    return t;
  }();
  return table;
}

void add_standard_functions(EvalContext& ctx) {
  for (const auto& [name, function] : standard_functions()) ctx.set_function(name, function);
}

}  // namespace hclschema
