// Applying defaults and converting: every rule of ../shared/spec/000_*.txt (omitted → default or
// typed null; explicit null → non-null default; outside-in; a given value is never replaced),
// defaults inside collections and tuples, nulls, unknowns, marks, and today's HCL's handling of
// collections whose elements end up with different types.
#include <gtest/gtest.h>

#include "typeexpr_testing.hpp"

namespace {

using namespace typeexpr_testing;

struct ConvertCase {
  const char* name;
  const char* type;
  const char* value;
  const char* want;  // cty JSON of the converted value
};

class ConvertWithDefaults : public ::testing::TestWithParam<ConvertCase> {};

TEST_P(ConvertWithDefaults, GivesTheCompletedValue) {
  const ConvertCase& c = GetParam();
  TypeConstraint tc = valid_constraint(c.type);
  ConstraintConversion out = tc.convert(value_of(c.value));
  ASSERT_TRUE(out.value.has_value()) << c.value << ": " << out.error.path << " " << out.error.message;
  EXPECT_EQ(json_of(*out.value), c.want) << c.value;
  if (!tc.type().has_dynamic_types()) {
    EXPECT_EQ(out.value->type(), tc.type().without_optional_attributes_deep());
  }
}

const char* const kService = "object({name = string, retries = optional(number, 3), description = optional(string)})";
const char* const kSettings =
    "object({logging = optional(object({enabled = optional(bool, true), format = optional(string, \"json\")}), {})})";

INSTANTIATE_TEST_SUITE_P(
    Defaults, ConvertWithDefaults,
    ::testing::Values(
        // The spec's first example: only the name given.
        ConvertCase{"omitted_get_default_or_null", kService, "{name = \"api\"}", R"({"description":null,"name":"api","retries":3})"},
        ConvertCase{"explicit_null_gets_default", kService, "{name = \"api\", retries = null}", R"({"description":null,"name":"api","retries":3})"},
        ConvertCase{"null_default_stays_null", kService, "{name = \"api\", description = null}", R"({"description":null,"name":"api","retries":3})"},
        ConvertCase{"given_value_kept", kService, "{name = \"api\", retries = 0, description = \"d\"}", R"({"description":"d","name":"api","retries":0})"},
        ConvertCase{"conditional_null_selects_default", kService, "{name = \"api\", retries = false ? 9 : null}",
                    R"({"description":null,"name":"api","retries":3})"},
        ConvertCase{"default_converted_value_given_as_string", kService, "{name = \"api\", retries = \"7\"}",
                    R"({"description":null,"name":"api","retries":7})"},
        // The spec's nested example: outside in.
        ConvertCase{"nested_empty", kSettings, "{}", R"({"logging":{"enabled":true,"format":"json"}})"},
        ConvertCase{"nested_partial", kSettings, "{logging = {format = \"text\"}}", R"({"logging":{"enabled":true,"format":"text"}})"},
        ConvertCase{"nested_null", kSettings, "{logging = null}", R"({"logging":{"enabled":true,"format":"json"}})"},
        ConvertCase{"nested_inner_null", kSettings, "{logging = {enabled = null}}", R"({"logging":{"enabled":true,"format":"json"}})"},
        ConvertCase{"nested_all_given", kSettings, "{logging = {enabled = false, format = \"x\"}}", R"({"logging":{"enabled":false,"format":"x"}})"},
        // Without a non-null default for the enclosing attribute, omission stays a null object.
        ConvertCase{"no_outer_default", "object({logging = optional(object({enabled = optional(bool, true)}))})", "{}", R"({"logging":null})"},
        ConvertCase{"explicit_null_object_stays_null", "object({logging = optional(object({enabled = optional(bool, true)}))})",
                    "{logging = null}", R"({"logging":null})"},
        // Into collections and tuples.
        ConvertCase{"list_elements", "list(object({a = optional(string, \"d\"), b = optional(number)}))", "[{}, {a = \"x\"}, {b = 1}]",
                    R"([{"a":"d","b":null},{"a":"x","b":null},{"a":"d","b":1}])"},
        ConvertCase{"set_elements", "set(object({a = optional(string, \"d\")}))", "[{}, {a = \"x\"}, {a = null}]", R"([{"a":"d"},{"a":"x"}])"},
        ConvertCase{"map_elements", "map(object({port = optional(number, 80)}))", "{web = {}, db = {port = 5432}}",
                    R"({"db":{"port":5432},"web":{"port":80}})"},
        ConvertCase{"tuple_elements", "tuple([object({a = optional(number, 1)}), string, object({b = optional(bool, false)})])",
                    "[{}, \"s\", {}]", R"([{"a":1},"s",{"b":false}])"},
        ConvertCase{"list_of_lists", "list(list(object({a = optional(number, 1)})))", "[[{}], [], [{a = 2}, {}]]",
                    R"([[{"a":1}],[],[{"a":2},{"a":1}]])"},
        ConvertCase{"default_list_of_objects", "object({xs = optional(list(object({a = optional(number, 1)})), [{}, {a = 5}])})", "{}",
                    R"({"xs":[{"a":1},{"a":5}]})"},
        ConvertCase{"map_given_for_object", "object({a = optional(string, \"d\"), b = string})", "tomap({b = \"x\"})", R"({"a":"d","b":"x"})"},
        ConvertCase{"any_attribute_default", "object({meta = optional(any, {k = 1})})", "{}", R"({"meta":{"k":1}})"},
        ConvertCase{"extra_attributes_dropped", "object({a = optional(number, 1)})", "{a = 2, zzz = true}", R"({"a":2})"},
        ConvertCase{"deep", "object({a = optional(object({b = optional(object({c = optional(number, 3)}), {})}), {})})", "{}",
                    R"({"a":{"b":{"c":3}}})"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(ApplyDefaults, NullAndUnknownValuesAreLeftAlone) {
  TypeConstraint tc = valid_constraint(kService);
  Value null_object = Value::null(Type::dynamic());
  EXPECT_TRUE(tc.apply_defaults(null_object).is_null());
  Value unknown = Value::unknown(Type::dynamic());
  EXPECT_FALSE(tc.apply_defaults(unknown).is_known());
  // An unknown attribute is kept as it is; its siblings still get their defaults.
  Value partly = Value::object({{"name", Value::unknown(Type::string())}});
  Value applied = tc.apply_defaults(partly);
  ASSERT_NE(applied.get("retries"), nullptr);
  EXPECT_EQ(json_of(*applied.get("retries")), "3");
  EXPECT_FALSE(applied.get("name")->is_known());
  ConstraintConversion converted = tc.convert(partly);
  ASSERT_TRUE(converted.value);
  EXPECT_FALSE(converted.value->is_wholly_known());
}

TEST(ApplyDefaults, MarksSurvive) {
  TypeConstraint tc = valid_constraint(kService);
  Value secret = Value::object({{"name", Value::string("api").with_marks({"sensitive"})}}).with_marks({"sensitive"});
  Value applied = tc.apply_defaults(secret);
  EXPECT_TRUE(applied.has_mark("sensitive"));
  EXPECT_TRUE(applied.unmarked().get("name")->has_mark("sensitive"));
  ConstraintConversion out = tc.convert(secret);
  ASSERT_TRUE(out.value);
  EXPECT_TRUE(out.value->has_mark("sensitive"));
  EXPECT_EQ(json_of(*out.value), R"({"description":null,"name":"api","retries":3})");
}

TEST(ApplyDefaults, ApplyDoesNotConvert) {
  TypeConstraint tc = valid_constraint(kService);
  Value applied = tc.apply_defaults(value_of("{name = 1}"));
  // Defaults are filled in, but `name` is still the number it was given as.
  EXPECT_EQ(type_to_json(applied.type()), R"(["object",{"name":"number","retries":"number"}])");
  EXPECT_EQ(json_of(applied), R"({"name":1,"retries":3})");
}

// Today's HCL: a list whose elements end up with types that do not unify becomes a tuple
// (HCL 2.14 crashed here); conversion then reports the mismatch.
TEST(ApplyDefaults, ListWithElementsOfDifferentTypesBecomesATuple) {
  TypeConstraint tc = valid_constraint("list(object({a = optional(any, {})}))");
  Value given = Value::list(Type::object({{"a", Type::string()}}),
                            {Value::object({{"a", Value::string("s")}}), Value::object({{"a", Value::null(Type::string())}})});
  Value applied = tc.apply_defaults(given);
  EXPECT_TRUE(applied.type().is_tuple()) << type_to_json(applied.type());
  EXPECT_EQ(json_of(applied), R"([{"a":"s"},{"a":{}}])");
  // Elements that still unify stay a list.
  TypeConstraint numbers = valid_constraint("list(object({a = optional(string, \"d\")}))");
  Value list = Value::list(Type::object({{"a", Type::string()}}), {Value::object({{"a", Value::null(Type::string())}})});
  EXPECT_TRUE(numbers.apply_defaults(list).type().is_list());
}

TEST(ConvertWithDefaults, FailuresNameThePath) {
  TypeConstraint tc = valid_constraint(kSettings);
  ConstraintConversion mismatch = tc.convert(value_of("{logging = {format = {}}}"));
  ASSERT_FALSE(mismatch.value);
  EXPECT_EQ(mismatch.error.message, "attribute \"logging\": attribute \"format\": string required");
  ConstraintConversion bad_value = tc.convert(value_of("{logging = {enabled = \"maybe\"}}"));
  ASSERT_FALSE(bad_value.value);
  EXPECT_EQ(bad_value.error.message, "a bool is required");
  EXPECT_EQ(bad_value.error.path, ".logging.enabled");
  ConstraintConversion missing = valid_constraint(kService).convert(value_of("{}"));
  ASSERT_FALSE(missing.value);
  EXPECT_EQ(missing.error.message, "attribute \"name\" is required");
}

TEST(ConvertWithDefaults, DiagnosticOnTheSubject) {
  TypeConstraint tc = valid_constraint(kSettings);
  Range subject{"v.hcl", {3, 5, 20}, {3, 9, 24}};
  TypeConstraint::Converted bad = tc.convert(value_of("{logging = {enabled = \"maybe\"}}"), subject);
  ASSERT_FALSE(bad.value);
  ASSERT_EQ(bad.diagnostics.size(), 1u);
  EXPECT_EQ(bad.diagnostics[0].summary, "Invalid value for type constraint");
  EXPECT_EQ(bad.diagnostics[0].detail, "The given value is not suitable for this type constraint: .logging.enabled: a bool is required.");
  EXPECT_EQ(bad.diagnostics[0].subject, subject);
  TypeConstraint::Converted good = tc.convert(value_of("{}"), subject);
  ASSERT_TRUE(good.value);
  EXPECT_TRUE(good.diagnostics.empty());
}

TEST(ConvertWithDefaults, SensitiveValuesStayOutOfMessages) {
  TypeConstraint tc = valid_constraint("object({token = number})");
  Value secret = Value::object({{"token", Value::string("tok_secret").with_marks({"sensitive"})}});
  TypeConstraint::Converted bad = tc.convert(secret, Range{});
  ASSERT_FALSE(bad.value);
  EXPECT_EQ(bad.diagnostics[0].detail.find("tok_secret"), std::string::npos) << bad.diagnostics[0].detail;
}

}  // namespace
