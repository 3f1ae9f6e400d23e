// Function::call for the evaluator: the result made straight in the caller's place (private to
// the library).
#pragma once

#include <optional>
#include <vector>

#include "hclschema/eval/function.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema::eval_detail {

/// What `f.call(given)` answers, as a value returned by itself: the result, or on failure an
/// unknown of dynamic type with the failure in `error` (which must be empty when called). A
/// returned FunctionOutcome<Value> cost every call its construction (zeroed, 13 words), a move of
/// the result out of it and its destruction; the commonest answer, an unknown of the return type
/// for an unknown argument, is now made where the caller's result goes.
Value call_function(const Function& f, const std::vector<Value>& given, std::optional<FunctionError>& error);

}  // namespace hclschema::eval_detail
