// Validating and decoding a body against a schema (validate and decode in schema.hpp).
//
// One walk does both: it reads the body with the schema's shape (so HCL itself reports unknown
// arguments and blocks with "did you mean", missing required arguments and wrong labels), checks
// each attribute (attribute_checks.cpp), the cross-field rules (cross_field_checks.cpp) and block
// counts, recurses into blocks, and builds the decoded value on the way. validate() discards the
// value; decode() keeps it. Defaults are only ever part of the value, never of the checks.
// validate() runs the walk without building the value at all (keep_value false): every check and
// every diagnostic is the same, only the decoded objects, lists and maps (and their types) are
// not made, which is most of the cost of decoding.
#include <algorithm>
#include <map>
#include <unordered_map>

#include "hclschema/schema.hpp"
#include "hclschema/value/convert.hpp"
#include "schema/attribute_checks.hpp"
#include "schema/cross_field_checks.hpp"
#include "util/go_format.hpp"

namespace hclschema {

namespace {

using detail::go_quote;

// The type a body decodes to, for the values of blocks that are absent.
Type body_type(const BodyDecl& decl);

Type block_type(const BlockDecl& decl) {
  Type element = body_type(*decl.body);
  if (decl.is_single()) return element;
  if (decl.labels.empty()) return Type::list(element);
  Type t = element;
  for (size_t i = 0; i < decl.labels.size(); ++i) t = Type::map(t);
  return t;
}

Type body_type(const BodyDecl& decl) {
  std::vector<std::pair<std::string, Type>> attrs;
  for (const auto& a : decl.attributes) attrs.emplace_back(a.name, a.type ? a.type->type().without_optional_attributes_deep() : Type::dynamic());
  for (const auto& b : decl.blocks) attrs.emplace_back(b.name, block_type(b));
  return Type::object(std::move(attrs));
}

// Elements of one type make a list (or map); otherwise a tuple (or object), as hcldec does for
// blocks whose content is not all typed.
Value list_or_tuple(std::vector<Value> elements, const Type& empty_element) {
  if (elements.empty()) return Value::list(empty_element, {});
  for (const Value& e : elements)
    if (e.type() != elements.front().type()) return Value::tuple(std::move(elements));
  const Type t = elements.front().type();
  return Value::list(t, std::move(elements));
}

Value map_or_object(std::vector<std::pair<std::string, Value>> entries, const Type& empty_element) {
  if (entries.empty()) return Value::map(empty_element, {});
  for (const auto& e : entries)
    if (e.second.type() != entries.front().second.type()) return Value::object(std::move(entries));
  const Type t = entries.front().second.type();
  return Value::map(t, std::move(entries));
}

class BodyWalker {
 public:
  BodyWalker(const ValidateOptions& options, Diagnostics& diags, bool keep_value)
      : diags_(diags), caller_context_(options.eval_context != nullptr), keep_value_(keep_value) {
    partial_.partial = true;
    ctx_ = options.eval_context ? options.eval_context : &partial_;
  }

  Value walk(const BodyDecl& decl, const Body& body);

 private:
  // The decoded value of one attribute; `is_set` says whether the body sets it (an explicit null
  // counts as not set, for cross-field rules as for defaults).
  Value attribute_value(const AttributeDecl& decl, const Attribute* attr, bool& is_set);
  Value blocks_value(const BlockDecl& decl, const std::vector<const Block*>& blocks, const Range& missing_item_range);
  Value labelled(const BlockDecl& decl, const std::vector<std::pair<const Block*, Value>>& blocks, size_t label_index);

  // The body schema a declaration reads bodies with, built once per declaration and walk.
  const BodySchema& shape_of(const BodyDecl& decl);

  Diagnostics& diags_;
  EvalContext partial_;
  const EvalContext* ctx_ = nullptr;
  bool caller_context_;
  bool keep_value_;  // false: validating only, values are not built (walk returns null)
  std::unordered_map<const BodyDecl*, BodySchema> shapes_;
};

const BodySchema& BodyWalker::shape_of(const BodyDecl& decl) {
  auto [it, fresh] = shapes_.try_emplace(&decl);
  if (fresh) {
    for (const auto& a : decl.attributes) it->second.attributes.push_back({a.name, a.required});
    for (const auto& b : decl.blocks) it->second.blocks.push_back({b.name, b.labels});
  }
  return it->second;
}

Value BodyWalker::walk(const BodyDecl& decl, const Body& body) {
  ContentResult content = body.content(shape_of(decl));
  append(diags_, std::move(content.diagnostics));
  const BodyContent& c = content.content;

  std::vector<std::pair<std::string, Value>> fields;
  // Which attributes are set matters only to cross-field rules; most bodies have none.
  const bool has_cross_field_rules =
      std::any_of(decl.attributes.begin(), decl.attributes.end(), [](const AttributeDecl& a) { return !a.cross_field.empty(); });
  std::map<std::string, const Attribute*, std::less<>> present;
  for (const AttributeDecl& a : decl.attributes) {
    const Attribute* attr = c.attribute(a.name);
    bool is_set = false;
    Value v = attribute_value(a, attr, is_set);
    if (is_set && has_cross_field_rules) present.emplace(a.name, attr);
    if (keep_value_) fields.emplace_back(a.name, std::move(v));
  }
  if (has_cross_field_rules) detail::check_cross_field_rules(decl, present, c.missing_item_range, diags_);

  std::vector<const Block*> blocks;
  for (const BlockDecl& b : decl.blocks) {
    blocks.clear();
    for (const Block& blk : c.blocks)
      if (blk.type == b.name) blocks.push_back(&blk);
    Value v = blocks_value(b, blocks, c.missing_item_range);
    if (keep_value_) fields.emplace_back(b.name, std::move(v));
  }
  if (!keep_value_) return Value();
  return Value::object(std::move(fields));
}

Value BodyWalker::attribute_value(const AttributeDecl& decl, const Attribute* attr, bool& is_set) {
  const Type type = decl.type ? decl.type->type().without_optional_attributes_deep() : Type::dynamic();
  auto fallback = [&] { return decl.default_value ? *decl.default_value : Value::null(type); };
  is_set = false;
  if (!attr) return fallback();
  detail::CheckedAttribute checked = detail::check_attribute(decl, *attr, *ctx_, caller_context_, diags_);
  is_set = !(checked.value.is_known() && checked.value.is_null());
  if (!keep_value_) return Value();
  if (!checked.type_ok) return Value::null(type);
  if (!checked.value.is_wholly_known() && !checked.checked) return decl.type ? Value::unknown(type) : checked.value;
  if (checked.value.is_known() && checked.value.is_null()) return fallback();
  if (!decl.type) return checked.value;
  // Decoding applies the nested defaults of optional(...) attributes, then converts.
  ConstraintConversion converted = decl.type->convert(checked.value);
  return converted.value ? *converted.value : Value::null(type);
}

Value BodyWalker::blocks_value(const BlockDecl& decl, const std::vector<const Block*>& blocks, const Range& missing_item_range) {
  const std::string& name = decl.name;
  if (decl.deprecated)
    for (const Block* b : blocks)
      diags_.push_back(Diagnostic{Severity::warning, "Deprecated block", "The block type " + go_quote(name) + " is deprecated: " + *decl.deprecated,
                                  b->def_range, std::nullopt, {}});

  if (decl.is_single()) {
    if (blocks.size() > 1)
      diags_.push_back(make_error("Duplicate " + name + " block",
                                  "Only one block of type " + go_quote(name) + " is allowed. Previous definition was at " +
                                      detail::range_string(blocks[0]->def_range) + ".",
                                  blocks[1]->def_range));
    if (blocks.empty()) {
      if (decl.min_items && *decl.min_items > 0)
        diags_.push_back(make_error("Missing " + name + " block", "A block of type " + go_quote(name) + " is required here.", missing_item_range));
      return keep_value_ ? Value::null(body_type(*decl.body)) : Value();
    }
    return walk(*decl.body, *blocks[0]->body);
  }

  if (decl.min_items && blocks.size() < *decl.min_items)
    diags_.push_back(make_error("Insufficient " + name + " blocks",
                                "At least " + std::to_string(*decl.min_items) + " " + go_quote(name) + " blocks are required.", missing_item_range));
  if (decl.max_items && blocks.size() > *decl.max_items)
    diags_.push_back(make_error("Too many " + name + " blocks",
                                "No more than " + std::to_string(*decl.max_items) + " " + go_quote(name) + " blocks are allowed",
                                blocks[*decl.max_items]->def_range));

  std::vector<std::pair<const Block*, Value>> decoded;
  for (const Block* b : blocks) decoded.emplace_back(b, walk(*decl.body, *b->body));
  if (!keep_value_) {
    if (!decl.labels.empty()) labelled(decl, decoded, 0);  // for its duplicate-label diagnostics
    return Value();
  }
  if (decl.labels.empty()) {
    std::vector<Value> elements;
    for (auto& d : decoded) elements.push_back(std::move(d.second));
    return list_or_tuple(std::move(elements), body_type(*decl.body));
  }
  return labelled(decl, decoded, 0);
}

// Blocks keyed by their labels from `label_index` on: a map per label level.
Value BodyWalker::labelled(const BlockDecl& decl, const std::vector<std::pair<const Block*, Value>>& blocks, size_t label_index) {
  Type empty_element;
  if (keep_value_) {
    empty_element = body_type(*decl.body);
    for (size_t i = label_index + 1; i < decl.labels.size(); ++i) empty_element = Type::map(empty_element);
  }
  std::vector<std::pair<std::string, Value>> entries;
  if (label_index + 1 == decl.labels.size()) {
    std::map<std::string, const Block*> seen;
    for (const auto& [block, value] : blocks) {
      if (block->labels.size() <= label_index) continue;
      const std::string& key = block->labels[label_index];
      if (auto [it, fresh] = seen.emplace(key, block); !fresh) {
        std::string labels;
        for (const auto& l : block->labels) labels += " " + go_quote(l);
        diags_.push_back(make_error("Duplicate " + decl.name + " block",
                                    "A block for " + decl.name + labels + " was already defined. The " + decl.name + " labels must be unique.",
                                    block->def_range));
        continue;
      }
      if (keep_value_) entries.emplace_back(key, value);
    }
    return keep_value_ ? map_or_object(std::move(entries), empty_element) : Value();
  }
  // Group by this label, in first-seen order, then key each group by the next labels.
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::pair<const Block*, Value>>> groups;
  for (const auto& entry : blocks) {
    if (entry.first->labels.size() <= label_index) continue;
    const std::string& key = entry.first->labels[label_index];
    if (!groups.count(key)) order.push_back(key);
    groups[key].push_back(entry);
  }
  for (const auto& key : order) {
    Value v = labelled(decl, groups[key], label_index + 1);
    if (keep_value_) entries.emplace_back(key, std::move(v));
  }
  return keep_value_ ? map_or_object(std::move(entries), empty_element) : Value();
}

}  // namespace

// In the order of the file, which is how a reader goes through them; the walk's order follows
// the schema. Diagnostics without a location go last.
static void sort_by_location(Diagnostics& diags) {
  std::stable_sort(diags.begin(), diags.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (!a.subject || !b.subject) return a.subject.has_value() && !b.subject.has_value();
    return a.subject->start.byte < b.subject->start.byte;
  });
}

Diagnostics validate(const Schema& schema, const Body& body, const ValidateOptions& options) {
  Diagnostics diags;
  BodyWalker walker(options, diags, /*keep_value=*/false);
  (void)walker.walk(schema.root, body);
  sort_by_location(diags);
  return diags;
}

DecodeResult decode(const Schema& schema, const Body& body, const ValidateOptions& options) {
  DecodeResult result;
  BodyWalker walker(options, result.diagnostics, /*keep_value=*/true);
  result.value = walker.walk(schema.root, body);
  sort_by_location(result.diagnostics);
  return result;
}

}  // namespace hclschema
