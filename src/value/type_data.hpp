// The shared, immutable description behind compound Types (private to the value layer).
#pragma once

#include <vector>

#include "hclschema/value/type.hpp"

namespace hclschema::detail {

struct TypeData {
  Type element;                          // list, set, map
  std::vector<Type> elements;            // tuple
  std::vector<Type::Attribute> attributes;  // object, sorted by name
  bool has_optional = false;
};

}  // namespace hclschema::detail
