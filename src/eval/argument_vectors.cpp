// The thread's kept argument vectors (argument_vectors.hpp).
#include "eval/argument_vectors.hpp"


namespace hclschema::eval_detail {

namespace {

using argument_vector_detail::t_kept;
using argument_vector_detail::t_kept_expression_args;

void free_vector(std::vector<Value>*& v) { delete v; }
thread_local ThreadKeptDrain<argument_vector_detail::Kept, free_vector> t_drain{t_kept};
void free_expression_vector(argument_vector_detail::ExpressionArgs*& v) { delete v; }
thread_local ThreadKeptDrain<argument_vector_detail::KeptExpressionArgs, free_expression_vector> t_expression_drain{t_kept_expression_args};

}  // namespace

void ArgumentVector::make() {
  values_ = new std::vector<Value>();
  values_->reserve(k_room);
}

void ArgumentVector::give_back() {
  if (values_->capacity() <= argument_vector_detail::k_max_capacity && keep_arming(t_kept, t_drain, values_)) return;
  delete values_;
}

void ExpressionArgumentVector::give_back() {
  if (args_->capacity() <= argument_vector_detail::k_max_capacity && keep_arming(t_kept_expression_args, t_expression_drain, args_)) return;
  delete args_;
}

size_t kept_argument_vectors() { return t_kept.count; }
size_t max_kept_argument_vectors() { return argument_vector_detail::Kept::most_kept(); }
size_t max_kept_argument_capacity() { return argument_vector_detail::k_max_capacity; }
size_t kept_expression_argument_vectors() { return t_kept_expression_args.count; }
size_t max_kept_expression_argument_vectors() { return argument_vector_detail::KeptExpressionArgs::most_kept(); }

}  // namespace hclschema::eval_detail
