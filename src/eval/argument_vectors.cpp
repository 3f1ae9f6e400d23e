// The thread's kept argument vectors (argument_vectors.hpp).
#include "eval/argument_vectors.hpp"

namespace hclschema::eval_detail {

namespace {

using argument_vector_detail::ExpressionArgs;
using argument_vector_detail::t_kept_expression_args;
using argument_vector_detail::t_kept_values;
using argument_vector_detail::Values;

template <class Vector>
void free_vector(Vector*& v) {
  delete v;
}
thread_local ThreadKeptDrain<argument_vector_detail::KeptValues, free_vector<Values>> t_values_drain{t_kept_values};
thread_local ThreadKeptDrain<argument_vector_detail::KeptExpressionArgs, free_vector<ExpressionArgs>> t_expression_drain{t_kept_expression_args};

// The destructor's way when the list had no room: the vector kept arming the thread's drain
// (keep_arming), or freed.
template <class Kept, class Drain, class Vector>
void keep_or_free(Kept& kept, Drain& drain, Vector* v) {
  if (v->capacity() <= argument_vector_detail::k_max_capacity && keep_arming(kept, drain, v)) return;
  delete v;
}

}  // namespace

namespace argument_vector_detail {

Values* Pool<Values>::make() {
  auto* v = new Values();
  v->reserve(k_room);
  return v;
}
void Pool<Values>::give_back(Values* v) { keep_or_free(t_kept_values, t_values_drain, v); }

ExpressionArgs* Pool<ExpressionArgs>::make() { return new ExpressionArgs(); }
void Pool<ExpressionArgs>::give_back(ExpressionArgs* v) { keep_or_free(t_kept_expression_args, t_expression_drain, v); }

}  // namespace argument_vector_detail

size_t kept_argument_vectors() { return t_kept_values.count; }
size_t max_kept_argument_vectors() { return argument_vector_detail::KeptValues::most_kept(); }
size_t max_kept_argument_capacity() { return argument_vector_detail::k_max_capacity; }
size_t kept_expression_argument_vectors() { return t_kept_expression_args.count; }
size_t max_kept_expression_argument_vectors() { return argument_vector_detail::KeptExpressionArgs::most_kept(); }

}  // namespace hclschema::eval_detail
