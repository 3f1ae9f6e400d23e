// explain_variable: the spec's classic incident (an environment variable silently overridden by
// an auto file), shadowing, misspelled names; and sensitive values kept out of snippets.
#include <gtest/gtest.h>

#include "vars_fixture.hpp"

namespace {

using namespace vars_test;
using hclschema::SourceKind;

TEST(VarsExplain, ClassicIncidentEnvOverriddenByAutoFile) {
  auto r = resolve({{{"main.tf", "variable \"app_version\" { type = string }\n"}, {"dev.auto.tfvars", "app_version = \"1.0.0\"\n"}},
                    {{"TF_VAR_app_version", "2.3.4"}},
                    {}});
  EXPECT_TRUE(r.diagnostics.empty()) << summaries(r.diagnostics);  // no error anywhere: that is the incident
  EXPECT_EQ(value_json(r, "app_version"), R"("1.0.0")");
  auto ex = hclschema::explain_variable(r, "app_version");
  EXPECT_TRUE(ex.declared);
  ASSERT_EQ(ex.steps.size(), 2u);
  EXPECT_EQ(ex.steps[0].candidate->source.kind, SourceKind::env);
  EXPECT_EQ(ex.steps[1].candidate->source.name, "dev.auto.tfvars");
  ASSERT_TRUE(ex.winner);
  EXPECT_EQ(*ex.winner, 1u);
  EXPECT_EQ(ex.steps[1].shadowed, std::vector<size_t>{0});
  ASSERT_FALSE(ex.notes.empty());
  EXPECT_NE(ex.notes[0].find("TF_VAR_app_version is set in the environment, but dev.auto.tfvars line 1 also assigns app_version"), std::string::npos)
      << ex.notes[0];
  EXPECT_NE(ex.notes[0].find("lowest-precedence"), std::string::npos);
}

TEST(VarsExplain, EnvOverriddenByFlagAndNoNoteWhenEnvWins) {
  auto r = resolve({{{"main.tf", "variable \"a\" { default = \"d\" }\n"}}, {{"TF_VAR_a", "e"}}, {var("a=f")}});
  auto ex = hclschema::explain_variable(r, "a");
  ASSERT_EQ(ex.steps.size(), 3u);
  EXPECT_EQ(*ex.winner, 2u);
  EXPECT_EQ(ex.steps[2].shadowed, (std::vector<size_t>{0, 1}));
  ASSERT_EQ(ex.notes.size(), 1u);
  EXPECT_NE(ex.notes[0].find("overridden by -var (option 1 on the command line)"), std::string::npos) << ex.notes[0];

  auto env_wins = resolve({{{"main.tf", "variable \"a\" { default = \"d\" }\n"}}, {{"TF_VAR_a", "e"}}, {}});
  auto ex2 = hclschema::explain_variable(env_wins, "a");
  EXPECT_EQ(*ex2.winner, 1u);
  EXPECT_TRUE(ex2.notes.empty());
}

TEST(VarsExplain, MisspelledAndUnknownNames) {
  auto r = resolve({{{"main.tf", "variable \"region\" { default = \"d\" }\n"}, {"terraform.tfvars", "regoin = \"x\"\n"}}, {}, {}});
  auto declared = hclschema::explain_variable(r, "region");
  ASSERT_EQ(declared.notes.size(), 1u);
  EXPECT_NE(declared.notes[0].find("regoin (not declared) is assigned by terraform.tfvars line 1"), std::string::npos) << declared.notes[0];
  auto undeclared = hclschema::explain_variable(r, "regoin");
  EXPECT_FALSE(undeclared.declared);
  ASSERT_EQ(undeclared.steps.size(), 1u);
  EXPECT_NE(undeclared.notes[0].find("did you mean region?"), std::string::npos);
  auto unknown = hclschema::explain_variable(r, "regio");
  EXPECT_TRUE(unknown.steps.empty());
  EXPECT_NE(unknown.notes[0].find("did you mean region?"), std::string::npos) << unknown.notes[0];
}

TEST(VarsExplain, NullFallsBackToDefault) {
  auto r = resolve({{{"main.tf", "variable \"a\" {\n nullable = false\n default = \"d\"\n}\n"}, {"terraform.tfvars", "a = null\n"}}, {}, {}});
  auto ex = hclschema::explain_variable(r, "a");
  ASSERT_EQ(ex.steps.size(), 2u);
  EXPECT_EQ(*ex.winner, 0u);
  EXPECT_FALSE(ex.steps[1].candidate->won);
  EXPECT_NE(ex.notes[0].find("nullable = false"), std::string::npos);
}

TEST(VarsSensitive, ValuesAreMarkedAndMaskedInSnippets) {
  auto r = resolve({{{"main.tf", "variable \"password\" {\n  sensitive = true\n  default = \"default-secret\"\n}\n"},
                     {"terraform.tfvars", "password = \"file-secret\"\npasword = \"typo-secret\"\n"}},
                    {{"TF_VAR_password", "env-secret"}},
                    {}});
  const auto* v = r.find("password");
  ASSERT_NE(v, nullptr);
  EXPECT_TRUE(v->sensitive);
  ASSERT_TRUE(v->value);
  EXPECT_TRUE(v->value->has_mark(hclschema::sensitive_mark));
  for (const auto& c : v->candidates) {
    ASSERT_TRUE(c.value);
    EXPECT_TRUE(c.value->has_mark(hclschema::sensitive_mark));
  }
  // The misspelled name next to a sensitive variable is treated as sensitive too.
  const auto* typo = r.find_undeclared("pasword");
  ASSERT_NE(typo, nullptr);
  EXPECT_TRUE(typo->candidates[0].value->has_mark(hclschema::sensitive_mark));
  for (const auto& s : r.snippet_sources) {
    EXPECT_EQ(std::string(s->text()).find("secret"), std::string::npos) << s->filename() << ": " << s->text();
  }
  for (const auto& d : r.diagnostics) EXPECT_EQ(d.detail.find("secret\""), std::string::npos) << d.detail;
}

}  // namespace
