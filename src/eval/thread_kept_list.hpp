// A thread's list of reusable items (template text blocks, argument vectors) that the evaluator
// takes and gives back instead of allocating and freeing one each time (private to the evaluator).
//
// The list is plain data, a `thread_local` of its user's header: no constructor or destructor runs
// on first use, it is still readable after the thread's destructors ran, and taking or keeping an
// item is inline (an out-of-line call there cost as much as the reuse saved). Its user's
// out-of-line slow path calls `keep_arming` with a ThreadKeptDrain, which frees what is kept when
// the thread ends: the first item kept arms it, and once it ran the list is closed and items go
// back to the heap. Under AddressSanitizer nothing is kept, so that a use of a released item is
// still caught.
#pragma once

#include <cstddef>
#include <cstdint>

#include "util/sanitizers.hpp"

namespace hclschema::eval_detail {

template <class Item, std::size_t N>
struct ThreadKeptList {
  using item_type = Item;
  Item items[N];
  uint32_t count;
  bool armed;   // the thread's drain will free what is kept
  bool closed;  // the drain ran: nothing is kept any more

  static constexpr std::size_t k_most = N;
  static constexpr bool k_keeps = !hclschema::detail::k_address_sanitizer;

  /// Takes a kept item into `out`, when there is one.
  bool take(Item& out) {
    if (count == 0) return false;
    out = items[--count];
    return true;
  }
  /// Keeps `item` when the list is armed, open and not full.
  bool keep(const Item& item) {
    if (!armed || closed || count >= N) return false;
    items[count++] = item;
    return true;
  }
  /// How many items this thread keeps at most (none under AddressSanitizer).
  [[nodiscard]] static constexpr std::size_t most_kept() { return k_keeps ? N : 0; }
};

/// The thread_local that frees what `list` keeps when the thread ends, and closes it. `Free` is
/// called on each kept item.
template <class List, void (*Free)(typename List::item_type&)>
struct ThreadKeptDrain {
  List& list;
  bool armed = false;
  ~ThreadKeptDrain() {
    while (list.count > 0) Free(list.items[--list.count]);
    list.closed = true;
  }
};

/// The slow path of keeping `item`: arms the thread's drain on the first item kept (touching the
/// drain constructs it, so that its destructor runs at thread end), then keeps `item` if the list
/// can. False: the caller frees it.
template <class List, class Drain, class Item>
bool keep_arming(List& list, Drain& drain, const Item& item) {
  if (!List::k_keeps) return false;
  if (!list.armed && !list.closed) {
    drain.armed = true;
    list.armed = true;
  }
  return list.keep(item);
}

}  // namespace hclschema::eval_detail
