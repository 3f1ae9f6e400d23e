// The collection functions of the standard library.
#include "functions/families.hpp"

namespace hclschema::detail {

void add_collection_functions(FunctionTable& table) { (void)table; }

}  // namespace hclschema::detail
