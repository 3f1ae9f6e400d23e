// Making a value straight into the element of a payload under construction (private to the value
// layer and the evaluator): the places ObjectBuilder and TupleBuilder give.
#pragma once

#include <new>

#include "hclschema/value/value.hpp"

namespace hclschema::detail {

/// Constructs make()'s Value (a prvalue: no move) over `*at`, an empty Value such as
/// ObjectBuilder::place gives. Should make() throw after its result was begun in place and then
/// destroyed by the unwinding, `*at` is made an empty Value again, so that its owner can still
/// destroy it.
template <class Make>
void construct_in_place(Value* at, Make&& make) {
  try {
    ::new (static_cast<void*>(at)) Value(make());
  } catch (...) {
    ::new (static_cast<void*>(at)) Value();
    throw;
  }
}

}  // namespace hclschema::detail
