// The cty type system: primitive, collection and structural types plus the dynamic pseudo-type.
// A Type is a small handle: primitive kinds carry no allocation, compound kinds share one immutable
// description, so copying a Type never deep-copies.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hclschema/value/payload_ref.hpp"

namespace hclschema {

namespace detail {
struct TypeShape;
}

class Type {
 public:
  enum class Kind : uint8_t { dynamic, boolean, number, string, list, set, map, tuple, object };
  struct Attribute;  // name + type, see below

  Type() = default;  // dynamic ("any")
  static Type dynamic() { return Type(); }
  static Type boolean() { return Type(Kind::boolean); }
  static Type number() { return Type(Kind::number); }
  static Type string() { return Type(Kind::string); }
  static Type list(Type element);
  static Type set(Type element);
  static Type map(Type element);
  static Type tuple(std::vector<Type> elements);
  // Attributes in any order (duplicates: the last wins); `optional` names attributes that a type
  // constraint lets be absent (names that are not attributes are ignored).
  static Type object(std::vector<std::pair<std::string, Type>> attributes,
                     std::vector<std::string> optional = {});

  Kind kind() const { return kind_; }
  bool is_dynamic() const { return kind_ == Kind::dynamic; }
  bool is_primitive() const { return kind_ == Kind::boolean || kind_ == Kind::number || kind_ == Kind::string; }
  bool is_list() const { return kind_ == Kind::list; }
  bool is_set() const { return kind_ == Kind::set; }
  bool is_map() const { return kind_ == Kind::map; }
  bool is_tuple() const { return kind_ == Kind::tuple; }
  bool is_object() const { return kind_ == Kind::object; }
  bool is_collection() const { return is_list() || is_set() || is_map(); }

  // list/set/map only; dynamic for other kinds.
  const Type& element_type() const;
  // tuple only; empty for other kinds.
  const std::vector<Type>& tuple_elements() const;
  // object only, sorted by name; empty for other kinds.
  const std::vector<Attribute>& attributes() const;
  // object only: the attribute names alone, in the same order (they are the keys of every value of
  // this type, which share this one vector instead of each holding a copy); empty for other kinds.
  const std::vector<std::string>& attribute_names() const;
  const Type* attribute_type(std::string_view name) const;
  bool attribute_optional(std::string_view name) const;
  bool has_optional_attributes() const;
  // Here or in any nested type. Like has_dynamic_types, answered from a flag set at construction.
  bool has_optional_attributes_deep() const;

  bool has_dynamic_types() const;
  // The same type with every optional marker removed, at any depth. Built once, when a type with
  // optional attributes is constructed, so asking costs nothing.
  Type without_optional_attributes_deep() const;

  // cty's FriendlyName ("list of string", "object", "dynamic") and FriendlyNameForConstraint
  // ("any type", "list of any single type").
  std::string friendly_name() const;
  std::string friendly_name_for_constraint() const;

  // Every distinct compound type has exactly one shared description (types are interned), so
  // equality is a compare of kind and description address.
  friend bool operator==(const Type& a, const Type& b) { return a.kind_ == b.kind_ && a.data_ == b.data_; }
  friend bool operator!=(const Type& a, const Type& b) { return !(a == b); }
  // Internal use: the address of the shared description (null for primitive and dynamic types).
  const void* identity() const { return data_.header(); }

 private:
  static Type from_shape(const detail::TypeShape& shape);  // the interned type of that shape
  explicit Type(Kind kind) : kind_(kind) {}
  Type(Kind kind, detail::PayloadRef<detail::TypeData> data) : data_(std::move(data)), kind_(kind) {}
  // 16 bytes: one counted pointer (see payload_ref.hpp) and the kind.
  detail::PayloadRef<detail::TypeData> data_;
  Kind kind_ = Kind::dynamic;
};

struct Type::Attribute {
  std::string name;
  Type type;
  bool optional = false;
};

}  // namespace hclschema
