// Small helpers shared by the collection, conversion and network function families (private): building
// a FunctionSpec tersely and reading whole numbers out of number arguments.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "hclschema/eval/function.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema::detail::fn {

using Args = std::vector<Value>;
using TypeOutcome = FunctionOutcome<Type>;
using ValueOutcome = FunctionOutcome<Value>;

struct P {
  static FunctionParam of(std::string name, Type type) {
    FunctionParam p;
    p.name = std::move(name);
    p.type = std::move(type);
    return p;
  }
};

inline FunctionParam param(std::string name, Type type, bool allow_dynamic = false, bool allow_null = false,
                           bool allow_unknown = false) {
  FunctionParam p = P::of(std::move(name), std::move(type));
  p.allow_dynamic_type = allow_dynamic;
  p.allow_null = allow_null;
  p.allow_unknown = allow_unknown;
  return p;
}

inline TypeOutcome fixed(Type t) { return TypeOutcome::ok(std::move(t)); }

// A whole number that fits an int64, as gocty's conversion to a Go int demands.
inline std::optional<int64_t> whole(const Value& v) {
  if (!v.is_known() || v.is_null() || v.type().kind() != Type::Kind::number) return std::nullopt;
  return v.as_number().to_int64();
}

// gocty's message when a number does not fit a Go int (what most functions read indices into).
inline constexpr const char* int_required = "value must be a whole number, between -9223372036854775808 and 9223372036854775807";
// ... and when it does not fit a *big.Int (cidrhost's hostnum, cidrsubnet's netnum).
inline constexpr const char* whole_required = "value must be a whole number";

inline bool is_sequence(const Type& t) { return t.is_list() || t.is_set() || t.is_tuple(); }

}  // namespace hclschema::detail::fn
