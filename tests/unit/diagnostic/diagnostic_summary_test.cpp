// DiagnosticSummary: a summary of its own or a shared constant, read like a const std::string&.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hclschema/diagnostic.hpp"

namespace hclschema {
namespace {

const std::string& shared_text() {
  static const std::string* const text = new std::string("Unknown variable");
  return *text;
}

TEST(DiagnosticSummary, OwnTextFromEveryStringKind) {
  const std::string s = "Missing newline after argument";
  EXPECT_EQ(DiagnosticSummary(s), s);
  EXPECT_EQ(DiagnosticSummary("Unsupported argument"), "Unsupported argument");
  EXPECT_EQ(DiagnosticSummary(std::string_view("Invalid key")), std::string_view("Invalid key"));
  EXPECT_TRUE(DiagnosticSummary().empty());
  EXPECT_EQ(DiagnosticSummary().str(), "");
}

TEST(DiagnosticSummary, ConstantIsNotCopied) {
  const DiagnosticSummary a = DiagnosticSummary::constant(shared_text());
  const DiagnosticSummary b = a;  // NOLINT(performance-unnecessary-copy-initialization): the copy is the test
  EXPECT_EQ(&a.str(), &shared_text());
  EXPECT_EQ(&b.str(), &shared_text());
  EXPECT_EQ(a, "Unknown variable");
  EXPECT_EQ(a.size(), 16u);
  EXPECT_STREQ(a.c_str(), "Unknown variable");
}

TEST(DiagnosticSummary, AssignedTextReplacesTheConstant) {
  DiagnosticSummary s = DiagnosticSummary::constant(shared_text());
  s = "Error in function call";
  EXPECT_NE(&s.str(), &shared_text());
  EXPECT_EQ(s, "Error in function call");
  EXPECT_EQ(shared_text(), "Unknown variable");
  s = std::string("Other");
  EXPECT_EQ(s.str(), "Other");
}

TEST(DiagnosticSummary, ReadsAsAString) {
  const DiagnosticSummary s = DiagnosticSummary::constant(shared_text());
  const std::string& ref = s;
  EXPECT_EQ(ref, "Unknown variable");
  const std::string_view view = s;
  EXPECT_EQ(view, "Unknown variable");
  EXPECT_EQ(s + ": x", "Unknown variable: x");
  EXPECT_EQ("- " + s, "- Unknown variable");
  EXPECT_EQ(s.find("variable"), 8u);
  EXPECT_TRUE(s.starts_with("Unknown"));
  std::string chars;
  for (char c : s) chars += c;
  EXPECT_EQ(chars, "Unknown variable");
  std::ostringstream out;
  out << s;
  EXPECT_EQ(out.str(), "Unknown variable");
  EXPECT_TRUE(DiagnosticSummary("a") < DiagnosticSummary("b"));
  EXPECT_TRUE(DiagnosticSummary("a") == DiagnosticSummary("a"));
  EXPECT_TRUE("Unknown variable" == s);
}

TEST(DiagnosticSummary, DiagnosticsKeepTheirSummaries) {
  Diagnostics diags;
  Diagnostic shared;
  shared.summary = DiagnosticSummary::constant(shared_text());
  diags.push_back(shared);
  diags.push_back(make_error("Unsupported block type", "detail", std::nullopt));
  Diagnostic moved = std::move(diags[0]);
  diags.push_back(std::move(moved));
  ASSERT_EQ(diags.size(), 3u);
  EXPECT_EQ(diags[1].summary, "Unsupported block type");
  EXPECT_EQ(diags[2].summary, "Unknown variable");
  EXPECT_EQ(&diags[2].summary.str(), &shared_text());
}

}  // namespace
}  // namespace hclschema
