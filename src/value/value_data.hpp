// The shared payload behind non-primitive Values (private to the value layer).
#pragma once

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
};

// A value's marks (private to the value layer): shared by the values derived from it.
struct MarksData : PayloadHeader {
  explicit MarksData(Marks m) : marks(std::move(m)) {}
  Marks marks;
};

}  // namespace hclschema::detail
