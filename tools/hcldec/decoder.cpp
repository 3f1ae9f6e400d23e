// hcldec's decoding of a body with a spec tree: the value, its implied type and schema, the
// source range each spec reads from, and the variables a body needs. Messages are hcldec's.
#include "decoder.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "hclschema/eval/evaluate.hpp"
#include "hclschema/value/convert.hpp"

namespace hclschema::hcldec {

using Kind = Spec::Kind;

std::string range_string(const Range& r) {
  std::string s = r.filename + ":" + std::to_string(r.start.line) + "," + std::to_string(r.start.column) + "-";
  if (r.start.line != r.end.line) s += std::to_string(r.end.line) + ",";
  return s + std::to_string(r.end.column);
}

namespace {

bool is_block_kind(Kind k) {
  return k == Kind::block || k == Kind::block_list || k == Kind::block_set || k == Kind::block_map || k == Kind::block_attrs;
}

// The specs that read from the same body as `spec` (hcldec's visitSameBodyChildren).
std::vector<const Spec*> same_body_children(const Spec& spec) {
  std::vector<const Spec*> out;
  switch (spec.kind) {
    case Kind::object:
    case Kind::tuple:
    case Kind::default_:
    case Kind::transform:
      for (const auto& [name, child] : spec.children) out.push_back(child.get());
      break;
    default: break;
  }
  return out;
}

void collect_schema(const Spec& spec, BodySchema& schema) {
  auto add_attr = [&](const Spec& s) {
    for (auto& a : schema.attributes)
      if (a.name == s.name) {
        a.required = a.required || s.required;
        return;
      }
    schema.attributes.push_back({s.name, s.required});
  };
  auto add_block = [&](const Spec& s) {
    for (const auto& b : schema.blocks)
      if (b.type == s.name) return;
    BlockHeaderSchema b{s.name, {}};
    if (s.kind == Kind::block_map) b.label_names = s.labels;
    schema.blocks.push_back(std::move(b));
  };
  if (spec.kind == Kind::attr) add_attr(spec);
  if (is_block_kind(spec.kind)) add_block(spec);
  for (const Spec* child : same_body_children(spec)) collect_schema(*child, schema);
}

// An attribute or block of `content`.
const Attribute* find_attribute(const BodyContent& content, const std::string& name) { return content.attribute(name); }

const Block* first_block(const BodyContent& content, const std::string& type) {
  for (const Block& b : content.blocks)
    if (b.type == type) return &b;
  return nullptr;
}

Range source_range_of_body(const Body& body, const Spec& spec);

Range source_range(const Spec& spec, const BodyContent& content) {
  switch (spec.kind) {
    case Kind::object:
    case Kind::tuple: return content.missing_item_range();
    case Kind::attr: {
      const Attribute* a = find_attribute(content, spec.name);
      return a ? a->expr->range() : content.missing_item_range();
    }
    case Kind::literal: return Range{"<unknown>", {0, 0, 0}, {0, 0, 0}};
    case Kind::block:
    case Kind::block_list:
    case Kind::block_set:
    case Kind::block_map: {
      const Block* b = first_block(content, spec.name);
      return b ? source_range_of_body(*b->body, spec.nested()) : content.missing_item_range();
    }
    case Kind::block_attrs: {
      const Block* b = first_block(content, spec.name);
      return b ? b->def_range() : content.missing_item_range();
    }
    case Kind::default_:
    case Kind::transform: return source_range(spec.nested(), content);
  }
  return content.missing_item_range();
}

Range source_range_of_body(const Body& body, const Spec& spec) {
  PartialContentResult c = body.partial_content(implied_schema(spec));
  return source_range(spec, c.content);
}

class Decoder {
 public:
  explicit Decoder(const EvalContext* ctx) : ctx_(ctx) {}
  Diagnostics diags;

  Value body(const Body& b, const Spec& spec) {
    ContentResult c = b.content(implied_schema(spec));
    append(diags, std::move(c.diagnostics));
    return decode(spec, c.content);
  }

  Value decode(const Spec& spec, const BodyContent& content) {
    switch (spec.kind) {
      case Kind::object: {
        std::vector<std::pair<std::string, Value>> attrs;
        for (const auto& [name, child] : spec.children) attrs.emplace_back(name, decode(*child, content));
        return Value::object(std::move(attrs));
      }
      case Kind::tuple: {
        std::vector<Value> elems;
        for (const auto& [name, child] : spec.children) elems.push_back(decode(*child, content));
        return Value::tuple(std::move(elems));
      }
      case Kind::attr: return attr(spec, content);
      case Kind::literal: return spec.value;
      case Kind::block: return block(spec, content);
      case Kind::block_list:
      case Kind::block_set: return block_collection(spec, content);
      case Kind::block_map: return block_map(spec, content);
      case Kind::block_attrs: return block_attrs(spec, content);
      case Kind::default_: {
        Value v = decode(*spec.children.at(0).second, content);
        if (v.is_null()) v = decode(*spec.children.at(1).second, content);
        return v;
      }
      case Kind::transform: return transform(spec, content);
    }
    return Value::null(Type::dynamic());
  }

 private:
  const EvalContext* ctx_;

  Value attr(const Spec& spec, const BodyContent& content) {
    const Attribute* a = find_attribute(content, spec.name);
    if (!a) return Value::null(spec.type);
    EvalResult r = evaluate(*a->expr, ctx_);
    append(diags, std::move(r.diagnostics));
    ConvertResult c = convert(r.value, spec.type);
    if (!c.value) {
      Range ctx_range = a->expr->range();
      ctx_range.start = a->name_range().start;
      diags.push_back(make_error("Incorrect attribute value type",
                                 "Inappropriate value for attribute \"" + spec.name + "\": " + c.error.message + ".",
                                 a->expr->range(), ctx_range));
      return Value::unknown(spec.type);
    }
    return *c.value;
  }

  Value block(const Spec& spec, const BodyContent& content) {
    const Block* child = nullptr;
    for (const Block& candidate : content.blocks) {
      if (candidate.type != spec.name) continue;
      if (child) {
        diags.push_back(make_error("Duplicate " + spec.name + " block",
                                   "Only one block of type \"" + spec.name + "\" is allowed. Previous definition was at " +
                                       range_string(child->def_range()) + ".",
                                   candidate.def_range()));
        break;
      }
      child = &candidate;
    }
    if (!child) {
      if (spec.required)
        diags.push_back(make_error("Missing " + spec.name + " block", "A block of type \"" + spec.name + "\" is required here.",
                                   content.missing_item_range()));
      return Value::null(implied_type(spec.nested()));
    }
    return body(*child->body, spec.nested());
  }

  Value block_collection(const Spec& spec, const BodyContent& content) {
    std::vector<Value> elems;
    std::vector<Range> ranges;
    for (const Block& child : content.blocks) {
      if (child.type != spec.name) continue;
      elems.push_back(body(*child.body, spec.nested()));
      ranges.push_back(source_range_of_body(*child.body, spec.nested()));
    }
    const std::string& t = spec.name;
    if (static_cast<long long>(elems.size()) < spec.min_items) {
      diags.push_back(make_error("Insufficient " + t + " blocks",
                                 "At least " + std::to_string(spec.min_items) + " \"" + t + "\" blocks are required.",
                                 content.missing_item_range()));
    } else if (spec.max_items > 0 && static_cast<long long>(elems.size()) > spec.max_items) {
      diags.push_back(make_error("Too many " + t + " blocks",
                                 "No more than " + std::to_string(spec.max_items) + " \"" + t + "\" blocks are allowed",
                                 ranges[static_cast<std::size_t>(spec.max_items)]));
    }
    bool is_set = spec.kind == Kind::block_set;
    if (elems.empty()) {
      Type ety = implied_type(spec.nested());
      return is_set ? Value::set(ety, {}) : Value::list(ety, {});
    }
    std::vector<Type> types;
    for (const Value& v : elems) types.push_back(v.type());
    std::optional<Type> ety = unify(types, true);
    if (!ety) {
      diags.push_back(make_error("Unconsistent argument types in " + t + " blocks",
                                 "Corresponding attributes in all blocks of this type must be the same.", ranges[0]));
      return Value::unknown(Type::dynamic());
    }
    for (std::size_t i = 0; i < elems.size(); ++i) {
      if (elems[i].type() == *ety) continue;
      ConvertResult c = convert(elems[i], *ety);
      if (!c.value) {
        diags.push_back(make_error("Unconsistent argument types in " + t + " blocks",
                                   "Block with index " + std::to_string(i) + " has inconsistent argument types: " +
                                       c.error.message + ".",
                                   ranges[i]));
        return Value::unknown(Type::dynamic());
      }
      elems[i] = *c.value;
    }
    return is_set ? Value::set(*ety, std::move(elems)) : Value::list(*ety, std::move(elems));
  }

  // Blocks keyed by their labels, one map level per label name.
  struct MapNode {
    std::optional<Value> value;
    std::map<std::string, MapNode> children;
  };

  static Value map_value(const MapNode& node, std::size_t depth) {
    std::vector<std::pair<std::string, Value>> entries;
    for (const auto& [key, child] : node.children)
      entries.emplace_back(key, depth == 1 ? child.value.value_or(Value()) : map_value(child, depth - 1));
    std::vector<Type> types;
    for (const auto& e : entries) types.push_back(e.second.type());
    Type ety = unify(types, true).value_or(Type::dynamic());
    for (auto& e : entries)
      if (e.second.type() != ety)
        if (auto c = convert(e.second, ety); c.value) e.second = *c.value;
    return Value::map(ety, std::move(entries));
  }

  Value block_map(const Spec& spec, const BodyContent& content) {
    MapNode root;
    std::size_t n = spec.labels.size();
    for (const Block& child : content.blocks) {
      if (child.type != spec.name || child.labels.size() < n || n == 0) continue;
      Value v = body(*child.body, spec.nested());
      MapNode* target = &root;
      for (std::size_t i = 0; i + 1 < n; ++i) target = &target->children[std::string(child.labels[i])];
      const std::string key(child.labels[n - 1]);
      if (target->children.count(key)) {
        std::string labels;
        for (std::string_view l : child.labels) labels += " \"" + std::string(l) + "\"";
        diags.push_back(make_error("Duplicate " + spec.name + " block",
                                   "A block for " + spec.name + labels + " was already defined. The " + spec.name +
                                       " labels must be unique.",
                                   child.def_range()));
        continue;
      }
      target->children[key].value = std::move(v);
    }
    if (root.children.empty()) return Value::map(implied_type(spec.nested()), {});
    return map_value(root, n);
  }

  Value block_attrs(const Spec& spec, const BodyContent& content) {
    const Block* block = nullptr;
    const Block* other = nullptr;
    for (const Block& candidate : content.blocks) {
      if (candidate.type != spec.name) continue;
      if (block) {
        other = &candidate;
        break;
      }
      block = &candidate;
    }
    if (!block) {
      if (spec.required)
        diags.push_back(make_error("Missing " + spec.name + " block", "A block of type \"" + spec.name + "\" is required here.",
                                   content.missing_item_range()));
      return Value::null(Type::map(spec.type));
    }
    if (other)
      diags.push_back(make_error("Duplicate " + spec.name + " block",
                                 "Only one block of type \"" + spec.name + "\" is allowed. Previous definition was at " +
                                     range_string(block->def_range()) + ".",
                                 other->def_range()));
    AttributesResult attrs = block->body->just_attributes();
    append(diags, std::move(attrs.diagnostics));
    if (attrs.attributes.empty()) return Value::map(spec.type, {});
    std::vector<std::pair<std::string, Value>> entries;
    for (const Attribute& a : attrs.attributes) {
      EvalResult r = evaluate(*a.expr, ctx_);
      append(diags, std::move(r.diagnostics));
      ConvertResult c = convert(r.value, spec.type);
      if (!c.value) {
        Range ctx_range = a.expr->range();
        ctx_range.start = a.name_range().start;
        diags.push_back(make_error("Invalid attribute value",
                                   "Invalid value for attribute of \"" + spec.name + "\" block: " + c.error.message + ".",
                                   a.expr->range(), ctx_range));
        entries.emplace_back(a.name, Value::unknown(spec.type));
      } else {
        entries.emplace_back(a.name, *c.value);
      }
    }
    std::vector<Type> types;
    for (const auto& e : entries) types.push_back(e.second.type());
    Type ety = unify(types, true).value_or(spec.type);
    for (auto& e : entries)
      if (e.second.type() != ety)
        if (auto c = convert(e.second, ety); c.value) e.second = *c.value;
    return Value::map(ety, std::move(entries));
  }

  Value transform(const Spec& spec, const BodyContent& content) {
    std::size_t before = diags.size();
    Value wrapped = decode(spec.nested(), content);
    for (std::size_t i = before; i < diags.size(); ++i)
      if (diags[i].severity == Severity::error) return Value::unknown(implied_type(spec));
    if (!spec.expr) return Value::null(Type::dynamic());
    EvalContext child(spec.transform_ctx.get());
    child.set_variable("nested", wrapped);
    EvalResult r = evaluate(*spec.expr, &child);
    append(diags, std::move(r.diagnostics));
    return r.value;
  }
};

void collect_variables(const Spec& spec, const BodyContent& content, std::vector<Traversal>& out);

void spec_variables(const Spec& spec, const BodyContent& content, std::vector<Traversal>& out) {
  switch (spec.kind) {
    case Kind::attr: {
      const Attribute* a = find_attribute(content, spec.name);
      if (a)
        for (auto& t : a->expr->variables()) out.push_back(std::move(t));
      break;
    }
    case Kind::block: {
      const Block* b = first_block(content, spec.name);
      if (b)
        for (auto& t : variables(*b->body, spec.nested())) out.push_back(std::move(t));
      break;
    }
    case Kind::block_list:
    case Kind::block_set:
    case Kind::block_map:
      for (const Block& b : content.blocks)
        if (b.type == spec.name)
          for (auto& t : variables(*b.body, spec.nested())) out.push_back(std::move(t));
      break;
    case Kind::block_attrs: {
      const Block* b = first_block(content, spec.name);
      if (!b) break;
      AttributesResult attrs = b->body->just_attributes();
      if (has_errors(attrs.diagnostics)) break;
      std::vector<Traversal> found;
      for (const Attribute& a : attrs.attributes)
        for (auto& t : a.expr->variables()) found.push_back(std::move(t));
      std::stable_sort(found.begin(), found.end(), [](const Traversal& x, const Traversal& y) {
        return x.front().range.start.byte < y.front().range.start.byte;
      });
      for (auto& t : found) out.push_back(std::move(t));
      break;
    }
    default: break;
  }
}

void collect_variables(const Spec& spec, const BodyContent& content, std::vector<Traversal>& out) {
  spec_variables(spec, content, out);
  for (const Spec* child : same_body_children(spec)) collect_variables(*child, content, out);
}

}  // namespace

BodySchema implied_schema(const Spec& spec) {
  BodySchema schema;
  collect_schema(spec, schema);
  return schema;
}

Type implied_type(const Spec& spec) {
  switch (spec.kind) {
    case Kind::object: {
      std::vector<std::pair<std::string, Type>> attrs;
      for (const auto& [name, child] : spec.children) attrs.emplace_back(name, implied_type(*child));
      return Type::object(std::move(attrs));
    }
    case Kind::tuple: {
      std::vector<Type> elems;
      for (const auto& [name, child] : spec.children) elems.push_back(implied_type(*child));
      return Type::tuple(std::move(elems));
    }
    case Kind::attr: return spec.type;
    case Kind::literal: return spec.value.type();
    case Kind::block: return implied_type(spec.nested());
    case Kind::block_list: return Type::list(implied_type(spec.nested()));
    case Kind::block_set: return Type::set(implied_type(spec.nested()));
    case Kind::block_map: {
      Type t = implied_type(spec.nested());
      for (std::size_t i = 0; i < spec.labels.size(); ++i) t = Type::map(t);
      return t;
    }
    case Kind::block_attrs: return Type::map(spec.type);
    case Kind::default_: return implied_type(*spec.children.at(0).second);
    case Kind::transform: {
      if (!spec.expr) return Type::dynamic();
      EvalContext child(spec.transform_ctx.get());
      child.set_variable("nested", Value::unknown(implied_type(spec.nested())));
      return evaluate(*spec.expr, &child).value.type();
    }
  }
  return Type::dynamic();
}

DecodeResult decode(const Body& body, const Spec& spec, const EvalContext* ctx) {
  Decoder d(ctx);
  Value v = d.body(body, spec);
  return {std::move(v), std::move(d.diags)};
}

std::vector<Traversal> variables(const Body& body, const Spec& spec) {
  PartialContentResult c = body.partial_content(implied_schema(spec));
  std::vector<Traversal> out;
  collect_variables(spec, c.content, out);
  return out;
}

}  // namespace hclschema::hcldec
