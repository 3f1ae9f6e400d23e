// JsonBody: HCL's schema-driven reading of JSON values as body content (json/spec.md).
//
// A property is an argument or a block only because the schema says so. Block labels are peeled
// off one nested object level per label name, an array of objects stands for several blocks (or
// several label objects), `null` means "no block", and a "//" property is a comment in a body.
// The order of checks and the diagnostics are those of HCL's json body, including its quirks
// (Content reports value-type problems of the body twice, because it collects properties twice).
#include <algorithm>
#include <cstring>
#include <span>
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
    for (const Property& p : static_cast<const Object&>(obj).properties()) out.push_back(&p);
  };
  switch (v.kind) {
    case NodeKind::null:
      break;
    case NodeKind::object:
      out.reserve(static_cast<const Object&>(v).properties().size());  // one allocation, not one per doubling
      collect(v);
      break;
    case NodeKind::array:
      for (const Value* e : static_cast<const Array&>(v).elements()) {
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

// The public views keep byte spans; their ranges are computed when a diagnostic asks for one.
Attribute make_attribute(const Property& p) {
  return Attribute{p.name, p.value, p.value->file, ByteSpan::cover(p.name_span, p.value->span), p.name_span};
}

// Peels one label per remaining label name, then turns an object (one block) or an array (one
// block per element) into blocks. `type` is the block type's property name (its text is the
// schema's block type), `labels` the labels peeled so far.
void unpack_block(const Value& v, const Property& type, std::span<const std::string> labels_left, BlockLabels& labels, std::vector<Block>& blocks,
                  Diagnostics& diags) {
  if (!labels_left.empty()) {
    const std::string& label_name = labels_left.front();
    auto props = collect_deep_attrs(v, &label_name, diags);
    if (props.empty()) {
      diags.push_back(make_error("Missing block label",
                            "At least one object property is required, whose name represents the " + std::string(type.name) + " block's " + label_name + ".",
                            v.start_range()));
      return;
    }
    for (const Property* p : props) {
      labels.push_back(p->name, p->name_span);
      unpack_block(*p->value, type, labels_left.subspan(1), labels, blocks, diags);
      labels.pop_back();
    }
    return;
  }
  auto add = [&](const Value& body_value, ByteSpan def) {
    Block b;
    b.type = type.name;
    b.labels = labels;
    b.body = &body_value.as_body();
    b.file = v.file;
    b.def_span = def;
    b.type_span = type.name_span;
    blocks.push_back(std::move(b));
  };
  switch (v.kind) {
    case NodeKind::null:
      return;  // no block at all
    case NodeKind::object:
      add(v, static_cast<const Object&>(v).open_span());
      return;
    case NodeKind::array: {
      const auto& arr = static_cast<const Array&>(v);
      // Elements are not checked here: a non-object element reports itself when its body is read.
      for (const Value* e : arr.elements()) add(*e, arr.open_span());
      return;
    }
    default:
      diags.push_back(make_error("Incorrect JSON value type",
                            "Either a JSON object or a JSON array is required, representing the contents of one or more " +
                                detail::go_quote(type.name) + " blocks.",
                            v.start_range()));
      return;
  }
}

// The properties a body's content is read from: an object's own, viewed in place (every block of a
// file is an object: no list is made for it), or those of every object of an array, collected.
class PropertyList {
 public:
  explicit PropertyList(std::span<const Property> own) : own_(own) {}
  explicit PropertyList(std::vector<const Property*> collected) : collected_(std::move(collected)), is_collected_(true) {}

  [[nodiscard]] size_t size() const { return is_collected_ ? collected_.size() : own_.size(); }
  [[nodiscard]] bool empty() const { return size() == 0; }
  [[nodiscard]] const Property* operator[](size_t i) const { return is_collected_ ? collected_[i] : &own_[i]; }

  class Iterator {
   public:
    Iterator(const PropertyList& list, size_t i) : list_(&list), i_(i) {}
    const Property* operator*() const { return (*list_)[i_]; }
    Iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator!=(const Iterator& other) const { return i_ != other.i_; }

   private:
    const PropertyList* list_;
    size_t i_;
  };
  [[nodiscard]] Iterator begin() const { return {*this, 0}; }
  [[nodiscard]] Iterator end() const { return {*this, size()}; }

 private:
  std::span<const Property> own_;
  std::vector<const Property*> collected_;
  bool is_collected_ = false;
};

// What collect_deep_attrs gives for a body's value (the same properties, the same diagnostics),
// without a list for an object.
PropertyList body_properties(const Value& v, Diagnostics& diags) {
  if (v.kind == NodeKind::object) return PropertyList(static_cast<const Object&>(v).properties());
  return PropertyList(collect_deep_attrs(v, nullptr, diags));
}

void insert_sorted(std::vector<std::string>& set, std::string_view name) {
  auto it = std::lower_bound(set.begin(), set.end(), name);
  if (it == set.end() || *it != name) set.insert(it, std::string(name));
}

bool contains_sorted(const std::vector<std::string>& set, std::string_view name) {
  return std::binary_search(set.begin(), set.end(), name, std::less<>{});
}

}  // namespace

namespace {

// A JSON body: a value and the property names it hides (none for a node itself, what earlier
// partial_content calls consumed for a JsonBody). Both classes answer through it.
class BodyView {
 public:
  BodyView(const Value& value, const std::vector<std::string>& hidden) : value_(&value), hidden_(&hidden) {}

  [[nodiscard]] const Value& value() const { return *value_; }
  [[nodiscard]] const std::vector<std::string>& hidden() const { return *hidden_; }
  [[nodiscard]] ContentResult content(const BodySchema& schema) const;
  [[nodiscard]] PartialContentResult partial_content(const BodySchema& schema) const;
  [[nodiscard]] AttributesResult just_attributes() const;
  [[nodiscard]] LazyRange missing_item() const;
  [[nodiscard]] Range missing_item_range() const { return missing_item().range(); }

 private:
  [[nodiscard]] bool is_hidden(std::string_view name) const { return !hidden_->empty() && contains_sorted(*hidden_, name); }
  const Value* value_;
  const std::vector<std::string>* hidden_;
};

// What a node's own body hides: nothing.
const std::vector<std::string> kNothingHidden;

LazyRange BodyView::missing_item() const {
  switch (value_->kind) {
    case NodeKind::object: {
      const auto& obj = static_cast<const Object&>(*value_);
      // The stand-in root object has no closing brace: the reference gives its zero range.
      if (obj.synthetic) return LazyRange(Range{"", Pos{0, 0, 0}, Pos{0, 0, 0}});
      return LazyRange(*obj.file, obj.close_span());
    }
    case NodeKind::array:
      return LazyRange(*value_->file, static_cast<const Array&>(*value_).open_span());
    default:
      return LazyRange(*value_->file, value_->span);  // its start_range()
  }
}

// Name equality with the first bytes compared inline: most of a schema's names differ from a
// property's in length or first character, and a name of the same length is otherwise compared
// by a call to memcmp.
inline bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.empty() || (a[0] == b[0] && std::memcmp(a.data(), b.data(), a.size()) == 0));
}

const AttributeSchema* find_attr_schema(const BodySchema& schema, std::string_view name) {
  for (auto it = schema.attributes.rbegin(); it != schema.attributes.rend(); ++it)  // the last one wins, as in a map
    if (same_name(it->name, name)) return &*it;
  return nullptr;
}

const BlockHeaderSchema* find_block_schema(const BodySchema& schema, std::string_view name) {
  for (auto it = schema.blocks.rbegin(); it != schema.blocks.rend(); ++it)
    if (same_name(it->type, name)) return &*it;
  return nullptr;
}

// The first attribute of `content` named `name` (BodyContent::attribute, with same_name).
const Attribute* content_attribute(const BodyContent& content, std::string_view name) {
  for (const Attribute& a : content.attributes)
    if (same_name(a.name, name)) return &a;
  return nullptr;
}

// What partial_content and content share: the attributes and blocks the schema names, and the
// missing required arguments. `used` (when given) receives the names consumed. Returns how many
// properties are left (neither hidden nor named by the schema, and not a "//" comment), so that
// content() need not look them all up again when none is.
size_t read_content(const BodyView& body, const BodySchema& schema, const PropertyList& props, BodyContent& content, Diagnostics& diags,
                  std::vector<std::string>* used) {
  const SourceFile& file = *body.value().file;
  content.missing_item = body.missing_item();
  // At most this many attributes are taken: one allocation instead of a vector growing item by item.
  if (!schema.attributes.empty() && !props.empty()) content.attributes.reserve(std::min(props.size(), schema.attributes.size()));
  size_t left = 0;
  for (const Property* p : props) {
    if (contains_sorted(body.hidden(), p->name)) continue;
    if (find_attr_schema(schema, p->name)) {
      if (const Attribute* existing = content_attribute(content, p->name)) {
        diags.push_back(make_error("Duplicate argument",
                              "The argument " + detail::go_quote(p->name) + " was already set at " + detail::range_string(existing->range()) + ".",
                              file.range(p->name_span), file.range(p->name_span)));  // HCL's "context" is the name too
        continue;
      }
      content.attributes.push_back(make_attribute(*p));
      if (used) insert_sorted(*used, p->name);
    } else if (const BlockHeaderSchema* bs = find_block_schema(schema, p->name)) {
      BlockLabels labels;
      unpack_block(*p->value, *p, bs->label_names, labels, content.blocks, diags);
      if (used) insert_sorted(*used, p->name);
    } else if (p->name != "//") {
      ++left;  // left for the remain body; content() reports it
    }
  }

  for (const AttributeSchema& as : schema.attributes) {
    if (!as.required || content_attribute(content, as.name)) continue;
    diags.push_back(make_error("Missing required argument", "The argument " + detail::go_quote(as.name) + " is required, but no definition was found.",
                          content.missing_item_range()));
  }
  return left;
}

PartialContentResult BodyView::partial_content(const BodySchema& schema) const {
  PartialContentResult result;
  const PropertyList props = body_properties(*value_, result.diagnostics);
  std::vector<std::string> used = *hidden_;
  read_content(*this, schema, props, result.content, result.diagnostics, &used);
  result.remain = std::make_shared<JsonBody>(value_, std::move(used));
  return result;
}

// partial_content, then every property it left is an error. Done without building the remain
// body: a property is left exactly when it is not hidden and the schema names no attribute or
// block type of its name (partial_content consumes every property so named).
ContentResult BodyView::content(const BodySchema& schema) const {
  ContentResult result;
  const PropertyList props = body_properties(*value_, result.diagnostics);
  const size_t left = read_content(*this, schema, props, result.content, result.diagnostics, nullptr);
  auto consumed = [&](std::string_view name) { return is_hidden(name) || find_attr_schema(schema, name) || find_block_schema(schema, name); };

  // HCL collects the properties a second time, which reports a value that cannot hold them twice.
  // An object (or null) gives the same list without a diagnostic, so only the other kinds collect again.
  const bool collects_again = value_->kind != NodeKind::object && value_->kind != NodeKind::null;
  const PropertyList again = collects_again ? body_properties(*value_, result.diagnostics) : PropertyList(std::span<const Property>{});
  const PropertyList& second = collects_again ? again : props;
  // The second list holds the same properties as the first: with none left there is nothing to report.
  if (left == 0) return result;

  for (const Property* p : second) {
    if (p->name == "//") continue;  // a comment
    if (consumed(p->name)) continue;
    // Suggestions: the attributes not already set (a name is set when some property not hidden
    // has it), and every block type (blocks may repeat).
    std::vector<std::string_view> suggestions;
    for (const AttributeSchema& as : schema.attributes) {
      bool set = is_hidden(as.name);
      for (const Property* q : props) set = set || (q->name == as.name && !is_hidden(q->name));
      if (!set) suggestions.push_back(as.name);
    }
    for (const BlockHeaderSchema& bs : schema.blocks) suggestions.push_back(bs.type);
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

AttributesResult BodyView::just_attributes() const {
  AttributesResult result;
  if (value_->kind != NodeKind::object) {
    result.diagnostics.push_back(make_error("Incorrect JSON value type", "A JSON object is required here, setting the arguments for this block.",
                                       value_->start_range()));
    return result;
  }
  const auto properties = static_cast<const Object&>(*value_).properties();
  result.attributes.reserve(properties.size());  // at most one each: one allocation
  std::unordered_map<std::string_view, size_t> seen;  // name -> index in result.attributes
  seen.reserve(properties.size());
  for (const Property& p : properties) {
    if (p.name == "//") continue;  // a comment
    if (is_hidden(p.name)) continue;
    auto [it, inserted] = seen.try_emplace(p.name, result.attributes.size());
    if (!inserted) {
      const Attribute* existing = &result.attributes[it->second];
      result.diagnostics.push_back(make_error("Duplicate attribute definition",
                                         "The argument " + detail::go_quote(p.name) + " was already set at " + detail::range_string(existing->range()) + ".",
                                         value_->file->range(p.name_span)));
      continue;
    }
    result.attributes.push_back(make_attribute(p));
  }
  return result;
}

}  // namespace

ContentResult Value::content(const BodySchema& schema) const { return BodyView(*this, kNothingHidden).content(schema); }
PartialContentResult Value::partial_content(const BodySchema& schema) const { return BodyView(*this, kNothingHidden).partial_content(schema); }
AttributesResult Value::just_attributes() const { return BodyView(*this, kNothingHidden).just_attributes(); }
Range Value::missing_item_range() const { return BodyView(*this, kNothingHidden).missing_item_range(); }

ContentResult JsonBody::content(const BodySchema& schema) const { return BodyView(*value_, hidden_).content(schema); }
PartialContentResult JsonBody::partial_content(const BodySchema& schema) const { return BodyView(*value_, hidden_).partial_content(schema); }
AttributesResult JsonBody::just_attributes() const { return BodyView(*value_, hidden_).just_attributes(); }
Range JsonBody::missing_item_range() const { return BodyView(*value_, hidden_).missing_item_range(); }

}  // namespace hclschema::json
