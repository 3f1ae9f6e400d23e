// The one-walk defaults-and-conversion (src/typeexpr/defaults_and_convert.cpp) is a shortcut:
// wherever it answers, its answer must be exactly apply_defaults followed by convert, type and
// markers included; and it must answer for the common shapes, or it saves nothing. The golden
// tests compare TypeConstraint::convert with the reference on thousands of cases; these pin the
// shortcut itself, case by case, against the two walks.
#include <gtest/gtest.h>

#include "typeexpr/defaults_and_convert.hpp"
#include "typeexpr_testing.hpp"

namespace {

using namespace typeexpr_testing;

struct OneWalkCase {
  const char* type;
  const char* value;
  bool takes_one_walk;  // false: the shortcut declines, the two walks answer
};

class DefaultsAndConvert : public ::testing::TestWithParam<OneWalkCase> {};

TEST_P(DefaultsAndConvert, SameAsTheTwoWalks) {
  const OneWalkCase& c = GetParam();
  const TypeConstraint tc = valid_constraint(c.type);
  const Value given = value_of(c.value);
  ASSERT_NE(tc.defaults(), nullptr) << c.type;
  const std::optional<Value> one = detail::defaults_and_convert(tc.defaults(), given, tc.type());
  const ConvertResult two = convert(tc.apply_defaults(given), tc.type());
  EXPECT_EQ(one.has_value(), c.takes_one_walk) << c.type << " = " << c.value;
  if (one) {
    ASSERT_TRUE(two.value) << two.error.message;
    EXPECT_EQ(type_to_json(one->type()), type_to_json(two.value->type()));
    EXPECT_TRUE(raw_equals(*one, *two.value)) << *value_to_json(*one, one->type()) << "\nvs\n"
                                               << *value_to_json(*two.value, two.value->type());
  }
  // Whatever path it takes, the public conversion gives the two walks' answer.
  const ConstraintConversion pub = tc.convert(given);
  ASSERT_EQ(pub.value.has_value(), two.value.has_value());
  if (pub.value) {
    EXPECT_TRUE(raw_equals(*pub.value, *two.value));
  }
  else EXPECT_EQ(pub.error.message, two.error.message);
}

INSTANTIATE_TEST_SUITE_P(Cases, DefaultsAndConvert, testing::Values(
    // Objects: omitted, null and given attributes; extra attributes dropped; primitive conversions.
    OneWalkCase{R"(object({a = optional(string, "x"), b = optional(number), c = bool}))", R"({c = "true", extra = 1})", true},
    OneWalkCase{R"(object({a = optional(string, "x"), b = optional(number)}))", R"({a = null, b = "5"})", true},
    OneWalkCase{R"(object({a = optional(string, "x")}))", R"({a = "given"})", true},
    // Outside in: the default object gets its own attributes' defaults.
    OneWalkCase{R"(object({log = optional(object({format = optional(string, "json"), level = optional(string)}), {})}))", "{}", true},
    OneWalkCase{R"(object({log = optional(object({format = optional(string, "json")}), {format = "text"})}))", "{log = null}", true},
    // Lists written as tuples, maps written as objects, and empty collections.
    OneWalkCase{R"(list(object({n = number, p = optional(bool, false)})))", R"([{n = 1}, {n = 2, p = true}, {n = "3"}])", true},
    OneWalkCase{R"(map(object({port = number, proto = optional(string, "tcp")})))", R"({ssh = {port = 22}, web = {port = 80, proto = "udp"}})", true},
    OneWalkCase{R"(object({tags = optional(map(string), {}), ids = optional(list(string), [])}))", R"({ids = []})", true},
    OneWalkCase{R"(object({rules = optional(map(object({port = number, proto = optional(string, "tcp")})), {})}))", R"({rules = {a = {port = 1}}})", true},
    // An empty map default bound for a map of objects with optional attributes: converted as a
    // part, it becomes an empty map whose type keeps the optional markers. Inside a list or a map
    // the conversion unifies them away, and the walk does the same; at the top, convert() returns
    // a value whose type is already the plain one as it is, so there the walk declines.
    OneWalkCase{R"(object({rules = optional(map(object({port = number, proto = optional(string, "tcp")})), {})}))", "{}", false},
    OneWalkCase{R"(object({name = optional(map(object({b = number, e = optional(object({c = optional(string, "12")}), {})})), {})}))", "{name = null}", false},
    OneWalkCase{R"(list(object({n = number, rules = optional(map(object({p = optional(string, "tcp")})), {})})))", R"([{n = 1}, {n = 2, rules = {a = {}}}])", true},
    OneWalkCase{R"(map(object({rules = optional(map(object({p = optional(string, "tcp")})), {})})))", R"({x = {}, y = {rules = {a = {p = "udp"}}}})", true},
    // Nulls and unknowns are left to the conversion.
    OneWalkCase{R"(object({a = optional(string, "x")}))", "null", true},
    // Declined: a required attribute missing (the two walks give the error), sets, a list value,
    // `any` in the type.
    OneWalkCase{R"(object({a = optional(string, "x"), b = number}))", "{}", false},
    OneWalkCase{R"(set(object({n = number, p = optional(bool, false)})))", R"([{n = 1}])", false},
    OneWalkCase{R"(object({l = optional(list(object({n = optional(number, 1)})))}))", R"({l = tolist([{n = 2}])})", false},
    OneWalkCase{R"(object({a = optional(string, "x"), b = any}))", R"({b = 1})", false}));

TEST(DefaultsAndConvertShapes, ManyShapesInOneList) {
  // 100 objects of 100 different types (each has an extra attribute of its own) and some repeats:
  // more shapes than the walk keeps plans for, so both the kept and the unkept plans are used.
  const TypeConstraint tc = valid_constraint(R"(list(object({n = number, p = optional(bool, false), q = optional(string)})))");
  std::string text = "[";
  for (int i = 0; i < 100; ++i) {
    text += "{n = " + std::to_string(i) + ", extra_" + std::to_string(i) + " = 1";
    if (i % 3 == 0) text += ", p = true";
    if (i % 5 == 0) text += ", q = \"x\"";
    text += "}, {n = 0}, ";
  }
  text += "]";
  const Value given = value_of(text);
  const std::optional<Value> one = detail::defaults_and_convert(tc.defaults(), given, tc.type());
  const ConvertResult two = convert(tc.apply_defaults(given), tc.type());
  ASSERT_TRUE(one.has_value());
  ASSERT_TRUE(two.value);
  EXPECT_TRUE(raw_equals(*one, *two.value));
  ASSERT_EQ(one->length(), 200u);
  EXPECT_EQ(one->elements()[198].get("n")->as_number(), Number(99));
  EXPECT_TRUE(one->elements()[199].get("p")->as_bool() == false);
  EXPECT_TRUE(one->elements()[199].get("q")->is_null());
}

TEST(DefaultsAndConvertMarks, SensitiveValuesTakeTheTwoWalks) {
  const TypeConstraint tc = valid_constraint(R"(object({a = optional(string, "x"), b = string}))");
  const Value given = value_of(R"({b = sensitive("secret")})");
  // The attribute is marked, the object is not: the walk declines at the marked attribute only if
  // it has defaults below it; here it converts it as the conversion would, marks kept.
  const ConstraintConversion c = tc.convert(given);
  ASSERT_TRUE(c.value);
  EXPECT_TRUE(c.value->get("b")->has_mark(sensitive_mark));
  const Value whole = given.with_mark(sensitive_mark);
  EXPECT_FALSE(detail::defaults_and_convert(tc.defaults(), whole, tc.type()).has_value());
  const ConstraintConversion m = tc.convert(whole);
  ASSERT_TRUE(m.value);
  EXPECT_TRUE(m.value->has_mark(sensitive_mark));
  EXPECT_EQ(m.value->unmarked().get("a")->as_string(), "x");
}

}  // namespace
