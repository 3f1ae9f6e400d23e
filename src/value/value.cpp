// Value construction, marks, NFC strings, cty's set order and cty's Equals.
#include "hclschema/value/value.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <new>
#include <span>
#include <type_traits>

#include "value/nfc.hpp"
#include "value/object_of_names.hpp"
#include "value/same_text.hpp"
#include "value/sorted_entries.hpp"
#include "value/tuple_of_values.hpp"
#include "value/value_data.hpp"
#include "util/sanitizers.hpp"
#include "util/go_format.hpp"
#include "util/swar.hpp"
#include "util/thread_table_drain.hpp"
#include "util/utf8.hpp"

namespace hclschema {

namespace {
const std::string& empty_string() {
  static const std::string s;
  return s;
}
const std::vector<Value>& no_values() {
  static const std::vector<Value> v;
  return v;
}
const std::vector<std::string>& no_keys() {
  static const std::vector<std::string> v;
  return v;
}
const Marks& no_marks() {
  static const Marks m;
  return m;
}

// A new payload (empty, or a copy of `from`) and the handle that owns it. The producer fills it
// through the pointer, while it is still the only handle, then hands the handle to its Value.
inline std::pair<detail::ValueData*, detail::PayloadRef<detail::ValueData>> new_value_data();
std::pair<detail::ValueData*, detail::PayloadRef<detail::ValueData>> new_value_data(const detail::ValueData& from) {
  auto* d = new detail::ValueData(from);
  return {d, detail::PayloadRef<detail::ValueData>::adopt(d)};
}

using detail::nfc;
}  // namespace

namespace {

// The ValueData blocks this thread freed, for its next payloads: a list threaded through the
// blocks themselves, at most k_kept_free_blocks long (below; the rest go back to the heap). A block
// may be freed by another thread than the one that made it; it then simply joins that thread's
// list, as all blocks are the same size and come from the same heap. Under AddressSanitizer
// nothing is kept, so that a use after free is still caught.
struct PayloadBlocks {
  void* head = nullptr;
  uint32_t count = 0;
  // Set in k_no_payload_lists only (below): a block freed while the thread has no lists of its own
  // takes the slow path, which opens them or frees the block.
  bool closed = false;
};
// The most payloads kept, as blocks and as ready payloads (below) together.
constexpr uint32_t k_kept_payload_blocks = 4096;

// Freed payloads whose text and element buffers are small are kept whole instead, constructed,
// with those buffers emptied but not freed: the next value made reuses them. Most values are short
// strings and small objects, and their buffers were an allocation and a free each, besides the
// payload's own. Kept only while small and at most 1024 of them, so that what the thread holds
// stays bounded (8 elements and 256 bytes of text each: under 1 MiB).
constexpr size_t k_ready_elements = 8;
constexpr size_t k_ready_text = 256;
constexpr uint32_t k_ready_payloads = 1024;
// Each list has a bound of its own, the two adding up to k_kept_payload_blocks: a bound on their
// sum was a load, an addition and a comparison more on every payload freed (47 K instructions a
// pass of the bench corpus).
constexpr uint32_t k_kept_free_blocks = k_kept_payload_blocks - k_ready_payloads;
struct ReadyPayloads {
  detail::ValueData* items[k_ready_payloads] = {};
  uint32_t count = 0;
  // How many may be kept: k_ready_payloads in a thread's own lists, 0 in k_no_payload_lists (the
  // first payload freed then opens the thread's lists: keep_first_ready). One test on every payload
  // freed.
  uint32_t limit = k_ready_payloads;
};
// Both lists in one table: a payload freed or made reads both. On the heap, 8 KB, reached through
// the thread_local pointer t_payload_lists, which points to the shared k_no_payload_lists (never
// written: nothing to take, no room to keep) until the thread's first payload kept opens its own
// lists, and again once their drain ran (util/thread_table_drain.hpp says why).
struct PayloadLists {
  PayloadBlocks blocks;
  ReadyPayloads ready;
};
PayloadLists k_no_payload_lists{.blocks = {.closed = true}, .ready = {.limit = 0}};
// Initial-exec: the library is built position-independent, where GCC takes a general-dynamic
// thread_local's address as a call of __tls_get_addr (which the link makes one instruction) and
// saves the registers live across it; free_payload saved five for it, 5 % of its cost. 8 bytes of
// static TLS, as every thread-local of the library is small (docs/architecture.md, "Thread-local
// state").
[[gnu::tls_model("initial-exec")]] constinit thread_local PayloadLists* t_payload_lists = &k_no_payload_lists;
constinit thread_local bool t_payload_lists_closed = false;  // the drain ran

constexpr bool k_keep_payload_blocks = !hclschema::detail::k_address_sanitizer;

// Releases the kept payloads and blocks of `lists` (when the thread ends: the drain's).
void release_all(PayloadLists& lists) {
  // The ready payloads are deleted as any payload freed after the drain: straight to the heap.
  ReadyPayloads& ready = lists.ready;
  while (ready.count > 0) delete ready.items[--ready.count];
  PayloadBlocks& blocks = lists.blocks;
  while (blocks.head) {
    void* next = *static_cast<void**>(blocks.head);
    ::operator delete(blocks.head);
    blocks.head = next;
  }
  blocks.count = 0;
}
// Frees the thread's lists when it ends, and closes them.
struct PayloadListsDrain {
  bool armed = false;
  ~PayloadListsDrain() { detail::drain_table<PayloadLists, release_all>(t_payload_lists, k_no_payload_lists, t_payload_lists_closed); }
};
thread_local PayloadListsDrain t_payload_lists_drain;

// The thread's own lists, opened (and their drain armed) by its first payload or block kept;
// nullptr once the drain ran. Out of line: the drain is a thread_local with a destructor, and its
// set-up check, inlined, ran on every payload freed.
[[gnu::noinline, gnu::cold]] PayloadLists* open_payload_lists() {
  return detail::open_table(t_payload_lists, k_no_payload_lists, t_payload_lists_closed, t_payload_lists_drain);
}

// free_payload's keeping of `d` when the ready list's limit is 0 (the thread has no lists of its
// own): its first payload kept opens them and is kept; once the drain ran, nothing is (false).
[[gnu::noinline, gnu::cold]] bool keep_first_ready(detail::ValueData* d) {
  PayloadLists* lists = open_payload_lists();
  if (!lists) return false;
  ReadyPayloads& ready = lists->ready;
  if (ready.count >= ready.limit) return false;
  ready.items[ready.count++] = d;
  return true;
}

// ValueData::operator delete's keeping of `block` when the thread has no lists of its own (as
// keep_first_ready).
[[gnu::noinline, gnu::cold]] bool keep_first_block(void* block) {
  PayloadLists* lists = open_payload_lists();
  if (!lists) return false;
  PayloadBlocks& blocks = lists->blocks;
  if (blocks.count >= k_kept_free_blocks) return false;
  *static_cast<void**>(block) = blocks.head;
  blocks.head = block;
  ++blocks.count;
  return true;
}

}  // namespace

void* detail::ValueData::operator new(size_t size) {
  PayloadBlocks& blocks = t_payload_lists->blocks;
  if (k_keep_payload_blocks && size == sizeof(ValueData) && blocks.head) {
    void* block = blocks.head;
    blocks.head = *static_cast<void**>(block);
    --blocks.count;
    return block;
  }
  return ::operator new(size);
}

void detail::ValueData::operator delete(void* block, size_t size) noexcept {
  if (k_keep_payload_blocks && size == sizeof(ValueData)) {
    PayloadLists& lists = *t_payload_lists;
    PayloadBlocks& blocks = lists.blocks;
    if (!blocks.closed && blocks.count < k_kept_free_blocks) {
      *static_cast<void**>(block) = blocks.head;
      blocks.head = block;
      ++blocks.count;
      return;
    }
    // The thread's first block kept opens its lists.
    if (blocks.closed && keep_first_block(block)) return;
  }
  ::operator delete(block);
}

size_t detail::kept_payload_blocks() { return t_payload_lists->blocks.count + t_payload_lists->ready.count; }
size_t detail::max_kept_payload_blocks() { return k_keep_payload_blocks ? k_kept_payload_blocks : 0; }

namespace {
// A new empty payload, a ready one when the thread has one. (Inline: nearly every string, tuple
// and object value made starts here, and the call cost as much as taking a ready payload.)
[[gnu::always_inline]] inline std::pair<detail::ValueData*, detail::PayloadRef<detail::ValueData>> new_value_data() {
  ReadyPayloads& ready = t_payload_lists->ready;
  detail::ValueData* d;
  if (ready.count > 0) {
    d = ready.items[--ready.count];
    d->refs.store(1, std::memory_order_relaxed);
  } else {
    d = new detail::ValueData();
  }
  // Either way the payload has no elements (a ready one's were cleared when it was kept, by
  // free_payload). Said, so that a caller's resize() or assign() of the elements has no old ones to
  // count or destroy: 0.1 M instructions a pass of the bench corpus, in the object and tuple
  // builders' constructors.
  if (!d->elements.empty()) __builtin_unreachable();
  return {d, detail::PayloadRef<detail::ValueData>::adopt(d)};
}
}  // namespace

// Flattened: the elements' destructors, and the releases of their handles, inlined into the loop
// that clears them, instead of a call per element (every object, tuple and list freed).
[[gnu::flatten]] void detail::free_payload(const PayloadHeader* header, const ValueData*) {
  // The last handle is gone: no other thread can see the payload any more.
  auto* d = const_cast<ValueData*>(static_cast<const ValueData*>(header));
  if (k_keep_payload_blocks && d->elements.capacity() <= k_ready_elements && d->str.capacity() <= k_ready_text && d->keys.capacity() == 0) {
    d->elements.clear();  // may free nested payloads, which may fill the list: checked after
    d->str.clear();
    ReadyPayloads& ready = t_payload_lists->ready;
    if (ready.count < ready.limit) {
      ready.items[ready.count++] = d;
      return;
    }
    // The thread's first payload kept opens its lists.
    if (ready.limit == 0 && keep_first_ready(d)) return;
  }
  delete d;
}
void detail::free_payload(const PayloadHeader* header, const MarksData*) { delete static_cast<const MarksData*>(header); }

Marks union_marks(const Marks& a, const Marks& b) {
  if (b.empty()) return a;
  if (a.empty()) return b;
  Marks r;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(r));
  return r;
}

namespace {
// Gives a handle of a Value just default-made (dynamic type, no payload: it holds nothing) its
// content by constructing it over the empty one rather than assigning: an assignment releases the
// old content, out of line, and that call (for nothing) cost as much as the rest of setting the
// handle, in every string, tuple and object value made. (Nothing is lost by not destroying the
// empty handle first: its destructor does nothing.)
template <class Handle, class From>
void construct_over_empty(Handle& handle, From&& from) {
  std::construct_at(std::addressof(handle), std::forward<From>(from));
}

// Whether text is all ASCII (and so NFC as it is), eight bytes at a time: every key of every
// object goes through here, and the byte loop was most of what normalising them cost.
bool is_ascii(std::string_view s) {
  const char* p = s.data();
  const size_t n = s.size();
  uint64_t any = 0;
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8) any |= detail::swar::load(p + i);
    any |= detail::swar::load(p + n - 8);  // the last eight bytes, overlapping the words before
  } else if (n >= 4) {
    uint32_t head, tail;  // two overlapping halves
    std::memcpy(&head, p, 4);
    std::memcpy(&tail, p + n - 4, 4);
    any = head | tail;
  } else {
    for (size_t i = 0; i < n; ++i) any |= static_cast<unsigned char>(p[i]);
  }
  return (any & detail::swar::k_high) == 0;
}
}  // namespace

Value Value::null(Type type) {
  Value v;
  construct_over_empty(v.type_, std::move(type));
  return v;
}
Value Value::boolean(bool b) {
  Value v;
  v.type_ = Type::boolean();
  v.null_ = false;
  v.bool_ = b;
  return v;
}
// (Flattened, and the number constructed in place: every number literal and result comes here.)
[[gnu::flatten]] Value Value::number(Number n) {
  Value v;
  v.type_ = Type::number();
  v.null_ = false;
  construct_over_empty(v.number_, std::move(n));
  return v;
}
// (Flattened: the payload taken, the ASCII check and the copy in one body.)
[[gnu::flatten]] Value Value::string(std::string_view s) {
  Value v;
  v.type_ = Type::string();
  v.null_ = false;
  auto [d, d_ref] = new_value_data();
  // Text already NFC (nearly all) is copied straight into the payload, without a temporary. Most is
  // ASCII, answered inline (short text in two loads) before the full check's call.
  if (is_ascii(s) || detail::nfc_quick_check(s)) d->str.assign(s.data(), s.size());
  else d->str = nfc(s);
  construct_over_empty(v.data_, std::move(d_ref));
  return v;
}
Value Value::list(Type element, std::vector<Value> elements) {
  Value v;
  construct_over_empty(v.type_, Type::list(std::move(element)));
  v.null_ = false;
  auto [d, d_ref] = new_value_data();
  d->elements = std::move(elements);
  construct_over_empty(v.data_, std::move(d_ref));
  return v;
}
Value Value::list_of(std::vector<Value> elements, Type element_if_empty) {
  Type t = elements.empty() ? std::move(element_if_empty) : elements.front().type();
  return list(std::move(t), std::move(elements));
}
Value Value::set(Type element, std::vector<Value> elements) {
  // Marks of elements move to the set itself, as cty's SetVal does.
  Marks marks;
  for (auto& e : elements) {
    if (e.contains_marked()) {
      Marks m;
      e = e.unmarked_deep(&m);
      marks = union_marks(marks, m);
    }
  }
  std::stable_sort(elements.begin(), elements.end(), set_less);
  std::vector<Value> unique;
  for (auto& e : elements) {
    bool dup = false;
    for (auto it = unique.rbegin(); it != unique.rend(); ++it) {
      Value eq = equals(*it, e);
      if (eq.is_known() && !eq.is_null() && eq.as_bool()) { dup = true; break; }
      if (set_less(*it, e)) break;  // sorted: earlier ones are all smaller
    }
    if (!dup) unique.push_back(std::move(e));
  }
  Value v;
  construct_over_empty(v.type_, Type::set(std::move(element)));
  v.null_ = false;
  auto [d, d_ref] = new_value_data();
  d->elements = std::move(unique);
  construct_over_empty(v.data_, std::move(d_ref));
  return marks.empty() ? v : v.with_marks(marks);
}
namespace {
// Map and object keys are NFC, as every string.
void normalize_keys(std::vector<std::pair<std::string, Value>>& entries) {
  for (auto& e : entries)
    if (!is_ascii(e.first)) e.first = nfc(e.first);
}
// Map and object entries in key order: keys NFC-normalised, sorted, the last of duplicates kept.
void sort_entries(std::vector<std::pair<std::string, Value>>& entries) {
  normalize_keys(entries);
  detail::sort_by_name_last_wins(entries);
}
}  // namespace
Value Value::map(Type element, std::vector<std::pair<std::string, Value>> entries) {
  sort_entries(entries);
  auto [d, d_ref] = new_value_data();
  d->keys.reserve(entries.size());
  d->elements.reserve(entries.size());
  for (auto& [k, val] : entries) {
    d->keys.push_back(std::move(k));
    d->elements.push_back(std::move(val));
  }
  Value v;
  construct_over_empty(v.type_, Type::map(std::move(element)));
  v.null_ = false;
  construct_over_empty(v.data_, std::move(d_ref));
  return v;
}
// The count is spread over the word before the first element type is folded in: started at the
// bare count, a tuple of one string and one of two numbers hashed alike (1 ^ 3, the string's kind,
// and 2 ^ 2 for the first number, then 0 ^ 2 for the second: both fold in 2 once), and the two,
// made in turn by the bench corpus, took each other's slot 1,100 times a pass, a Type::tuple each
// (0.15 M instructions).
namespace {
[[gnu::always_inline]] inline size_t tuple_type_slot(std::span<const Value> elements) {
  uint64_t h = elements.size() * 0x9E3779B97F4A7C15ULL;
  for (const auto& e : elements) {
    h = (h ^ (reinterpret_cast<uintptr_t>(e.type().identity()) + static_cast<uint64_t>(e.type().kind()))) *
        0xFF51AFD7ED558CCDULL;
    h ^= h >> 32;
  }
  return h % detail::k_recent_tuple_type_slots;
}
}  // namespace
size_t detail::recent_tuple_type_slot(std::span<const Value> elements) { return tuple_type_slot(elements); }

namespace {
// The tuple types this thread made last, by a hash of their element types: a tuple constructor
// evaluated again and again makes values of the same few types, and finding the type here skips
// the list of element types Type::tuple takes and its hashing. A hit is checked element by
// element, so the type is the interned one Type::tuple would give.
//
// Plain data (each type in raw storage, a Type while its slot's `elements` is set), on the heap
// (16 KB) and reached through an initial-exec thread_local pointer, as the payload lists are: a
// thread_local of Types was guarded (its destructor registered on first use), and that test and
// its set-up's call path were on every tuple made; TupleBuilder::take_tuple saved registers around a
// general-dynamic one's address. The pointer is at k_no_tuple_types (empty: every lookup misses)
// until the thread's first tuple type kept, and again after the drain below released the types
// and freed the table when the thread ended.
struct RecentTupleTypes {
  // As many slots as RecentObjectTypes has, for the same reason.
  static constexpr size_t k_slots = detail::k_recent_tuple_type_slots;
  struct Slot {
    alignas(Type) unsigned char type[sizeof(Type)];
    // The type's tuple_elements(), read once when the slot is filled (the type keeps them alive):
    // asking the type on every hit was a call. nullptr while the slot is empty.
    const std::vector<Type>* elements = nullptr;
    [[nodiscard]] Type& kept() { return *std::launder(reinterpret_cast<Type*>(type)); }
  };
  Slot slots[k_slots] = {};
};
RecentTupleTypes k_no_tuple_types;
[[gnu::tls_model("initial-exec")]] constinit thread_local RecentTupleTypes* t_recent_tuple_types = &k_no_tuple_types;
constinit thread_local bool t_recent_tuple_types_closed = false;  // the drain ran

// Releases the thread's kept tuple types (when it ends: the drain's).
void release_all(RecentTupleTypes& recent) {
  for (auto& slot : recent.slots) {
    if (!slot.elements) continue;
    slot.elements = nullptr;
    slot.kept().~Type();
  }
}
struct RecentTupleTypesDrain {
  bool armed = false;
  ~RecentTupleTypesDrain() {
    detail::drain_table<RecentTupleTypes, release_all>(t_recent_tuple_types, k_no_tuple_types, t_recent_tuple_types_closed);
  }
};
thread_local RecentTupleTypesDrain t_recent_tuple_types_drain;

// tuple_type_of's miss: the type made, and kept in slot `index` of the thread's table (opened by
// its first type kept) unless the table was drained. Out of line, so that the hit's path is a
// short body.
[[gnu::noinline]] Type make_tuple_type(size_t index, std::span<const Value> elements) {
  std::vector<Type> types;
  types.reserve(elements.size());
  for (const auto& e : elements) types.push_back(e.type());
  Type made = Type::tuple(std::move(types));
  RecentTupleTypes* recent =
      detail::open_table(t_recent_tuple_types, k_no_tuple_types, t_recent_tuple_types_closed, t_recent_tuple_types_drain);
  if (!recent) return made;
  RecentTupleTypes::Slot& slot = recent->slots[index];
  if (slot.elements) {
    slot.kept() = made;
  } else {
    ::new (static_cast<void*>(slot.type)) Type(made);
  }
  slot.elements = &slot.kept().tuple_elements();
  return made;
}

Type tuple_type_of(std::span<const Value> elements) {
  const size_t index = tuple_type_slot(elements);
  RecentTupleTypes::Slot& slot = t_recent_tuple_types->slots[index];
  if (slot.elements) {
    const auto& have = *slot.elements;
    bool same = have.size() == elements.size();
    for (size_t i = 0; same && i < have.size(); ++i) same = have[i] == elements[i].type();
    if (same) return slot.kept();
  }
  return make_tuple_type(index, elements);
}
}  // namespace
Value Value::tuple(std::vector<Value> elements) {
  Value v;
  construct_over_empty(v.type_, tuple_type_of(elements));
  v.null_ = false;
  auto [d, d_ref] = new_value_data();
  d->elements = std::move(elements);
  construct_over_empty(v.data_, std::move(d_ref));
  return v;
}
detail::TupleBuilder::TupleBuilder(size_t count) {
  auto [d, d_ref] = new_value_data();
  d->elements.reserve(count);  // (a reused payload's buffer, when it is large enough)
  construct_over_empty(data_, std::move(d_ref));  // (as below)
  elements_ = &d->elements;
}
// (Flattened: the payload taken and its elements made in one body.)
[[gnu::flatten]] detail::TupleBuilder::TupleBuilder(size_t count, EmptyElements) {
  auto [d, d_ref] = new_value_data();
  d->elements.resize(count);  // (into the buffer a reused payload kept, when it is large enough)
  // (Constructed over the empty handle: assigned, it tested the old one for a release.)
  construct_over_empty(data_, std::move(d_ref));
  elements_ = &d->elements;
}
// (Inline: take_tuple() is its one caller, and the call, with the handle passed by value and its
// moved-from copy released after, cost as much as a tenth of making the tuple.)
inline Value detail::ValueData::tuple_from(PayloadRef<ValueData> data) {
  Value v;
  construct_over_empty(v.type_, tuple_type_of(data->elements));
  v.null_ = false;
  construct_over_empty(v.data_, std::move(data));
  return v;
}
// (Flattened: tuple_from and tuple_type_of inlined.)
[[gnu::flatten]] Value detail::TupleBuilder::take_tuple() { return ValueData::tuple_from(std::move(data_)); }
Value detail::tuple_of_values(std::span<Value> elements) {
  TupleBuilder tuple(elements.size());
  tuple.elements().assign(std::make_move_iterator(elements.begin()), std::make_move_iterator(elements.end()));
  return tuple.finish();
}
namespace {
// The object types this thread made last for small objects: an object constructor evaluated again
// and again makes values of the same few shapes, written in the same order, and finding the type
// here skips sorting the names, building the list of names and types that Type::object takes, and
// hashing it.
//
// `slots` is keyed by the attribute names alone, in the order they are given, and keeps their name
// order (the index of the given attribute for each of the type's attributes) and the type made last
// for them: so the order is known before any value is (ObjectBuilder makes each value in its place
// as it is evaluated), and the type is checked against the values' types after. A hit on the names
// is checked in full (the count, and each of the type's names against the given name the order
// points it to): the type's names are distinct and sorted, so the given names are distinct and the
// order sorts them, as name_order would. The type is then the one Type::object would give when each
// attribute's type is its value's (types are interned, and this holds a handle to that one
// description).
struct RecentObjectTypes {
  // A configuration makes a few hundred object types (each resource's blocks and tags): with 64
  // slots a third of the bench corpus's objects missed, mostly to collisions, and each miss cost
  // Type::object's list and hashing. 1024 leaves a few per cent. (64 KiB a thread, both tables.)
  static constexpr size_t k_slots = 1024;
  // Objects of more attributes than this are not kept (a slot's order has room for this many);
  // they sort their names every time.
  static constexpr size_t k_max_kept = 16;
  struct Slot {
    Type type;  // dynamic while empty
    // type.attributes(), read once when the slot is filled (the type keeps them alive): asking the
    // type on every hit was a call.
    const std::vector<Type::Attribute>* attributes = nullptr;
    // Changed whenever the slot is: a builder that found its names here checks, once its values
    // are made, that no object made meanwhile (a nested one) took the slot.
    uint32_t stamp = 0;
    uint8_t count = 0;
    uint8_t order[k_max_kept];
    // The inverse of `order`: for each attribute as given, its place in name order (ObjectBuilder's
    // places, copied in one move rather than worked out name by name).
    uint8_t at[k_max_kept];
  };
  Slot slots[k_slots];
  // The same types by their attributes in name order, names and types (for which only the type is
  // kept): a shape whose names' slot holds them with other types, or whose slot another took, is
  // still answered without Type::object.
  Type sorted[k_slots];

  // A slot of `slots` by the names as given (detail::NamesHash: their count, lengths and first and
  // last bytes).
  static size_t names_slot(const detail::NamesHash& hash) {
    static_assert(k_slots == 1024, "the slot is the hash's top ten bits");
    return static_cast<size_t>(hash.value() >> 54);
  }
  // Whether `slot` holds these names (given in the slot's order).
  template <class NameAt>
  static bool names_fit(const Slot& slot, size_t n, NameAt name_at) {
    if (slot.count != n || !slot.attributes) return false;
    const auto& have = *slot.attributes;
    for (size_t i = 0; i < n; ++i)
      if (!detail::same_text(have[i].name, name_at(slot.order[i]))) return false;
    return true;
  }
  // Whether the attributes `have` (of a type whose names are the attributes') have the types of
  // the attributes in name order (type_at(i): the i-th's).
  template <class TypeAt>
  static bool types_fit(const std::vector<Type::Attribute>& have, size_t kept, TypeAt type_at) {
    for (size_t i = 0; i < kept; ++i)
      if (have[i].type != type_at(i)) return false;
    return true;
  }
  // A slot of `sorted` by the name lengths, first bytes and types of the attributes in name order.
  template <class NameAt, class TypeAt>
  static size_t sorted_slot(size_t kept, NameAt name_at, TypeAt type_at) {
    uint64_t h = kept;
    for (size_t i = 0; i < kept; ++i) {
      const std::string_view name = name_at(i);
      const Type& type = type_at(i);
      const uint64_t first = name.empty() ? 0 : static_cast<unsigned char>(name[0]);
      h = (h ^ (reinterpret_cast<uintptr_t>(type.identity()) + static_cast<uint64_t>(type.kind()) + (name.size() << 40) +
                (first << 48))) * 0xFF51AFD7ED558CCDULL;
      h ^= h >> 32;
    }
    return static_cast<size_t>(h % k_slots);
  }
  // Whether `t` (from `sorted`, which only this table fills) is the type of the attributes in name
  // order.
  template <class NameAt, class TypeAt>
  static bool sorted_fits(const Type& t, size_t kept, NameAt name_at, TypeAt type_at) {
    if (!t.is_object()) return false;
    const auto& have = t.attributes();
    if (have.size() != kept) return false;
    for (size_t i = 0; i < kept; ++i)
      if (have[i].type != type_at(i) || !detail::same_text(have[i].name, name_at(i))) return false;
    return true;
  }
};

// The thread's table, on the heap (64 KB: as a thread_local it would be most of the library's
// static TLS, see util/thread_table_drain.hpp), made on first use and deleted when the thread ends.
// Initial-exec: every object made reads it (see the payload lists above).
[[gnu::tls_model("initial-exec")]] constinit thread_local detail::ThreadHeapObject<RecentObjectTypes> t_recent_object_types;
inline RecentObjectTypes& recent_object_types() { return t_recent_object_types.get(); }

// Where a small object's names were looked for in the table, and whether they were found.
struct NamesFound {
  size_t slot = 0;
  uint32_t stamp = 0;
  bool found = false;
};

// The NamesHash of the given names (entries[i].first).
template <class Entries>
detail::NamesHash names_hash(const Entries& entries) {
  detail::NamesHash hash(entries.size());
  for (size_t i = 0; i < entries.size(); ++i) hash.add(entries[i].first);
  return hash;
}

// The name order of the given names (entries[i].first, whose NamesHash is `hash`) into `order`,
// from their slot when it holds them (true), else nothing (false: the caller sorts them).
template <class Entries>
bool find_names(RecentObjectTypes& recent, const Entries& entries, const detail::NamesHash& hash, uint8_t* order, NamesFound& f) {
  const size_t n = entries.size();
  auto name_at = [&entries](size_t i) -> std::string_view { return entries[i].first; };
  f.slot = RecentObjectTypes::names_slot(hash);
  const RecentObjectTypes::Slot& slot = recent.slots[f.slot];
  if (!RecentObjectTypes::names_fit(slot, n, name_at)) return false;
  f.found = true;
  f.stamp = slot.stamp;
  std::memcpy(order, slot.order, RecentObjectTypes::k_max_kept);  // n of them count (at most that many)
  return true;
}

// The object type of `kept` attributes in name order (name_at(i), type_at(i): the i-th's name and
// type; take_name(i): its name as a std::string, taken last), `order` their name order as given;
// the names' slot is filled with it when `keep` (the names had no duplicates) and they are few enough.
template <class NameAt, class TypeAt, class TakeName>
Type object_type_in_name_order(RecentObjectTypes& recent, const NamesFound& f, size_t kept, const uint8_t* order, bool keep,
                               NameAt name_at, TypeAt type_at, TakeName take_name) {
  RecentObjectTypes::Slot& slot = recent.slots[f.slot];
  const bool still_found = f.found && slot.stamp == f.stamp;
  if (still_found && RecentObjectTypes::types_fit(*slot.attributes, kept, type_at)) return slot.type;
  Type& sorted = recent.sorted[RecentObjectTypes::sorted_slot(kept, name_at, type_at)];
  Type t;
  if (RecentObjectTypes::sorted_fits(sorted, kept, name_at, type_at)) {
    t = sorted;
  } else {
    std::vector<std::pair<std::string, Type>> types;  // the names end up in the type, not the value
    types.reserve(kept);
    for (size_t i = 0; i < kept; ++i) {
      const Type& type = type_at(i);  // (before the name is taken)
      types.emplace_back(take_name(i), type);
    }
    t = Type::object(std::move(types));
    sorted = t;
  }
  if (keep && kept <= RecentObjectTypes::k_max_kept) {
    slot.type = t;
    slot.attributes = &slot.type.attributes();
    ++slot.stamp;
    if (!still_found) {
      slot.count = static_cast<uint8_t>(kept);
      std::copy(order, order + kept, slot.order);
      for (size_t i = 0; i < kept; ++i) slot.at[order[i]] = static_cast<uint8_t>(i);
    }
  }
  return t;
}

std::string take_name(std::string& name) { return std::move(name); }
std::string take_name(std::string_view name) { return std::string(name); }

// Whether every name is ASCII (and so NFC as it is).
template <class Entries>
bool ascii_names(const Entries& entries) {
  for (size_t i = 0; i < entries.size(); ++i)
    if (!is_ascii(entries[i].first)) return false;
  return true;
}

// The values of `entries` in the order `at` lists, as a forward range of lvalues: assign() moves
// from it through move_iterator with the count known up front. (Written out: std::views::transform
// over a span does not compile with clang and libstdc++ 12, the fuzz build's pair.)
template <class Entries>
struct ValuesInOrder {
  using iterator_category = std::forward_iterator_tag;
  using value_type = Value;
  using difference_type = std::ptrdiff_t;
  using pointer = Value*;
  using reference = Value&;
  Entries* entries = nullptr;
  const uint8_t* at = nullptr;
  Value& operator*() const { return (*entries)[*at].second; }
  ValuesInOrder& operator++() {
    ++at;
    return *this;
  }
  ValuesInOrder operator++(int) {
    ValuesInOrder before = *this;
    ++at;
    return before;
  }
  friend bool operator==(const ValuesInOrder& a, const ValuesInOrder& b) { return a.at == b.at; }
};

// Value::object of names the caller does not own, with copies of them (a name to put in NFC).
// Not inlined into small_object (flattened below): a rare path, whose code there cost the usual
// one registers and instructions.
[[gnu::noinline]] Value object_of_copied_names(std::span<std::pair<std::string_view, Value>> attributes) {
  std::vector<std::pair<std::string, Value>> owned;
  owned.reserve(attributes.size());
  for (auto& [k, val] : attributes) owned.emplace_back(std::string(k), std::move(val));
  return Value::object(std::move(owned));
}
}  // namespace

// An object of at most k_name_order_max attributes: taken out in name order, each value moved
// once, instead of being sorted in place first; the names are copied only when the type is not one
// of the thread's recent ones. Names given as std::string are NFC already (Value::object put them
// so); names given as views (object_of_names) are checked here, only when they are not found in
// the table: a hit found each equal to a name of a type, which is NFC.
// (Flattened: name_order, the hashing and the checks inlined into one body.)
template <class Entries>
[[gnu::flatten]] Value detail::ValueData::small_object(Entries& attributes) {
  Value v;
  v.null_ = false;
  RecentObjectTypes& recent = recent_object_types();
  const size_t n = attributes.size();
  uint8_t order[detail::k_name_order_max];
  NamesFound found;
  size_t kept = n;
  if (!find_names(recent, attributes, names_hash(attributes), order, found)) {
    if constexpr (std::is_same_v<Entries, std::span<std::pair<std::string_view, Value>>>) {
      if (!ascii_names(attributes)) {
        v = object_of_copied_names(attributes);  // (into `v`, which is what every path returns)
        return v;
      }
    }
    kept = detail::name_order(attributes, order);
  }
  construct_over_empty(
      v.type_, object_type_in_name_order(
                   recent, found, kept, order, kept == n, [&](size_t i) -> std::string_view { return attributes[order[i]].first; },
                   [&](size_t i) -> const Type& { return attributes[order[i]].second.type(); },
                   [&](size_t i) { return take_name(attributes[order[i]].first); }));
  // The values moved in as one range of a known count (into the buffer a reused payload kept, when
  // it is large enough), not pushed one by one: each push_back was an out-of-line call with its
  // own capacity check.
  // (Lvalues moved from through move_iterator: an iterator yielding rvalues would be an input
  // iterator only, and assign() would push them one by one after all.)
  const ValuesInOrder<Entries> first{&attributes, order}, last{&attributes, order + kept};
  auto [d, d_ref] = new_value_data();
  d->elements.assign(std::make_move_iterator(first), std::make_move_iterator(last));
  construct_over_empty(v.data_, std::move(d_ref));
  return v;
}

Value Value::object(std::vector<std::pair<std::string, Value>> attributes) {
  if (attributes.size() <= detail::k_name_order_max) {
    // An object constructor's handful of attributes.
    normalize_keys(attributes);
    return detail::ValueData::small_object(attributes);
  }
  auto [d, d_ref] = new_value_data();
  Value v;
  v.null_ = false;
  sort_entries(attributes);
  d->elements.reserve(attributes.size());
  std::vector<std::pair<std::string, Type>> types;
  types.reserve(attributes.size());
  for (auto& [k, val] : attributes) {
    types.emplace_back(std::move(k), val.type());
    d->elements.push_back(std::move(val));
  }
  construct_over_empty(v.type_, Type::object(std::move(types)));
  construct_over_empty(v.data_, std::move(d_ref));
  return v;
}

Value detail::object_of_names(std::span<std::pair<std::string_view, Value>> attributes) {
  if (attributes.size() <= k_name_order_max) return ValueData::small_object(attributes);  // (checks the names)
  return object_of_copied_names(attributes);  // more names than name_order takes
}

// (Inline: take_object() is its one caller, and the call cost as much as making the value.)
inline Value detail::ValueData::object_from(Type&& type, PayloadRef<ValueData>&& data) {
  Value v;
  construct_over_empty(v.type_, std::move(type));
  v.null_ = false;
  construct_over_empty(v.data_, std::move(data));
  return v;
}

namespace {
// Given names as the entries name_order and the table read (entries[i].first).
struct NamesAsEntries {
  std::span<const detail::NameText> names;
  struct Entry {
    std::string_view first;
  };
  size_t size() const { return names.size(); }
  Entry operator[](size_t i) const { return {names[i]}; }
};
}  // namespace

detail::ObjectBuilder::ObjectBuilder(std::span<const NameText> names) : ObjectBuilder(names, names_hash(NamesAsEntries{names})) {}

// (Every member set once, on the path that knows it: defaults first, then the values, were eight
// stores more on every object made, 45 K instructions on the bench corpus.)
detail::ObjectBuilder::ObjectBuilder(std::span<const NameText> names, NamesHash hash) : names_(names) {
  const size_t n = names.size();
  const NamesAsEntries entries{names};
  RecentObjectTypes& recent = recent_object_types();
  NamesFound found;
  if (find_names(recent, entries, hash, order_, found)) {
    // Names found in their slot are distinct (all kept) and at most k_max_kept: their places are
    // the slot's.
    kept_ = n;
    copied_names_ = false;
    const RecentObjectTypes::Slot& slot = recent.slots[found.slot];
    std::memcpy(at_, slot.at, RecentObjectTypes::k_max_kept);
    found_slot_ = &slot;
  } else {
    found_slot_ = nullptr;
    if (ascii_names(entries)) {
      copied_names_ = false;
      kept_ = name_order(entries, order_);
    } else {
      // A name to put in NFC, which may make it equal another: the values are kept as given, and
      // finish() hands them to Value::object with copies of the names.
      copied_names_ = true;
      kept_ = n;
      for (size_t i = 0; i < n; ++i) order_[i] = static_cast<uint8_t>(i);
    }
    if (kept_ < n) std::memset(at_, k_dropped, n);  // (else every one is set below)
    for (size_t i = 0; i < kept_; ++i) at_[order_[i]] = static_cast<uint8_t>(i);
  }
  slot_ = found.slot;
  slot_stamp_ = found.stamp;
  auto [d, d_ref] = new_value_data();
  d->elements.resize(kept_);  // (into the buffer a reused payload kept, when it is large enough)
  elements_ = d->elements.data();
  construct_over_empty(data_, std::move(d_ref));
}

Value detail::ObjectBuilder::take_object() {
  // The usual object: its names found in their slot, which no object made meanwhile took, and the
  // slot's type that of the values made (the type's names are these names).
  if (found_slot_) {
    const auto& slot = *static_cast<const RecentObjectTypes::Slot*>(found_slot_);
    if (slot.stamp == slot_stamp_ &&
        RecentObjectTypes::types_fit(*slot.attributes, kept_, [this](size_t i) -> const Type& { return elements_[i].type(); }))
      return ValueData::object_from(Type(slot.type), std::move(data_));
  }
  return finish_other_type();
}

Value detail::ObjectBuilder::finish_other_type() {
  if (copied_names_) return finish_copying_names();
  auto name_at = [this](size_t i) -> std::string_view { return names_[order_[i]]; };
  return ValueData::object_from(object_type_in_name_order(
      recent_object_types(), NamesFound{slot_, slot_stamp_, found_slot_ != nullptr}, kept_, order_, kept_ == names_.size(), name_at,
      [this](size_t i) -> const Type& { return elements_[i].type(); }, [&name_at](size_t i) { return std::string(name_at(i)); }),
                                std::move(data_));
}

Value detail::ObjectBuilder::finish_copying_names() {
  std::vector<std::pair<std::string, Value>> owned;
  owned.reserve(names_.size());
  for (size_t i = 0; i < names_.size(); ++i) owned.emplace_back(std::string(names_[i]), std::move(elements_[i]));
  data_.reset();  // (its values moved out: finish() counts on the handle being empty)
  return Value::object(std::move(owned));
}

Value detail::ValueData::make_object(Type type, std::vector<Value> elements) {
  auto [d, d_ref] = new_value_data();
  d->elements = std::move(elements);
  Value v;
  construct_over_empty(v.type_, std::move(type));
  v.null_ = false;
  construct_over_empty(v.data_, std::move(d_ref));
  return v;
}

bool Value::is_wholly_known() const {
  if (!known_) return false;
  if (!data_) return true;  // a primitive: no elements (and no call to elements())
  // Functions ask this of their collection arguments: the walk reads the payload directly, and an
  // element without a payload of its own is answered without a call.
  for (const Value& e : data_->elements)
    if (!e.known_ || (e.data_ && !e.is_wholly_known())) return false;
  return true;
}

const Marks& Value::marks() const { return marks_ ? marks_->marks : no_marks(); }
bool Value::has_mark(std::string_view mark) const {
  return marks_ && std::find(marks_->marks.begin(), marks_->marks.end(), mark) != marks_->marks.end();
}
bool Value::contains_marked() const {
  if (marks_) return true;
  if (!data_) return false;  // a primitive: no elements (and no call to elements())
  // Function calls ask this of every argument, twice: the walk reads the payload directly, and
  // an element without a payload of its own is answered without a call.
  for (const Value& e : data_->elements)
    if (e.marks_ || (e.data_ && e.contains_marked())) return true;
  return false;
}
Value Value::with_marks(const Marks& m) const {
  if (m.empty()) return *this;
  Value v = *this;
  Marks sorted = m;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  v.marks_ = detail::PayloadRef<detail::MarksData>::adopt(new detail::MarksData(union_marks(marks(), sorted)));
  return v;
}
Value Value::with_mark(std::string_view mark) const { return with_marks(Marks{std::string(mark)}); }
Value Value::unmarked() const {
  Value v = *this;
  v.marks_.reset();
  return v;
}
Value Value::unmarked_deep(Marks* collected) const {
  Value v = unmarked();
  if (collected) *collected = union_marks(*collected, marks());
  if (!data_ || data_->elements.empty()) return v;
  bool any = std::any_of(data_->elements.begin(), data_->elements.end(),
                         [](const Value& e) { return e.contains_marked(); });
  if (!any) return v;
  auto [d, d_ref] = new_value_data(*data_);
  for (auto& e : d->elements) e = e.unmarked_deep(collected);
  v.data_ = std::move(d_ref);
  return v;
}

const std::string& Value::as_string() const { return data_ ? data_->str : empty_string(); }
const std::vector<Value>& Value::elements() const { return data_ ? data_->elements : no_values(); }
const std::vector<std::string>& Value::keys() const {
  if (!data_) return no_keys();
  return type_.is_object() ? type_.attribute_names() : data_->keys;
}
const Value* Value::get(std::string_view key) const {
  const auto& k = keys();
  auto it = std::lower_bound(k.begin(), k.end(), key, [](const std::string& a, std::string_view b) { return a < b; });
  if (it == k.end() || *it != key) return nullptr;
  return &elements()[static_cast<size_t>(it - k.begin())];
}

size_t Value::string_length() const { return detail::count_grapheme_clusters(as_string()); }

bool raw_equals(const Value& a, const Value& b) {
  if (!(a.type_ == b.type_) || a.known_ != b.known_ || a.null_ != b.null_ || a.marks() != b.marks()) return false;
  if (!a.known_ || a.null_) return true;
  switch (a.type_.kind()) {
    case Type::Kind::boolean: return a.bool_ == b.bool_;
    case Type::Kind::number: return a.number_ == b.number_;
    case Type::Kind::string: return a.as_string() == b.as_string();
    default: break;
  }
  if (a.keys() != b.keys() || a.elements().size() != b.elements().size()) return false;
  for (size_t i = 0; i < a.elements().size(); ++i)
    if (!raw_equals(a.elements()[i], b.elements()[i])) return false;
  return true;
}

namespace {
void hash_bytes(const Value& v, std::string& out) {
  if (!v.is_known()) { out += '?'; return; }
  if (v.is_null()) { out += '~'; return; }
  const Type& t = v.type();
  switch (t.kind()) {
    case Type::Kind::number: out += v.as_number().to_g10_string(); return;
    case Type::Kind::boolean: out += v.as_bool() ? 'T' : 'F'; return;
    case Type::Kind::string: out += detail::go_quote(v.as_string()); return;
    case Type::Kind::map:
      out += '{';
      for (size_t i = 0; i < v.keys().size(); ++i) {
        out += detail::go_quote(v.keys()[i]);
        out += ':';
        hash_bytes(v.elements()[i], out);
        out += ';';
      }
      out += '}';
      return;
    case Type::Kind::list: case Type::Kind::set:
      out += '[';
      for (const auto& e : v.elements()) { hash_bytes(e, out); out += ';'; }
      out += ']';
      return;
    case Type::Kind::object: case Type::Kind::tuple:
      out += '<';
      for (const auto& e : v.elements()) { hash_bytes(e, out); out += ';'; }
      out += '>';
      return;
    default: out += '?'; return;
  }
}
}  // namespace

bool set_less(const Value& a, const Value& b) {
  if (raw_equals(a, b)) return false;
  if (b.is_null() && !a.is_null()) return true;
  if (a.is_null()) return false;
  if (a.is_known() && !b.is_known()) return true;
  if (!a.is_known()) return false;
  switch (a.type().kind()) {
    case Type::Kind::string: return a.as_string() < b.as_string();
    case Type::Kind::boolean: return b.as_bool() || !a.as_bool();
    case Type::Kind::number: return Number::compare(a.as_number(), b.as_number()) < 0;
    default: break;
  }
  std::string ha, hb;
  hash_bytes(a, ha);
  hash_bytes(b, hb);
  return ha < hb;
}

namespace {
// Equals without marks: a known bool, or unknown.
Value equals_unmarked(const Value& a, const Value& b) {
  if (!a.is_known() && !b.is_known()) return Value::unknown(Type::boolean());
  if (a.is_known() != b.is_known()) {
    const Value& known = a.is_known() ? a : b;
    const Value& unknown = a.is_known() ? b : a;
    if (known.is_null() || unknown.type().has_dynamic_types()) return Value::unknown(Type::boolean());
    if (!(known.type() == unknown.type())) return Value::boolean(false);
    return Value::unknown(Type::boolean());
  }
  if (a.is_null() && b.is_null()) return Value::boolean(true);
  if (a.is_null() || b.is_null()) return Value::boolean(false);
  if (!(a.type() == b.type())) return Value::boolean(false);
  switch (a.type().kind()) {
    case Type::Kind::boolean: return Value::boolean(a.as_bool() == b.as_bool());
    case Type::Kind::number: return Value::boolean(a.as_number() == b.as_number());
    case Type::Kind::string: return Value::boolean(a.as_string() == b.as_string());
    default: break;
  }
  if (a.keys() != b.keys() || a.elements().size() != b.elements().size()) {
    // A set with unknown elements may still turn out equal.
    if (a.type().is_set() && (!a.is_wholly_known() || !b.is_wholly_known())) return Value::unknown(Type::boolean());
    return Value::boolean(false);
  }
  bool unknown = false;
  for (size_t i = 0; i < a.elements().size(); ++i) {
    Value e = equals_unmarked(a.elements()[i], b.elements()[i]);
    if (!e.is_known()) unknown = true;
    else if (!e.as_bool()) return Value::boolean(false);
  }
  return unknown ? Value::unknown(Type::boolean()) : Value::boolean(true);
}
}  // namespace

Value equals(const Value& a, const Value& b) {
  if (a.contains_marked() || b.contains_marked()) {
    Marks m;
    Value x = a.unmarked_deep(&m), y = b.unmarked_deep(&m);
    return equals_unmarked(x, y).with_marks(m);
  }
  return equals_unmarked(a, b);
}

}  // namespace hclschema
