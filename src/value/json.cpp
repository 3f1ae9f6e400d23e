// cty's JSON encodings of types and values (cty/json MarshalType, Marshal, Unmarshal semantics).
#include "hclschema/value/json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

#include "hclschema/value/convert.hpp"
#include "value/big_number.hpp"
#include "value/go_json_string.hpp"
#include "value/json_tree.hpp"

namespace hclschema {

void detail::append_go_json_string(std::string& out, std::string_view s) {
  out += '"';
  char buf[8];
  for (size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"': out += "\\\""; continue;
      case '\\': out += "\\\\"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      default: break;
    }
    if (c < 0x20 || c == '<' || c == '>' || c == '&') {
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
      continue;
    }
    // U+2028 and U+2029 are escaped for JavaScript's sake.
    if (c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
        (static_cast<unsigned char>(s[i + 2]) == 0xA8 || static_cast<unsigned char>(s[i + 2]) == 0xA9)) {
      out += static_cast<unsigned char>(s[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029";
      i += 2;
      continue;
    }
    out += static_cast<char>(c);
  }
  out += '"';
}

namespace {

using detail::append_go_json_string;

using JNode = detail::JsonNode;

std::optional<JNode> parse_json(std::string_view text, std::string* error) {
  return detail::parse_json_tree(text, error);
}

void write_type(std::string& out, const Type& t) {
  switch (t.kind()) {
    case Type::Kind::dynamic: out += "\"dynamic\""; return;
    case Type::Kind::boolean: out += "\"bool\""; return;
    case Type::Kind::number: out += "\"number\""; return;
    case Type::Kind::string: out += "\"string\""; return;
    case Type::Kind::list: out += "[\"list\","; write_type(out, t.element_type()); out += ']'; return;
    case Type::Kind::set: out += "[\"set\","; write_type(out, t.element_type()); out += ']'; return;
    case Type::Kind::map: out += "[\"map\","; write_type(out, t.element_type()); out += ']'; return;
    case Type::Kind::tuple: {
      out += "[\"tuple\",[";
      bool first = true;
      for (const auto& e : t.tuple_elements()) {
        if (!first) out += ',';
        first = false;
        write_type(out, e);
      }
      out += "]]";
      return;
    }
    case Type::Kind::object: {
      out += "[\"object\",{";
      bool first = true;
      for (const auto& a : t.attributes()) {
        if (!first) out += ',';
        first = false;
        append_go_json_string(out, a.name);
        out += ':';
        write_type(out, a.type);
      }
      out += '}';
      if (t.has_optional_attributes()) {
        out += ",[";
        first = true;
        for (const auto& a : t.attributes()) {
          if (!a.optional) continue;
          if (!first) out += ',';
          first = false;
          append_go_json_string(out, a.name);
        }
        out += ']';
      }
      out += ']';
      return;
    }
  }
}

std::optional<Type> read_type(const JNode& n, std::string* error) {
  auto fail = [&](const char* msg) -> std::optional<Type> {
    if (error) *error = msg;
    return std::nullopt;
  };
  if (n.kind == JNode::string) {
    if (n.text == "bool") return Type::boolean();
    if (n.text == "number") return Type::number();
    if (n.text == "string") return Type::string();
    if (n.text == "dynamic") return Type::dynamic();
    return fail("invalid primitive type name");
  }
  if (n.kind != JNode::array || n.items.size() < 2 || n.items[0].kind != JNode::string)
    return fail("invalid complex type description");
  const std::string& kind = n.items[0].text;
  if ((kind == "list" || kind == "set" || kind == "map") && n.items.size() == 2) {
    auto e = read_type(n.items[1], error);
    if (!e) return std::nullopt;
    return kind == "list" ? Type::list(*e) : kind == "set" ? Type::set(*e) : Type::map(*e);
  }
  if (kind == "tuple" && n.items.size() == 2 && n.items[1].kind == JNode::array) {
    std::vector<Type> es;
    for (const auto& i : n.items[1].items) {
      auto e = read_type(i, error);
      if (!e) return std::nullopt;
      es.push_back(*e);
    }
    return Type::tuple(std::move(es));
  }
  if (kind == "object" && (n.items.size() == 2 || n.items.size() == 3) && n.items[1].kind == JNode::object) {
    std::vector<std::pair<std::string, Type>> attrs;
    for (const auto& [k, v] : n.items[1].members) {
      auto e = read_type(v, error);
      if (!e) return std::nullopt;
      attrs.emplace_back(k, *e);
    }
    std::vector<std::string> optional;
    if (n.items.size() == 3) {
      if (n.items[2].kind != JNode::array) return fail("invalid optional attribute list");
      for (const auto& o : n.items[2].items) {
        if (o.kind != JNode::string) return fail("invalid optional attribute name");
        optional.push_back(o.text);
      }
    }
    return Type::object(std::move(attrs), std::move(optional));
  }
  return fail("invalid complex type description");
}

std::string index_step(size_t i) { return "[" + std::to_string(i) + "]"; }
std::string key_step(std::string_view k) {
  std::string s = "[";
  nlohmann::json j = std::string(k);
  s += j.dump();
  return s + "]";
}

// The message for a number, or numbers, whose decimal text is too long to write out.
std::string too_long_message(uint64_t digits, bool together) {
  return std::string(together ? "numbers too large to write out: together their decimal text" : "number too large to write out: its decimal text") +
         " would have " + std::to_string(digits) + " digits, more than the limit of " + std::to_string(Number::max_digits);
}

// `long_digits`: the digits of the numbers of long text (detail::has_long_text) written so far. A
// number of 1e9999999 takes a few bytes and writes out as ten million: their total is kept to
// Number::max_digits, so that a list of many does not write out gigabytes.
bool write_value(std::string& out, const Value& v, const Type& t, std::string path, ValueError* error,
                 uint64_t& long_digits) {
  auto fail = [&](std::string msg, bool number_too_long = false) {
    if (error) *error = {std::move(msg), std::move(path), number_too_long};
    return false;
  };
  if (t.is_dynamic() && !v.type().is_dynamic()) {
    out += "{\"value\":";
    if (!write_value(out, v, v.type(), path, error, long_digits)) return false;
    out += ",\"type\":";
    write_type(out, v.type());
    out += '}';
    return true;
  }
  if (v.is_null()) { out += "null"; return true; }
  if (!v.is_known()) return fail("value is not known");
  switch (t.kind()) {
    case Type::Kind::boolean: out += v.as_bool() ? "true" : "false"; return true;
    case Type::Kind::number: {
      const Number& n = v.as_number();
      if (n.is_infinity()) return fail("cannot serialize infinity as JSON");
      if (detail::has_long_text(n)) {
        const uint64_t digits = n.digit_count();
        if (digits > Number::max_digits) return fail(too_long_message(digits, false), true);
        long_digits += digits;
        if (long_digits > Number::max_digits) return fail(too_long_message(long_digits, true), true);
      }
      out += n.to_string();
      return true;
    }
    case Type::Kind::string: append_go_json_string(out, v.as_string()); return true;
    case Type::Kind::list: case Type::Kind::set: case Type::Kind::tuple: {
      out += '[';
      for (size_t i = 0; i < v.elements().size(); ++i) {
        if (i) out += ',';
        const Type& et = t.is_tuple() ? t.tuple_elements()[i] : t.element_type();
        if (!write_value(out, v.elements()[i], et, path + index_step(i), error, long_digits)) return false;
      }
      out += ']';
      return true;
    }
    case Type::Kind::map: case Type::Kind::object: {
      out += '{';
      for (size_t i = 0; i < v.keys().size(); ++i) {
        if (i) out += ',';
        append_go_json_string(out, v.keys()[i]);
        out += ':';
        const Type* et = t.is_map() ? &t.element_type() : t.attribute_type(v.keys()[i]);
        std::string p = t.is_map() ? path + key_step(v.keys()[i]) : path + "." + v.keys()[i];
        if (!et || !write_value(out, v.elements()[i], *et, p, error, long_digits)) return false;
      }
      out += '}';
      return true;
    }
    default: return fail("cannot JSON-serialize dynamic");
  }
}

std::optional<Value> read_value(const JNode& n, const Type& t, const std::string& path, ValueError* error) {
  auto fail = [&](std::string msg, const std::string& p) -> std::optional<Value> {
    if (error) *error = {std::move(msg), p};
    return std::nullopt;
  };
  if (n.kind == JNode::null) return Value::null(t);
  switch (t.kind()) {
    case Type::Kind::dynamic: {
      if (n.kind != JNode::object) return fail("missing expected {", path);
      const JNode* type_node = nullptr;
      const JNode* value_node = nullptr;
      for (const auto& [k, v] : n.members) {
        if (k == "type") type_node = &v;
        else if (k == "value") value_node = &v;
        else return fail("invalid key \"" + k + "\" in dynamically-typed value", path);
      }
      if (!type_node) return fail("missing type in dynamically-typed value", path);
      if (!value_node) return fail("missing value in dynamically-typed value", path);
      std::string err;
      auto vt = read_type(*type_node, &err);
      if (!vt) return fail("failed to decode type for dynamic value: " + err, path);
      return read_value(*value_node, *vt, path, error);
    }
    case Type::Kind::boolean:
      if (n.kind == JNode::boolean) return Value::boolean(n.b);
      if (n.kind == JNode::string) {
        auto r = convert(Value::string(n.text), t);
        if (!r.value) return fail(r.error.message, path);
        return r.value;
      }
      return fail("bool is required", path);
    case Type::Kind::number: {
      if (n.kind != JNode::number && n.kind != JNode::string) return fail("number is required", path);
      auto num = Number::parse(n.text);
      if (!num) return fail("a number is required", path);
      return Value::number(*num);
    }
    case Type::Kind::string:
      if (n.kind == JNode::string || n.kind == JNode::number) return Value::string(n.text);
      if (n.kind == JNode::boolean) return Value::string(n.b ? "true" : "false");
      return fail("string is required", path);
    case Type::Kind::list: case Type::Kind::set: {
      if (n.kind != JNode::array) return fail("missing expected [", path);
      std::vector<Value> es;
      for (size_t i = 0; i < n.items.size(); ++i) {
        auto e = read_value(n.items[i], t.element_type(), path + index_step(i), error);
        if (!e) return std::nullopt;
        es.push_back(std::move(*e));
      }
      return t.is_list() ? Value::list(t.element_type(), std::move(es)) : Value::set(t.element_type(), std::move(es));
    }
    case Type::Kind::map: {
      if (n.kind != JNode::object) return fail("missing expected {", path);
      std::vector<std::pair<std::string, Value>> es;
      for (const auto& [k, v] : n.members) {
        auto e = read_value(v, t.element_type(), path + key_step(k), error);
        if (!e) return std::nullopt;
        es.emplace_back(k, std::move(*e));
      }
      return Value::map(t.element_type(), std::move(es));
    }
    case Type::Kind::tuple: {
      if (n.kind != JNode::array) return fail("missing expected [", path);
      const auto& ets = t.tuple_elements();
      std::vector<Value> es;
      for (size_t i = 0; i < n.items.size(); ++i) {
        if (i >= ets.size()) return fail("too many tuple elements (need " + std::to_string(ets.size()) + ")", path);
        auto e = read_value(n.items[i], ets[i], path + index_step(i), error);
        if (!e) return std::nullopt;
        es.push_back(std::move(*e));
      }
      if (es.size() < ets.size())
        return fail("not enough tuple elements (need " + std::to_string(ets.size()) + ")", path);
      return Value::tuple(std::move(es));
    }
    case Type::Kind::object: {
      if (n.kind != JNode::object) return fail("missing expected {", path);
      std::vector<std::pair<std::string, Value>> es;
      for (const auto& [k, v] : n.members) {
        const Type* at = t.attribute_type(k);
        if (!at) return fail("unsupported attribute \"" + k + "\"", path);
        auto e = read_value(v, *at, path + "." + k, error);
        if (!e) return std::nullopt;
        es.emplace_back(k, std::move(*e));
      }
      for (const auto& a : t.attributes()) {
        bool present = std::any_of(es.begin(), es.end(), [&](const auto& e) { return e.first == a.name; });
        if (!present) es.emplace_back(a.name, Value::null(a.type));
      }
      return Value::object(std::move(es));
    }
  }
  return std::nullopt;
}

}  // namespace

std::string type_to_json(const Type& type) {
  std::string out;
  write_type(out, type);
  return out;
}

std::optional<Type> type_from_json(std::string_view json, std::string* error) {
  auto n = parse_json(json, error);
  if (!n) return std::nullopt;
  return read_type(*n, error);
}

std::optional<std::string> value_to_json(const Value& value, const Type& type, ValueError* error) {
  std::string out;
  uint64_t long_digits = 0;
  if (!write_value(out, value.unmarked_deep(), type, "", error, long_digits)) return std::nullopt;
  return out;
}

std::optional<Value> value_from_json(std::string_view json, const Type& type, ValueError* error) {
  std::string err;
  auto n = parse_json(json, &err);
  if (!n) {
    if (error) *error = {err, ""};
    return std::nullopt;
  }
  return read_value(*n, type, "", error);
}

namespace {

// cty's json.ImpliedType: objects become object types, arrays tuple types, null is dynamic.
Type implied_type(const JNode& n) {
  switch (n.kind) {
    case JNode::boolean: return Type::boolean();
    case JNode::number: return Type::number();
    case JNode::string: return Type::string();
    case JNode::array: {
      std::vector<Type> elements;
      for (const auto& item : n.items) elements.push_back(implied_type(item));
      return Type::tuple(std::move(elements));
    }
    case JNode::object: {
      std::vector<std::pair<std::string, Type>> attributes;
      for (const auto& member : n.members) {
        auto existing = std::find_if(attributes.begin(), attributes.end(), [&](const auto& a) { return a.first == member.first; });
        if (existing != attributes.end())
          existing->second = implied_type(member.second);  // the last duplicate wins, as encoding/json does
        else
          attributes.emplace_back(member.first, implied_type(member.second));
      }
      return Type::object(std::move(attributes));
    }
    case JNode::null: return Type::dynamic();
  }
  return Type::dynamic();
}

// The last of duplicate members, as encoding/json keeps it.
const JNode* last_member(const JNode& object, const std::string& name) {
  const JNode* found = nullptr;
  for (const auto& member : object.members)
    if (member.first == name) found = &member.second;
  return found;
}

}  // namespace

std::optional<Value> value_from_json_implied(std::string_view json, ValueError* error) {
  std::string err;
  auto n = parse_json(json, &err);
  if (!n) {
    if (error) *error = {err, ""};
    return std::nullopt;
  }
  if (n->kind == JNode::object) {
    // Decode member by member so that duplicate keys resolve to the last one.
    std::vector<std::pair<std::string, Value>> attributes;
    for (const auto& member : n->members) {
      if (std::any_of(attributes.begin(), attributes.end(), [&](const auto& a) { return a.first == member.first; })) continue;
      const JNode& last = *last_member(*n, member.first);
      auto v = read_value(last, implied_type(last), "." + member.first, error);
      if (!v) return std::nullopt;
      attributes.emplace_back(member.first, std::move(*v));
    }
    return Value::object(std::move(attributes));
  }
  return read_value(*n, implied_type(*n), "", error);
}

}  // namespace hclschema
