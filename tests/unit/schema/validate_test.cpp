// Validating configurations: each sentence of ../shared/spec/003_*.txt about attributes, types,
// required and default, deprecation, sensitivity, enum, pattern, min/max, validation rules and
// cross-field rules, plus unknown arguments and blocks, block limits and unevaluable expressions.
#include "schema_testing.hpp"

#include "hclschema/functions.hpp"

namespace {

using namespace schema_testing;

Diagnostics problems(const std::string& schema, const std::string& config, const ValidateOptions& options = {}) {
  auto s = schema_of(schema);
  if (!s) return {};
  return decode_text(*s, config, options).diagnostics;
}

// The type vocabulary of the spec: each type accepts a fitting value and rejects another.
struct TypeCase {
  const char* type;
  const char* good;
  const char* bad;
};

class TypedAttributes : public ::testing::TestWithParam<TypeCase> {};

TEST_P(TypedAttributes, AcceptWhatFitsAndRejectTheRest) {
  const TypeCase& c = GetParam();
  const std::string schema = std::string("attribute \"a\" {\n  type = ") + c.type + "\n}\n";
  EXPECT_TRUE(problems(schema, std::string("a = ") + c.good + "\n").empty()) << c.type << " " << c.good;
  Diagnostics bad = problems(schema, std::string("a = ") + c.bad + "\n");
  ASSERT_EQ(bad.size(), 1u) << c.type << " " << c.bad;
  EXPECT_EQ(bad[0].summary, "Incorrect attribute value type");
  EXPECT_EQ(bad[0].subject->start.line, 1);
  EXPECT_GE(bad[0].subject->start.column, 5);  // the value (or the wrong part of it), not the name
}

INSTANTIATE_TEST_SUITE_P(
    Spec, TypedAttributes,
    ::testing::Values(TypeCase{"string", "\"x\"", "[1]"}, TypeCase{"number", "\"8080\"", "\"many\""}, TypeCase{"bool", "\"true\"", "\"yes\""},
                      TypeCase{"list(string)", "[\"a\", 1]", "\"a\""}, TypeCase{"map(string)", "{k = \"v\"}", "[\"v\"]"},
                      TypeCase{"set(number)", "[1, 2, 2]", "[\"x\"]"}, TypeCase{"tuple([string, number])", "[\"a\", 1]", "[\"a\"]"},
                      TypeCase{"object({attempts = number, backoff = optional(string)})", "{attempts = 3}", "{backoff = \"1s\"}"}),
    [](const auto& info) { return "case" + std::to_string(info.index); });

TEST(SchemaValidate, UntypedAndAnyAttributesAcceptAnyValue) {
  for (const char* v : {"1", "\"x\"", "[1, \"a\"]", "{a = {b = true}}", "null"}) {
    EXPECT_TRUE(problems("attribute \"a\" {}\n", std::string("a = ") + v + "\n").empty()) << v;
    EXPECT_TRUE(problems("attribute \"a\" {\n  type = any\n}\n", std::string("a = ") + v + "\n").empty()) << v;
  }
}

TEST(SchemaValidate, NestedTypeErrorsPointAtThePart) {
  Diagnostics d = problems("attribute \"retry\" {\n  type = object({attempts = number, backoff = optional(string)})\n}\n",
                           "retry = {\n  attempts = \"three\"\n}\n");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].detail, "Inappropriate value for attribute \"retry\": .attempts: a number is required.");
  EXPECT_EQ(d[0].subject->start.line, 2);
  EXPECT_EQ(d[0].subject->start.column, 14);
}

TEST(SchemaValidate, UnknownArgumentsAndBlocksSuggestNames) {
  Diagnostics d = problems("attribute \"port\" {}\nblock \"listener\" {}\n", "prot = 1\nlistner {}\n");
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].summary, "Unsupported argument");
  EXPECT_EQ(d[0].detail, "An argument named \"prot\" is not expected here. Did you mean \"port\"?");
  EXPECT_EQ(d[1].summary, "Unsupported block type");
  EXPECT_EQ(d[1].detail, "Blocks of type \"listner\" are not expected here. Did you mean \"listener\"?");
}

TEST(SchemaValidate, RequiredAttributes) {
  Diagnostics d = problems("attribute \"name\" {\n  type = string\n  required = true\n}\n", "\n");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].summary, "Missing required argument");
  EXPECT_EQ(d[0].detail, "The argument \"name\" is required, but no definition was found.");
  EXPECT_TRUE(problems("attribute \"name\" {\n  required = true\n}\n", "name = \"x\"\n").empty());
}

TEST(SchemaValidate, DeprecationIsAWarningNeverAnError) {
  Diagnostics d = problems("attribute \"timeout_ms\" {\n  type = number\n  deprecated = \"use timeout instead\"\n}\n"
                           "block \"old\" {\n  deprecated = \"gone soon\"\n}\n",
                           "timeout_ms = 5\nold {}\n");
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].severity, Severity::warning);
  EXPECT_EQ(d[0].summary, "Deprecated attribute");
  EXPECT_EQ(d[0].detail, "The attribute \"timeout_ms\" is deprecated: use timeout instead");
  EXPECT_EQ(d[1].severity, Severity::warning);
  EXPECT_EQ(d[1].summary, "Deprecated block");
  EXPECT_FALSE(has_errors(d));
}

const char* const kToken = "attribute \"token\" {\n  type = string\n  sensitive = true\n  pattern = \"^tok_\"\n  enum = [\"tok_a\", \"tok_b\"]\n}\n";

TEST(SchemaValidate, SensitiveValuesNeverAppearInDiagnostics) {
  Diagnostics d = problems(kToken, "token = \"hunter2-secret\"\n");
  ASSERT_EQ(d.size(), 2u);
  for (const auto& diag : d) {
    EXPECT_EQ(diag.detail.find("hunter2"), std::string::npos) << diag.detail;
    EXPECT_NE(diag.detail.find("(sensitive value)"), std::string::npos) << diag.detail;
  }
  // The same mistakes on a non-sensitive attribute do show the value.
  Diagnostics plain = problems("attribute \"t\" {\n  pattern = \"^tok_\"\n}\n", "t = \"hunter2\"\n");
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_NE(plain[0].detail.find("\"hunter2\""), std::string::npos);
  // A validation message built from a sensitive value is withheld.
  Diagnostics rule = problems("attribute \"t\" {\n  sensitive = true\n  validation {\n    condition = length(self) > 20\n"
                              "    error_message = \"${self} is too short\"\n  }\n}\n",
                              "t = \"hunter2\"\n");
  ASSERT_EQ(rule.size(), 1u);
  EXPECT_EQ(rule[0].detail.find("hunter2"), std::string::npos);
  EXPECT_NE(rule[0].detail.find("The error message included a sensitive value"), std::string::npos);
}

TEST(SchemaValidate, EnumValues) {
  const char* schema = "attribute \"mode\" {\n  type = string\n  enum = [\"fast\", \"safe\"]\n}\n";
  EXPECT_TRUE(problems(schema, "mode = \"safe\"\n").empty());
  Diagnostics d = problems(schema, "mode = \"fsat\"\n");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].summary, "Value not permitted");
  EXPECT_EQ(d[0].detail, "The value of \"mode\" must be one of \"fast\", \"safe\"; got \"fsat\". Did you mean \"fast\"?");
  // Enum values are compared after conversion to the type.
  EXPECT_TRUE(problems("attribute \"n\" {\n  type = number\n  enum = [1, 2]\n}\n", "n = \"2\"\n").empty());
}

TEST(SchemaValidate, PatternsAreGoRegexpsOnStringsOnly) {
  const char* schema = "attribute \"name\" {\n  pattern = \"^[a-z][a-z0-9-]*$\"\n}\n";
  EXPECT_TRUE(problems(schema, "name = \"web-1\"\n").empty());
  Diagnostics d = problems(schema, "name = \"Web\"\n");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].detail, "The value of \"name\" must match the pattern \"^[a-z][a-z0-9-]*$\"; got \"Web\".");
  // An untyped attribute with a non-string value is not a pattern's business.
  EXPECT_TRUE(problems(schema, "name = 42\n").empty());
  // RE2 is Go's syntax: \d, (?i), Unicode classes.
  EXPECT_TRUE(problems("attribute \"v\" {\n  pattern = \"(?i)^v\\\\d+\\\\p{L}$\"\n}\n", "v = \"V12é\"\n").empty());
}

struct BoundCase {
  const char* type;
  const char* value;
  const char* detail;  // "" when within bounds
};

class Bounds : public ::testing::TestWithParam<BoundCase> {};

TEST_P(Bounds, MeasureNumbersStringsAndCollections) {
  const BoundCase& c = GetParam();
  Diagnostics d = problems(std::string("attribute \"x\" {\n  type = ") + c.type + "\n  min = 2\n  max = 3\n}\n", std::string("x = ") + c.value + "\n");
  if (!*c.detail) {
    EXPECT_TRUE(d.empty()) << c.value << ": " << (d.empty() ? "" : d[0].detail);
    return;
  }
  ASSERT_EQ(d.size(), 1u) << c.value;
  EXPECT_EQ(d[0].summary, "Value out of range");
  EXPECT_EQ(d[0].detail, c.detail);
}

INSTANTIATE_TEST_SUITE_P(
    Spec, Bounds,
    ::testing::Values(BoundCase{"number", "2", ""}, BoundCase{"number", "3", ""}, BoundCase{"number", "2.5", ""},
                      BoundCase{"number", "1.5", "The value of \"x\" must be at least 2; got 1.5."},
                      BoundCase{"number", "4", "The value of \"x\" must be at most 3; got 4."},
                      BoundCase{"number", "-3", "The value of \"x\" must be at least 2; got -3."},
                      BoundCase{"string", "\"ab\"", ""},
                      // Characters, not bytes: "é" written as e + combining accent is one character.
                      BoundCase{"string", "\"e\u0301e\u0301e\u0301\"", ""},
                      BoundCase{"string", "\"a\"", "The length of \"x\" must be at least 2 characters; got 1."},
                      BoundCase{"string", "\"abcd\"", "The length of \"x\" must be at most 3 characters; got 4."},
                      BoundCase{"list(number)", "[1]", "\"x\" must have at least 2 elements; got 1."},
                      BoundCase{"set(number)", "[1, 1, 1]", "\"x\" must have at least 2 elements; got 1."},
                      BoundCase{"map(number)", "{a = 1, b = 2, c = 3, d = 4}", "\"x\" must have at most 3 elements; got 4."},
                      BoundCase{"tuple([number, number])", "[1, 2]", ""},
                      BoundCase{"object({a = number, b = optional(number)})", "{a = 1}", ""},
                      BoundCase{"any", "{a = 1}", "\"x\" must have at least 2 elements; got 1."}),
    [](const auto& info) { return "case" + std::to_string(info.index); });

TEST(SchemaValidate, ValidationRules) {
  const char* schema =
      "attribute \"replicas\" {\n  type = number\n  validation {\n    condition = self % 2 == 1\n"
      "    error_message = \"replicas must be odd so that quorum is well defined\"\n  }\n"
      "  validation {\n    condition = self < 100\n    error_message = \"at most ${99}\"\n  }\n}\n";
  EXPECT_TRUE(problems(schema, "replicas = 3\n").empty());
  Diagnostics d = problems(schema, "replicas = 4\n");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].summary, "Invalid value for attribute");
  EXPECT_EQ(d[0].detail,
            "replicas must be odd so that quorum is well defined\n\nThis was checked by the validation rule at schema.hcl:3,3-13.");
  EXPECT_EQ(d[0].subject->start.column, 12);
  Diagnostics both = problems(schema, "replicas = 102\n");
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(both[1].detail.substr(0, 11), "at most 99\n");
  // The condition must produce a bool.
  Diagnostics not_bool = problems("attribute \"a\" {\n  validation {\n    condition = \"maybe\"\n    error_message = \"x\"\n  }\n}\n", "a = 1\n");
  ASSERT_EQ(not_bool.size(), 1u);
  EXPECT_EQ(not_bool[0].summary, "Invalid validation condition");
  EXPECT_EQ(not_bool[0].detail, "The condition must produce true or false, not string.");
  // Conditions use the function library.
  EXPECT_TRUE(problems("attribute \"a\" {\n  validation {\n    condition = can(regex(\"^x\", self))\n    error_message = \"x\"\n  }\n}\n",
                       "a = \"xy\"\n")
                  .empty());
}

TEST(SchemaValidate, CrossFieldRules) {
  const char* schema =
      "attribute \"inline\" {\n  conflicts_with = [\"from_file\"]\n  exactly_one_of = [\"from_file\"]\n}\n"
      "attribute \"from_file\" {\n  exactly_one_of = [\"inline\"]\n}\n"
      "attribute \"checksum\" {\n  required_with = [\"from_file\"]\n}\n";
  EXPECT_TRUE(problems(schema, "inline = \"x\"\n").empty());
  EXPECT_TRUE(problems(schema, "from_file = \"f\"\nchecksum = \"c\"\n").empty());
  // Both set: conflicts_with and exactly_one_of (declared on both sides: one diagnostic).
  Diagnostics both = problems(schema, "inline = \"x\"\nfrom_file = \"f\"\n");
  ASSERT_EQ(summaries(both), (std::vector<std::string>{"Conflicting attributes", "Conflicting attributes"}));
  EXPECT_EQ(both[0].detail, "\"inline\" must not be set together with \"from_file\".");
  EXPECT_EQ(both[1].detail, "Exactly one of \"from_file\" and \"inline\" must be set, but \"inline\" and \"from_file\" are both set.");
  EXPECT_EQ(both[0].subject->start.line, 2);  // the later one
  // Neither set: exactly_one_of reported once.
  Diagnostics none = problems(schema, "\n");
  ASSERT_EQ(none.size(), 1u);
  EXPECT_EQ(none[0].detail, "Exactly one of \"from_file\" and \"inline\" must be set; none is.");
  // required_with: checksum without from_file.
  Diagnostics orphan = problems(schema, "inline = \"x\"\nchecksum = \"c\"\n");
  ASSERT_EQ(orphan.size(), 1u);
  EXPECT_EQ(orphan[0].detail, "Setting \"checksum\" requires \"from_file\" to be set as well.");
  // An explicit null is not set.
  EXPECT_TRUE(problems(schema, "inline = \"x\"\nfrom_file = null\n").empty());
  // at_least_one_of.
  const char* any_of = "attribute \"a\" {\n  at_least_one_of = [\"b\"]\n}\nattribute \"b\" {\n  at_least_one_of = [\"a\"]\n}\n";
  EXPECT_TRUE(problems(any_of, "a = 1\nb = 2\n").empty());
  Diagnostics missing = problems(any_of, "\n");
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(missing[0].detail, "At least one of \"a\" and \"b\" must be set.");
}

TEST(SchemaValidate, UnevaluableExpressionsAreLeftUncheckedWithoutAContext) {
  const char* schema = "attribute \"port\" {\n  type = number\n  min = 1\n}\nattribute \"name\" {\n  pattern = \"^x\"\n}\n";
  EXPECT_TRUE(problems(schema, "port = var.port\nname = upper(\"y\")\n").empty());
  EXPECT_TRUE(problems(schema, "port = [var.a, \"not a number\"]\n").empty());
  // With a context, they are evaluated and checked.
  EvalContext ctx;
  ctx.set_variable("var", Value::object({{"port", Value::number(0)}}));
  add_standard_functions(ctx);
  ValidateOptions options;
  options.eval_context = &ctx;
  Diagnostics d = problems(schema, "port = var.port\nname = upper(\"y\")\n", options);
  EXPECT_EQ(summaries(d), (std::vector<std::string>{"Value out of range", "Value does not match pattern"}));
  Diagnostics unknown = problems(schema, "port = var.nope\n", options);
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_EQ(unknown[0].summary, "Unsupported attribute");
}

TEST(SchemaValidate, BlockLimitsAndLabels) {
  const char* schema =
      "block \"listener\" {\n  labels = [\"name\"]\n  min_items = 1\n  max_items = 2\n  attribute \"port\" {\n    type = number\n    required = true\n  }\n}\n"
      "block \"tls\" {\n  max_items = 1\n  min_items = 1\n}\n";
  EXPECT_TRUE(problems(schema, "listener \"a\" {\n  port = 1\n}\ntls {}\n").empty());
  Diagnostics none = problems(schema, "\n");
  EXPECT_EQ(summaries(none), (std::vector<std::string>{"Insufficient listener blocks", "Missing tls block"}));
  EXPECT_EQ(none[0].detail, "At least 1 \"listener\" blocks are required.");
  Diagnostics many = problems(schema, "listener \"a\" {\n  port = 1\n}\nlistener \"b\" {\n  port = 2\n}\nlistener \"c\" {\n  port = 3\n}\ntls {}\ntls {}\n");
  EXPECT_EQ(summaries(many), (std::vector<std::string>{"Too many listener blocks", "Duplicate tls block"}));
  EXPECT_EQ(many[0].subject->start.line, 7);
  Diagnostics dup = problems(schema, "listener \"a\" {\n  port = 1\n}\nlistener \"a\" {\n  port = 2\n}\ntls {}\n");
  ASSERT_EQ(dup.size(), 1u);
  EXPECT_EQ(dup[0].detail, "A block for listener \"a\" was already defined. The listener labels must be unique.");
  // A block without its label is not a listener at all: it does not count towards min_items.
  Diagnostics label = problems(schema, "listener {\n  port = 1\n}\ntls {}\n");
  EXPECT_EQ(summaries(label), (std::vector<std::string>{"Insufficient listener blocks", "Missing name for listener"}));
  Diagnostics inner = problems(schema, "listener \"a\" {\n  port = \"x\"\n}\ntls {}\n");
  ASSERT_EQ(inner.size(), 1u);
  EXPECT_EQ(inner[0].subject->start.line, 2);
}

TEST(SchemaValidate, DiagnosticsComeInFileOrder) {
  Diagnostics d = problems("attribute \"a\" {\n  type = number\n}\nattribute \"b\" {\n  type = number\n}\n", "b = \"x\"\na = \"y\"\n");
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].subject->start.line, 1);
  EXPECT_EQ(d[1].subject->start.line, 2);
}

TEST(SchemaValidate, DefaultsAreNotValidationsBusiness) {
  // A default never makes a missing required attribute acceptable, and validation reports
  // nothing about attributes that are absent.
  EXPECT_TRUE(problems("attribute \"mode\" {\n  type = string\n  default = \"safe\"\n  enum = [\"safe\", \"fast\"]\n}\n", "\n").empty());
}

}  // namespace
