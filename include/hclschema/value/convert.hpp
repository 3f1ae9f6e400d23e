// Conversion and unification with the rules and messages of go-cty's convert package.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hclschema/value/json.hpp"
#include "hclschema/value/type.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema {

struct ConvertResult {
  std::optional<Value> value;
  ValueError error;  // when value is empty
};

// convert.Convert: unsafe conversions allowed (string to number or bool, list to set, map to object).
ConvertResult convert(const Value& value, const Type& want);
// GetConversion / GetConversionUnsafe != nil. As in cty, this is false when `from` equals `to`:
// no conversion is needed then (test type equality first, as convert() does).
bool can_convert(const Type& from, const Type& to, bool unsafe);
// convert.MismatchMessage: why `got` cannot become `want` ("element 0: string required").
std::string mismatch_message(const Type& got, const Type& want);
// convert.Unify / UnifyUnsafe: the common type, nullopt when there is none.
std::optional<Type> unify(const std::vector<Type>& types, bool unsafe);

}  // namespace hclschema
