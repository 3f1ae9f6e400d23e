// The vectors function calls hand their argument values in (Function::call takes a
// std::vector<Value>), and try() and can() their argument expressions, reused from call to call
// on a thread instead of each call allocating and freeing one (private to the evaluator).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "eval/thread_kept_list.hpp"
#include "hclschema/eval/function.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema::eval_detail {

namespace argument_vector_detail {
// A vector grown by a call of many arguments (a spread list) is not kept at that size.
inline constexpr size_t k_max_capacity = 64;

// What KeptVector<Vector> needs of each kind of vector: the thread's kept ones (see
// ThreadKeptList), read inline by its constructor and destructor, and, out of line
// (argument_vectors.cpp), a new vector and the way back for one the list has no room for.
template <class Vector>
struct Pool;

// The argument values of function calls: every call takes one.
using Values = std::vector<Value>;
using KeptValues = ThreadKeptList<Values*, 32>;
inline thread_local KeptValues t_kept_values;
template <>
struct Pool<Values> {
  static constexpr size_t k_room = 8;  // see KeptVector::k_room
  static KeptValues& kept() { return t_kept_values; }
  static Values* make();
  static void give_back(Values* v);
};

// The expression arguments of try() and can() (FunctionSpec::expression_impl): fewer calls, and
// no nesting deeper than a few.
using ExpressionArgs = std::vector<FunctionSpec::ExpressionArg>;
using KeptExpressionArgs = ThreadKeptList<ExpressionArgs*, 8>;
inline thread_local KeptExpressionArgs t_kept_expression_args;
template <>
struct Pool<ExpressionArgs> {
  static constexpr size_t k_room = 0;
  static KeptExpressionArgs& kept() { return t_kept_expression_args; }
  static ExpressionArgs* make();
  static void give_back(ExpressionArgs* v);
};
}  // namespace argument_vector_detail

/// An empty vector for the lifetime of this object, taken from the thread's kept vectors of its
/// kind when there is one (with the capacity it had), else new. Given back on destruction,
/// emptied first: the values it held are released then, as a vector's would be.
template <class Vector>
class KeptVector {
  using Pool = argument_vector_detail::Pool<Vector>;

 public:
  /// The room every such vector has (most calls have fewer arguments): a caller reserves only
  /// for more, without reading the capacity (a division by the element's size) for the others.
  static constexpr size_t k_room = Pool::k_room;

  KeptVector() {
    if (!Pool::kept().take(vector_)) vector_ = Pool::make();
  }
  ~KeptVector() {
    vector_->clear();
    if (vector_->capacity() <= argument_vector_detail::k_max_capacity && Pool::kept().keep(vector_)) return;
    Pool::give_back(vector_);
  }
  KeptVector(const KeptVector&) = delete;
  KeptVector& operator=(const KeptVector&) = delete;

  Vector& operator*() { return *vector_; }
  Vector* operator->() { return vector_; }

 private:
  Vector* vector_;
};

/// The argument values of a function call.
using ArgumentVector = KeptVector<argument_vector_detail::Values>;
/// The arguments of a function of expressions (try, can). (A new vector and its free per call
/// were a third of call_general's own work.)
using ExpressionArgumentVector = KeptVector<argument_vector_detail::ExpressionArgs>;

/// How many emptied vectors this thread keeps (for tests), and the most it keeps.
[[nodiscard]] size_t kept_argument_vectors();
[[nodiscard]] size_t max_kept_argument_vectors();
/// The largest capacity a vector may have to be kept (a longer one is freed, not held on to).
[[nodiscard]] size_t max_kept_argument_capacity();
/// The same for ExpressionArgumentVector.
[[nodiscard]] size_t kept_expression_argument_vectors();
[[nodiscard]] size_t max_kept_expression_argument_vectors();

}  // namespace hclschema::eval_detail
