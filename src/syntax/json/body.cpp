// JsonBody: HCL's schema-driven reading of JSON values as body content (json/spec.md).
//
// A property is an argument or a block only because the schema says so. Block labels are peeled
// off one nested object level per label name, an array of objects stands for several blocks (or
// several label objects), `null` means "no block", and a "//" property is a comment in a body.
// The order of checks and the diagnostics are those of HCL's json body, including its quirks
// (Content reports value-type problems of the body twice, because it collects properties twice).
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "hclschema/json/ast.hpp"
#include "syntax/json/go_format.hpp"

namespace hclschema::json {

namespace {

// The properties of an object, or of every object in an array, in order. `label_name` (when
// not null) only changes the wording of the errors for values that cannot hold properties.
std::vector<const Property*> collect_deep_attrs(const Value& v, const std::string* label_name, Diagnostics& diags) {
  std::vector<const Property*> out;
  auto collect = [&](const Value& obj) {
    for (const Property& p : static_cast<const Object&>(obj).properties) out.push_back(&p);
  };
  switch (v.kind) {
    case NodeKind::null:
      break;
    case NodeKind::object:
      collect(v);
      break;
    case NodeKind::array:
      for (const Value* e : static_cast<const Array&>(v).elements) {
        if (e->kind == NodeKind::object) {
          collect(*e);
        } else if (label_name) {
          diags.push_back(make_error("Incorrect JSON value type",
                                "A JSON object is required here, to specify " + *label_name + " labels for this block.", e->start_range()));
        } else {
          diags.push_back(make_error("Incorrect JSON value type", "A JSON object is required here, to define arguments and child blocks.",
                                e->start_range()));
        }
      }
      break;
    default:
      if (label_name)
        diags.push_back(make_error("Incorrect JSON value type",
                              "Either a JSON object or JSON array of objects is required here, to specify " + *label_name +
                                  " labels for this block.",
                              v.start_range()));
      else
        diags.push_back(make_error("Incorrect JSON value type",
                              "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.",
                              v.start_range()));
      break;
  }
  return out;
}

Range property_range(const Property& p) { return p.value->file->range(ByteSpan::cover(p.name_span, p.value->span)); }

Attribute make_attribute(const Property& p) {
  Attribute a;
  a.name = std::string(p.name);
  a.expr = p.value;
  a.range = property_range(p);
  a.name_range = p.value->file->range(p.name_span);
  return a;
}

// Peels one label per remaining label name, then turns an object (one block) or an array (one
// block per element) into blocks.
void unpack_block(const Value& v, const std::string& type, const Range& type_range, std::span<const std::string> labels_left,
                  std::vector<std::string>& labels, std::vector<Range>& label_ranges, std::vector<Block>& blocks, Diagnostics& diags) {
  if (!labels_left.empty()) {
    const std::string& label_name = labels_left.front();
    auto props = collect_deep_attrs(v, &label_name, diags);
    if (props.empty()) {
      diags.push_back(make_error("Missing block label",
                            "At least one object property is required, whose name represents the " + type + " block's " + label_name + ".",
                            v.start_range()));
      return;
    }
    for (const Property* p : props) {
      labels.emplace_back(p->name);
      label_ranges.push_back(v.file->range(p->name_span));
      unpack_block(*p->value, type, type_range, labels_left.subspan(1), labels, label_ranges, blocks, diags);
      labels.pop_back();
      label_ranges.pop_back();
    }
    return;
  }
  auto add = [&](const Value& body_value, ByteSpan def) {
    Block b;
    b.type = type;
    b.labels = labels;
    b.body = &body_value.as_body();
    b.def_range = v.file->range(def);
    b.type_range = type_range;
    b.label_ranges = label_ranges;
    blocks.push_back(std::move(b));
  };
  switch (v.kind) {
    case NodeKind::null:
      return;  // no block at all
    case NodeKind::object:
      add(v, static_cast<const Object&>(v).open_span);
      return;
    case NodeKind::array: {
      const auto& arr = static_cast<const Array&>(v);
      // Elements are not checked here: a non-object element reports itself when its body is read.
      for (const Value* e : arr.elements) add(*e, arr.open_span);
      return;
    }
    default:
      diags.push_back(make_error("Incorrect JSON value type",
                            "Either a JSON object or a JSON array is required, representing the contents of one or more " +
                                detail::go_quote(type) + " blocks.",
                            v.start_range()));
      return;
  }
}

void insert_sorted(std::vector<std::string>& set, std::string_view name) {
  auto it = std::lower_bound(set.begin(), set.end(), name);
  if (it == set.end() || *it != name) set.insert(it, std::string(name));
}

bool contains_sorted(const std::vector<std::string>& set, std::string_view name) {
  return std::binary_search(set.begin(), set.end(), name, std::less<>{});
}

}  // namespace

bool JsonBody::is_hidden(std::string_view name) const { return contains_sorted(hidden_, name); }

Range JsonBody::missing_item_range() const {
  switch (value_->kind) {
    case NodeKind::object: {
      const auto& obj = static_cast<const Object&>(*value_);
      // The stand-in root object has no closing brace: the reference gives its zero range.
      if (obj.synthetic) return Range{"", Pos{0, 0, 0}, Pos{0, 0, 0}};
      return obj.file->range(obj.close_span);
    }
    case NodeKind::array:
      return value_->file->range(static_cast<const Array&>(*value_).open_span);
    default:
      return value_->start_range();
  }
}

PartialContentResult JsonBody::partial_content(const BodySchema& schema) const {
  PartialContentResult result;
  Diagnostics& diags = result.diagnostics;
  BodyContent& content = result.content;
  const auto props = collect_deep_attrs(*value_, nullptr, diags);
  std::vector<std::string> used = hidden_;
  content.missing_item_range = missing_item_range();

  auto find_attr_schema = [&](std::string_view name) -> const AttributeSchema* {
    for (auto it = schema.attributes.rbegin(); it != schema.attributes.rend(); ++it)  // the last one wins, as in a map
      if (it->name == name) return &*it;
    return nullptr;
  };
  auto find_block_schema = [&](std::string_view name) -> const BlockHeaderSchema* {
    for (auto it = schema.blocks.rbegin(); it != schema.blocks.rend(); ++it)
      if (it->type == name) return &*it;
    return nullptr;
  };

  for (const Property* p : props) {
    if (is_hidden(p->name)) continue;
    if (find_attr_schema(p->name)) {
      if (const Attribute* existing = content.attribute(p->name)) {
        diags.push_back(make_error("Duplicate argument",
                              "The argument " + detail::go_quote(p->name) + " was already set at " + detail::range_string(existing->range) + ".",
                              value_->file->range(p->name_span), value_->file->range(p->name_span)));  // HCL's "context" is the name too
        continue;
      }
      content.attributes.push_back(make_attribute(*p));
      insert_sorted(used, p->name);
    } else if (const BlockHeaderSchema* bs = find_block_schema(p->name)) {
      std::vector<std::string> labels;
      std::vector<Range> label_ranges;
      unpack_block(*p->value, bs->type, value_->file->range(p->name_span), bs->label_names, labels, label_ranges, content.blocks, diags);
      insert_sorted(used, p->name);
    }
    // Anything else is left for the remain body; content() reports it.
  }

  for (const AttributeSchema& as : schema.attributes) {
    if (!as.required || content.attribute(as.name)) continue;
    diags.push_back(make_error("Missing required argument", "The argument " + detail::go_quote(as.name) + " is required, but no definition was found.",
                          missing_item_range()));
  }

  result.remain = std::make_shared<JsonBody>(value_, std::move(used));
  return result;
}

ContentResult JsonBody::content(const BodySchema& schema) const {
  auto partial = partial_content(schema);
  ContentResult result{std::move(partial.content), std::move(partial.diagnostics)};
  const auto& hidden = static_cast<const JsonBody&>(*partial.remain).hidden();

  std::vector<std::string_view> suggestions;
  for (const AttributeSchema& as : schema.attributes)
    if (!contains_sorted(hidden, as.name)) suggestions.push_back(as.name);  // not the ones already set
  for (const BlockHeaderSchema& bs : schema.blocks) suggestions.push_back(bs.type);  // blocks may repeat

  const auto props = collect_deep_attrs(*value_, nullptr, result.diagnostics);
  for (const Property* p : props) {
    if (p->name == "//") continue;  // a comment
    if (contains_sorted(hidden, p->name)) continue;
    std::string hint;
    for (std::string_view s : suggestions) {
      if (detail::edit_distance(p->name, s) < 3) {  // the first close enough, not the closest
        hint = " Did you mean " + detail::go_quote(s) + "?";
        break;
      }
    }
    result.diagnostics.push_back(make_error("Extraneous JSON object property",
                                       "No argument or block type is named " + detail::go_quote(p->name) + "." + hint,
                                       value_->file->range(p->name_span), value_->file->range(p->name_span)));  // HCL's "context" is the name too
  }
  return result;
}

AttributesResult JsonBody::just_attributes() const {
  AttributesResult result;
  if (value_->kind != NodeKind::object) {
    result.diagnostics.push_back(make_error("Incorrect JSON value type", "A JSON object is required here, setting the arguments for this block.",
                                       value_->start_range()));
    return result;
  }
  std::unordered_map<std::string_view, size_t> seen;  // name -> index in result.attributes
  for (const Property& p : static_cast<const Object&>(*value_).properties) {
    if (p.name == "//") continue;  // a comment
    if (is_hidden(p.name)) continue;
    auto [it, inserted] = seen.try_emplace(p.name, result.attributes.size());
    if (!inserted) {
      const Attribute* existing = &result.attributes[it->second];
      result.diagnostics.push_back(make_error("Duplicate attribute definition",
                                         "The argument " + detail::go_quote(p.name) + " was already set at " + detail::range_string(existing->range) + ".",
                                         value_->file->range(p.name_span)));
      continue;
    }
    result.attributes.push_back(make_attribute(p));
  }
  return result;
}

}  // namespace hclschema::json
