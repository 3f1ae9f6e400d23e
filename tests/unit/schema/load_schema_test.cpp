// Loading schemas: the model each key produces, drafts, and every problem of a schema found at load
// time (located in the schema file, nothing validated after it).
#include "schema_testing.hpp"

namespace {

using namespace schema_testing;

TEST(SchemaLoad, EveryAttributeKeyIsRead) {
  auto schema = schema_of(R"J(
attribute "token" {
  type            = string
  description     = "The deploy token."
  deprecated      = "use credentials instead"
  sensitive       = true
  enum            = ["tok_a", "tok_b"]
  pattern         = "^tok_"
  min             = 3
  max             = 63
  conflicts_with  = ["other"]
  required_with   = ["other"]
  exactly_one_of  = ["other"]
  at_least_one_of = ["other"]
  validation {
    condition     = length(self) > 2
    error_message = "too short"
  }
}
attribute "other" {}
)J");
  ASSERT_TRUE(schema);
  const AttributeDecl* a = schema->root.attribute("token");
  ASSERT_NE(a, nullptr);
  ASSERT_TRUE(a->type);
  EXPECT_EQ(a->type->type(), Type::string());
  EXPECT_EQ(a->description, "The deploy token.");
  EXPECT_EQ(a->deprecated, "use credentials instead");
  EXPECT_TRUE(a->sensitive);
  ASSERT_EQ(a->enum_values.size(), 2u);
  EXPECT_EQ(a->enum_values[1].as_string(), "tok_b");
  EXPECT_EQ(a->pattern, "^tok_");
  EXPECT_EQ(json_of(*a->min), "3");
  EXPECT_EQ(json_of(*a->max), "63");
  ASSERT_EQ(a->cross_field.size(), 4u);
  EXPECT_EQ(a->cross_field[2].kind, CrossFieldRule::Kind::exactly_one_of);
  ASSERT_EQ(a->validations.size(), 1u);
  EXPECT_EQ(a->def_range.start.line, 2);
  // Omitting type leaves an attribute untyped.
  EXPECT_FALSE(schema->root.attribute("other")->type.has_value());
  EXPECT_EQ(schema->draft, kLatestSchemaDraft);
}

TEST(SchemaLoad, BlocksWithLabelsLimitsAndNestedDeclarations) {
  auto schema = schema_of(R"J(
block "listener" {
  labels      = ["name"]
  min_items   = 1
  max_items   = 4
  description = "A listener."
  deprecated  = "use endpoints"
  attribute "port" { type = number }
  block "tls" {
    max_items = 1
    attribute "cert" { type = string }
  }
}
)J");
  const BlockDecl* b = schema->root.block("listener");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->labels, std::vector<std::string>{"name"});
  EXPECT_EQ(b->min_items, 1u);
  EXPECT_EQ(b->max_items, 4u);
  EXPECT_EQ(b->description, "A listener.");
  EXPECT_EQ(b->deprecated, "use endpoints");
  EXPECT_FALSE(b->is_single());
  ASSERT_NE(b->body->attribute("port"), nullptr);
  const BlockDecl* tls = b->body->block("tls");
  ASSERT_NE(tls, nullptr);
  EXPECT_TRUE(tls->is_single());
}

TEST(SchemaLoad, JsonSyntaxSchema) {
  auto schema = schema_of(R"J({
  "attribute": {
    "port": {"type": "number", "min": 1, "max": 65535, "required": true},
    "tags": {"type": "map(string)", "default": {"team": "core"}},
    "mode": {"type": "string", "enum": ["a", "b"], "validation": {"condition": "${self != \"b\"}", "error_message": "no b"}}
  },
  "block": {"listener": {"labels": ["name"], "attribute": {"host": {"type": "string"}}}}
})J",
                          "schema.hcl.json");
  ASSERT_TRUE(schema);
  EXPECT_EQ(schema->root.attribute("port")->type->type(), Type::number());
  EXPECT_TRUE(schema->root.attribute("port")->required);
  EXPECT_EQ(json_of(*schema->root.attribute("tags")->default_value), R"J({"team":"core"})J");
  EXPECT_EQ(schema->root.attribute("mode")->validations.size(), 1u);
  EXPECT_EQ(schema->root.block("listener")->labels.size(), 1u);
  // A JSON-syntax configuration validates against it too.
  Checked c = decode_text(*schema, R"J({"port": 0, "mode": "b", "listener": {"web": {"host": "h"}}})J", {}, "config.json");
  EXPECT_EQ(summaries(c.diagnostics), (std::vector<std::string>{"Value out of range", "Invalid value for attribute"}));
}

// An old draft keeps its meaning: before 2026-09 there was no `type`, every attribute is untyped.
TEST(SchemaLoad, DraftsKeepTheirMeaning) {
  auto old = schema_of("draft = \"2026-01\"\nattribute \"port\" {\n  required = true\n}\n");
  EXPECT_EQ(old->draft, "2026-01");
  EXPECT_FALSE(old->root.attribute("port")->type);
  Checked any_value = decode_text(*old, "port = \"not a number\"\n");
  EXPECT_TRUE(any_value.diagnostics.empty());

  SchemaLoadResult typed_in_old = load("draft = \"2026-01\"\nattribute \"port\" {\n  type = number\n}\n");
  ASSERT_EQ(typed_in_old.diagnostics.size(), 1u);
  EXPECT_EQ(typed_in_old.diagnostics[0].summary, "Unsupported argument");
  EXPECT_EQ(typed_in_old.diagnostics[0].subject->start.line, 3);

  SchemaLoadResult unknown = load("draft = \"2026-10\"\n");
  ASSERT_EQ(unknown.diagnostics.size(), 1u);
  EXPECT_EQ(unknown.diagnostics[0].summary, "Unknown schema draft");
  EXPECT_EQ(unknown.diagnostics[0].detail,
            "This version of hclschema knows the drafts \"2026-01\" and \"2026-09\". Did you mean \"2026-01\"?");
}

struct LoadProblem {
  const char* name;
  const char* schema;
  const char* summary;
  const char* detail;  // "" to skip
  int line;
};

class SchemaLoadProblems : public ::testing::TestWithParam<LoadProblem> {};

TEST_P(SchemaLoadProblems, AreErrorsInTheSchemaFile) {
  const LoadProblem& p = GetParam();
  SchemaLoadResult r = load(p.schema);
  ASSERT_FALSE(r.diagnostics.empty()) << p.schema;
  const Diagnostic& d = r.diagnostics[0];
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.summary, p.summary);
  if (*p.detail) {
    EXPECT_EQ(d.detail, p.detail);
  }
  ASSERT_TRUE(d.subject);
  EXPECT_EQ(d.subject->filename, "schema.hcl");
  EXPECT_EQ(d.subject->start.line, p.line);
}

INSTANTIATE_TEST_SUITE_P(
    Schema, SchemaLoadProblems,
    ::testing::Values(
        LoadProblem{"default_on_required", "attribute \"a\" {\n  required = true\n  default = 1\n}\n", "Default on a required attribute",
                    "The attribute \"a\" is required, so this default could never apply. Remove the default, or the required flag.", 3},
        LoadProblem{"default_wrong_type", "attribute \"a\" {\n  type = number\n  default = \"many\"\n}\n", "Invalid default value",
                    "The default value is not compatible with the attribute's type: a number is required.", 3},
        LoadProblem{"default_not_in_enum", "attribute \"a\" {\n  default = \"c\"\n  enum = [\"a\", \"b\"]\n}\n", "Invalid default value",
                    "The default value \"c\" is not one of the permitted values.", 2},
        LoadProblem{"enum_wrong_type", "attribute \"a\" {\n  type = number\n  enum = [1, \"two\"]\n}\n", "Invalid enum value",
                    "Enum value 1 is not compatible with the attribute's type: a number is required.", 3},
        LoadProblem{"invalid_pattern", "attribute \"a\" {\n  pattern = \"^(a\"\n}\n", "Invalid pattern",
                    "The pattern is not a valid regular expression: error parsing regexp: missing closing ): `^(a`.", 2},
        LoadProblem{"pattern_on_number", "attribute \"a\" {\n  type = number\n  pattern = \"^1\"\n}\n", "Pattern on a non-string attribute",
                    "A pattern applies to string values only, but the type of \"a\" is number.", 3},
        LoadProblem{"min_over_max", "attribute \"a\" {\n  min = 10\n  max = 5\n}\n", "Invalid bounds",
                    "min (10) is greater than max (5): no value of \"a\" could satisfy both.", 2},
        LoadProblem{"bounds_on_bool", "attribute \"a\" {\n  type = bool\n  max = 5\n}\n", "Bound on a bool attribute", "", 3},
        LoadProblem{"min_items_over_max_items", "block \"b\" {\n  min_items = 3\n  max_items = 1\n}\n", "Invalid bounds", "", 2},
        LoadProblem{"negative_max_items", "block \"b\" {\n  max_items = -1\n}\n", "Invalid max_items", "", 2},
        LoadProblem{"unknown_sibling", "attribute \"inline\" {\n  conflicts_with = [\"from_fil\"]\n}\nattribute \"from_file\" {}\n",
                    "Unknown sibling attribute",
                    "conflicts_with of \"inline\" names \"from_fil\", but this body declares no attribute of that name. Did you mean \"from_file\"?", 2},
        LoadProblem{"rule_names_itself", "attribute \"a\" {\n  exactly_one_of = [\"a\"]\n}\n", "Invalid cross-field rule", "", 2},
        LoadProblem{"unknown_key", "attribute \"a\" {\n  requred = true\n}\n", "Unsupported argument",
                    "An argument named \"requred\" is not expected here. Did you mean \"required\"?", 2},
        LoadProblem{"unknown_block", "atribute \"a\" {}\n", "Unsupported block type", "", 1},
        LoadProblem{"duplicate_attribute", "attribute \"a\" {}\nattribute \"a\" {}\n", "Duplicate declaration",
                    "An attribute or block named \"a\" was already declared at schema.hcl:1,1-14. Each name may be declared only once in a body.", 2},
        LoadProblem{"attribute_and_block_same_name", "attribute \"a\" {}\nblock \"a\" {}\n", "Duplicate declaration", "", 2},
        LoadProblem{"type_as_string", "attribute \"a\" {\n  type = \"string\"\n}\n", "Invalid type specification", "", 2},
        LoadProblem{"bad_type", "attribute \"a\" {\n  type = lst(string)\n}\n", "Invalid type specification",
                    "Keyword \"lst\" is not a valid type constructor.", 2},
        LoadProblem{"condition_does_not_parse", "attribute \"a\" {\n  validation {\n    condition = self >\n    error_message = \"x\"\n  }\n}\n",
                    "Invalid expression", "", 3},
        LoadProblem{"condition_always_wrong", "attribute \"a\" {\n  validation {\n    condition = 1 + \"x\"\n    error_message = \"x\"\n  }\n}\n",
                    "Invalid operand", "", 3},
        LoadProblem{"validation_without_message", "attribute \"a\" {\n  validation {\n    condition = true\n  }\n}\n",
                    "Missing required argument", "", 2},  // HCL points at the block's opening brace
        LoadProblem{"required_not_bool", "attribute \"a\" {\n  required = \"yes please\"\n}\n", "Incorrect attribute value type",
                    "Inappropriate value for attribute \"required\": a bool is required.", 2},
        LoadProblem{"missing_label", "attribute {}\n", "Missing name for attribute", "", 1}),
    [](const auto& info) { return std::string(info.param.name); });

// A JSON-syntax condition is a template: one that does not parse is found at load time.
TEST(SchemaLoad, JsonConditionThatDoesNotParse) {
  SchemaLoadResult r = load(R"J({"attribute": {"a": {"validation": {"condition": "${self >}", "error_message": "x"}}}})J", "schema.json");
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_TRUE(has_errors(r.diagnostics));
  EXPECT_EQ(r.diagnostics[0].subject->filename, "schema.json");
}

TEST(SchemaLoad, EveryProblemInOneRun) {
  SchemaLoadResult r = load(R"J(
attribute "a" {
  required = true
  default  = 1
}
attribute "b" {
  pattern = "("
}
attribute "c" {
  min = 2
  max = 1
}
)J");
  EXPECT_EQ(summaries(r.diagnostics), (std::vector<std::string>{"Default on a required attribute", "Invalid pattern", "Invalid bounds"}));
}

}  // namespace
