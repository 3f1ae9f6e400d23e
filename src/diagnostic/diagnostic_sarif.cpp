// SARIF 2.1.0 output (see diagnostic_sarif.hpp).
#include "diagnostic/diagnostic_sarif.hpp"

#include <map>

namespace hclschema::detail {

std::string sarif_rule_id(const Diagnostic& diag) {
  if (!diag.code.empty()) return diag.code;
  std::string id;
  for (char c : diag.summary) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (alnum)
      id += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    else if (!id.empty() && id.back() != '-')
      id += '-';
  }
  while (!id.empty() && id.back() == '-') id.pop_back();
  return id.empty() ? "diagnostic" : id;
}

nlohmann::json sarif_document(const Diagnostics& diags, const std::string& tool_version) {
  nlohmann::json results = nlohmann::json::array();
  std::map<std::string, std::string> rules;  // id → short description, sorted for stable output
  for (const Diagnostic& d : diags) {
    const std::string rule = sarif_rule_id(d);
    rules.emplace(rule, d.summary);
    nlohmann::json result{
        {"ruleId", rule},
        {"level", d.severity == Severity::error ? "error" : "warning"},
        {"message", {{"text", d.detail.empty() ? d.summary.str() : d.summary + ": " + d.detail}}},
    };
    if (d.subject) {
      const Range& r = *d.subject;
      result["locations"] = nlohmann::json::array({{{"physicalLocation",
                                                     {{"artifactLocation", {{"uri", r.filename.str()}}},
                                                      {"region",
                                                       {{"startLine", r.start.line},
                                                        {"startColumn", r.start.column},
                                                        {"endLine", r.end.line},
                                                        {"endColumn", r.end.column},
                                                        {"byteOffset", r.start.byte},
                                                        {"byteLength", r.end.byte - r.start.byte}}}}}}});
    }
    results.push_back(std::move(result));
  }
  nlohmann::json rule_list = nlohmann::json::array();
  for (const auto& [id, summary] : rules) rule_list.push_back({{"id", id}, {"shortDescription", {{"text", summary}}}});
  return nlohmann::json{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", nlohmann::json::array({{{"tool", {{"driver", {{"name", "hclschema"}, {"version", tool_version}, {"rules", rule_list}}}}},
                                       {"columnKind", "unicodeCodePoints"},
                                       {"results", results}}})},
  };
}

}  // namespace hclschema::detail
