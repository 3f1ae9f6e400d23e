// The vectors function calls hand their argument values in (Function::call takes a
// std::vector<Value>), reused from call to call on a thread instead of each call allocating and
// freeing one (private to the evaluator).
#pragma once

#include <cstddef>
#include <vector>

#include "hclschema/value/value.hpp"

namespace hclschema::eval_detail {

/// An empty vector of argument values for the lifetime of this object, taken from the thread's
/// kept vectors when there is one (with the capacity it had), else new. Given back on
/// destruction, emptied first: the values it held are released then, as a vector's would be.
class ArgumentVector {
 public:
  ArgumentVector();
  ~ArgumentVector();
  ArgumentVector(const ArgumentVector&) = delete;
  ArgumentVector& operator=(const ArgumentVector&) = delete;

  std::vector<Value>& operator*() { return *values_; }
  std::vector<Value>* operator->() { return values_; }

 private:
  std::vector<Value>* values_;
};

/// How many emptied vectors this thread keeps (for tests), and the most it keeps.
[[nodiscard]] size_t kept_argument_vectors();
[[nodiscard]] size_t max_kept_argument_vectors();
/// The largest capacity a vector may have to be kept (a longer one is freed, not held on to).
[[nodiscard]] size_t max_kept_argument_capacity();

}  // namespace hclschema::eval_detail
