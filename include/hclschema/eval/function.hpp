// Functions callable from HCL expressions, modelled on go-cty's function.Spec: typed parameters
// with allow_null / allow_unknown / allow_marked / allow_dynamic_type flags, an optional variadic
// parameter, a return-type callback and an implementation callback. call() applies cty's call
// semantics (argument checks, unknown short-cut, marks stripped and re-applied).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "hclschema/diagnostic.hpp"
#include "hclschema/value/type.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema {

class Expression;
class EvalContext;

struct FunctionParam {
  std::string name;
  Type type;  // dynamic accepts any type
  bool allow_null = false;
  bool allow_unknown = false;
  bool allow_dynamic_type = false;
  bool allow_marked = false;
};

/// An error from a function: `arg_index` names the argument at fault (cty's ArgError), or -1.
struct FunctionError {
  std::string message;
  int arg_index = -1;
  /// The argument whose text the message may quote a piece of, not only the whole value (a
  /// regular expression's parse error, a JSON syntax error), or -1: when that argument is
  /// sensitive and the message does not quote it whole, the evaluator does not show the message.
  int quotes_pieces_of = -1;
};

/// The outcome of a type check or a call: a type/value, or an error.
template <class T>
struct FunctionOutcome {
  std::optional<T> result;
  FunctionError error;
  static FunctionOutcome ok(T v) { return {std::move(v), {}}; }
  static FunctionOutcome fail(std::string message, int arg = -1) { return {std::nullopt, {std::move(message), arg}}; }
  /// A failure whose message may quote a piece of argument `pieces_of` (see FunctionError::quotes_pieces_of).
  static FunctionOutcome fail_quoting_pieces(std::string message, int pieces_of, int arg = -1) {
    return {std::nullopt, {std::move(message), arg, pieces_of}};
  }
};

struct FunctionSpec {
  std::vector<FunctionParam> params;
  std::optional<FunctionParam> var_param;
  /// The result type for the given (already checked) arguments.
  std::function<FunctionOutcome<Type>(const std::vector<Value>& args)> return_type;
  /// The result type whatever the arguments, for a function that always answers one type (most
  /// do): when set, it is the return type and `return_type` is not called. (A call then needs no
  /// indirect call and no outcome for its type: 0.2% of evaluating the bench corpus.)
  std::optional<Type> fixed_return_type;
  /// The result for known arguments; `result_type` is what return_type answered.
  std::function<FunctionOutcome<Value>(const std::vector<Value>& args, const Type& result_type)> impl;

  /// For functions that take expressions rather than values (HCL's customdecode: `try`, `can`):
  /// when set, a call hands the arguments and the caller's context to this callback (after the
  /// argument count check against `params`/`var_param`) and returns what it answers; `impl` and
  /// the argument conversion are not used. Evaluate an argument's `expr` with evaluate(); an
  /// argument that came from `...` expansion has its element in `value` instead (HCL turns those
  /// into literal expressions), and `expr` is then the expanding expression, for ranges only.
  struct ExpressionArg {
    const Expression* expr = nullptr;
    std::optional<Value> value;
  };
  struct ExpressionCallResult {
    Value value;
    Diagnostics diagnostics;
  };
  std::function<ExpressionCallResult(const std::vector<ExpressionArg>& args, const EvalContext* ctx)> expression_impl;
};

class Function {
 public:
  Function() = default;
  explicit Function(FunctionSpec spec) : spec_(std::move(spec)) {}
  [[nodiscard]] const FunctionSpec& spec() const { return spec_; }
  [[nodiscard]] const std::vector<FunctionParam>& params() const { return spec_.params; }
  [[nodiscard]] const FunctionParam* var_param() const { return spec_.var_param ? &*spec_.var_param : nullptr; }

  /// cty's ReturnTypeForValues.
  [[nodiscard]] FunctionOutcome<Type> return_type_for(const std::vector<Value>& args) const;
  /// cty's Function.Call (arguments already converted to the parameter types by the caller).
  [[nodiscard]] FunctionOutcome<Value> call(const std::vector<Value>& args) const;

 private:
  FunctionSpec spec_;
};

}  // namespace hclschema
