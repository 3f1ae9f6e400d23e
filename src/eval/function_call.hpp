// Function::call for the evaluator: the result made straight in the caller's place, and cty's
// checks of the arguments made by the caller's loop over them (private to the library).
#pragma once

#include <optional>
#include <vector>

#include "hclschema/eval/function.hpp"
#include "hclschema/value/type.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema::eval_detail {

/// What `f.call(given)` answers, as a value returned by itself: the result, or on failure an
/// unknown of dynamic type with the failure in `error` (which must be empty when called). A
/// returned FunctionOutcome<Value> cost every call its construction (zeroed, 13 words), a move of
/// the result out of it and its destruction; the commonest answer, an unknown of the return type
/// for an unknown argument, is now made where the caller's result goes.
Value call_function(const Function& f, const std::vector<Value>& given, std::optional<FunctionError>& error);

/// Type conformance in cty's sense: equal types, with dynamic in the wanted type matching anything.
bool conforms(const Type& got, const Type& want);

/// conforms(), with the common answers inline: anything conforms to dynamic, a primitive type
/// only to its own kind, and a type to itself (the call of conforms() cost more than these tests).
/// Types are interned, so `got == want` is a compare of kind and address; an argument converted to
/// its parameter's compound type (`list(string)`) nearly always has that very type, and conforms()
/// would walk both shapes to say so (2,760 calls, 57 K instructions on the bench corpus).
[[gnu::always_inline]] inline bool conforms_to(const Type& got, const Type& want) {
  if (want.is_dynamic()) return true;
  if (want.is_primitive()) return got.kind() == want.kind();
  if (got == want) return true;  // conforms(t, t) is true for every t
  return conforms(got, want);
}

/// Value::contains_marked, answered inline for a value without elements (a primitive, an unknown
/// or a null of dynamic type: nearly every argument), where it is whether the value itself is
/// marked.
[[gnu::always_inline]] inline bool has_marks_anywhere(const Value& v) {
  const Type& t = v.type();
  if (t.is_primitive() || t.is_dynamic()) return v.is_marked();
  return v.contains_marked();
}

/// cty's checks of a call's arguments (those of Function::return_type_for), one argument at a
/// time, for a caller that has each argument at hand as it builds them: the evaluator's loop over
/// the arguments makes them there, and call_checked need not walk the arguments again (that walk
/// and its frame were 0.6% of evaluating the bench corpus).
struct ArgumentChecks {
  /// No argument has marks to remove, a null where its parameter refuses it, or a type that does
  /// not conform to its parameter's: the checks pass, and the arguments are the function's as
  /// they are.
  bool plain = true;
  /// An argument is unknown where its parameter does not take unknowns: the call answers an
  /// unknown of the return type without running the function (cty's short-cut).
  bool unknown_short_cut = false;
  /// An argument is of dynamic type where its parameter refuses that: the return type is dynamic,
  /// and cty looks at nothing of the later arguments but their marks and unknowns.
  bool dynamic_result = false;

  /// Argument `a`, given for parameter `p`: return_type_of's checks, in its order.
  [[gnu::always_inline]] void check(const FunctionParam& p, const Value& a) {
    if (!p.allow_marked && has_marks_anywhere(a)) {
      plain = false;
    } else if (!dynamic_result) {
      const Type& t = a.type();
      if (a.is_null() && !p.allow_null) {
        plain = false;
      } else if (t.is_dynamic()) {
        if (!p.allow_dynamic_type) dynamic_result = true;
      } else if (!conforms_to(t, p.type)) {
        plain = false;
      }
    }
    if (!a.is_known() && !p.allow_unknown) unknown_short_cut = true;
  }
};

/// call_function for arguments as many as `f` takes, whose every one `checks` saw, in order:
/// when they came out plain, the return type and the result without another look at the
/// arguments; else call_function, whose checks then answer (its error, its marks).
Value call_checked(const Function& f, const std::vector<Value>& given, const ArgumentChecks& checks, std::optional<FunctionError>& error);

}  // namespace hclschema::eval_detail
