// Differential test of the value layer against go-cty.
//
// tests/golden/values/cases.jsonl (written by generate.py) holds thousands of cases: type names and
// JSON encodings, NFC strings and grapheme lengths, number parsing, formatting and arithmetic,
// unification, and conversion of typed JSON values into a catalogue of target types.
// expected.jsonl is what `reference values` (tools/reference/values.go) printed for each case; this
// test computes the same fields with hclschema and compares them one by one.
//
// Cases where the reference itself crashed (a panic inside go-cty: tuple decoding at the top level,
// modulo with an infinity) are not compared: there is no behaviour to match, and we return an error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hclschema/value.hpp"
#include "golden/golden_testing.hpp"
#include "value/json_tree.hpp"

namespace {

using namespace golden_testing;
using nlohmann::json;  // not hclschema::json, the JSON-syntax tree

fs::path golden_dir() { return golden_testing::golden_dir("values"); }

// JSON with every number turned into the string "#TEXT", so that numbers beyond a double's range
// (1e400 written out in full) survive and compare digit for digit.
json to_json(const detail::JsonNode& n) {
  switch (n.kind) {
    case detail::JsonNode::null: return nullptr;
    case detail::JsonNode::boolean: return n.b;
    case detail::JsonNode::number: return "#" + n.text;
    case detail::JsonNode::string: return n.text;
    case detail::JsonNode::array: {
      json a = json::array();
      for (const auto& i : n.items) a.push_back(to_json(i));
      return a;
    }
    case detail::JsonNode::object: {
      json o = json::object();
      for (const auto& [k, v] : n.members) o[k] = to_json(v);
      return o;
    }
  }
  return nullptr;
}
json parse(std::string_view text) {
  std::string error;
  auto n = detail::parse_json_tree(text, &error);
  if (!n) throw std::runtime_error("bad JSON in golden file: " + error);
  return to_json(*n);
}

// Writes a case member back as JSON text (numbers from their kept text).
std::string dump(const json& j) {
  if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    if (!s.empty() && s[0] == '#') return s.substr(1);
    return j.dump();
  }
  if (j.is_array()) {
    std::string out = "[";
    for (size_t i = 0; i < j.size(); ++i) out += (i ? "," : "") + dump(j[i]);
    return out + "]";
  }
  if (j.is_object()) {
    std::string out = "{";
    bool first = true;
    for (auto& [k, v] : j.items()) {
      out += (first ? "" : ",") + json(k).dump() + ":" + dump(v);
      first = false;
    }
    return out + "}";
  }
  return j.dump();
}

Type type_of(const json& j) { return *type_from_json(dump(j)); }

json type_json(const Type& t) { return parse(type_to_json(t)); }

json run_number(const json& c) {
  json out = json::object();
  auto a = Number::parse(c.value("a", ""));
  if (!a) {
    out["a_error"] = "a number is required";
  } else {
    out["a"] = a->to_string();
    out["a_g10"] = a->to_g10_string();
    out["a_int"] = a->is_integer();
    out["a_str"] = convert(Value::number(*a), Type::string()).value->as_string();
  }
  if (!c.contains("b") || c["b"].get<std::string>().empty()) return out;
  auto b = Number::parse(c["b"].get<std::string>());
  if (!b) out["b_error"] = "a number is required";
  if (!a || !b) return out;
  auto put = [&](const char* name, const Number::Result& r) {
    if (r.value) out[name] = r.value->to_string();
    else out[name] = json{{"error", r.error}};
  };
  put("add", Number::add(*a, *b));
  put("sub", Number::subtract(*a, *b));
  put("mul", Number::multiply(*a, *b));
  put("div", Number::divide(*a, *b));
  put("mod", Number::modulo(*a, *b));
  out["eq"] = *a == *b;
  out["lt"] = *a < *b;
  out["cmp"] = "#" + std::to_string(Number::compare(*a, *b));
  return out;
}

json run_convert(const json& c) {
  json out = json::object();
  Type t = type_of(c["type"]);
  Type to = type_of(c["to"]);
  ValueError err;
  auto v = value_from_json(dump(c["value"]), t, &err);
  if (!v) {
    out["decode_error"] = err.message;
    out["decode_path"] = err.path;
    return out;
  }
  if (auto enc = value_to_json(*v, v->type())) out["decoded"] = parse(*enc);
  out["safe"] = can_convert(t, to, false);
  out["unsafe"] = can_convert(t, to, true);
  auto r = convert(*v, to);
  if (!r.value) {
    out["error"] = r.error.message;
    out["path"] = r.error.path;
    return out;
  }
  out["result_type"] = type_json(r.value->type());
  if (r.value->is_wholly_known()) {
    ValueError e;
    if (auto enc = value_to_json(*r.value, r.value->type(), &e)) out["result"] = parse(*enc);
    else out["encode_error"] = e.message;
  }
  return out;
}

json run_case(const json& c) {
  json out = json::object();
  const std::string op = c.value("op", "");
  if (op == "type") {
    Type t = type_of(c["type"]);
    out["friendly"] = t.friendly_name();
    out["constraint"] = t.friendly_name_for_constraint();
    out["json"] = type_json(t);
    out["dynamic"] = t.has_dynamic_types();
  } else if (op == "string") {
    Value v = Value::string(c["s"].get<std::string>());
    out["nfc"] = v.as_string();
    out["length"] = std::to_string(v.string_length());
  } else if (op == "unify") {
    std::vector<Type> types;
    for (const auto& t : c["types"]) types.push_back(type_of(t));
    auto s = unify(types, false);
    auto u = unify(types, true);
    out["safe"] = s ? type_json(*s) : json(nullptr);
    out["unsafe"] = u ? type_json(*u) : json(nullptr);
  } else if (op == "convert") {
    out = run_convert(c);
  } else if (op == "number") {
    out = run_number(c);
  }
  return out;
}

// True when a field of the reference's answer is a go-cty crash, not a behaviour.
bool is_reference_crash(const json& v) {
  return v.is_object() && v.contains("error") && v["error"].is_string() &&
         v["error"].get<std::string>().rfind("panic in function implementation", 0) == 0;
}

TEST(ValuesGolden, MatchesReference) {
  auto cases = read_lines(golden_dir() / "cases.jsonl");
  auto expected = read_lines(golden_dir() / "expected.jsonl");
  ASSERT_EQ(cases.size(), expected.size());
  ASSERT_GT(cases.size(), 5000u);
  std::map<std::string, int> compared, failed;
  int shown = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    json c = parse(cases[i]);
    json want = parse(expected[i]);
    if (want.contains("panic")) continue;
    const std::string op = c["op"];
    json got = run_case(c);
    ++compared[op];
    bool ok = true;
    for (auto& [key, value] : want.items()) {
      if (is_reference_crash(value)) continue;
      // go-cty reports decode errors without a path when encoding/json itself failed.
      if (key == "decode_path" && !want.contains("decode_path")) continue;
      // go-cty picks the missing attribute by iterating a Go map, so which one it names is random.
      // Likewise the failing element of an object converted to a map.
      bool random = false;
      for (std::string random_pick : {"map has no element for required attribute ", "element \""})
        if (key == "error" && value.is_string() && got.contains(key) && got[key].is_string() &&
            value.get<std::string>().rfind(random_pick, 0) == 0 && got[key].get<std::string>().rfind(random_pick, 0) == 0)
          random = true;
      if (random) continue;
      if (!got.contains(key) || got[key] != value) ok = false;
    }
    if (!ok) {
      ++failed[op];
      if (shown++ < 40)
        ADD_FAILURE() << "case " << i + 1 << ": " << cases[i] << "\n  want " << want.dump() << "\n  got  " << got.dump();
    }
  }
  for (const auto& [op, n] : compared)
    EXPECT_EQ(failed[op], 0) << op << ": " << failed[op] << " of " << n << " cases differ";
}

}  // namespace
