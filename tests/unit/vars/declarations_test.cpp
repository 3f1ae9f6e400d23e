// Declarations and the final value: types with optional attributes and defaults (spec 000_*),
// nullable, type errors worded as Terraform words them (naming the source), validation rules,
// duplicate and malformed declarations, .tf.json declarations.
#include <gtest/gtest.h>

#include "hclschema/vars.hpp"
#include "vars_fixture.hpp"

namespace {

using namespace vars_test;
using hclschema::SourceKind;

TEST(VarsDeclarations, AttributesAreRead) {
  auto r = resolve({{{"main.tf",
                      "variable \"a\" {\n  description = \"the a\"\n  type = list(number)\n  default = [\"1\"]\n  sensitive = true\n  nullable = false\n"
                      "  validation {\n    condition = length(var.a) > 0\n    error_message = \"Not empty.\"\n  }\n}\n"
                      "resource \"x\" \"y\" { z = 1 }\n"},
                     {"other.tf.json", R"J({"variable": {"b": {"type": "map(string)", "default": {"k": "v"}}}})J"}},
                    {},
                    {}});
  EXPECT_TRUE(r.diagnostics.empty()) << summaries(r.diagnostics);
  const auto* a = r.declarations.find("a");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->description, "the a");
  EXPECT_EQ(hclschema::type_string(a->constraint.type()), "list(number)");
  EXPECT_TRUE(a->sensitive);
  EXPECT_FALSE(a->nullable);
  EXPECT_EQ(a->validations.size(), 1u);
  EXPECT_EQ(a->parsing_mode, hclschema::VariableParsingMode::hcl);
  EXPECT_EQ(value_json(r, "a"), "[1]");  // the default converted to the type
  const auto* b = r.declarations.find("b");
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(b->nullable);  // Terraform's default
  EXPECT_EQ(value_json(r, "b"), R"({"k":"v"})");
  EXPECT_EQ(r.find("b")->source.name, "other.tf.json");
}

TEST(VarsDeclarations, IgnoredFilesAreNotRead) {
  auto r = resolve({{{"main.tf", "variable \"a\" { default = 1 }\n"},
                     {".hidden.tf", "variable \"a\" { default = 2 }\n"},
                     {"main.tf~", "variable \"a\" { default = 3 }\n"},
                     {"notes.txt", "variable \"a\" { default = 4 }\n"}},
                    {},
                    {}});
  EXPECT_TRUE(r.diagnostics.empty()) << summaries(r.diagnostics);
  EXPECT_EQ(value_json(r, "a"), "1");
}

TEST(VarsDeclarations, DuplicateAndMalformedBlocksAreErrorsAtTheirLocation) {
  auto r = resolve({{{"a.tf", "variable \"x\" {}\n"}, {"b.tf", "\n\nvariable \"x\" {}\n"}}, {}, {}});
  const auto* d = find_diag(r.diagnostics, "Duplicate variable declaration");
  ASSERT_NE(d, nullptr) << summaries(r.diagnostics);
  EXPECT_EQ(d->detail, "A variable named \"x\" was already declared at a.tf:1,1-13. Variable names must be unique within a module.");
  ASSERT_TRUE(d->subject);
  EXPECT_EQ(d->subject->filename, "b.tf");
  EXPECT_EQ(d->subject->start.line, 3u);

  struct Case {
    const char* text;
    const char* summary;
  } cases[] = {
      {"variable {}\n", "Missing name for variable"},
      {"variable \"x\" { bogus = 1 }\n", "Unsupported argument"},
      {"variable \"1x\" {}\n", "Invalid variable name"},
      {"variable \"count\" {}\n", "Invalid variable name"},
      {"variable \"x\" { type = strin }\n", "Invalid type specification"},
      {"variable \"x\" { type = \"string\" }\n", "Invalid quoted type constraints"},
      {"variable \"x\" {\n type = number\n default = \"abc\"\n}\n", "Invalid default value for variable"},
      {"variable \"x\" { default = var.y }\n", "Variables not allowed"},
      {"variable \"x\" { sensitive = \"maybe\" }\n", "Unsuitable value type"},
      {"variable \"x\" {\n validation {\n condition = true\n error_message = \"m\"\n }\n}\n", "Invalid variable validation condition"},
      {"variable \"x\" {\n validation {\n condition = var.y > 1\n error_message = \"m\"\n }\n}\n", "Invalid variable validation condition"},
      {"variable \"x\" {\n validation {\n condition = var.x != \"\"\n }\n}\n", "Missing required argument"},
      {"variable \"x\" {\n nullable = false\n default = null\n}\n", "Invalid default value for variable"},
  };
  for (const auto& c : cases) {
    auto bad = resolve({{{"main.tf", c.text}}, {{"TF_VAR_x", "1"}}, {}});
    const auto* e = find_diag(bad.diagnostics, c.summary);
    ASSERT_NE(e, nullptr) << c.text << summaries(bad.diagnostics);
    EXPECT_EQ(e->severity, hclschema::Severity::error) << c.text;
    ASSERT_TRUE(e->subject) << c.text;
    EXPECT_EQ(e->subject->filename, "main.tf") << c.text;
  }
  auto nullable = resolve({{{"main.tf", "variable \"x\" {\n nullable = false\n default = null\n}\n"}}, {}, {}});
  EXPECT_EQ(find_diag(nullable.diagnostics, "Invalid default value for variable")->detail, "A null default value is not valid when nullable=false.");
  auto cond = resolve({{{"main.tf", "variable \"x\" {\n validation {\n condition = var.y > 1\n error_message = \"m\"\n }\n}\n"}}, {}, {}});
  EXPECT_EQ(find_diag(cond.diagnostics, "Invalid variable validation condition")->detail,
            "The condition for variable \"x\" must refer to var.x in order to test incoming values.");
}

// ../shared/spec/000_*.txt: optional attributes and their defaults, outside in.
TEST(VarsDeclarations, OptionalAttributeDefaultsApply) {
  const char* service =
      "variable \"service\" {\n  type = object({\n    name        = string\n    retries     = optional(number, 3)\n"
      "    description = optional(string)\n  })\n}\n";
  const char* settings =
      "variable \"settings\" {\n  type = object({\n    logging = optional(object({\n      enabled = optional(bool, true)\n"
      "      format  = optional(string, \"json\")\n    }), {})\n  })\n  default = {}\n}\n";
  struct Case {
    const char* tfvars;
    const char* var;
    const char* want;
  } cases[] = {
      {"service = { name = \"api\" }\n", "service", R"({"description":null,"name":"api","retries":3})"},
      {"service = { name = \"api\", retries = null }\n", "service", R"({"description":null,"name":"api","retries":3})"},
      {"service = { name = \"api\", retries = 5, description = \"d\" }\n", "service", R"({"description":"d","name":"api","retries":5})"},
      {"", "settings", R"({"logging":{"enabled":true,"format":"json"}})"},
      {"settings = {}\n", "settings", R"({"logging":{"enabled":true,"format":"json"}})"},
      {"settings = { logging = { format = \"text\" } }\n", "settings", R"({"logging":{"enabled":true,"format":"text"}})"},
      {"settings = { logging = null }\n", "settings", R"({"logging":{"enabled":true,"format":"json"}})"},
  };
  for (const auto& c : cases) {
    auto r = resolve({{{"main.tf", std::string(service) + settings}, {"terraform.tfvars", std::string(c.tfvars) + "service = { name = \"x\" }\n"}}, {}, {}});
    if (std::string(c.tfvars).starts_with("service")) {
      r = resolve({{{"main.tf", std::string(service) + settings}, {"terraform.tfvars", c.tfvars}}, {}, {}});
    }
    EXPECT_FALSE(hclschema::has_errors(r.diagnostics)) << c.tfvars << summaries(r.diagnostics);
    EXPECT_EQ(value_json(r, c.var), c.want) << c.tfvars;
  }
  // From the environment too (an HCL expression for an object type).
  auto env = resolve({{{"main.tf", service}}, {{"TF_VAR_service", "{ name = \"e\" }"}}, {}});
  EXPECT_EQ(value_json(env, "service"), R"({"description":null,"name":"e","retries":3})");
  // A missing required attribute is a type error.
  auto missing = resolve({{{"main.tf", service}, {"terraform.tfvars", "service = { retries = 1 }\n"}}, {}, {}});
  const auto* d = find_diag(missing.diagnostics, "Invalid value for input variable");
  ASSERT_NE(d, nullptr) << summaries(missing.diagnostics);
  EXPECT_EQ(d->detail, "The given value is not suitable for var.service declared at main.tf:1,1-19: attribute \"name\" is required.");
}

TEST(VarsDeclarations, Nullable) {
  struct Case {
    const char* decl;
    const char* value;  // tfvars text for x, or nullptr for none
    const char* want;   // cty JSON, or "!" + summary
    SourceKind kind;
  } cases[] = {
      {"variable \"x\" {\n default = \"d\"\n}\n", "x = null\n", "null", SourceKind::file},  // nullable by default: stays null
      {"variable \"x\" {\n nullable = true\n default = \"d\"\n}\n", "x = null\n", "null", SourceKind::file},
      {"variable \"x\" {\n nullable = false\n default = \"d\"\n}\n", "x = null\n", R"("d")", SourceKind::default_value},
      {"variable \"x\" {\n nullable = false\n}\n", "x = null\n", "!Required variable not set", SourceKind::file},
      {"variable \"x\" {\n nullable = true\n}\n", "x = null\n", "null", SourceKind::file},
      {"variable \"x\" {\n default = null\n}\n", nullptr, "null", SourceKind::default_value},
  };
  for (const auto& c : cases) {
    Module m{{{"main.tf", c.decl}}, {}, {}};
    if (c.value) m.files["terraform.tfvars"] = c.value;
    auto r = resolve(m);
    if (c.want[0] == '!') {
      const auto* d = find_diag(r.diagnostics, c.want + 1);
      ASSERT_NE(d, nullptr) << c.decl << summaries(r.diagnostics);
      EXPECT_EQ(d->detail, "The given value is not suitable for var.x defined at main.tf:1,1-13: required variable may not be set to null.");
      continue;
    }
    EXPECT_FALSE(hclschema::has_errors(r.diagnostics)) << c.decl << summaries(r.diagnostics);
    EXPECT_EQ(value_json(r, "x"), c.want) << c.decl;
    EXPECT_EQ(r.find("x")->source.kind, c.kind) << c.decl;
  }
  // From -var (an HCL-typed variable), the non-file wording.
  auto flag = resolve({{{"main.tf", "variable \"x\" {\n type = list(string)\n nullable = false\n}\n"}}, {}, {var("x=null")}});
  const auto* d = find_diag(flag.diagnostics, "Required variable not set");
  ASSERT_NE(d, nullptr) << summaries(flag.diagnostics);
  EXPECT_EQ(d->detail, "Unsuitable value for var.x set using -var=\"x=...\": required variable may not be set to null.");
}

TEST(VarsDeclarations, TypeErrorsNameTheSource) {
  const char* decl = "variable \"count\" {\n  type = number\n}\n";
  const char* sdecl = "variable \"token\" {\n  type = number\n  sensitive = true\n}\n";
  auto env = resolve({{{"main.tf", "variable \"n\" {\n  type = number\n}\n"}}, {{"TF_VAR_n", "seven"}}, {}});
  const auto* d = find_diag(env.diagnostics, "Invalid value for input variable");
  ASSERT_NE(d, nullptr) << summaries(env.diagnostics);
  EXPECT_EQ(d->detail, "Unsuitable value for var.n set using the TF_VAR_n environment variable: a number is required.");
  EXPECT_EQ(d->subject->filename, "main.tf");

  auto flag = resolve({{{"main.tf", "variable \"n\" {\n  type = number\n}\n"}}, {}, {var("n=seven")}});
  d = find_diag(flag.diagnostics, "Invalid value for input variable");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->detail, "Unsuitable value for var.n set using -var=\"n=...\": a number is required.");

  auto file = resolve({{{"main.tf", "variable \"n\" {\n  type = number\n}\n"}, {"terraform.tfvars", "\nn = \"seven\"\n"}}, {}, {}});
  d = find_diag(file.diagnostics, "Invalid value for input variable");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->detail, "The given value is not suitable for var.n declared at main.tf:1,1-13: a number is required.");
  EXPECT_EQ(d->subject->filename, "terraform.tfvars");
  EXPECT_EQ(d->subject->start.line, 2u);

  auto sensitive = resolve({{{"main.tf", sdecl}, {"terraform.tfvars", "token = \"hunter2-secret\"\n"}}, {}, {}});
  d = find_diag(sensitive.diagnostics, "Invalid value for input variable");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->detail,
            "The given value is not suitable for var.token, which is sensitive: a number is required. Invalid value defined at "
            "terraform.tfvars:1,9-25.");
  EXPECT_EQ(d->subject->filename, "main.tf");  // the declaration, not the value
  (void)decl;
}

TEST(VarsDeclarations, ValidationRules) {
  const char* decl =
      "variable \"port\" {\n  type = number\n  validation {\n    condition     = var.port > 1024\n"
      "    error_message = \"The port must be above 1024, not ${var.port}.\"\n  }\n}\n";
  auto ok = resolve({{{"main.tf", decl}}, {{"TF_VAR_port", "8080"}}, {}});
  EXPECT_TRUE(ok.diagnostics.empty()) << summaries(ok.diagnostics);

  auto bad = resolve({{{"main.tf", decl}, {"terraform.tfvars", "port = 80\n"}}, {}, {}});
  const auto* d = find_diag(bad.diagnostics, "Invalid value for variable");
  ASSERT_NE(d, nullptr) << summaries(bad.diagnostics);
  EXPECT_EQ(d->detail, "The port must be above 1024, not 80.\n\nThis was checked by the validation rule at main.tf:3,3-13.");
  EXPECT_EQ(d->subject->filename, "terraform.tfvars");  // where the value is

  // Functions are available to conditions; other variables too.
  auto fn = resolve({{{"main.tf",
                       "variable \"env\" {\n  validation {\n    condition = contains([\"dev\", \"prod\"], lower(var.env))\n"
                       "    error_message = \"Unknown environment.\"\n  }\n}\n"}},
                     {},
                     {var("env=staging")}});
  d = find_diag(fn.diagnostics, "Invalid value for variable");
  ASSERT_NE(d, nullptr) << summaries(fn.diagnostics);
  EXPECT_EQ(d->subject->filename, "main.tf");  // -var has no file: the declaration

  // A sensitive value in the message is never shown.
  const char* secret =
      "variable \"pw\" {\n  sensitive = true\n  validation {\n    condition     = length(var.pw) > 20\n"
      "    error_message = \"Too short: ${var.pw}\"\n  }\n}\n";
  auto s = resolve({{{"main.tf", secret}}, {{"TF_VAR_pw", "hunter2-secret"}}, {}});
  ASSERT_NE(find_diag(s.diagnostics, "Error message refers to sensitive values"), nullptr) << summaries(s.diagnostics);
  d = find_diag(s.diagnostics, "Invalid value for variable");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->detail.find("hunter2"), std::string::npos);
  EXPECT_TRUE(d->detail.starts_with("The error message included a sensitive value, so it will not be displayed."));
}

TEST(VarsDeclarations, ChdirLikeDirectory) {
  // -var-file paths are relative to the module directory, as after Terraform's -chdir.
  auto r = resolve({{{"main.tf", "variable \"a\" {}\n"}, {"vars/x.tfvars", "a = \"x\"\n"}}, {}, {var_file("vars/x.tfvars")}});
  EXPECT_TRUE(r.diagnostics.empty()) << summaries(r.diagnostics);
  EXPECT_EQ(value_json(r, "a"), R"("x")");
  hclschema::VarsRequest request;
  request.directory = "/nonexistent/hclschema/dir";
  auto missing = hclschema::resolve_variables(request);
  EXPECT_TRUE(hclschema::has_errors(missing.diagnostics));
}

}  // namespace
