// The JSON diagnostics document: exactly the `terraform validate -json` shape.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "diagnostic/diagnostic_json.hpp"
#include "hclschema/diagnostic_writer.hpp"

namespace hclschema {
namespace {

Diagnostic make(Severity severity, std::string summary, std::string detail, std::optional<Range> subject = std::nullopt) {
  return Diagnostic{severity, std::move(summary), std::move(detail), std::move(subject), std::nullopt, ""};
}

TEST(DiagnosticJson, EmptyIsValid) {
  auto doc = nlohmann::json::parse(diagnostics_to_json({}));
  EXPECT_EQ(doc, nlohmann::json::parse(R"({"format_version":"1.0","valid":true,"error_count":0,"warning_count":0,"diagnostics":[]})"));
}

TEST(DiagnosticJson, CountsAndValidFlag) {
  struct Case {
    std::vector<Severity> severities;
    bool valid;
    int errors, warnings;
  };
  for (const auto& c : std::vector<Case>{{{Severity::warning}, true, 0, 1},
                                         {{Severity::error}, false, 1, 0},
                                         {{Severity::warning, Severity::error, Severity::warning, Severity::error, Severity::error}, false, 3, 2}}) {
    Diagnostics diags;
    for (auto s : c.severities) diags.push_back(make(s, "s", "d"));
    auto doc = nlohmann::json::parse(diagnostics_to_json(diags));
    EXPECT_EQ(doc["format_version"], "1.0");
    EXPECT_EQ(doc["valid"], c.valid);
    EXPECT_EQ(doc["error_count"], c.errors);
    EXPECT_EQ(doc["warning_count"], c.warnings);
    ASSERT_EQ(doc["diagnostics"].size(), c.severities.size());
    for (size_t i = 0; i < c.severities.size(); ++i)
      EXPECT_EQ(doc["diagnostics"][i]["severity"], c.severities[i] == Severity::error ? "error" : "warning");
  }
}

TEST(DiagnosticJson, DiagnosticWithRange) {
  auto file = SourceFile::from_string("dir/main.tf", "a = 1\nb = \"\xc3\xa9x\"\n");
  Diagnostics diags{make(Severity::error, "Bad value", "The value is bad.", file->range({13, 14}))};
  auto doc = nlohmann::json::parse(diagnostics_to_json(diags));
  EXPECT_EQ(doc["diagnostics"][0], nlohmann::json::parse(R"({
    "severity": "error", "summary": "Bad value", "detail": "The value is bad.",
    "range": {"filename": "dir/main.tf", "start": {"line": 2, "column": 7, "byte": 13}, "end": {"line": 2, "column": 8, "byte": 14}}
  })"));
}

TEST(DiagnosticJson, NoSubjectMeansNoRangeAndDetailIsAlwaysPresent) {
  auto doc = nlohmann::json::parse(diagnostics_to_json({make(Severity::warning, "Only a summary", "")}));
  const auto& d = doc["diagnostics"][0];
  EXPECT_FALSE(d.contains("range"));
  ASSERT_TRUE(d.contains("detail"));
  EXPECT_EQ(d["detail"], "");
  // Exactly the terraform keys; no snippet, no code.
  EXPECT_EQ(d.size(), 3u);
}

TEST(DiagnosticJson, ArrayAloneForOtherCommands) {
  auto array = nlohmann::json::parse(diagnostics_array_to_json({make(Severity::error, "a", "b"), make(Severity::warning, "c", "d")}));
  ASSERT_TRUE(array.is_array());
  ASSERT_EQ(array.size(), 2u);
  EXPECT_EQ(array[1]["summary"], "c");
  EXPECT_EQ(nlohmann::json::parse(diagnostics_array_to_json({})), nlohmann::json::array());
}

TEST(DiagnosticJson, IndentControlsLayout) {
  EXPECT_EQ(diagnostics_to_json({}, -1).find('\n'), std::string::npos);
  EXPECT_NE(diagnostics_to_json({}, 2).find("\n  \""), std::string::npos);
}

// A summary quoting bytes of a file that is not UTF-8 must not make serialization throw.
TEST(DiagnosticJson, InvalidUtf8IsReplacedNotThrown) {
  std::string json;
  EXPECT_NO_THROW(json = diagnostics_to_json({make(Severity::error, "Bad byte \xff here", "\xc3")}));
  auto doc = nlohmann::json::parse(json);
  EXPECT_EQ(doc["diagnostics"][0]["summary"], "Bad byte \xef\xbf\xbd here");
}

TEST(DiagnosticJson, DetailBuildingBlocks) {
  Range r{"f.hcl", {1, 2, 1}, {3, 4, 20}};
  EXPECT_EQ(detail::range_to_json(r), nlohmann::json::parse(R"({"filename":"f.hcl","start":{"line":1,"column":2,"byte":1},"end":{"line":3,"column":4,"byte":20}})"));
  auto doc = detail::validate_document({make(Severity::error, "x", "y", r)});
  EXPECT_EQ(doc["diagnostics"][0]["range"], detail::range_to_json(r));
  EXPECT_EQ(detail::diagnostics_to_json_array({}), nlohmann::json::array());
}

}  // namespace
}  // namespace hclschema
