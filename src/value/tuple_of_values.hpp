// A tuple value from values the caller holds in a buffer of its own (private to the value layer and
// the evaluator): a tuple constructor's handful of elements gathered on the stack, rather than in a
// std::vector for Value::tuple, which was an allocation per tuple and the free of the buffer the
// (reused) payload had kept.
#pragma once

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "hclschema/value/payload_ref.hpp"
#include "hclschema/value/value.hpp"
#include "value/construct_in_place.hpp"

namespace hclschema::detail {

/// Value::tuple of `elements`, moved out of them into the payload (into the element buffer a
/// reused payload kept, when it is large enough).
[[nodiscard]] Value tuple_of_values(std::span<Value> elements);

/// The slot of the thread's table of recent tuple types (value.cpp) that a tuple of `elements`
/// takes its type from: a hash of the count and the element types. (Declared for tests.)
inline constexpr size_t k_recent_tuple_type_slots = 1024;
[[nodiscard]] size_t recent_tuple_type_slot(std::span<const Value> elements);

/// Value::tuple of values put straight into the new tuple's payload, one by one as the caller makes
/// them (a tuple constructor's elements as they are evaluated): each is moved once, where gathering
/// them in a buffer first moved each twice and destroyed the moved-from one.
class TupleBuilder {
 public:
  /// Room for `count` elements (more may be added, at the cost of growing the buffer).
  explicit TupleBuilder(size_t count);
  /// `count` empty elements already, as empty_elements(count) makes them (first_empty() answers
  /// the first): a tuple constructor's elements, each made in its place. One body with the
  /// payload's making, without reserve()'s room first.
  struct EmptyElements {};
  TupleBuilder(size_t count, EmptyElements);
  TupleBuilder(const TupleBuilder&) = delete;
  TupleBuilder& operator=(const TupleBuilder&) = delete;
  /// Where the elements go, in order.
  [[nodiscard]] std::vector<Value>& elements() { return *elements_; }
  /// Makes the elements `count` empty values, each to be replaced in place (construct_in_place),
  /// and answers the first: each element is then made where it stays, not moved there.
  [[nodiscard]] Value* empty_elements(size_t count) {
    elements_->resize(count);
    return elements_->data();
  }
  /// The first of the elements (after the EmptyElements constructor: the first empty one).
  [[nodiscard]] Value* first_empty() { return elements_->data(); }
  /// The tuple of the elements put in; the builder is spent.
  [[nodiscard]] Value finish() {
    Value v = take_tuple();
    // (As ObjectBuilder::finish: the caller's destruction of the spent builder has nothing to test.)
    if (data_) __builtin_unreachable();
    return v;
  }

 private:
  // finish()'s tuple; the payload's handle is left empty.
  [[nodiscard]] Value take_tuple();
  PayloadRef<ValueData> data_;
  std::vector<Value>* elements_;
};

}  // namespace hclschema::detail
