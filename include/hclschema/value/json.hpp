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
  // value_to_json: a number, or the numbers together, too long to write out (Number::max_digits),
  // which the CLI reports as such rather than as a value that has no encoding.
  bool number_too_long = false;
};

/// The error as Terraform words it: "PATH: message" inside a value (".logging.format: a number is
/// required"), the message alone at the top.
[[nodiscard]] inline std::string error_text(const ValueError& e) { return e.path.empty() ? e.message : e.path + ": " + e.message; }

std::string type_to_json(const Type& type);
std::optional<Type> type_from_json(std::string_view json, std::string* error = nullptr);

// Unknown values cannot be encoded; marks are ignored (cty refuses marked values: callers unmark).
std::optional<std::string> value_to_json(const Value& value, const Type& type, ValueError* error = nullptr);
std::optional<Value> value_from_json(std::string_view json, const Type& type, ValueError* error = nullptr);

/// Decodes JSON with the type it implies, as cty's json.ImpliedType then Unmarshal: objects become
/// objects, arrays tuples, numbers keep every digit, null is a null of dynamic type.
///
///     auto v = value_from_json_implied(R"({"port": 8080, "tags": ["a"]})");
std::optional<Value> value_from_json_implied(std::string_view json, ValueError* error = nullptr);

}  // namespace hclschema
