// A thread's plain-data table of kept references (the evaluator's literal strings, the value
// layer's recent tuple types), on the heap. The library must stay loadable with dlopen, and its
// hot thread-locals are of the initial-exec TLS model (GCC saved registers around each general-
// dynamic access in the position-independent library: about 0.5 M of 22.8 M instructions on the
// evaluation benchmark), which needs the library's whole thread-local block to fit the little
// static room glibc keeps for late loads (about 1.5 KB; see docs/architecture.md, "Thread-local
// state"). So a table of kilobytes is not a thread_local itself: the thread reaches it through a
// thread_local pointer, `current`, which points to the shared `empty` table (never written: every
// lookup in it misses) until the thread's first entry opens a table of its own, and again once
// the drain (a thread_local with a destructor, touched on opening) freed that table when the
// thread ended. `closed`, a thread_local flag set then, keeps a value made later (by another
// thread_local's destructor) from opening a table again, which nothing would free.
#pragma once

#include <new>

namespace hclschema::detail {

/// The thread's own table: opened on its first use (and `drain` touched, so that it runs at thread
/// end), nullptr once the drain ran (or when there is no memory for it: nothing is kept then).
template <class Table, class Drain>
Table* open_table(Table*& current, Table& empty, bool closed, Drain& drain) {
  if (current != &empty) return current;
  if (closed) return nullptr;
  Table* table = new (std::nothrow) Table();
  if (!table) return nullptr;
  drain.armed = true;
  current = table;
  return table;
}

/// The drain's work when the thread ends: the table closed, what it keeps let go of
/// (`release_all`), and its memory freed.
template <class Table, void (*release_all)(Table&)>
void drain_table(Table*& current, Table& empty, bool& closed) {
  closed = true;
  Table* table = current;
  current = &empty;  // (first: a value released below is not kept)
  if (table == &empty) return;
  release_all(*table);
  delete table;
}

/// A thread's object too large to be a thread_local itself (a few hundred bytes or more of the
/// library's static TLS, above): made on the heap on the thread's first use, deleted when the
/// thread ends. (A use after that, from another thread_local's destructor, makes a new one, which
/// is not deleted: as the object itself, used after its destructor, was not sound either.)
template <class T>
class ThreadHeapObject {
 public:
  ThreadHeapObject() = default;
  ThreadHeapObject(const ThreadHeapObject&) = delete;
  ThreadHeapObject& operator=(const ThreadHeapObject&) = delete;
  ~ThreadHeapObject() {
    T* object = object_;
    object_ = nullptr;  // (first: a use while it is destroyed does not write into it)
    delete object;
  }
  T& get() {
    if (!object_) [[unlikely]] object_ = new T();
    return *object_;
  }

 private:
  T* object_ = nullptr;
};

}  // namespace hclschema::detail
