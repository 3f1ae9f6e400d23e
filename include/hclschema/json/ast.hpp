// The JSON-syntax tree: one node class per kind of JSON value, as HCL's json package has them.
//
// A JSON-syntax file is one JSON value (an object, or an array of objects) whose meaning as HCL
// body content is decided only when a schema asks for it (json/spec.md): the same property is an
// argument for one schema and a block for another. So the tree is plain JSON with exact ranges,
// and every node, as a Body, answers the schema questions on top of it (a JsonBody does the
// same for what partial_content leaves).
//
// Nodes live in their File's arena: they hold only spans, pointers and counts (text is in the
// source, or in the arena when decoding changed it), are never deleted one by one, and stay valid
// while the File lives. Every node is also an Expression, with
// kind_name() "JSONObject", "JSONArray", "JSONString", "JSONNumber", "JSONBool", "JSONNull" (and
// "JSONInvalid" for the placeholder a syntax error leaves behind).
//
//     auto parsed = parse_json(SourceFile::from_string("a.tf.json", R"({"port": 8080})"));
//     auto attrs = parsed.file->body().just_attributes();
//     const auto& value = static_cast<const json::Value&>(*attrs.attributes[0].expr);  // syntax() is json
//     const auto* num = dynamic_cast<const json::Number*>(&value);
//     num->text();   // "8080", exactly as written
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

enum class NodeKind : uint8_t { object, array, string, number, boolean, null, invalid };

/// Base of every JSON node. A node is also the body it stands for when a block's content is
/// this value (json/spec.md): any value can end up as a body (an array element used as a block),
/// and the schema methods report the ones that cannot be one. Being its own body costs a node
/// one pointer, where a separate body object would cost five.
///
/// Nodes are laid out tightly (the tree is a node every few input bytes, and its size is most of
/// a JSON parse's memory): fields that follow from the span (a number's text, an object's
/// braces) are computed, not stored, and lists are a pointer and a 32-bit count.
class Value : public Expression, public Body {
 public:
  const SourceFile* file;
  /// The whole value: brace to brace, bracket to bracket, or the token (quotes included).
  ByteSpan span;
  const NodeKind kind;

  // Expression's functions for this syntax (they are not virtual; see Expression).
  [[nodiscard]] std::string_view kind_name() const;
  [[nodiscard]] Range range() const { return file->range(span); }
  /// An object's opening brace, an array's opening bracket, else the whole value.
  [[nodiscard]] Range start_range() const;
  /// Variables of the strings (as templates), keys included. See expression.cpp.
  [[nodiscard]] std::vector<Traversal> variables() const;

  /// This value seen as a body (what a block whose content is this value reads): the node itself,
  /// with no property hidden.
  [[nodiscard]] const Body& as_body() const { return *this; }

  // Body: HCL's json body over this value, usually an object, or an array of objects whose
  // properties are taken together. See body.cpp.
  [[nodiscard]] ContentResult content(const BodySchema& schema) const final;
  /// The remain body is a JsonBody over this value that hides the properties consumed.
  [[nodiscard]] PartialContentResult partial_content(const BodySchema& schema) const final;
  [[nodiscard]] AttributesResult just_attributes() const final;
  /// An object's closing brace, an array's opening bracket, else the value's start.
  [[nodiscard]] Range missing_item_range() const final;

 protected:
  Value(NodeKind k, ByteSpan s, const SourceFile* f) : Expression(ExpressionSyntax::json), file(f), span(s), kind(k) {}
  ~Value() override = default;
};

/// The JSON node an expression is, or null for an expression of another syntax.
[[nodiscard]] inline const Value* as_json(const Expression& e) {
  return e.syntax() == ExpressionSyntax::json ? static_cast<const Value*>(&e) : nullptr;
}

/// The rest of a JSON body after partial_content: the same value, with the property names that
/// partial_content (this one or an earlier one) consumed counting as absent.
class JsonBody final : public Body {
 public:
  JsonBody(const Value* value, std::vector<std::string> hidden) : value_(value), hidden_(std::move(hidden)) {}

  /// The JSON value this body reads.
  [[nodiscard]] const Value& value() const { return *value_; }
  /// Property names that partial_content already consumed (sorted); they count as absent.
  [[nodiscard]] const std::vector<std::string>& hidden() const { return hidden_; }

  [[nodiscard]] ContentResult content(const BodySchema& schema) const override;
  [[nodiscard]] PartialContentResult partial_content(const BodySchema& schema) const override;
  [[nodiscard]] AttributesResult just_attributes() const override;
  [[nodiscard]] Range missing_item_range() const override;

 private:
  const Value* value_;
  std::vector<std::string> hidden_;
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
  /// True for the empty object that stands in for a root value that is not an object or array;
  /// it has no braces (its spans are empty, at 0), and its missing-item range is the zero range,
  /// as in HCL.
  bool synthetic = false;

  Object(ByteSpan s, const SourceFile* f) : Value(NodeKind::object, s, f) {}
  [[nodiscard]] std::span<const Property> properties() const { return {items_, count_}; }
  void set_properties(std::span<const Property> items) {
    items_ = items.data();
    count_ = static_cast<uint32_t>(items.size());
  }
  /// The opening brace (the span's first byte).
  [[nodiscard]] ByteSpan open_span() const { return synthetic ? span : ByteSpan{span.begin, span.begin + 1}; }
  /// The closing brace (the span's last byte).
  [[nodiscard]] ByteSpan close_span() const { return synthetic ? span : ByteSpan{span.end - 1, span.end}; }
  [[nodiscard]] Range start_range() const { return file->range(open_span()); }

 private:
  uint32_t count_ = 0;
  const Property* items_ = nullptr;
};

/// `[ ... ]`.
class Array final : public Value {
 public:
  Array(ByteSpan s, const SourceFile* f) : Value(NodeKind::array, s, f) {}
  [[nodiscard]] std::span<const Value* const> elements() const { return {items_, count_}; }
  void set_elements(std::span<const Value* const> items) {
    items_ = items.data();
    count_ = static_cast<uint32_t>(items.size());
  }
  /// The opening bracket (the span's first byte).
  [[nodiscard]] ByteSpan open_span() const { return {span.begin, span.begin + 1}; }
  [[nodiscard]] Range start_range() const { return file->range(open_span()); }

 private:
  uint32_t count_ = 0;
  const Value* const* items_ = nullptr;
};

/// `"text"`: the decoded value (escapes resolved, invalid UTF-8 and lone surrogates as U+FFFD).
class String final : public Value {
 public:
  /// `value` must stay valid while the node is used (the parser's point into the source or the arena).
  String(ByteSpan s, const SourceFile* f, std::string_view value)
      : Value(NodeKind::string, s, f), size_(static_cast<uint32_t>(value.size())), data_(value.data()) {}
  [[nodiscard]] std::string_view value() const { return {data_, size_}; }

 private:
  uint32_t size_;
  const char* data_;
};

/// A number, kept as its exact literal text (valid JSON number syntax), never converted.
class Number final : public Value {
 public:
  Number(ByteSpan s, const SourceFile* f) : Value(NodeKind::number, s, f) {}
  /// The literal as written (the span's text).
  [[nodiscard]] std::string_view text() const { return file->slice(span); }
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

/// The value a JSON body reads (a node, or a JsonBody's value); nullptr if `body` is not a JSON body.
[[nodiscard]] const Value* root_value(const Body& body);

}  // namespace hclschema::json
