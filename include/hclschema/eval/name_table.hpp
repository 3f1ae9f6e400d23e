// An EvalContext's table of names (variables or functions): a std::map from name to V, sorted as
// std::string sorts, with what a std::map offers for reading and writing, plus a lookup index
// the evaluator builds on first use and every insertion or removal drops.
//
// Why not a plain std::map: the evaluator looks a name up in these tables for every variable
// reference and function call, and walks them all for the did-you-mean suggestion of every
// unknown name. A tree descent and a walk over tree nodes cost 8% of evaluating a Terraform-like
// configuration; a hash index and a flat array of the names cost a fraction of that, but can only
// be kept if the table says when its names change. Values may change freely (through find(),
// operator[] or an iterator): the index points at the map's nodes, which stay where they are.
//
// Threads: as a std::map, a table may be read by many threads at once, and written by one while
// nobody reads it. The index is built by the first reader that needs it; two readers racing to
// build it both build one and keep the first published (an atomic pointer), so reading stays safe.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hclschema {

namespace detail {

class NameIndex;  // src/eval/name_index.hpp
/// One name of a table and where its value is, as the index is built from them.
struct NameIndexSource {
  std::string_view name;
  const void* value;
};
/// Builds the index of `names` (in the table's order); destroy_name_index frees it.
const NameIndex* make_name_index(std::span<const NameIndexSource> names);
void destroy_name_index(const NameIndex* index) noexcept;

}  // namespace detail

template <class V>
class NameTable {
 public:
  using map_type = std::map<std::string, V, std::less<>>;
  using key_type = typename map_type::key_type;
  using mapped_type = typename map_type::mapped_type;
  using value_type = typename map_type::value_type;
  using size_type = typename map_type::size_type;
  using iterator = typename map_type::iterator;
  using const_iterator = typename map_type::const_iterator;

  /// Tables smaller than this are searched as the map: an index would cost more to build than a
  /// few tree steps save in the short-lived scopes (a block's own few names) that have them.
  static constexpr size_t k_min_indexed = 8;

  NameTable() = default;
  NameTable(std::initializer_list<value_type> entries) : map_(entries) {}
  NameTable(map_type map) : map_(std::move(map)) {}  // NOLINT: implicit, so that a map can be assigned to a table
  // A copy or a moved-to table builds its own index when it needs one: the other's points at the
  // other's nodes. A moved-from table drops its index, which pointed at nodes it no longer owns.
  NameTable(const NameTable& other) : map_(other.map_) {}
  NameTable(NameTable&& other) noexcept : map_(std::move(other.map_)) { other.names_changed(); }
  NameTable& operator=(const NameTable& other) {
    if (this != &other) {
      map_ = other.map_;
      names_changed();
    }
    return *this;
  }
  NameTable& operator=(NameTable&& other) noexcept {
    if (this != &other) {
      map_ = std::move(other.map_);
      names_changed();
      other.names_changed();
    }
    return *this;
  }
  ~NameTable() { names_changed(); }

  // Reading, as std::map.
  [[nodiscard]] size_type size() const { return map_.size(); }
  [[nodiscard]] bool empty() const { return map_.empty(); }
  const_iterator begin() const { return map_.begin(); }
  const_iterator end() const { return map_.end(); }
  const_iterator cbegin() const { return map_.cbegin(); }
  const_iterator cend() const { return map_.cend(); }
  template <class K>
  const_iterator find(const K& key) const {
    return map_.find(key);
  }
  template <class K>
  [[nodiscard]] bool contains(const K& key) const {
    return map_.find(key) != map_.end();
  }
  template <class K>
  [[nodiscard]] size_type count(const K& key) const {
    return map_.count(key);
  }
  template <class K>
  const V& at(const K& key) const {
    auto it = map_.find(key);
    if (it == map_.end()) throw std::out_of_range("NameTable::at: no such name");
    return it->second;
  }
  /// The map itself, to read.
  const map_type& map() const { return map_; }

  // Changing values: iterators that may change a value but not a name (as std::map's).
  iterator begin() { return map_.begin(); }
  iterator end() { return map_.end(); }
  template <class K>
  iterator find(const K& key) {
    return map_.find(key);
  }
  template <class K>
  V& at(const K& key) {
    auto it = map_.find(key);
    if (it == map_.end()) throw std::out_of_range("NameTable::at: no such name");
    return it->second;
  }

  // Adding and removing names: each drops the index when the names changed.
  V& operator[](const std::string& name) { return added([&]() -> V& { return map_[name]; }); }
  V& operator[](std::string&& name) { return added([&]() -> V& { return map_[std::move(name)]; }); }
  template <class... Args>
  std::pair<iterator, bool> emplace(Args&&... args) {
    auto r = map_.emplace(std::forward<Args>(args)...);
    if (r.second) names_changed();
    return r;
  }
  template <class... Args>
  std::pair<iterator, bool> try_emplace(std::string name, Args&&... args) {
    auto r = map_.try_emplace(std::move(name), std::forward<Args>(args)...);
    if (r.second) names_changed();
    return r;
  }
  template <class M>
  std::pair<iterator, bool> insert_or_assign(std::string name, M&& value) {
    auto r = map_.insert_or_assign(std::move(name), std::forward<M>(value));
    if (r.second) names_changed();
    return r;
  }
  std::pair<iterator, bool> insert(value_type entry) {
    auto r = map_.insert(std::move(entry));
    if (r.second) names_changed();
    return r;
  }
  size_type erase(const std::string& name) {
    names_changed();
    return map_.erase(name);
  }
  size_type erase(std::string_view name) { return erase(std::string(name)); }
  size_type erase(const char* name) { return erase(std::string(name)); }
  iterator erase(iterator position) {
    names_changed();
    return map_.erase(position);
  }
  iterator erase(const_iterator position) {
    names_changed();
    return map_.erase(position);
  }
  void clear() {
    names_changed();
    map_.clear();
  }

  friend bool operator==(const NameTable& a, const NameTable& b) { return a.map_ == b.map_; }

  /// The lookup index of the names (src/eval/name_index.hpp), built on first use; null for a
  /// table below k_min_indexed names. Valid until the names change.
  const detail::NameIndex* name_index() const {
    if (map_.size() < k_min_indexed) return nullptr;
    if (const detail::NameIndex* built = index_.load(std::memory_order_acquire)) return built;
    return build_index();
  }
  /// The index if name_index() has built one, else null, without building it: for a lookup whose
  /// usual case then makes no call (and so saves and restores no registers).
  const detail::NameIndex* built_name_index() const { return index_.load(std::memory_order_acquire); }

 private:
  template <class Add>
  V& added(Add add) {
    const size_t before = map_.size();
    V& v = add();
    if (map_.size() != before) names_changed();
    return v;
  }
  // Only writers call this, and no reader runs beside a writer: a plain exchange.
  void names_changed() noexcept {
    if (const detail::NameIndex* old = index_.exchange(nullptr, std::memory_order_acq_rel)) detail::destroy_name_index(old);
  }
  // Out of line and cold: inlined into every lookup, the building took registers that each
  // lookup then saved and restored, though it runs once per table.
  [[gnu::noinline, gnu::cold]] const detail::NameIndex* build_index() const {
    std::vector<detail::NameIndexSource> names;
    names.reserve(map_.size());
    for (const auto& [name, value] : map_) names.push_back({name, &value});
    const detail::NameIndex* built = detail::make_name_index(names);
    const detail::NameIndex* expected = nullptr;
    if (index_.compare_exchange_strong(expected, built, std::memory_order_acq_rel)) return built;
    detail::destroy_name_index(built);  // another reader published one first
    return expected;
  }

  map_type map_;
  mutable std::atomic<const detail::NameIndex*> index_{nullptr};
};

}  // namespace hclschema
