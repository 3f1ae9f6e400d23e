// The families the standard library is assembled from (private): one file per family, each adding
// its functions to the table. See src/functions/library.cpp.
#pragma once

#include "hclschema/functions.hpp"

namespace hclschema::detail {

void add_numeric_functions(FunctionTable& table);     // numeric.cpp
void add_string_functions(FunctionTable& table);      // string.cpp
void add_encoding_functions(FunctionTable& table);    // encoding.cpp
void add_collection_functions(FunctionTable& table);  // collection.cpp
void add_conversion_functions(FunctionTable& table);  // conversion.cpp (to*, type, sensitive, can, try)
void add_network_functions(FunctionTable& table);     // network.cpp (cidr*)

}  // namespace hclschema::detail
