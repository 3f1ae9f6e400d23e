// A thread's tables and objects too large to be thread_locals themselves. The library must stay
// loadable with dlopen, and its hot thread-locals are of the initial-exec TLS model (GCC saved
// registers around each general-dynamic access in the position-independent library: about 0.5 M
// of 22.8 M instructions on the evaluation benchmark), which needs the library's whole thread-local
// block to fit the little static room glibc keeps for late loads (about 1.5 KB; see
// docs/architecture.md, "Thread-local state"). So a table of kilobytes lives on the heap, reached
// through a small thread_local pointer.
//
// Two kinds:
// - A plain-data table of kept references (the evaluator's literal strings, the value layer's
//   payload lists and recent tuple types): open_table and drain_table. Its pointer, `current`,
//   points to the shared `empty` table (never written: every lookup in it misses) until the
//   thread's first entry opens a table of its own, and again once the drain (a thread_local with a
//   destructor, touched on opening) freed that table when the thread ended. `closed`, a
//   thread_local flag set then, keeps a value released later (by the drain itself, or by another
//   thread_local's destructor) from opening a table again, which nothing would free.
// - An object that keeps no values (memos, workspaces, the recent object types):
//   ThreadHeapObject, deleted when the thread ends, and made and deleted again if used after that.
#pragma once

#include <cxxabi.h>

#include <new>


namespace hclschema::detail {

// An address in this module, which the C++ runtime ties a thread-exit deletion to (so that the
// module is not unloaded before it runs), as the compiler's __dso_handle for a thread_local's
// destructor. (__dso_handle itself cannot be declared here: GCC declares it with C++ linkage as
// soon as a static member with a destructor is seen.) Hidden: each module has its own.
[[gnu::visibility("hidden")]] inline const char k_module_anchor = 0;

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
/// library's static TLS, above): made on the heap on the thread's first use and deleted when the
/// thread ends. A ThreadHeapObject is a constant-initialised thread_local with no destructor (no
/// set-up check on each use); each object made registers its own deletion with the C++ runtime
/// (__cxa_thread_atexit, what a thread_local's constructor does), so one made anew at the thread's
/// end (by another thread_local's destructor, after the first was deleted) is deleted too, rather
/// than leaked. (Only for objects that keep no values: a table of values uses open_table above,
/// whose drain must not reopen it.)
template <class T>
class ThreadHeapObject {
 public:
  constexpr ThreadHeapObject() = default;
  ThreadHeapObject(const ThreadHeapObject&) = delete;
  ThreadHeapObject& operator=(const ThreadHeapObject&) = delete;
  T& get() {
    if (object_) [[likely]] return *object_;
    return make();
  }

 private:
  [[gnu::noinline, gnu::cold]] T& make() {
    T* made = new T();
    object_ = made;
    // (glibc's registration stops the program when it has no memory; it reports no failure.)
    (void)abi::__cxa_thread_atexit(&ThreadHeapObject::release, this, const_cast<char*>(&k_module_anchor));
    return *made;
  }
  static void release(void* holder) {
    auto* self = static_cast<ThreadHeapObject*>(holder);
    T* object = self->object_;
    self->object_ = nullptr;  // (first: a use while it is deleted makes a new one, deleted in turn)
    delete object;
  }

  T* object_ = nullptr;
};

}  // namespace hclschema::detail
