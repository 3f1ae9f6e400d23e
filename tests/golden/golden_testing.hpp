// What the golden differential tests share: reading their files, the variables file of the
// evaluation goldens (vars.json), and our results in the JSON shapes tools/reference prints.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "hclschema/eval.hpp"
#include "hclschema/value.hpp"
#include "value/json_tree.hpp"

namespace golden_testing {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace hclschema;

/// tests/golden/AREA in the source tree.
inline fs::path golden_dir(std::string_view area) { return fs::path(HCLSCHEMA_SOURCE_DIR) / "tests" / "golden" / area; }

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The non-empty lines of a file (JSON Lines files are read this way).
inline std::vector<std::string> read_lines(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) lines.push_back(line);
  return lines;
}

/// JSON text of a tree node, numbers from their exact text (vars.json has integers beyond 2^64,
/// which nlohmann::json would round).
inline std::string dump(const detail::JsonNode& n) {
  switch (n.kind) {
    case detail::JsonNode::null: return "null";
    case detail::JsonNode::boolean: return n.b ? "true" : "false";
    case detail::JsonNode::number: return n.text;
    case detail::JsonNode::string: return json(n.text).dump();
    case detail::JsonNode::array: {
      std::string out = "[";
      for (size_t i = 0; i < n.items.size(); ++i) out += (i ? "," : "") + dump(n.items[i]);
      return out + "]";
    }
    case detail::JsonNode::object: {
      std::string out = "{";
      for (size_t i = 0; i < n.members.size(); ++i) out += (i ? "," : "") + json(n.members[i].first).dump() + ":" + dump(n.members[i].second);
      return out + "}";
    }
  }
  return "null";
}

inline const detail::JsonNode* member(const detail::JsonNode& n, std::string_view name) {
  for (const auto& [k, v] : n.members)
    if (k == name) return &v;
  return nullptr;
}

/// The value of one vars.json entry: `value` (cty JSON) of `type`, or an unknown of `type` with
/// "unknown", or, with "attrs" ({"NAME": ENTRY, ...}), a known object of those attributes, which
/// may themselves be unknown, sensitive or objects (cty JSON has no way to write an unknown or a
/// marked value inside a known one); then marked sensitive with "sensitive".
inline Value golden_value(const detail::JsonNode& v, const fs::path& vars_file) {
  const auto* unknown = member(v, "unknown");
  const auto* sensitive = member(v, "sensitive");
  Value val;
  if (const auto* attrs = member(v, "attrs")) {
    std::vector<std::pair<std::string, Value>> members;
    for (const auto& [name, a] : attrs->members) members.emplace_back(name, golden_value(a, vars_file));
    val = Value::object(std::move(members));
  } else {
    auto type = type_from_json(dump(*member(v, "type")));
    if (!type) throw std::runtime_error(vars_file.string() + ": bad type");
    if (unknown && unknown->b) {
      val = Value::unknown(*type);
    } else {
      auto decoded = value_from_json(dump(*member(v, "value")), *type);
      if (!decoded) throw std::runtime_error(vars_file.string() + ": bad value");
      val = *decoded;
    }
  }
  if (sensitive && sensitive->b) val = val.with_mark(sensitive_mark);
  return val;
}

/// Adds the variables of a vars.json file, [{"name","type","value","sensitive","unknown"} or
/// {"name","attrs","sensitive"}, ...], to `ctx` (which then has a variables table even when the
/// file names none).
inline void add_golden_variables(const fs::path& vars_file, EvalContext& ctx) {
  ctx.variables.emplace();
  std::string error;
  auto vars = detail::parse_json_tree(slurp(vars_file), &error);
  if (!vars) throw std::runtime_error(vars_file.string() + ": " + error);
  for (const auto& v : vars->items) ctx.set_variable(member(v, "name")->text, golden_value(v, vars_file));
}

/// {"start": {"line","column","byte"}, "end": {...}}, or null.
inline json range_json(const std::optional<Range>& r) {
  if (!r) return nullptr;
  auto pos = [](const Pos& p) { return json{{"line", p.line}, {"column", p.column}, {"byte", p.byte}}; };
  return json{{"start", pos(r->start)}, {"end", pos(r->end)}};
}

/// An evaluation result in the shape `reference eval` and `reference functions` print.
inline json eval_answer(const EvalResult& r) {
  json out;
  json ds = json::array();
  for (const auto& d : r.diagnostics)
    ds.push_back(json{{"severity", d.severity == Severity::error ? "error" : "warning"},
                      {"summary", d.summary},
                      {"detail", d.detail},
                      {"subject", range_json(d.subject)}});
  out["diagnostics"] = ds;
  const Value& v = r.value;
  out["type"] = type_to_json(v.type());
  out["known"] = v.is_known();
  out["null"] = v.is_null();
  out["sensitive"] = v.has_mark(sensitive_mark);
  out["contains_sensitive"] = v.contains_marked();
  Value plain = v.unmarked_deep();
  out["wholly_known"] = plain.is_wholly_known();
  if (plain.is_wholly_known())
    if (auto text = value_to_json(plain, plain.type())) out["value"] = *text;
  return out;
}

}  // namespace golden_testing
