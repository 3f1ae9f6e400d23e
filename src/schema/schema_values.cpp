// How schema diagnostics show values (display_value), and enum membership.
#include "hclschema/schema.hpp"
#include "hclschema/value/json.hpp"
#include "schema/schema_messages.hpp"
#include "util/go_format.hpp"

namespace hclschema {

std::string display_value(const Value& value, bool sensitive) {
  // Diagnostics end up in CI logs: a sensitive value, or one holding a sensitive part, is never shown.
  if (sensitive || value.has_mark("sensitive") || value.contains_marked()) return "(sensitive value)";
  if (!value.is_wholly_known()) return "(not yet known)";
  if (value.is_null()) return "null";
  if (value.type() == Type::string()) return detail::go_quote(value.as_string());
  if (auto json = value_to_json(value, value.type())) return *json;
  // A number of more than 20 million digits, which the JSON encoding refuses: with an exponent.
  if (value.type() == Type::number() && value.as_number().too_long_to_write_out()) return value.as_number().to_string();
  return "(value)";
}

namespace detail {

bool enum_contains(const std::vector<Value>& permitted, const Value& value) {
  const Value plain = value.unmarked_deep();
  for (const Value& p : permitted)
    if (raw_equals(p, plain)) return true;
  return false;
}

}  // namespace detail

}  // namespace hclschema
