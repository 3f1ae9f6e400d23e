// The table behind type interning: live descriptions by the hash of their shape.
//
// Entries are weak, so a type nobody uses any more is freed as before; its dead entry goes when a
// lookup of the same hash meets it, or in a sweep once the table has doubled since the last one,
// which keeps the table proportional to the live types (a long-running language server creates
// types for every edit). One mutex guards the
// table: types are made from any thread (the language server, tests running threads), and a
// lookup is short.
#include "value/type_interner.hpp"

#include <functional>
#include <mutex>
#include <string_view>
#include <unordered_map>

#include "value/type_data.hpp"

namespace hclschema::detail {

namespace {

size_t mix(size_t h, size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); }

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
    case Type::Kind::object:
      for (size_t i = 0; i < s.attributes->size(); ++i) {
        const auto& [name, type] = (*s.attributes)[i];
        h = mix(h, std::hash<std::string_view>{}(name));
        h = mix(h, handle_hash(type));
        h = mix(h, (*s.optional)[i] ? 1 : 0);
      }
      return mix(h, s.attributes->size());
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
        if (a.optional != (*s.optional)[i] || !(a.type == type) || a.name != name) return false;
      }
      return true;
    }
    default: return false;
  }
}

struct Entry {
  Type::Kind kind;
  std::weak_ptr<const TypeData> data;
};

class Table {
 public:
  // Dead entries met on the way are dropped: a shape that is made and freed over and over (an
  // object constructor evaluated again and again) would otherwise pile up dead entries under its
  // own hash until the next sweep, and every lookup of it would walk them all.
  std::shared_ptr<const TypeData> find(size_t hash, const TypeShape& shape) {
    auto [it, last] = entries_.equal_range(hash);
    while (it != last) {
      std::shared_ptr<const TypeData> live = it->second.data.lock();
      if (!live) {
        it = entries_.erase(it);
        continue;
      }
      if (matches(shape, it->second.kind, *live)) return live;
      ++it;
    }
    return nullptr;
  }
  void insert(size_t hash, Type::Kind kind, const std::shared_ptr<const TypeData>& data) {
    if (entries_.size() >= 2 * live_after_sweep_ + 1024) sweep();
    entries_.emplace(hash, Entry{kind, data});
  }

 private:
  void sweep() {
    for (auto it = entries_.begin(); it != entries_.end();)
      it = it->second.data.expired() ? entries_.erase(it) : std::next(it);
    live_after_sweep_ = entries_.size();
  }
  std::unordered_multimap<size_t, Entry> entries_;
  size_t live_after_sweep_ = 0;
};

std::mutex& table_mutex() {
  static std::mutex* m = new std::mutex;  // never destroyed: types may outlive static destruction
  return *m;
}
Table& table() {
  static Table* t = new Table;
  return *t;
}

}  // namespace

std::shared_ptr<const TypeData> intern_type(const TypeShape& shape,
                                            std::shared_ptr<const TypeData> (*build)(const TypeShape&)) {
  const size_t hash = shape_hash(shape);
  {
    std::lock_guard<std::mutex> lock(table_mutex());
    if (auto found = table().find(hash, shape)) return found;
  }
  // Built unlocked: building a type with optional attributes builds its optional-free twin.
  std::shared_ptr<const TypeData> made = build(shape);
  // The last few types built on this thread stay alive a little longer: evaluating the same
  // object constructor again and again would otherwise free its type with each result and
  // build it anew each time.
  thread_local std::shared_ptr<const TypeData> recent[64];
  thread_local size_t next_recent = 0;
  recent[next_recent++ % 64] = made;
  std::lock_guard<std::mutex> lock(table_mutex());
  if (auto found = table().find(hash, shape)) return found;  // another thread was quicker
  table().insert(hash, shape.kind, made);
  return made;
}

}  // namespace hclschema::detail
