// The thread's kept argument vectors (argument_vectors.hpp).
#include "eval/argument_vectors.hpp"


namespace hclschema::eval_detail {

namespace {

using argument_vector_detail::t_kept;

void free_vector(std::vector<Value>*& v) { delete v; }
thread_local ThreadKeptDrain<argument_vector_detail::Kept, free_vector> t_drain{t_kept};

}  // namespace

void ArgumentVector::make() {
  values_ = new std::vector<Value>();
  values_->reserve(k_room);
}

void ArgumentVector::give_back() {
  if (values_->capacity() <= argument_vector_detail::k_max_capacity && keep_arming(t_kept, t_drain, values_)) return;
  delete values_;
}

size_t kept_argument_vectors() { return t_kept.count; }
size_t max_kept_argument_vectors() { return argument_vector_detail::Kept::most_kept(); }
size_t max_kept_argument_capacity() { return argument_vector_detail::k_max_capacity; }

}  // namespace hclschema::eval_detail
