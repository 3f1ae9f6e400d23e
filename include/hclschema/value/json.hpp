// cty's JSON encodings: types (cty/json.MarshalType) and values given their type (cty/json.Marshal
// and Unmarshal).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "hclschema/value/type.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema {

struct ValueError {
  std::string message;
  std::string path;  // ".attr", "[0]", "[\"key\"]" steps; empty at the top
};

std::string type_to_json(const Type& type);
std::optional<Type> type_from_json(std::string_view json, std::string* error = nullptr);

// Unknown values cannot be encoded; marks are ignored (cty refuses marked values: callers unmark).
std::optional<std::string> value_to_json(const Value& value, const Type& type, ValueError* error = nullptr);
std::optional<Value> value_from_json(std::string_view json, const Type& type, ValueError* error = nullptr);

}  // namespace hclschema
