// The precedence rules of ../shared/spec/004_*.txt, each with a directory, an environment and a
// command line: which value wins and which source it came from; how env and -var strings are
// parsed; file values without variables or functions; no merging; undeclared names.
#include <gtest/gtest.h>

#include "vars_fixture.hpp"

namespace {

using namespace vars_test;
using hclschema::SourceKind;

const char* const kRegion = "variable \"region\" {\n  type    = string\n  default = \"default-region\"\n}\n";

struct PrecedenceCase {
  const char* name;
  Module module;
  const char* want_value;
  SourceKind want_kind;
  const char* want_source;
};

TEST(VarsPrecedence, LaterSourceWins) {
  const std::vector<PrecedenceCase> cases = {
      {"default only", {{{"main.tf", kRegion}}, {}, {}}, R"("default-region")", SourceKind::default_value, "main.tf"},
      {"env over default", {{{"main.tf", kRegion}}, {{"TF_VAR_region", "env"}}, {}}, R"("env")", SourceKind::env, "TF_VAR_region"},
      {"terraform.tfvars over env",
       {{{"main.tf", kRegion}, {"terraform.tfvars", "region = \"tfvars\"\n"}}, {{"TF_VAR_region", "env"}}, {}},
       R"("tfvars")", SourceKind::file, "terraform.tfvars"},
      {"terraform.tfvars.json over terraform.tfvars",
       {{{"main.tf", kRegion}, {"terraform.tfvars", "region = \"tfvars\"\n"}, {"terraform.tfvars.json", R"({"region": "json"})"}}, {}, {}},
       R"("json")", SourceKind::file, "terraform.tfvars.json"},
      {"auto file over terraform.tfvars.json",
       {{{"main.tf", kRegion}, {"terraform.tfvars.json", R"({"region": "json"})"}, {"a.auto.tfvars", "region = \"auto\"\n"}}, {}, {}},
       R"("auto")", SourceKind::file, "a.auto.tfvars"},
      {"auto files in lexical order, .json mixed in",
       {{{"main.tf", kRegion},
         {"a.auto.tfvars", "region = \"a\"\n"},
         {"b.auto.tfvars.json", R"({"region": "b"})"},
         {"B.auto.tfvars", "region = \"B\"\n"}},
        {},
        {}},
       R"("b")", SourceKind::file, "b.auto.tfvars.json"},
      {"-var over auto file",
       {{{"main.tf", kRegion}, {"a.auto.tfvars", "region = \"auto\"\n"}}, {}, {var("region=flag")}},
       R"("flag")", SourceKind::flag, "-var"},
      {"rightmost of -var and -var-file: file last",
       {{{"main.tf", kRegion}, {"prod.tfvars", "region = \"prod\"\n"}}, {}, {var("region=flag"), var_file("prod.tfvars")}},
       R"("prod")", SourceKind::file, "prod.tfvars"},
      {"rightmost of -var and -var-file: -var last",
       {{{"main.tf", kRegion}, {"prod.tfvars", "region = \"prod\"\n"}}, {}, {var_file("prod.tfvars"), var("region=flag")}},
       R"("flag")", SourceKind::flag, "-var"},
      {"layering idiom: common, prod, override",
       {{{"main.tf", "variable \"instance_count\" { type = number }\n"},
         {"common.tfvars", "instance_count = 1\n"},
         {"prod.tfvars", "instance_count = 3\n"}},
        {},
        {var_file("common.tfvars"), var_file("prod.tfvars"), var("instance_count=6")}},
       "6", SourceKind::flag, "-var"},
      {"-var-file in a subdirectory, path as given",
       {{{"main.tf", kRegion}, {"env/prod.tfvars", "region = \"prod\"\n"}}, {}, {var_file("env/prod.tfvars")}},
       R"("prod")", SourceKind::file, "env/prod.tfvars"},
      {"env names are case-sensitive",
       {{{"main.tf", kRegion}}, {{"TF_VAR_REGION", "upper"}, {"tf_var_region", "lower"}}, {}},
       R"("default-region")", SourceKind::default_value, "main.tf"},
      {"other auto-like names are not read",
       {{{"main.tf", kRegion}, {"x.tfvars", "region = \"x\"\n"}, {"auto.tfvars.bak", "region = \"bak\"\n"}}, {}, {}},
       R"("default-region")", SourceKind::default_value, "main.tf"},
  };
  for (const auto& c : cases) {
    auto r = resolve(c.module);
    EXPECT_FALSE(hclschema::has_errors(r.diagnostics)) << c.name << "\n" << summaries(r.diagnostics);
    EXPECT_EQ(value_json(r, c.module.files.count("main.tf") && c.module.files.at("main.tf").find("instance_count") != std::string::npos ? "instance_count" : "region"),
              c.want_value)
        << c.name;
    const auto* v = r.find(c.module.files.at("main.tf").find("instance_count") != std::string::npos ? "instance_count" : "region");
    ASSERT_NE(v, nullptr) << c.name;
    EXPECT_EQ(v->source.kind, c.want_kind) << c.name;
    EXPECT_EQ(v->source.name, c.want_source) << c.name;
  }
}

TEST(VarsPrecedence, CandidatesListEverySourceInOrder) {
  auto r = resolve({{{"main.tf", kRegion}, {"terraform.tfvars", "region = \"t\"\n"}, {"z.auto.tfvars", "region = \"z\"\n"}},
                    {{"TF_VAR_region", "e"}},
                    {var("region=f")}});
  const auto* v = r.find("region");
  ASSERT_NE(v, nullptr);
  ASSERT_EQ(v->candidates.size(), 5u);
  const SourceKind kinds[] = {SourceKind::default_value, SourceKind::env, SourceKind::file, SourceKind::file, SourceKind::flag};
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(v->candidates[i].source.kind, kinds[i]) << i;
    EXPECT_EQ(v->candidates[i].won, i == 4) << i;
  }
  EXPECT_EQ(v->candidates[2].source.name, "terraform.tfvars");
  ASSERT_TRUE(v->candidates[2].source.range);
  EXPECT_EQ(v->candidates[2].source.range->start.line, 1u);
  EXPECT_EQ(v->candidates[4].source.position, 1);
}

TEST(VarsPrecedence, DefaultIsAFallbackAndMissingValueIsAnError) {
  auto r = resolve({{{"main.tf", "variable \"env_name\" {}\n"}}, {}, {}});
  const auto* d = find_diag(r.diagnostics, "No value for required variable");
  ASSERT_NE(d, nullptr) << summaries(r.diagnostics);
  EXPECT_EQ(d->detail,
            "The root module input variable \"env_name\" is not set, and has no default value. Use a -var or -var-file command line argument to "
            "provide a value for this variable.");
  ASSERT_TRUE(d->subject);
  EXPECT_EQ(d->subject->filename, "main.tf");
  EXPECT_EQ(value_json(r, "env_name"), "<none>");
  // Any source satisfies it.
  auto ok = resolve({{{"main.tf", "variable \"env_name\" {}\n"}}, {{"TF_VAR_env_name", "dev"}}, {}});
  EXPECT_FALSE(hclschema::has_errors(ok.diagnostics)) << summaries(ok.diagnostics);
  EXPECT_EQ(value_json(ok, "env_name"), R"("dev")");
}

struct ParseCase {
  const char* declaration;
  const char* env_value;
  const char* want;  // cty JSON, or an error summary prefixed with "!"
};

TEST(VarsPrecedence, EnvAndFlagStringsParsedAsTerraformDoes) {
  const std::vector<ParseCase> cases = {
      {"variable \"x\" { type = number }", "7", "7"},
      {"variable \"x\" { type = number }", "12345678901234567890.25", "12345678901234567890.25"},
      {"variable \"x\" { type = bool }", "true", "true"},
      {"variable \"x\" { type = string }", "\"quoted\"", R"("\"quoted\"")"},  // literal: quotes kept
      {"variable \"x\" {}", "[1, 2]", R"("[1, 2]")"},                          // no type: literal string
      {"variable \"x\" { type = list(string) }", R"(["a","b"])", R"(["a","b"])"},
      {"variable \"x\" { type = any }", "{a = 1}", R"({"a":1})"},
      {"variable \"x\" { type = map(number) }", "{a = \"2\"}", R"({"a":2})"},
      {"variable \"x\" { type = list }", R"(["a"])", R"(["a"])"},
      {"variable \"x\" { type = list(string) }", "[a", "!*"},
      {"variable \"x\" { type = list(string) }", "[var.y]", "!Variables not allowed"},
      {"variable \"x\" { type = list(string) }", "[upper(\"a\")]", "!Function calls not allowed"},
      {"variable \"x\" { type = number }", "seven", "!Invalid value for input variable"},
  };
  for (const auto& c : cases) {
    for (int flag = 0; flag < 2; ++flag) {
      Module m{{{"main.tf", std::string(c.declaration) + "\n"}}, {}, {}};
      if (flag) {
        m.options = {var(std::string("x=") + c.env_value)};
      } else {
        m.environment = {{"TF_VAR_x", c.env_value}};
      }
      auto r = resolve(m);
      const std::string what = std::string(c.declaration) + " <- " + c.env_value + (flag ? " (-var)" : " (env)");
      if (c.want[0] == '!') {
        if (std::string(c.want) == "!*") {
          EXPECT_TRUE(hclschema::has_errors(r.diagnostics)) << what;
        } else {
          EXPECT_NE(find_diag(r.diagnostics, c.want + 1), nullptr) << what << "\n" << summaries(r.diagnostics);
        }
        EXPECT_EQ(value_json(r, "x"), "<none>") << what;
      } else {
        EXPECT_FALSE(hclschema::has_errors(r.diagnostics)) << what << "\n" << summaries(r.diagnostics);
        EXPECT_EQ(value_json(r, "x"), c.want) << what;
      }
    }
  }
}

TEST(VarsPrecedence, HclValueErrorsAreInTheValuesOwnFile) {
  auto r = resolve({{{"main.tf", "variable \"zones\" { type = list(string) }\n"}}, {{"TF_VAR_zones", "[a"}}, {}});
  ASSERT_FALSE(r.diagnostics.empty());
  ASSERT_TRUE(r.diagnostics[0].subject);
  EXPECT_EQ(r.diagnostics[0].subject->filename, "<value for var.zones>");
}

TEST(VarsPrecedence, FileValuesHaveNoVariablesOrFunctions) {
  const char* decl = "variable \"a\" { type = any }\n";
  struct Case {
    const char* tfvars;
    const char* want;
  } cases[] = {
      {"a = var.b\n", "!Variables not allowed"},
      {"a = local.b\n", "!Variables not allowed"},
      {"a = upper(\"x\")\n", "!Function calls not allowed"},
      {"a = \"${1 + 1}x\"\n", R"("2x")"},
      {"a = [for s in [\"p\", \"q\"] : s]\n", R"(["p","q"])"},
      {"a = 1 == 1 ? \"y\" : \"n\"\n", R"("y")"},
  };
  for (const auto& c : cases) {
    auto r = resolve({{{"main.tf", decl}, {"terraform.tfvars", c.tfvars}}, {}, {}});
    if (c.want[0] == '!') {
      const auto* d = find_diag(r.diagnostics, c.want + 1);
      ASSERT_NE(d, nullptr) << c.tfvars << summaries(r.diagnostics);
      ASSERT_TRUE(d->subject);
      EXPECT_EQ(d->subject->filename, "terraform.tfvars");
    } else {
      EXPECT_FALSE(hclschema::has_errors(r.diagnostics)) << c.tfvars << summaries(r.diagnostics);
      EXPECT_EQ(value_json(r, "a"), c.want) << c.tfvars;
    }
  }
}

TEST(VarsPrecedence, NoMergingOfMapsAndObjects) {
  auto r = resolve({{{"main.tf", "variable \"tags\" {\n  type = map(string)\n  default = { owner = \"ops\" }\n}\n"},
                     {"terraform.tfvars", "tags = { team = \"payments\" }\n"},
                     {"prod.tfvars", "tags = { env = \"prod\" }\n"}},
                    {{"TF_VAR_tags", "{ cost = \"a\" }"}},
                    {var_file("prod.tfvars")}});
  EXPECT_EQ(value_json(r, "tags"), R"({"env":"prod"})");
  auto obj = resolve({{{"main.tf", "variable \"o\" { type = object({ a = optional(string, \"da\"), b = optional(string) }) }\n"},
                       {"terraform.tfvars", "o = { a = \"x\", b = \"y\" }\n"},
                       {"z.auto.tfvars", "o = { b = \"z\" }\n"}},
                      {},
                      {}});
  // The auto file replaces the whole object: `a` comes from the type's default, not from terraform.tfvars.
  EXPECT_EQ(value_json(obj, "o"), R"({"a":"da","b":"z"})");
}

TEST(VarsPrecedence, JsonTfvarsAreHclJson) {
  auto r = resolve({{{"main.tf", "variable \"s\" {}\nvariable \"n\" { type = number }\nvariable \"m\" { type = any }\n"},
                     {"terraform.tfvars.json",
                      R"({"//": "a comment", "s": "${not_a_template}", "n": 123456789012345678901234567890.5, "m": {"k": [1, "x"]}})"}},
                    {},
                    {}});
  EXPECT_FALSE(hclschema::has_errors(r.diagnostics)) << summaries(r.diagnostics);
  EXPECT_EQ(value_json(r, "s"), R"("${not_a_template}")");
  EXPECT_EQ(value_json(r, "n"), "123456789012345678901234567890.5");
  EXPECT_EQ(value_json(r, "m"), R"({"k":[1,"x"]})");
  EXPECT_EQ(r.find_undeclared("//"), nullptr);
  auto dup = resolve({{{"main.tf", "variable \"s\" {}\n"}, {"terraform.tfvars.json", R"({"s": "a", "s": "b"})"}}, {}, {}});
  EXPECT_TRUE(hclschema::has_errors(dup.diagnostics)) << summaries(dup.diagnostics);
}

TEST(VarsPrecedence, VariableBlockInTfvarsAndMalformedVar) {
  auto r = resolve({{{"main.tf", kRegion}, {"terraform.tfvars", "variable \"region\" {\n  default = \"x\"\n}\n"}}, {}, {}});
  const auto* d = find_diag(r.diagnostics, "Variable declaration in .tfvars file");
  ASSERT_NE(d, nullptr) << summaries(r.diagnostics);
  EXPECT_EQ(d->detail,
            "A .tfvars file is used to assign values to variables that have already been declared in .tf files, not to declare new variables. "
            "To declare variable \"region\", place this block in one of your .tf files, such as variables.tf.\n\nTo set a value for this "
            "variable in terraform.tfvars, use the definition syntax instead:\n    region = <value>");
  EXPECT_EQ(value_json(r, "region"), R"("default-region")");

  auto flag = resolve({{{"main.tf", kRegion}}, {}, {var("region"), var("region =x")}});
  const auto* missing = find_diag(flag.diagnostics, "Invalid -var option");
  ASSERT_NE(missing, nullptr);
  EXPECT_EQ(missing->detail,
            "The given -var option \"region\" is not correctly specified. Must be a variable name and value separated by an equals sign, like "
            "-var=\"key=value\".");
  EXPECT_EQ(flag.diagnostics.back().detail, "Variable name \"region \" is invalid due to trailing space. Did you mean -var=\"region=x\"?");

  auto nofile = resolve({{{"main.tf", kRegion}}, {}, {var_file("missing.tfvars")}});
  const auto* nf = find_diag(nofile.diagnostics, "Failed to read variables file");
  ASSERT_NE(nf, nullptr);
  EXPECT_EQ(nf->detail, "Given variables file missing.tfvars does not exist.");
}

TEST(VarsPrecedence, UndeclaredNames) {
  // A file: a warning naming the file and line, with a suggestion.
  auto r = resolve({{{"main.tf", kRegion}, {"dev.auto.tfvars", "\nregoin = \"x\"\n"}}, {}, {}});
  EXPECT_FALSE(hclschema::has_errors(r.diagnostics));
  ASSERT_EQ(r.diagnostics.size(), 1u) << summaries(r.diagnostics);
  const auto& w = r.diagnostics[0];
  EXPECT_EQ(w.severity, hclschema::Severity::warning);
  EXPECT_EQ(w.summary, "Value for undeclared variable");
  EXPECT_TRUE(w.detail.starts_with("The root module does not declare a variable named \"regoin\" but a value was found in file \"dev.auto.tfvars\"."))
      << w.detail;
  EXPECT_TRUE(w.detail.ends_with("\n\nDid you mean \"region\"?")) << w.detail;
  ASSERT_TRUE(w.subject);
  EXPECT_EQ(w.subject->filename, "dev.auto.tfvars");
  EXPECT_EQ(w.subject->start.line, 2u);
  ASSERT_NE(r.find_undeclared("regoin"), nullptr);
  EXPECT_EQ(r.find_undeclared("regoin")->suggestion, "region");

  // Many: two warnings, then one summary.
  auto many = resolve({{{"main.tf", kRegion}, {"terraform.tfvars", "a = 1\nb = 2\nc = 3\nd = 4\n"}}, {}, {}});
  ASSERT_EQ(many.diagnostics.size(), 3u) << summaries(many.diagnostics);
  EXPECT_EQ(many.diagnostics[2].summary, "Values for undeclared variables");
  EXPECT_EQ(many.diagnostics[2].detail, "In addition to the other similar warnings shown, 2 other variable(s) defined without being declared.");

  // The command line: an error.
  auto flag = resolve({{{"main.tf", kRegion}}, {}, {var("regoin=x")}});
  const auto* e = find_diag(flag.diagnostics, "Value for undeclared variable");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->severity, hclschema::Severity::error);
  EXPECT_TRUE(e->detail.starts_with("A variable named \"regoin\" was assigned on the command line, but the root module does not declare a variable of "
                                    "that name. To use this value, add a \"variable\" block to the configuration."));

  // The environment: ignored.
  auto env = resolve({{{"main.tf", kRegion}}, {{"TF_VAR_regoin", "x"}, {"TF_VAR_other", "y"}}, {}});
  EXPECT_TRUE(env.diagnostics.empty()) << summaries(env.diagnostics);
  EXPECT_NE(env.find_undeclared("regoin"), nullptr);
}

TEST(VarsPrecedence, OnlyTheWinnersProblemsAreReported) {
  // Terraform parses only the winning assignment: a broken shadowed one is silent.
  auto r = resolve({{{"main.tf", "variable \"n\" { type = number }\n"}, {"terraform.tfvars", "n = var.nope\n"}}, {}, {var("n=3")}});
  EXPECT_TRUE(r.diagnostics.empty()) << summaries(r.diagnostics);
  EXPECT_EQ(value_json(r, "n"), "3");
}

}  // namespace
