// hcldec's JSON documents, written by hand because numbers must keep every digit (cty's JSON
// encoding of a value is spliced in as text) and the layout is Go's encoding/json.
#include "output.hpp"

#include <algorithm>
#include <cstdio>

#include "hclschema/value/json.hpp"
#include "hclschema/value/number.hpp"
#include "util/json_indent.hpp"
#include "value/go_json_string.hpp"
#include "value/json_tree.hpp"

namespace hclschema::hcldec {

std::string go_json_string(std::string_view s) {
  std::string out;
  detail::append_go_json_string(out, s);
  return out;
}

namespace {

std::string pos_json(const Pos& p) {
  return "{\"line\":" + std::to_string(p.line) + ",\"column\":" + std::to_string(p.column) + ",\"byte\":" + std::to_string(p.byte) + "}";
}

std::string range_json(const Range& r) {
  return "{\"filename\":" + go_json_string(r.filename.str()) + ",\"start\":" + pos_json(r.start) + ",\"end\":" + pos_json(r.end) + "}";
}

// Follows a traversal through the context's variables (hcl.Traversal.TraverseAbs), or nullopt.
std::optional<Value> traverse(const Traversal& t, const EvalContext* ctx) {
  if (t.empty() || !ctx) return std::nullopt;
  const Value* root = nullptr;
  for (const EvalContext* c = ctx; c && !root; c = c->parent())
    if (c->variables)
      if (auto it = c->variables->find(t.front().name); it != c->variables->end()) root = &it->second;
  if (!root) return std::nullopt;
  Value v = *root;
  for (std::size_t i = 1; i < t.size(); ++i) {
    const TraversalStep& s = t[i];
    if (v.is_null() || !v.is_known()) return std::nullopt;
    const Type& ty = v.type();
    if (s.kind == TraversalStep::Kind::attr || (s.kind == TraversalStep::Kind::index && s.key.kind == TraversalKey::Kind::string)) {
      const std::string& key = s.kind == TraversalStep::Kind::attr ? s.name : s.key.text;
      if (!ty.is_object() && !ty.is_map()) return std::nullopt;
      const Value* next = v.get(key);
      if (!next) return std::nullopt;
      v = *next;
    } else if (s.kind == TraversalStep::Kind::index) {
      if (!ty.is_list() && !ty.is_tuple()) return std::nullopt;
      auto n = Number::parse(s.key.text);
      auto idx = n && n->is_integer() ? n->to_int64() : std::nullopt;
      if (!idx || *idx < 0 || static_cast<std::size_t>(*idx) >= v.length()) return std::nullopt;
      v = v.elements()[static_cast<std::size_t>(*idx)];
    } else {
      return std::nullopt;
    }
  }
  return v;
}

void write_node(std::string& out, const detail::JsonNode& n) {
  using K = detail::JsonNode;
  switch (n.kind) {
    case K::null: out += "null"; break;
    case K::boolean: out += n.b ? "true" : "false"; break;
    case K::number: out += n.text; break;
    case K::string: out += go_json_string(n.text); break;
    case K::array:
      out += '[';
      for (std::size_t i = 0; i < n.items.size(); ++i) {
        if (i) out += ',';
        write_node(out, n.items[i]);
      }
      out += ']';
      break;
    case K::object: {
      // Go decodes into a map (the last duplicate wins) and writes its keys sorted.
      std::vector<const detail::JsonMember*> members;
      for (const auto& m : n.members) {
        if (m.second.kind == K::null) continue;
        auto it = std::find_if(members.begin(), members.end(), [&](const auto* e) { return e->first == m.first; });
        if (it != members.end()) *it = &m;
        else members.push_back(&m);
      }
      std::sort(members.begin(), members.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
      out += '{';
      for (std::size_t i = 0; i < members.size(); ++i) {
        if (i) out += ',';
        out += go_json_string(members[i]->first);
        out += ':';
        write_node(out, members[i]->second);
      }
      out += '}';
      break;
    }
  }
}

}  // namespace

std::string diagnostics_json(const Diagnostics& diags) {
  std::string out = "{\"diagnostics\":[";
  for (std::size_t i = 0; i < diags.size(); ++i) {
    const Diagnostic& d = diags[i];
    if (i) out += ',';
    out += "{\"severity\":";
    out += d.severity == Severity::error ? "\"error\"" : "\"warning\"";
    out += ",\"summary\":" + go_json_string(d.summary);
    if (!d.detail.empty()) out += ",\"detail\":" + go_json_string(d.detail);
    if (d.subject) out += ",\"subject\":" + range_json(*d.subject);
    out += '}';
  }
  out += "]}";
  return detail::indent_json(out);
}

std::string var_refs_json(const std::vector<Traversal>& traversals, const EvalContext* ctx) {
  std::string out = "[";
  for (std::size_t i = 0; i < traversals.size(); ++i) {
    const Traversal& t = traversals[i];
    if (i) out += ',';
    out += "{\"root_name\":" + go_json_string(t.empty() ? std::string_view{} : std::string_view{t.front().name});
    if (auto v = traverse(t, ctx)) {
      Value plain = v->unmarked_deep();
      if (auto enc = value_to_json(plain, plain.type())) out += ",\"value\":" + *enc;
    }
    out += ",\"steps\":[";
    for (std::size_t j = 0; j < t.size(); ++j) {
      const TraversalStep& s = t[j];
      if (j) out += ',';
      switch (s.kind) {
        case TraversalStep::Kind::root: out += "{\"kind\":\"root\",\"name\":" + go_json_string(s.name); break;
        case TraversalStep::Kind::attr: out += "{\"kind\":\"attr\",\"name\":" + go_json_string(s.name); break;
        case TraversalStep::Kind::index: {
          out += "{\"kind\":\"index\",\"key\":";
          if (s.key.kind == TraversalKey::Kind::string) {
            out += go_json_string(s.key.text);
          } else {
            auto n = Number::parse(s.key.text);
            out += n ? n->to_string() : s.key.text;
          }
          break;
        }
        default: out += "{\"kind\":\"(unknown)\""; break;
      }
      out += ",\"range\":" + range_json(s.range) + "}";
    }
    out += "],\"range\":";
    Range r = t.empty() ? Range{} : t.front().range;
    if (!t.empty()) r.end = t.back().range.end;
    out += range_json(r) + "}";
  }
  out += "]";
  return detail::indent_json(out);
}

std::string strip_json_nulls(std::string_view json) {
  std::string error;
  auto tree = detail::parse_json_tree(json, &error);
  if (!tree) return std::string(json);
  std::string out;
  write_node(out, *tree);
  return out;
}

}  // namespace hclschema::hcldec
