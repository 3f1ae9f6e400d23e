// The table behind type interning: live descriptions by the hash of their shape.
//
// The table does not keep a type alive: a type nobody uses any more is freed, and the last handle
// to let go of it takes its entry out of the table first (free_payload below), so the table stays
// as big as the live types (a long-running language server creates types for every edit). A
// lookup only takes a description whose count is not already zero: one whose last handle is
// going away at that moment is passed over, and its own entry removed by that handle. One mutex
// guards the table: types are made and freed from any thread (the language server, tests running
// threads), and a lookup is short. A description is deleted only after its entry is gone, under
// that mutex, so a lookup never reads a freed one.
#include "value/type_interner.hpp"

#include <cstdint>
#include <cstring>
#include <functional>
#include <mutex>
#include <string_view>
#include <unordered_map>

#include "value/type_data.hpp"

namespace hclschema::detail {

namespace {

size_t mix(size_t h, size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); }

// One multiply-and-fold step of the hashes below: cheaper than mix() for the per-attribute parts
// of an object type, which were most of interning one.
uint64_t fold(uint64_t h, uint64_t v) {
  h = (h ^ v) * 0xFF51AFD7ED558CCDULL;
  return h ^ (h >> 32);
}

// An attribute name's hash: names are short, and std::hash's general byte hash was a tenth of
// interning an object type. Eight bytes at a time; the last one to seven bytes with two
// overlapping loads (or three single bytes) instead of a byte loop; the length is mixed in first.
uint64_t name_hash(std::string_view s) {
  const char* p = s.data();
  size_t n = s.size();
  uint64_t h = n * 0x9E3779B97F4A7C15ULL;
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    h = fold(h, w);
  }
  if (n >= 4) {
    uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, p + n - 4, 4);
    h = fold(h, a | (static_cast<uint64_t>(b) << 32));
  } else if (n > 0) {
    const auto byte = [p](size_t i) { return static_cast<uint64_t>(static_cast<unsigned char>(p[i])); };
    h = fold(h, byte(0) | (byte(n / 2) << 8) | (byte(n - 1) << 16));
  }
  return h;
}

size_t handle_hash(const Type& t) {
  return mix(static_cast<size_t>(t.kind()), std::hash<const void*>{}(t.identity()));
}

size_t shape_hash(const TypeShape& s) {
  size_t h = static_cast<size_t>(s.kind) * 0x100000001b3ULL;
  switch (s.kind) {
    case Type::Kind::list: case Type::Kind::set: case Type::Kind::map: return mix(h, handle_hash(*s.element));
    case Type::Kind::tuple:
      for (const Type& t : *s.elements) h = mix(h, handle_hash(t));
      return mix(h, s.elements->size());
    case Type::Kind::object: {
      uint64_t o = h;
      for (size_t i = 0; i < s.attributes->size(); ++i) {
        const auto& [name, type] = (*s.attributes)[i];
        o = fold(o, name_hash(name));
        o = fold(o, reinterpret_cast<uintptr_t>(type.identity()) + static_cast<uint64_t>(type.kind()));
        // Only optional attributes add to the hash, so that flags all false (or none given) hash
        // alike, as they describe the same type.
        if (s.is_optional(i)) o = fold(o, i + 1);
      }
      return static_cast<size_t>(fold(o, s.attributes->size()));
    }
    default: return h;
  }
}

bool matches(const TypeShape& s, Type::Kind kind, const TypeData& d) {
  if (s.kind != kind) return false;
  switch (s.kind) {
    case Type::Kind::list: case Type::Kind::set: case Type::Kind::map: return *s.element == d.element;
    case Type::Kind::tuple: return *s.elements == d.elements;
    case Type::Kind::object: {
      if (s.attributes->size() != d.attributes.size()) return false;
      for (size_t i = 0; i < d.attributes.size(); ++i) {
        const auto& [name, type] = (*s.attributes)[i];
        const Type::Attribute& a = d.attributes[i];
        if (a.optional != s.is_optional(i) || !(a.type == type) || a.name != name) return false;
      }
      return true;
    }
    default: return false;
  }
}

// A new handle to `d` unless its last handle is already letting go of it.
bool try_acquire(const TypeData& d) {
  uint32_t n = d.refs.load(std::memory_order_relaxed);
  while (n != 0)
    if (d.refs.compare_exchange_weak(n, n + 1, std::memory_order_acq_rel, std::memory_order_relaxed)) return true;
  return false;
}

class Table {
 public:
  PayloadRef<TypeData> find(size_t hash, const TypeShape& shape) {
    auto [it, last] = entries_.equal_range(hash);
    for (; it != last; ++it)
      if (matches(shape, it->second->kind, *it->second) && try_acquire(*it->second))
        return PayloadRef<TypeData>::adopt(it->second);
    return {};
  }
  void insert(const TypeData* d) { entries_.emplace(d->shape_hash, d); }
  void erase(const TypeData* d) {
    auto [it, last] = entries_.equal_range(d->shape_hash);
    for (; it != last; ++it)
      if (it->second == d) {
        entries_.erase(it);
        return;
      }
  }

 private:
  std::unordered_multimap<size_t, const TypeData*> entries_;
};

std::mutex& table_mutex() {
  static std::mutex* m = new std::mutex;  // never destroyed: types may outlive static destruction
  return *m;
}
Table& table() {
  static Table* t = new Table;
  return *t;
}

// Each thread's table of the last types it asked for (intern_type), on the heap: as a thread_local
// it was 2 KiB of the library's static TLS (util/thread_table_drain.hpp). Made on the thread's first
// use, deleted when it ends; after that (a type asked for by another thread_local's destructor)
// there is none, and nothing is kept.
struct RecentTypes {
  PayloadRef<TypeData> slots[256];
};
constinit thread_local RecentTypes* t_recent_types = nullptr;
constinit thread_local bool t_recent_types_closed = false;
struct RecentTypesOwner {
  bool armed = false;
  ~RecentTypesOwner() {
    t_recent_types_closed = true;
    RecentTypes* recent = t_recent_types;
    t_recent_types = nullptr;  // (first: a type asked for while its types are let go of is not kept)
    delete recent;
  }
};
thread_local RecentTypesOwner t_recent_types_owner;
RecentTypes* recent_types() {
  if (RecentTypes* recent = t_recent_types) [[likely]] return recent;
  if (t_recent_types_closed) return nullptr;
  t_recent_types_owner.armed = true;
  t_recent_types = new RecentTypes();
  return t_recent_types;
}

}  // namespace

void free_payload(const PayloadHeader* header, const TypeData*) {
  const auto* d = static_cast<const TypeData*>(header);
  {
    std::lock_guard<std::mutex> lock(table_mutex());
    table().erase(d);
  }
  delete d;  // unlocked: its parts let go of their own types, which takes the lock again
}

PayloadRef<TypeData> intern_type(const TypeShape& shape, std::unique_ptr<TypeData> (*build)(const TypeShape&)) {
  const size_t hash = shape_hash(shape);
  // Each thread keeps the last types it asked for in a small table of its own, by hash: an
  // object constructor or a conversion evaluated again and again asks for the same few shapes, and
  // this answers them without the shared table's mutex. Holding them also keeps them alive, so
  // such a type is not freed with each result and built anew each time. (Replacing a slot may
  // free a type, which takes the shared table's lock: not held here.)
  // (The table: recent_types.)
  RecentTypes* recent = recent_types();
  if (recent) {
    PayloadRef<TypeData>& slot = recent->slots[hash % 256];
    if (slot && slot->shape_hash == hash && matches(shape, slot->kind, *slot)) return slot;
  }
  // No handle is let go of while the lock is held: freeing a type takes the same lock.
  PayloadRef<TypeData> found;
  {
    std::lock_guard<std::mutex> lock(table_mutex());
    found = table().find(hash, shape);
  }
  if (found) {
    if (recent) recent->slots[hash % 256] = found;
    return found;
  }
  // Built unlocked: building a type with optional attributes builds its optional-free twin.
  std::unique_ptr<TypeData> built = build(shape);
  built->shape_hash = hash;
  auto made = PayloadRef<TypeData>::adopt(built.release());
  {
    std::lock_guard<std::mutex> lock(table_mutex());
    found = table().find(hash, shape);  // another thread may have been quicker
    if (!found) table().insert(made.get());
  }
  if (found) made = std::move(found);  // frees the one built here, unlocked
  // `slot` may have been refilled while building (the twin of a type with optional attributes is
  // built first and may share the slot): whatever is there is replaced.
  if ((recent = t_recent_types)) recent->slots[hash % 256] = made;
  return made;
}

}  // namespace hclschema::detail
