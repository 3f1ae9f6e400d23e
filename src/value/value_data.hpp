// The shared payload behind non-primitive Values (private to the value layer).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hclschema/value/value.hpp"

namespace hclschema::detail {

struct ValueData : PayloadHeader {
  std::string str;                // string values
  std::vector<Value> elements;    // list/set/tuple elements, map/object values
  // Map keys, sorted, parallel to elements. An object's keys are its type's attribute names
  // (Type::attribute_names), shared by every value of that type, so they are not stored here.
  std::vector<std::string> keys;

  // A known, non-null object of `type` (an object type without optional attributes) whose
  // attribute values, in the type's attribute order, are `elements` (each of its attribute's
  // type). For producers that already hold the result type, such as conversion: no sorting, no
  // key copies and no new type.
  static Value make_object(Type type, std::vector<Value> elements);
  // TupleBuilder::take_tuple (tuple_of_values.hpp; inline in value.cpp): the tuple of the elements
  // `data` holds.
  static Value tuple_from(PayloadRef<ValueData> data);
  // ObjectBuilder::take_object (object_of_names.hpp): the known, non-null object of `type` whose
  // attribute values `data` holds, in the type's attribute order.
  static Value object_from(Type&& type, PayloadRef<ValueData>&& data);
  // Value::object for at most k_name_order_max (name, value) pairs whose names are NFC already
  // (std::string or std::string_view names; the values are moved out). value.cpp.
  template <class Entries>
  static Value small_object(Entries& attributes);

  // Another string value of the payload `data` of a known, non-null, unmarked string value (one
  // payload_of gave, which the caller still holds a handle to): no copy of the text. For tables
  // that keep a string value's payload, a pointer, rather than a whole Value (the evaluator's
  // table of literal strings, literal_strings.cpp): the value made from it is a few stores and the
  // count's increment, where copying a kept Value tested and copied each of its handles.
  static Value string_of(const ValueData* data) {
    Value v;
    v.type_ = Type::string();
    v.null_ = false;
    data->refs.fetch_add(1, std::memory_order_relaxed);
    std::construct_at(std::addressof(v.data_), PayloadRef<ValueData>::adopt(data));  // over the empty handle
    return v;
  }
  // Value::number(Number(n)), inline: a number literal (nearly always a short integer) made a call
  // of Value::number with a Number temporary passed through memory and destroyed after.
  static Value small_number(int64_t n) {
    Value v;
    v.type_ = Type::number();
    v.null_ = false;
    std::construct_at(std::addressof(v.number_), n);  // over the empty number (no payload to release)
    return v;
  }
  // The payload of `v` (nullptr when it has none), for string_of. The caller takes no reference.
  static const ValueData* payload_of(const Value& v) { return v.data_.get(); }

  // Payloads are made and freed by the hundred thousand while a file is evaluated (every string,
  // list and object value): their blocks are recycled through a small per-thread list instead of
  // going back to malloc each time (value.cpp).
  static void* operator new(size_t size);
  static void operator delete(void* block, size_t size) noexcept;
};

/// How many freed ValueData blocks this thread keeps for reuse (for tests), and the most it keeps.
[[nodiscard]] size_t kept_payload_blocks();
[[nodiscard]] size_t max_kept_payload_blocks();

// A value's marks (private to the value layer): shared by the values derived from it.
struct MarksData : PayloadHeader {
  explicit MarksData(Marks m) : marks(std::move(m)) {}
  Marks marks;
};

}  // namespace hclschema::detail
