// The shared payload behind non-primitive Values (private to the value layer).
#pragma once

#include <string>
#include <vector>

#include "hclschema/value/value.hpp"

namespace hclschema::detail {

struct ValueData {
  std::string str;                // string values
  std::vector<Value> elements;    // list/set/tuple elements, map/object values
  std::vector<std::string> keys;  // map/object keys, sorted, parallel to elements
};

}  // namespace hclschema::detail
