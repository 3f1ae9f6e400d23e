// An object value from attribute names the caller does not own (private to the value layer and
// the evaluator): an object constructor's names are text of the parsed file, and copying each into
// a std::string for Value::object, only for the copy to be dropped when the object's type is one
// made before, cost an allocation per long name and a vector of pairs per object.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "hclschema/value/payload_ref.hpp"
#include "hclschema/value/value.hpp"
#include "value/construct_in_place.hpp"
#include "value/sorted_entries.hpp"

namespace hclschema::detail {

/// Value::object of `attributes` (the last of equal names winning, names put in NFC), with their
/// values moved out. The names are only read: they need not outlive the call.
[[nodiscard]] Value object_of_names(std::span<std::pair<std::string_view, Value>> attributes);

/// The text of an attribute name: a std::string_view that is trivial to construct, so that an
/// array of them for an object's names is not cleared first (512 bytes for k_name_order_max).
struct NameText {
  const char* data;
  size_t size;
  // NOLINTNEXTLINE(google-explicit-constructor): a name is its text
  operator std::string_view() const { return {data, size}; }
};

/// The hash by which the thread's table of object types (value.cpp) finds the slot of an object's
/// names as given: their count, then each name's length and first and last bytes, folded in order.
/// Inline, so that a caller that reads the names one by one anyway (an object constructor's keys)
/// folds each in as it reads it and hands the hash to ObjectBuilder, which then does not pass over
/// the names a second time (two loads and a multiply per name, and the loop's own cost).
class NamesHash {
 public:
  explicit NamesHash(size_t count) : h_(count) {}
  void add(std::string_view name) {
    const uint64_t ends = name.empty() ? 0
                                       : static_cast<uint64_t>(static_cast<unsigned char>(name[0])) |
                                             static_cast<uint64_t>(static_cast<unsigned char>(name.back())) << 8;
    h_ = (h_ ^ (name.size() + (ends << 40))) * 0xFF51AFD7ED558CCDULL;
  }
  /// The hash, its high bits the ones to use (a slot is taken from them: every bit of every name
  /// reaches them through the products, where mixing at each name and using the low bits spread
  /// shapes that differ in their last name's bytes over a handful of slots).
  [[nodiscard]] uint64_t value() const { return h_; }

 private:
  uint64_t h_;
};

/// Value::object of attributes whose names are known before their values (an object constructor
/// whose keys are all bare names, `{ a = ..., b = ... }`): each value is made straight in its
/// place in the new object's payload, in name order, as the caller evaluates it. Gathering
/// (name, value) pairs first, then moving each value into the payload, moved every value twice
/// and destroyed the moved-from one.
class ObjectBuilder {
 public:
  /// The most names taken (k_name_order_max). `names` (in the order given, equal names allowed:
  /// the last wins) must outlive the builder, which is used on one thread (it refers to the
  /// thread's table of object types).
  static constexpr size_t max_names = k_name_order_max;
  explicit ObjectBuilder(std::span<const NameText> names);
  /// The same, `hash` being the NamesHash of `names` (any other hash only costs the table's hit:
  /// the names found are checked in full).
  ObjectBuilder(std::span<const NameText> names, NamesHash hash);
  ObjectBuilder(const ObjectBuilder&) = delete;
  ObjectBuilder& operator=(const ObjectBuilder&) = delete;

  /// Where the value of the i-th given attribute goes: an empty Value, to be replaced by
  /// constructing the value over it (use construct_in_place), or nullptr when a later attribute of
  /// the same name overrides this one.
  [[nodiscard]] Value* place(size_t i) { return at_[i] == k_dropped ? nullptr : elements_ + at_[i]; }
  /// The same in two steps: whether the i-th attribute has a place, and (only then) its place. A
  /// caller that branches on the first does not test the pointer the second gives (place()'s
  /// caller tested it against nullptr for every attribute).
  [[nodiscard]] bool has_place(size_t i) const { return at_[i] != k_dropped; }
  [[nodiscard]] Value* kept_place(size_t i) { return elements_ + at_[i]; }
  /// The object of the values put in place (each place left alone holds a null of dynamic type);
  /// the builder is spent.
  [[nodiscard]] Value finish() {
    Value v = take_object();
    // (Every path of take_object gives the payload away. Said, so that the caller's destruction of
    // the spent builder, inlined after this, has no handle to test: a load and a test for every
    // object made.)
    if (data_) __builtin_unreachable();
    return v;
  }

 private:
  static constexpr uint8_t k_dropped = 0xFF;
  // finish()'s object; the payload's handle is left empty.
  [[nodiscard]] Value take_object();
  // finish() when a name was not ASCII (a rare path, kept out of finish()).
  [[gnu::noinline]] Value finish_copying_names();
  // finish() when the names' slot no longer holds them or its type does not fit the values: the
  // type found or made otherwise (kept out of finish(), whose usual path is then a short body).
  [[gnu::noinline]] Value finish_other_type();
  // (No defaults: the constructor sets each once.)
  std::span<const NameText> names_;
  PayloadRef<ValueData> data_;
  Value* elements_;         // the payload's, `kept_` of them, in name order
  size_t kept_;
  size_t slot_;             // the thread's table slot of these names (value.cpp)
  uint32_t slot_stamp_;     // the slot's stamp when its names were found to be these
  const void* found_slot_;  // that slot (value.cpp's RecentObjectTypes::Slot) when they were, else nullptr
  bool copied_names_;       // names not all ASCII: the values are kept in the order given
  uint8_t order_[k_name_order_max];  // for each attribute in name order, its index as given
  uint8_t at_[k_name_order_max];     // for each given attribute, its place, or k_dropped
};

}  // namespace hclschema::detail
