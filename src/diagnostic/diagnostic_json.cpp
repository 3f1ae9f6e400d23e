// JSON building blocks for diagnostics: the `terraform validate -json` shapes (see diagnostic_json.hpp).
#include "diagnostic/diagnostic_json.hpp"

namespace hclschema::detail {

namespace {

nlohmann::json pos_to_json(const Pos& pos) {
  return nlohmann::json{{"line", pos.line}, {"column", pos.column}, {"byte", pos.byte}};
}

}  // namespace

nlohmann::json range_to_json(const Range& range) {
  return nlohmann::json{{"filename", range.filename.str()}, {"start", pos_to_json(range.start)}, {"end", pos_to_json(range.end)}};
}

nlohmann::json diagnostic_to_json(const Diagnostic& diag) {
  nlohmann::json j{
      {"severity", diag.severity == Severity::error ? "error" : "warning"},
      {"summary", diag.summary},
      // terraform always writes "detail", as an empty string when there is none.
      {"detail", diag.detail},
  };
  if (diag.subject) j["range"] = range_to_json(*diag.subject);
  return j;
}

nlohmann::json diagnostics_to_json_array(const Diagnostics& diags) {
  nlohmann::json array = nlohmann::json::array();
  for (const auto& d : diags) array.push_back(diagnostic_to_json(d));
  return array;
}

nlohmann::json validate_document(const Diagnostics& diags) {
  std::size_t errors = 0;
  std::size_t warnings = 0;
  for (const auto& d : diags) (d.severity == Severity::error ? errors : warnings)++;
  return nlohmann::json{
      {"format_version", "1.0"},
      {"valid", errors == 0},
      {"error_count", errors},
      {"warning_count", warnings},
      {"diagnostics", diagnostics_to_json_array(diags)},
  };
}

}  // namespace hclschema::detail
