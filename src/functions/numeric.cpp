// The numeric functions of the standard library.
#include "functions/families.hpp"

namespace hclschema::detail {

void add_numeric_functions(FunctionTable& table) { (void)table; }

}  // namespace hclschema::detail
