// cty values: known or unknown, null or not, of a Type, carrying marks (`sensitive`, ...). A Value
// is a cheap handle to immutable data. Strings are NFC-normalised on construction; sets are unique
// and kept in cty's order; maps and objects are kept sorted by key.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hclschema/value/number.hpp"
#include "hclschema/value/payload_ref.hpp"
#include "hclschema/value/type.hpp"

namespace hclschema {

// A small sorted set of mark names. Derived values carry the union of their inputs' marks.
using Marks = std::vector<std::string>;
inline constexpr std::string_view sensitive_mark = "sensitive";
Marks union_marks(const Marks& a, const Marks& b);

class Value {
 public:
  Value() = default;  // null of dynamic type
  Value(const Value&) = default;
  Value(Value&&) noexcept = default;
  // The assigned value may lie inside this one's own data (`v = v.elements()[0]`, a traversal
  // stepping down). Assigned member by member, the data's handle would free it while the rest of
  // the other value was still to be read, so the old data is kept until the end.
  Value& operator=(const Value& other) {
    if (this == &other) return *this;
    const detail::PayloadRef<detail::ValueData> keep_old_data = std::move(data_);
    type_ = other.type_;
    known_ = other.known_;
    null_ = other.null_;
    bool_ = other.bool_;
    number_ = other.number_;
    marks_ = other.marks_;
    data_ = other.data_;
    return *this;
  }
  Value& operator=(Value&& other) noexcept {
    if (this == &other) return *this;
    const detail::PayloadRef<detail::ValueData> keep_old_data = std::move(data_);
    type_ = std::move(other.type_);
    known_ = other.known_;
    null_ = other.null_;
    bool_ = other.bool_;
    number_ = std::move(other.number_);
    marks_ = std::move(other.marks_);
    data_ = std::move(other.data_);
    return *this;
  }
  ~Value() = default;
  static Value null(Type type);
  static Value unknown(Type type) {
    // Inline: evaluation makes one for nearly every error and every unknown operand, and the
    // call cost as much as the construction.
    Value v;
    v.type_ = std::move(type);
    v.known_ = false;
    v.null_ = false;
    return v;
  }
  static Value boolean(bool v);
  static Value number(Number n);
  static Value string(std::string_view utf8);  // NFC-normalised
  static Value list(Type element, std::vector<Value> elements);  // elements must be of `element`
  static Value set(Type element, std::vector<Value> elements);   // duplicates removed, cty order
  static Value map(Type element, std::vector<std::pair<std::string, Value>> entries);
  static Value tuple(std::vector<Value> elements);
  static Value object(std::vector<std::pair<std::string, Value>> attributes);
  // Element type is the elements' common type (all must be equal) or `element` when empty.
  static Value list_of(std::vector<Value> elements, Type element_if_empty = Type());

  const Type& type() const { return type_; }
  bool is_known() const { return known_; }
  bool is_null() const { return null_; }
  bool is_wholly_known() const;  // known all the way down

  const Marks& marks() const;
  bool is_marked() const { return static_cast<bool>(marks_); }
  bool has_mark(std::string_view mark) const;
  bool contains_marked() const;  // here or in any nested value
  Value with_marks(const Marks& marks) const;  // adds
  Value with_mark(std::string_view mark) const;
  Value unmarked() const;
  Value unmarked_deep(Marks* collected = nullptr) const;

  // Accessors for known, non-null values of the right type.
  bool as_bool() const { return bool_; }
  const Number& as_number() const { return number_; }
  const std::string& as_string() const;
  // list/set/tuple elements; map/object values in key order.
  const std::vector<Value>& elements() const;
  // map/object keys, sorted; parallel to elements().
  const std::vector<std::string>& keys() const;
  const Value* get(std::string_view key) const;  // map/object lookup
  size_t length() const { return elements().size(); }

  // Number of grapheme clusters of a string (cty's strlen).
  size_t string_length() const;

  // cty's RawEquals: same type, same knownness, same marks, same content.
  friend bool raw_equals(const Value& a, const Value& b);

 private:
  // 64 bytes. The payload handles are one pointer each (see payload_ref.hpp): values are copied
  // and destroyed at every step of evaluation and conversion.
  Type type_;
  bool known_ = true;
  bool null_ = true;
  bool bool_ = false;
  Number number_;
  detail::PayloadRef<detail::ValueData> data_;  // strings, collections, structures
  detail::PayloadRef<detail::MarksData> marks_;  // absent when unmarked
  friend struct detail::ValueData;
};

// cty's Equals: a bool, unknown when the answer depends on unknowns; marks of both inputs.
Value equals(const Value& a, const Value& b);
// cty's set ordering (setRules.Less) for two values of the same type.
bool set_less(const Value& a, const Value& b);

}  // namespace hclschema
