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
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "hclschema/schema.hpp"
#include "hclschema/value/convert.hpp"
#include "schema/attribute_checks.hpp"
#include "schema/cross_field_checks.hpp"
#include "schema/label_index.hpp"
#include "util/go_format.hpp"
// Decoding makes objects whose type it already knows the way conversion does (ValueData::make_object).
#include "value/value_data.hpp"

namespace hclschema {

namespace {

using detail::go_quote;

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

// Name equality with the first bytes compared inline: most declared names differ from a given one
// in length or first character, so memcmp is rarely called.
inline bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.empty() || (a[0] == b[0] && std::memcmp(a.data(), b.data(), a.size()) == 0));
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
  Value attribute_value(const AttributeDecl& decl, const Type& type, const Attribute* attr, bool& is_set);
  // Validating only: checks an attribute present and says whether it is set.
  bool check_is_set(const AttributeDecl& decl, const Attribute& attr);
  // The blocks of one type of the body being walked: `count` entries of block_stack_ from `first`.
  // Read by index, as walking a block pushes its own blocks onto the stack (which may move it).
  struct BlockRun {
    size_t first = 0;
    size_t count = 0;
  };
  Value blocks_value(const BlockDecl& decl, BlockRun blocks, const LazyRange& missing_item);
  Value labelled(const BlockDecl& decl, std::vector<std::pair<const Block*, Value>>& blocks, const std::vector<uint32_t>& members,
                 size_t label_index);

  // What the walk needs of a declaration, built once per declaration and walk.
  struct DeclInfo {
    BodySchema shape;
    bool unique_attribute_names = true;  // a loaded schema always has them; a hand-built BodyDecl may not
    bool has_cross_field_rules = false;
    // Decoding only, made on first use: each attribute's type (optional attributes dropped, dynamic
    // when untyped), the type of the body's value, and where each field (the attributes, then the
    // blocks) goes in the decoded object's entries, sorted by name as Value::object keeps them.
    std::vector<Type> attribute_types;
    std::optional<Type> type;
    std::vector<uint32_t> field_slots;
    // By slot: each field's name, and the types of the fields of the last object decoded for this
    // declaration (at first, the declared ones: the body's type). With distinct ASCII names, a
    // body whose fields have those same types decodes to an object of that object's type, made
    // directly; bodies of one declaration mostly have the same shape.
    std::vector<std::string_view> slot_names;
    std::vector<Type> slot_types;
    Type object_type;
    bool direct_object = false;
  };
  DeclInfo& info_of(const BodyDecl& decl);
  void make_decode_facts(const BodyDecl& decl, DeclInfo& info);
  Value decoded_object(DeclInfo& info, std::vector<Value> fields);
  // The type a body decodes to (for the values of blocks that are absent), and a block's.
  const Type& body_type(const BodyDecl& decl);
  Type block_type(const BlockDecl& decl);

  Diagnostics& diags_;
  EvalContext partial_;
  const EvalContext* ctx_ = nullptr;
  bool caller_context_;
  bool keep_value_;  // false: validating only, values are not built (walk returns null)
  std::unordered_map<const BodyDecl*, DeclInfo> infos_;
  // The label index of each label level (labelled() at level i uses entry i only), kept for the
  // whole walk so that its storage is reused. Sized for a declaration's labels before its levels
  // are walked, so that a level's index stays in place while the deeper levels use theirs.
  detail::LabelIndex& label_index_at(size_t level) { return label_indexes_[level]; }
  std::vector<detail::LabelIndex> label_indexes_;
  // The attribute of each declaration for the bodies being walked, a stack: a walk uses the
  // entries from its base on and gives them back before it recurses into blocks.
  std::vector<const Attribute*> attribute_slots_;
  // The blocks of each type of the bodies being walked, a stack like attribute_slots_: one vector
  // for the walk instead of one per body.
  std::vector<const Block*> block_stack_;
  [[nodiscard]] const Block* block_at(BlockRun run, size_t i) const { return block_stack_[run.first + i]; }
};

BodyWalker::DeclInfo& BodyWalker::info_of(const BodyDecl& decl) {
  auto [it, fresh] = infos_.try_emplace(&decl);
  if (fresh) {
    DeclInfo& info = it->second;
    for (uint32_t i = 0; i < decl.attributes.size(); ++i) {
      const AttributeDecl& a = decl.attributes[i];
      info.shape.attributes.push_back({a.name, a.required});
      for (uint32_t k = 0; k < i; ++k)
        if (decl.attributes[k].name == a.name) info.unique_attribute_names = false;
      if (!a.cross_field.empty()) info.has_cross_field_rules = true;
    }
    for (const auto& b : decl.blocks) info.shape.blocks.push_back({b.name, b.labels});
  }
  return it->second;
}

void BodyWalker::make_decode_facts(const BodyDecl& decl, DeclInfo& info) {
  std::vector<std::string_view> names;
  for (const auto& a : decl.attributes) {
    info.attribute_types.push_back(a.type ? a.type->type().without_optional_attributes_deep() : Type::dynamic());
    names.push_back(a.name);
  }
  for (const auto& b : decl.blocks) names.push_back(b.name);
  // The stable order by name: the entries come out as Value::object would sort them (a repeated
  // name keeps its declaration order, and Value::object's last-wins still applies). Value::object
  // sorts non-ASCII names after normalising them; those are left in declaration order for it.
  std::vector<uint32_t> by_name(names.size());
  for (uint32_t i = 0; i < by_name.size(); ++i) by_name[i] = i;
  const bool ascii = std::all_of(names.begin(), names.end(), [](std::string_view n) {
    return std::all_of(n.begin(), n.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  });
  if (ascii) std::stable_sort(by_name.begin(), by_name.end(), [&](uint32_t x, uint32_t y) { return names[x] < names[y]; });
  info.field_slots.resize(names.size());
  for (uint32_t pos = 0; pos < by_name.size(); ++pos) info.field_slots[by_name[pos]] = pos;
  info.slot_names.resize(names.size());
  info.slot_types.resize(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    info.slot_names[info.field_slots[i]] = names[i];
    info.slot_types[info.field_slots[i]] = i < decl.attributes.size() ? info.attribute_types[i] : block_type(decl.blocks[i - decl.attributes.size()]);
  }
  info.direct_object = ascii && std::adjacent_find(info.slot_names.begin(), info.slot_names.end()) == info.slot_names.end();
  info.object_type = body_type(decl);
}

const Type& BodyWalker::body_type(const BodyDecl& decl) {
  DeclInfo& info = info_of(decl);
  if (!info.type) {
    std::vector<std::pair<std::string, Type>> attrs;
    for (const auto& a : decl.attributes) attrs.emplace_back(a.name, a.type ? a.type->type().without_optional_attributes_deep() : Type::dynamic());
    for (const auto& b : decl.blocks) attrs.emplace_back(b.name, block_type(b));
    info.type = Type::object(std::move(attrs));
  }
  return *info.type;
}

Type BodyWalker::block_type(const BlockDecl& decl) {
  const Type& element = body_type(*decl.body);
  if (decl.is_single()) return element;
  if (decl.labels.empty()) return Type::list(element);
  Type t = element;
  for (size_t i = 0; i < decl.labels.size(); ++i) t = Type::map(t);
  return t;
}

Value BodyWalker::walk(const BodyDecl& decl, const Body& body) {
  DeclInfo& info = info_of(decl);
  ContentResult content = body.content(info.shape);
  append(diags_, std::move(content.diagnostics));
  const BodyContent& c = content.content;

  // Each declaration's attribute: the first of the content's attributes with its name, as
  // BodyContent::attribute(name) finds it. With unique declared names each attribute present is
  // looked up once, from where the previous one was found: native content comes in schema order,
  // so that is one pass over the declarations per body instead of a scan of the content per
  // declaration; any other order (JSON's is the source's) falls back to a scan from the start.
  const size_t base = attribute_slots_.size();
  const size_t declared = decl.attributes.size();
  attribute_slots_.resize(base + declared, nullptr);
  if (info.unique_attribute_names) {
    size_t next = 0;
    for (const Attribute& attr : c.attributes) {
      size_t j = next;
      while (j < declared && !same_name(decl.attributes[j].name, attr.name)) ++j;
      if (j == declared) {
        j = 0;
        while (j < next && !same_name(decl.attributes[j].name, attr.name)) ++j;
        if (j == next) continue;  // not declared (content holds only declared names; kept safe)
      } else {
        next = j + 1;
      }
      if (!attribute_slots_[base + j]) attribute_slots_[base + j] = &attr;
    }
  } else {
    for (size_t i = 0; i < declared; ++i) attribute_slots_[base + i] = c.attribute(decl.attributes[i].name);
  }

  std::vector<Value> fields;  // decoding: the values by slot (name order)
  // Which attributes are set matters only to cross-field rules; most bodies have none.
  const bool has_cross_field_rules = info.has_cross_field_rules;
  std::map<std::string, const Attribute*, std::less<>> present;
  if (keep_value_) {
    if (info.field_slots.empty() && declared + decl.blocks.size() > 0) make_decode_facts(decl, info);
    fields.resize(declared + decl.blocks.size());
    for (size_t i = 0; i < declared; ++i) {
      const AttributeDecl& a = decl.attributes[i];
      const Attribute* attr = attribute_slots_[base + i];
      bool is_set = false;
      Value v = attribute_value(a, info.attribute_types[i], attr, is_set);
      if (is_set && has_cross_field_rules) present.emplace(a.name, attr);
      fields[info.field_slots[i]] = std::move(v);
    }
  } else {
    // Validating only: the checks of the attributes present, and which are set; no values.
    for (size_t i = 0; i < declared; ++i) {
      const Attribute* attr = attribute_slots_[base + i];
      if (!attr) continue;
      const AttributeDecl& a = decl.attributes[i];
      if (check_is_set(a, *attr) && has_cross_field_rules) present.emplace(a.name, attr);
    }
  }
  attribute_slots_.resize(base);
  if (has_cross_field_rules) detail::check_cross_field_rules(decl, present, c.missing_item, diags_);

  if (!keep_value_ && c.blocks.empty()) {
    // Validating a body without blocks (most bodies): a block type can only be missing, which
    // only a minimum reports; blocks_value is asked for those alone.
    for (const BlockDecl& b : decl.blocks)
      if (b.min_items && *b.min_items > 0) (void)blocks_value(b, BlockRun{block_stack_.size(), 0}, c.missing_item);
    return Value();
  }
  for (size_t k = 0; k < decl.blocks.size(); ++k) {
    const BlockDecl& b = decl.blocks[k];
    const size_t first = block_stack_.size();
    for (const Block& blk : c.blocks)
      if (same_name(blk.type, b.name)) block_stack_.push_back(&blk);
    Value v = blocks_value(b, BlockRun{first, block_stack_.size() - first}, c.missing_item);
    block_stack_.resize(first);
    if (keep_value_) fields[info.field_slots[declared + k]] = std::move(v);
  }
  if (!keep_value_) return Value();
  return decoded_object(info, std::move(fields));
}

// The object of a body's decoded fields. When every field has the type it had in the last object
// of this declaration (or the declared one), that object's type is this one's too: the value is
// made with it directly (Value::object would sort, check and normalise the names and intern the
// same type again). Otherwise Value::object works it out, and its type is remembered.
Value BodyWalker::decoded_object(DeclInfo& info, std::vector<Value> fields) {
  if (!info.direct_object) {
    std::vector<std::pair<std::string, Value>> entries;
    entries.reserve(fields.size());
    for (size_t p = 0; p < fields.size(); ++p) entries.emplace_back(std::string(info.slot_names[p]), std::move(fields[p]));
    return Value::object(std::move(entries));
  }
  bool same_shape = true;
  for (size_t p = 0; p < fields.size() && same_shape; ++p) same_shape = fields[p].type() == info.slot_types[p];
  if (same_shape) return detail::ValueData::make_object(info.object_type, std::move(fields));
  std::vector<std::pair<std::string, Value>> entries;
  entries.reserve(fields.size());
  for (size_t p = 0; p < fields.size(); ++p) {
    info.slot_types[p] = fields[p].type();
    entries.emplace_back(std::string(info.slot_names[p]), std::move(fields[p]));
  }
  Value object = Value::object(std::move(entries));
  info.object_type = object.type();
  return object;
}

bool BodyWalker::check_is_set(const AttributeDecl& decl, const Attribute& attr) {
  detail::CheckedAttribute checked = detail::check_attribute(decl, attr, *ctx_, caller_context_, diags_);
  return !(checked.value.is_known() && checked.value.is_null());
}

Value BodyWalker::attribute_value(const AttributeDecl& decl, const Type& type, const Attribute* attr, bool& is_set) {
  auto fallback = [&] { return decl.default_value ? *decl.default_value : Value::null(type); };
  is_set = false;
  if (!attr) return fallback();
  detail::CheckedAttribute checked = detail::check_attribute(decl, *attr, *ctx_, caller_context_, diags_);
  is_set = !(checked.value.is_known() && checked.value.is_null());
  if (!checked.type_ok) return Value::null(type);
  if (!checked.checked && !checked.value.is_wholly_known()) return decl.type ? Value::unknown(type) : checked.value;
  if (checked.value.is_known() && checked.value.is_null()) return fallback();
  if (!decl.type) return checked.value;
  // Decoding applies the nested defaults of optional(...) attributes, then converts.
  ConstraintConversion converted = decl.type->convert(checked.value);
  return converted.value ? *converted.value : Value::null(type);
}

Value BodyWalker::blocks_value(const BlockDecl& decl, BlockRun blocks, const LazyRange& missing_item) {
  const std::string& name = decl.name;
  if (decl.deprecated)
    for (size_t i = 0; i < blocks.count; ++i)
      diags_.push_back(Diagnostic{Severity::warning, "Deprecated block", "The block type " + go_quote(name) + " is deprecated: " + *decl.deprecated,
                                  block_at(blocks, i)->def_range(), std::nullopt, {}});

  if (decl.is_single()) {
    if (blocks.count > 1)
      diags_.push_back(make_error("Duplicate " + name + " block",
                                  "Only one block of type " + go_quote(name) + " is allowed. Previous definition was at " +
                                      detail::range_string(block_at(blocks, 0)->def_range()) + ".",
                                  block_at(blocks, 1)->def_range()));
    if (blocks.count == 0) {
      if (decl.min_items && *decl.min_items > 0)
        diags_.push_back(make_error("Missing " + name + " block", "A block of type " + go_quote(name) + " is required here.", missing_item.range()));
      return keep_value_ ? Value::null(body_type(*decl.body)) : Value();
    }
    return walk(*decl.body, *block_at(blocks, 0)->body);
  }

  if (decl.min_items && blocks.count < *decl.min_items)
    diags_.push_back(make_error("Insufficient " + name + " blocks",
                                "At least " + std::to_string(*decl.min_items) + " " + go_quote(name) + " blocks are required.", missing_item.range()));
  if (decl.max_items && blocks.count > *decl.max_items)
    diags_.push_back(make_error("Too many " + name + " blocks",
                                "No more than " + std::to_string(*decl.max_items) + " " + go_quote(name) + " blocks are allowed",
                                block_at(blocks, *decl.max_items)->def_range()));

  if (decl.labels.empty() && !keep_value_) {
    // Validating blocks without labels: each is walked for its diagnostics, nothing is kept.
    for (size_t i = 0; i < blocks.count; ++i) (void)walk(*decl.body, *block_at(blocks, i)->body);
    return Value();
  }
  std::vector<std::pair<const Block*, Value>> decoded;
  decoded.reserve(blocks.count);
  for (size_t i = 0; i < blocks.count; ++i) {
    const Block* b = block_at(blocks, i);
    decoded.emplace_back(b, walk(*decl.body, *b->body));
  }
  if (decl.labels.empty()) {
    std::vector<Value> elements;
    for (auto& d : decoded) elements.push_back(std::move(d.second));
    return list_or_tuple(std::move(elements), body_type(*decl.body));
  }
  std::vector<uint32_t> all(decoded.size());
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  if (label_indexes_.size() < decl.labels.size()) label_indexes_.resize(decl.labels.size());
  return labelled(decl, decoded, all, 0);  // validating too, for its duplicate-label diagnostics
}

// Blocks keyed by their labels from `label_index` on: a map per label level. `members` are the
// indices in `blocks` of the blocks to key, in block order; their values are moved into the result.
// The labels are looked up as views into the blocks, not copied.
Value BodyWalker::labelled(const BlockDecl& decl, std::vector<std::pair<const Block*, Value>>& blocks, const std::vector<uint32_t>& members,
                           size_t label_index) {
  Type empty_element;
  if (keep_value_) {
    empty_element = body_type(*decl.body);
    for (size_t i = label_index + 1; i < decl.labels.size(); ++i) empty_element = Type::map(empty_element);
  }
  std::vector<std::pair<std::string, Value>> entries;
  if (label_index + 1 == decl.labels.size()) {
    detail::LabelIndex& seen = label_index_at(label_index);
    seen.reset(members.size());
    for (const uint32_t m : members) {
      const Block* block = blocks[m].first;
      if (block->labels.size() <= label_index) continue;
      const std::string_view key = block->labels[label_index];
      if (!seen.insert(key).second) {
        std::string labels;
        for (const auto& l : block->labels) labels += " " + go_quote(l);
        diags_.push_back(make_error("Duplicate " + decl.name + " block",
                                    "A block for " + decl.name + labels + " was already defined. The " + decl.name + " labels must be unique.",
                                    block->def_range()));
        continue;
      }
      if (keep_value_) entries.emplace_back(key, std::move(blocks[m].second));
    }
    return keep_value_ ? map_or_object(std::move(entries), empty_element) : Value();
  }
  // Group by this label, in first-seen order, then key each group by the next labels.
  // The index of this level is done with before the next levels use theirs.
  std::vector<std::vector<uint32_t>> groups;
  detail::LabelIndex& group_of = label_index_at(label_index);
  group_of.reset(members.size());
  for (const uint32_t m : members) {
    const Block* block = blocks[m].first;
    if (block->labels.size() <= label_index) continue;
    const auto [group, fresh] = group_of.insert(block->labels[label_index]);
    if (fresh) groups.emplace_back();
    groups[group].push_back(m);
  }
  const std::vector<std::string_view>& order = group_of.labels();  // left alone by the deeper levels
  for (size_t g = 0; g < groups.size(); ++g) {
    Value v = labelled(decl, blocks, groups[g], label_index + 1);
    if (keep_value_) entries.emplace_back(std::string(order[g]), std::move(v));
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
