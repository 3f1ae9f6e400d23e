// The JSON-syntax tree: one node class per kind of JSON value, as HCL's json package has them.
//
// A JSON-syntax file is one JSON value (an object, or an array of objects) whose meaning as HCL
// body content is decided only when a schema asks for it (json/spec.md): the same property is an
// argument for one schema and a block for another. So the tree is plain JSON with exact ranges,
// and JsonBody answers the schema questions on top of it.
//
// Nodes live in their File's arena: they hold only spans, string_views and pointers, are never
// deleted one by one, and stay valid while the File lives. Every node is also an Expression, with
// kind_name() "JSONObject", "JSONArray", "JSONString", "JSONNumber", "JSONBool", "JSONNull" (and
// "JSONInvalid" for the placeholder a syntax error leaves behind).
//
//     auto parsed = parse_json(SourceFile::from_string("a.tf.json", R"({"port": 8080})"));
//     auto attrs = parsed.file->body().just_attributes();
//     const auto* num = dynamic_cast<const json::Number*>(attrs.attributes[0].expr);
//     num->text;   // "8080", exactly as written
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "hclschema/source.hpp"
#include "hclschema/syntax.hpp"

namespace hclschema::json {

class Value;

/// A body made of a JSON value, as HCL's json body: usually an object, or an array of objects
/// whose properties are taken together. Any value can end up as a body (an array element used
/// as a block), and the schema methods report the ones that cannot be one.
class JsonBody final : public Body {
 public:
  JsonBody(const Value* value, std::vector<std::string> hidden = {}) : value_(value), hidden_(std::move(hidden)) {}

  /// The JSON value this body reads.
  [[nodiscard]] const Value& value() const { return *value_; }
  /// Property names that partial_content already consumed (sorted); they count as absent.
  [[nodiscard]] const std::vector<std::string>& hidden() const { return hidden_; }

  [[nodiscard]] ContentResult content(const BodySchema& schema) const override;
  [[nodiscard]] PartialContentResult partial_content(const BodySchema& schema) const override;
  [[nodiscard]] AttributesResult just_attributes() const override;
  /// An object's closing brace, an array's opening bracket, else the value's start.
  [[nodiscard]] Range missing_item_range() const override;

 private:
  [[nodiscard]] bool is_hidden(std::string_view name) const;
  const Value* value_;
  std::vector<std::string> hidden_;
};

enum class NodeKind : uint8_t { object, array, string, number, boolean, null, invalid };

/// Base of every JSON node.
class Value : public Expression {
 public:
  const NodeKind kind;
  /// The whole value: brace to brace, bracket to bracket, or the token (quotes included).
  ByteSpan span;
  const SourceFile* file;

  [[nodiscard]] std::string_view kind_name() const final;
  [[nodiscard]] Range range() const override { return file->range(span); }
  [[nodiscard]] Range start_range() const override { return range(); }
  /// Variables of the strings (as templates), keys included. See expression.cpp.
  [[nodiscard]] std::vector<Traversal> variables() const final;

  /// This value seen as a body (what a block whose content is this value reads).
  [[nodiscard]] const JsonBody& as_body() const { return body_; }

 protected:
  Value(NodeKind k, ByteSpan s, const SourceFile* f) : kind(k), span(s), file(f), body_(this) {}
  ~Value() = default;

 private:
  JsonBody body_;
};

/// One `"name": value` of an object, in source order; duplicates are all kept.
struct Property {
  std::string_view name;  // decoded
  ByteSpan name_span;     // the key string token, quotes included
  const Value* value = nullptr;
};

/// `{ ... }`.
class Object final : public Value {
 public:
  std::span<const Property> properties;
  ByteSpan open_span;
  ByteSpan close_span;
  /// True for the empty object that stands in for a root value that is not an object or array;
  /// it has no closing brace, and its missing-item range is the zero range, as in HCL.
  bool synthetic = false;
  Object(ByteSpan s, const SourceFile* f) : Value(NodeKind::object, s, f) {}
  [[nodiscard]] Range start_range() const override { return file->range(open_span); }
};

/// `[ ... ]`.
class Array final : public Value {
 public:
  std::span<const Value* const> elements;
  ByteSpan open_span;
  Array(ByteSpan s, const SourceFile* f) : Value(NodeKind::array, s, f) {}
  [[nodiscard]] Range start_range() const override { return file->range(open_span); }
};

/// `"text"`: the decoded value (escapes resolved, invalid UTF-8 and lone surrogates as U+FFFD).
class String final : public Value {
 public:
  std::string_view value;
  String(ByteSpan s, const SourceFile* f) : Value(NodeKind::string, s, f) {}
};

/// A number, kept as its exact literal text (valid JSON number syntax), never converted.
class Number final : public Value {
 public:
  std::string_view text;
  Number(ByteSpan s, const SourceFile* f) : Value(NodeKind::number, s, f) {}
};

/// `true` or `false`.
class Bool final : public Value {
 public:
  bool value = false;
  Bool(ByteSpan s, const SourceFile* f) : Value(NodeKind::boolean, s, f) {}
};

/// `null`.
class Null final : public Value {
 public:
  Null(ByteSpan s, const SourceFile* f) : Value(NodeKind::null, s, f) {}
};

/// What a value that failed to parse becomes: its span is the token where the value started.
class Invalid final : public Value {
 public:
  Invalid(ByteSpan s, const SourceFile* f) : Value(NodeKind::invalid, s, f) {}
};

/// The root value of a parsed JSON file's body (nullptr if `body` is not a JSON body).
[[nodiscard]] const Value* root_value(const Body& body);

}  // namespace hclschema::json
