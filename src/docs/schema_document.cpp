// The document of a loaded schema: every attribute and block of the root body, blocks with their
// own bodies as children, in schema order.
#include "docs/docs_detail.hpp"
#include "docs/document.hpp"

namespace hclschema::docs {

namespace {

using detail::value_text;

// The words for min/max depend on what they bound (docs/schema.md): a number's value, a string's
// length, or a collection's element count.
void add_bounds(const AttributeDecl& decl, Entry& entry) {
  if (!decl.min && !decl.max) return;
  std::string unit;
  if (decl.type) {
    const Type& t = decl.type->type();
    if (t == Type::string()) unit = "characters";
    else if (t.is_collection() || t.is_object() || t.is_tuple()) unit = "elements";
  }
  // "at least 1 element", "at most 9 characters": the unit agrees with the bound.
  auto unit_for = [&unit](const Value& bound) {
    if (unit.empty() || value_text(bound) != "1") return unit;
    return unit.substr(0, unit.size() - 1);
  };
  if (decl.min) entry.constraints.push_back({"at least", {value_text(*decl.min)}, unit_for(*decl.min)});
  if (decl.max) entry.constraints.push_back({"at most", {value_text(*decl.max)}, unit_for(*decl.max)});
}

void add_cross_field(const AttributeDecl& decl, Entry& entry) {
  for (const CrossFieldRule& rule : decl.cross_field) {
    Constraint c;
    switch (rule.kind) {
      case CrossFieldRule::Kind::conflicts_with: c.label = "conflicts with"; break;
      case CrossFieldRule::Kind::required_with: c.label = "required with"; break;
      case CrossFieldRule::Kind::exactly_one_of: c.label = "exactly one of"; break;
      case CrossFieldRule::Kind::at_least_one_of: c.label = "at least one of"; break;
    }
    // The group rules name the whole group, this attribute included, as the reader thinks of it.
    const bool group = rule.kind == CrossFieldRule::Kind::exactly_one_of || rule.kind == CrossFieldRule::Kind::at_least_one_of;
    if (group) c.code.push_back(decl.name);
    for (const auto& other : rule.others) c.code.push_back(other);
    entry.constraints.push_back(std::move(c));
  }
}

// What attribute and block entries share; the anchor is taken before any nested entry's, so the
// nested ones get the suffixes when names collide.
template <class Decl>
Entry entry_for(Entry::Kind kind, const Decl& decl, const std::string& path, std::set<std::string>& anchors) {
  Entry e;
  e.kind = kind;
  e.name = decl.name;
  e.path = path;
  e.anchor = detail::make_anchor("", path, anchors);
  e.description = detail::clean_description(decl.description);
  e.deprecated = decl.deprecated;
  return e;
}

Entry attribute_entry(const AttributeDecl& decl, const std::string& path, const Schema& schema, std::set<std::string>& anchors) {
  Entry e = entry_for(Entry::Kind::attribute, decl, path, anchors);
  e.required = decl.required;
  e.sensitive = decl.sensitive;
  if (decl.type) {
    const Type& t = decl.type->type();
    e.type = detail::type_text(t, decl.type->defaults(), decl.sensitive);
    e.type_block = detail::type_block(t, decl.type->defaults(), decl.sensitive);
    e.nested = detail::nested_attributes(t, decl.type->defaults(), decl.sensitive, e.anchor + "-", anchors);
  }
  if (decl.default_value) {
    e.default_hidden = decl.sensitive;
    e.default_text = decl.sensitive ? std::string("(sensitive)") : value_text(*decl.default_value);
  }
  if (!decl.enum_values.empty()) {
    Constraint c{"one of", {}, {}};
    for (const Value& v : decl.enum_values) c.code.push_back(value_text(v, SIZE_MAX));
    e.constraints.push_back(std::move(c));
  }
  if (decl.pattern) e.constraints.push_back({"matches", {*decl.pattern}, "(RE2 syntax)"});
  add_bounds(decl, e);
  add_cross_field(decl, e);
  const std::vector<std::shared_ptr<const File>> files{schema.file};
  for (const ValidationRule& rule : decl.validations) e.validations.push_back(detail::message_text(rule.error_message, files));
  return e;
}

void add_body(const BodyDecl& body, const std::string& prefix, const Schema& schema, std::set<std::string>& anchors,
              std::vector<Entry>& out);

Entry block_entry(const BlockDecl& decl, const std::string& path, const Schema& schema, std::set<std::string>& anchors) {
  Entry e = entry_for(Entry::Kind::block, decl, path, anchors);
  e.labels = decl.labels;
  e.min_items = decl.min_items;
  e.max_items = decl.max_items;
  e.required = decl.min_items && *decl.min_items > 0;
  if (decl.body) add_body(*decl.body, path, schema, anchors, e.children);
  return e;
}

void add_body(const BodyDecl& body, const std::string& prefix, const Schema& schema, std::set<std::string>& anchors,
              std::vector<Entry>& out) {
  const std::string dot = prefix.empty() ? "" : prefix + ".";
  for (const AttributeDecl& a : body.attributes) out.push_back(attribute_entry(a, dot + a.name, schema, anchors));
  for (const BlockDecl& b : body.blocks) out.push_back(block_entry(b, dot + b.name, schema, anchors));
}

}  // namespace

Document schema_document(const Schema& schema, const std::string& source_name) {
  Document doc;
  doc.kind = Document::Kind::schema;
  doc.source = source_name;
  doc.title = source_name.substr(source_name.find_last_of('/') == std::string::npos ? 0 : source_name.find_last_of('/') + 1);
  std::set<std::string> anchors{"contents", "top"};  // ids the HTML page uses itself
  add_body(schema.root, "", schema, anchors, doc.entries);
  return doc;
}

}  // namespace hclschema::docs
