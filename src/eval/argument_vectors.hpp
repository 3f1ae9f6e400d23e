// The vectors function calls hand their argument values in (Function::call takes a
// std::vector<Value>), reused from call to call on a thread instead of each call allocating and
// freeing one (private to the evaluator).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "eval/thread_kept_list.hpp"
#include "hclschema/eval/function.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema::eval_detail {

namespace argument_vector_detail {
// The thread's kept vectors (see ThreadKeptList), read inline by ArgumentVector's constructor and
// destructor: every function call takes one.
inline constexpr size_t k_kept = 32;
// A vector grown by a call of many arguments (a spread list) is not kept at that size.
inline constexpr size_t k_max_capacity = 64;
using Kept = ThreadKeptList<std::vector<Value>*, k_kept>;
inline thread_local Kept t_kept;
// The same for the expression arguments of try() and can() (FunctionSpec::expression_impl):
// fewer calls, and no nesting deeper than a few.
using ExpressionArgs = std::vector<FunctionSpec::ExpressionArg>;
inline constexpr size_t k_kept_expression_vectors = 8;
using KeptExpressionArgs = ThreadKeptList<ExpressionArgs*, k_kept_expression_vectors>;
inline thread_local KeptExpressionArgs t_kept_expression_args;
}  // namespace argument_vector_detail

/// An empty vector of argument values for the lifetime of this object, taken from the thread's
/// kept vectors when there is one (with the capacity it had), else new. Given back on
/// destruction, emptied first: the values it held are released then, as a vector's would be.
class ArgumentVector {
 public:
  /// The room every argument vector has (most calls have fewer arguments): a caller reserves
  /// only for more, without reading the capacity (a division by the value's size) for the others.
  static constexpr size_t k_room = 8;

  ArgumentVector() {
    if (!argument_vector_detail::t_kept.take(values_)) make();
  }
  ~ArgumentVector() {
    values_->clear();
    if (values_->capacity() <= argument_vector_detail::k_max_capacity && argument_vector_detail::t_kept.keep(values_)) return;
    give_back();
  }
  ArgumentVector(const ArgumentVector&) = delete;
  ArgumentVector& operator=(const ArgumentVector&) = delete;

  std::vector<Value>& operator*() { return *values_; }
  std::vector<Value>* operator->() { return values_; }

 private:
  // A new vector with room for k_room values (out of line: most are taken from the kept ones).
  void make();
  // The destructor's way when the vector is not simply kept: keeps it arming the thread's drain
  // (keep_arming), or frees it.
  void give_back();

  std::vector<Value>* values_;
};

/// ArgumentVector for the arguments of a function of expressions (try, can): a vector of the
/// thread's, empty, for the lifetime of this object, given back emptied (its elements' values
/// released then). A new vector and its free per call were a third of call_general's own work.
class ExpressionArgumentVector {
 public:
  ExpressionArgumentVector() {
    if (!argument_vector_detail::t_kept_expression_args.take(args_)) args_ = new argument_vector_detail::ExpressionArgs();
  }
  ~ExpressionArgumentVector() {
    args_->clear();
    if (args_->capacity() <= argument_vector_detail::k_max_capacity && argument_vector_detail::t_kept_expression_args.keep(args_)) return;
    give_back();
  }
  ExpressionArgumentVector(const ExpressionArgumentVector&) = delete;
  ExpressionArgumentVector& operator=(const ExpressionArgumentVector&) = delete;

  argument_vector_detail::ExpressionArgs& operator*() { return *args_; }
  argument_vector_detail::ExpressionArgs* operator->() { return args_; }

 private:
  // As ArgumentVector::give_back.
  void give_back();

  argument_vector_detail::ExpressionArgs* args_;
};

/// How many emptied vectors this thread keeps (for tests), and the most it keeps.
[[nodiscard]] size_t kept_argument_vectors();
[[nodiscard]] size_t max_kept_argument_vectors();
/// The largest capacity a vector may have to be kept (a longer one is freed, not held on to).
[[nodiscard]] size_t max_kept_argument_capacity();
/// The same for ExpressionArgumentVector.
[[nodiscard]] size_t kept_expression_argument_vectors();
[[nodiscard]] size_t max_kept_expression_argument_vectors();

}  // namespace hclschema::eval_detail
