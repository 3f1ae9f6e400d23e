// The keys of a JSON object being evaluated (src/eval/evaluate.cpp, eval_json), each with its value
// and the span of its name, the first of a repeated key kept. Found by a scan while there are few
// (nearly every object), through a hash index from k_indexed keys on; a std::map here was a node
// allocation per key. Out of line, in a file of its own: inlined into the evaluator, it changed
// the compiler's inlining of Value moves on the evaluator's hottest paths.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "hclschema/source.hpp"
#include "hclschema/value.hpp"

namespace hclschema::detail {

class JsonObjectEntries {
 public:
  /// `capacity` (the object's property count) bounds the keys added, so the entries never move
  /// and the index's views of their keys stay valid.
  explicit JsonObjectEntries(size_t capacity);

  /// The span of the name that first gave `key`, or null.
  [[nodiscard]] const ByteSpan* find(std::string_view key) const;
  /// Adds a key not found.
  void add(const std::string& key, Value value, ByteSpan name_span);
  /// The attributes in key order (bytewise, as a std::map gives them: Value::object then finds
  /// them sorted).
  [[nodiscard]] std::vector<std::pair<std::string, Value>> sorted_attributes() &&;

 private:
  static constexpr size_t k_indexed = 16;
  struct Entry {
    std::string key;
    Value value;
    ByteSpan name_span;
  };
  std::vector<Entry> entries_;
  std::unordered_map<std::string_view, size_t> index_;
};

}  // namespace hclschema::detail
