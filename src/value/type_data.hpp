// The shared, immutable description behind compound Types (private to the value layer).
#pragma once

#include <vector>

#include "hclschema/value/type.hpp"

namespace hclschema::detail {

// Made only by the interner (type_interner.cpp), which also frees it: the last handle to go away
// takes it out of the interning table first.
struct TypeData : PayloadHeader {
  Type element;                          // list, set, map
  std::vector<Type> elements;            // tuple
  std::vector<Type::Attribute> attributes;  // object, sorted by name
  std::vector<std::string> names;        // object: the attributes' names, parallel to `attributes`
  bool has_optional = false;             // object: one of its own attributes is optional
  // Facts about the whole type tree, set once by the constructor (finish() in type.cpp), so that
  // conversion can ask them for every value without walking the type again.
  bool has_optional_deep = false;
  bool has_dynamic_deep = false;
  Type without_optional;  // has_optional_deep only: the type with every optional marker removed
  Type::Kind kind = Type::Kind::dynamic;  // the kind of the types it describes
  size_t shape_hash = 0;                  // its key in the interning table
};

}  // namespace hclschema::detail
