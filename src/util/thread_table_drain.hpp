// The end of a thread's plain-data table of kept references (the evaluator's literal strings, the
// value layer's recent tuple types): a table that is a constant-initialised `thread_local` has no
// guard on its every use (a thread_local with a destructor is tested for set-up each time), so
// what it keeps is let go of by a separate thread_local, its drain, which the table's first entry
// arms. Once the drain ran the table is closed: a value made after that, by another thread_local's
// destructor, is not kept.
//
// The table has `bool armed` and `bool closed` members, false at first.
#pragma once

namespace hclschema::detail {

/// The thread_local that, when the thread ends, lets go of what `table` keeps (`release_all`) and
/// closes it.
template <class Table, void (*release_all)(Table&)>
struct ThreadTableDrain {
  Table& table;
  bool armed = false;  // (set on arming: touching the drain constructs it, so that it runs at thread end)
  ~ThreadTableDrain() {
    release_all(table);
    table.closed = true;
  }
};

/// Whether `table` may keep an entry: false once its drain ran. The first entry arms `drain`.
template <class Table, class Drain>
bool open_arming(Table& table, Drain& drain) {
  if (table.closed) return false;
  if (!table.armed) {
    drain.armed = true;
    table.armed = true;
  }
  return true;
}

}  // namespace hclschema::detail
