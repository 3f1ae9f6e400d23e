// Hash-consing of compound types (private to the value layer): every distinct list, set, map,
// tuple or object type has exactly one shared description. Values of one shape then share one
// type instead of each allocating its own, and type equality is a pointer compare, which is what
// conversion, unification and collection building ask for, over and over, for every element.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hclschema/value/type.hpp"

namespace hclschema::detail {

struct TypeData;

// A compound type described by its parts, before any description exists. Object attributes are
// sorted by name and unique; `optional` is parallel to them. The children are themselves interned
// (or primitive), so two shapes are equal exactly when their parts are the same handles.
struct TypeShape {
  Type::Kind kind = Type::Kind::dynamic;
  const Type* element = nullptr;                                  // list, set, map
  const std::vector<Type>* elements = nullptr;                    // tuple
  const std::vector<std::pair<std::string, Type>>* attributes = nullptr;  // object
  const std::vector<bool>* optional = nullptr;                    // object, parallel to attributes; null: none optional

  bool is_optional(size_t i) const { return optional && (*optional)[i]; }
};

// The one description of `shape`, built with `build` (outside any lock, so it may itself make
// types) only when no live description of that shape exists.
PayloadRef<TypeData> intern_type(const TypeShape& shape, std::unique_ptr<TypeData> (*build)(const TypeShape&));

}  // namespace hclschema::detail
