// Reading type constraints: every keyword and constructor, the three modes, defaults and their
// conversion, every diagnostic with its exact text and the part it points at, and JSON syntax.
#include <gtest/gtest.h>

#include "hclschema/json/ast.hpp"
#include "typeexpr_testing.hpp"

namespace {

using namespace typeexpr_testing;

struct TypeCase {
  const char* expr;
  const char* type_json;
};

class ValidTypes : public ::testing::TestWithParam<TypeCase> {};

TEST_P(ValidTypes, GiveTheirType) {
  TypeConstraintResult r = constraint_of(GetParam().expr);
  EXPECT_TRUE(r.diagnostics.empty()) << r.diagnostics[0].detail;
  EXPECT_EQ(type_to_json(r.constraint.type()), GetParam().type_json);
}

INSTANTIATE_TEST_SUITE_P(
    TypeExpr, ValidTypes,
    ::testing::Values(
        TypeCase{"string", R"("string")"}, TypeCase{"number", R"("number")"}, TypeCase{"bool", R"("bool")"}, TypeCase{"any", R"("dynamic")"},
        TypeCase{"list(string)", R"(["list","string"])"}, TypeCase{"set(number)", R"(["set","number"])"},
        TypeCase{"map(bool)", R"(["map","bool"])"}, TypeCase{"list(any)", R"(["list","dynamic"])"},
        TypeCase{"tuple([string, number, any])", R"(["tuple",["string","number","dynamic"]])"}, TypeCase{"tuple([])", R"(["tuple",[]])"},
        TypeCase{"object({})", R"(["object",{}])"}, TypeCase{"object({b = number, a = string})", R"(["object",{"a":"string","b":"number"}])"},
        TypeCase{"object({a = optional(string)})", R"(["object",{"a":"string"},["a"]])"},
        TypeCase{"object({a = optional(string, \"x\"), b = number})", R"(["object",{"a":"string","b":"number"},["a"]])"},
        TypeCase{"map(list(set(object({x = optional(number)}))))", R"(["map",["list",["set",["object",{"x":"number"},["x"]]]]])"},
        // A trailing `...` and newlines are not part of a type's shape.
        TypeCase{"list(string...)", R"(["list","string"])"}, TypeCase{"object({\n  a = string\n  b = bool\n})", R"(["object",{"a":"string","b":"bool"}])"}));

struct DiagCase {
  const char* name;
  const char* expr;
  TypeExprMode mode;
  const char* summary;
  const char* detail;
  int subject_start;  // 1-based columns on line 1
  int subject_end;
};

class TypeDiagnostics : public ::testing::TestWithParam<DiagCase> {};

TEST_P(TypeDiagnostics, SayWhatIsWrongWhere) {
  const DiagCase& c = GetParam();
  TypeConstraintResult r = constraint_of(c.expr, c.mode);
  ASSERT_FALSE(r.diagnostics.empty()) << c.expr;
  const Diagnostic& d = r.diagnostics[0];
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.summary, c.summary);
  EXPECT_EQ(d.detail, c.detail);
  ASSERT_TRUE(d.subject.has_value());
  EXPECT_EQ(d.subject->filename, "type.hcl");
  EXPECT_EQ(d.subject->start.column, c.subject_start) << c.expr;
  EXPECT_EQ(d.subject->end.column, c.subject_end) << c.expr;
}

constexpr auto kDefaults = TypeExprMode::constraint_with_defaults;
constexpr const char* kInvalid = "Invalid type specification";

INSTANTIATE_TEST_SUITE_P(
    TypeExpr, TypeDiagnostics,
    ::testing::Values(
        DiagCase{"unknown_keyword", "strng", kDefaults, kInvalid, "The keyword \"strng\" is not a valid type specification.", 1, 6},
        DiagCase{"null_keyword", "null", kDefaults, kInvalid, "The keyword \"null\" is not a valid type specification.", 1, 5},
        DiagCase{"any_in_exact", "list(any)", TypeExprMode::exact_type, kInvalid,
                 "The keyword \"any\" cannot be used in this type specification: an exact type is required.", 6, 9},
        DiagCase{"bare_list", "list", kDefaults, kInvalid, "The list type constructor requires one argument specifying the element type.", 1, 5},
        DiagCase{"bare_map", "map", kDefaults, kInvalid, "The map type constructor requires one argument specifying the element type.", 1, 4},
        DiagCase{"bare_object", "object", kDefaults, kInvalid,
                 "The object type constructor requires one argument specifying the attribute types and values as a map.", 1, 7},
        DiagCase{"bare_tuple", "tuple", kDefaults, kInvalid,
                 "The tuple type constructor requires one argument specifying the element types as a list.", 1, 6},
        DiagCase{"not_a_call", "\"string\"", kDefaults, kInvalid,
                 "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like "
                 "list(string).",
                 1, 9},
        DiagCase{"parenthesised", "(string)", kDefaults, kInvalid,
                 "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like "
                 "list(string).",
                 1, 9},
        DiagCase{"primitive_with_args", "string(1)", kDefaults, kInvalid, "Primitive type keyword \"string\" does not expect arguments.", 7, 10},
        DiagCase{"any_with_args", "any()", kDefaults, kInvalid, "Type constraint keyword \"any\" does not expect arguments.", 4, 6},
        DiagCase{"list_no_args", "list()", kDefaults, kInvalid, "The list type constructor requires one argument specifying the element type.", 5, 7},
        DiagCase{"set_two_args", "set(string, number, bool)", kDefaults, kInvalid,
                 "The set type constructor requires one argument specifying the element type.", 13, 25},
        DiagCase{"object_two_args", "object({}, {})", kDefaults, kInvalid,
                 "The object type constructor requires one argument specifying the attribute types and values as a map.", 12, 14},
        DiagCase{"tuple_no_args", "tuple()", kDefaults, kInvalid,
                 "The tuple type constructor requires one argument specifying the element types as a list.", 6, 8},
        DiagCase{"unknown_constructor", "lst(string)", kDefaults, kInvalid, "Keyword \"lst\" is not a valid type constructor.", 1, 12},
        DiagCase{"optional_outside_object", "list(optional(string))", kDefaults, kInvalid,
                 "Keyword \"optional\" is valid only as a modifier for object type attributes.", 6, 14},
        DiagCase{"object_not_a_map", "object([string])", kDefaults, kInvalid,
                 "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
                 8, 16},
        DiagCase{"tuple_not_a_list", "tuple({a = string})", kDefaults, kInvalid, "Tuple type constructor requires a list of element types.", 7, 19},
        DiagCase{"quoted_key", "object({\"a\" = string})", kDefaults, kInvalid, "Object constructor map keys must be attribute names.", 9, 12},
        DiagCase{"parenthesised_key", "object({(a) = string})", kDefaults, kInvalid, "Object constructor map keys must be attribute names.", 9, 12},
        DiagCase{"dotted_key", "object({a.b = string})", kDefaults, kInvalid, "Object constructor map keys must be attribute names.", 9, 12},
        DiagCase{"optional_no_args", "object({a = optional()})", kDefaults, kInvalid,
                 "Optional attribute modifier requires the attribute type as its argument.", 21, 23},
        DiagCase{"optional_three_args", "object({a = optional(string, \"x\", 1)})", kDefaults, kInvalid,
                 "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.", 21, 37},
        DiagCase{"optional_default_without_defaults", "object({a = optional(string, \"x\")})", TypeExprMode::constraint, kInvalid,
                 "Optional attribute modifier expects only one argument: the attribute type.", 21, 34},
        DiagCase{"optional_in_exact_type", "object({a = optional(string)})", TypeExprMode::exact_type, kInvalid,
                 "Optional attribute modifier is only for type constraints, not for exact types.", 13, 21},
        DiagCase{"default_wrong_type", "object({a = optional(number, \"many\")})", kDefaults, "Invalid default value for optional attribute",
                 "This default value is not compatible with the attribute's type constraint: a number is required.", 30, 36},
        DiagCase{"default_mismatch", "object({a = optional(list(string), {})})", kDefaults, "Invalid default value for optional attribute",
                 "This default value is not compatible with the attribute's type constraint: list of string required.", 36, 38},
        DiagCase{"default_calls_function", "object({a = optional(string, upper(\"x\"))})", kDefaults, "Function calls not allowed",
                 "Functions may not be called here.", 30, 40},
        DiagCase{"default_uses_variable", "object({a = optional(string, var.x)})", kDefaults, "Variables not allowed",
                 "Variables may not be used here.", 30, 33},
        DiagCase{"duplicate_attribute", "object({a = string, a = number})", kDefaults, kInvalid,
                 "The attribute \"a\" was already declared at type.hcl:1,9-10. Each attribute of an object type may be declared only once.", 21,
                 22}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(TypeExpr, ManyErrorsInOneRun) {
  TypeConstraintResult r = constraint_of("object({a = strng, \"b\" = number, c = optional(number, \"x\"), d = list})");
  ASSERT_EQ(r.diagnostics.size(), 4u);
  EXPECT_EQ(r.diagnostics[0].detail, "The keyword \"strng\" is not a valid type specification.");
  EXPECT_EQ(r.diagnostics[1].detail, "Object constructor map keys must be attribute names.");
  EXPECT_EQ(r.diagnostics[2].summary, "Invalid default value for optional attribute");
  EXPECT_EQ(r.diagnostics[3].detail, "The list type constructor requires one argument specifying the element type.");
  // The parts that were right still shape the type: bad parts become `any`.
  EXPECT_EQ(type_to_json(r.constraint.type()), R"(["object",{"a":"dynamic","c":"number","d":"dynamic"},["c"]])");
}

TEST(TypeExpr, ContextRangesCoverTheEnclosingExpression) {
  TypeConstraintResult r = constraint_of("object({\"a\" = string})");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  ASSERT_TRUE(r.diagnostics[0].context.has_value());
  EXPECT_EQ(r.diagnostics[0].context->start.column, 1);
  EXPECT_EQ(r.diagnostics[0].context->end.column, 23);
  TypeConstraintResult many = constraint_of("list(string, number)");
  ASSERT_TRUE(many.diagnostics[0].context.has_value());
  EXPECT_EQ(many.diagnostics[0].context->start.column, 5);  // the parentheses
  EXPECT_EQ(many.diagnostics[0].context->end.column, 21);
}

TEST(TypeExpr, DefaultsAreConvertedAndFormATree) {
  TypeConstraint tc = valid_constraint(
      "object({n = optional(number, \"3\"), s = optional(string), o = optional(object({x = optional(bool, true)}), {}), "
      "l = list(object({y = optional(string, \"why\")})), t = tuple([string, object({z = optional(number, 1)})])})");
  const TypeDefaults* d = tc.defaults();
  ASSERT_NE(d, nullptr);
  ASSERT_NE(d->value("n"), nullptr);
  EXPECT_EQ(json_of(*d->value("n")), "3");
  EXPECT_EQ(d->value("n")->type(), Type::number());  // converted at declaration
  EXPECT_EQ(d->value("s"), nullptr);                 // optional without default: no entry
  ASSERT_NE(d->value("o"), nullptr);
  EXPECT_EQ(json_of(*d->value("o")), R"({"x":null})");  // converted to the attribute's type
  ASSERT_NE(d->child("o"), nullptr);
  EXPECT_EQ(json_of(*d->child("o")->value("x")), "true");
  const TypeDefaults* list = d->child("l");
  ASSERT_NE(list, nullptr);
  EXPECT_TRUE(list->type.is_list());
  ASSERT_NE(list->child(""), nullptr);
  EXPECT_EQ(json_of(*list->child("")->value("y")), "\"why\"");
  const TypeDefaults* tuple = d->child("t");
  ASSERT_NE(tuple, nullptr);
  EXPECT_EQ(tuple->child("0"), nullptr);
  ASSERT_NE(tuple->child("1"), nullptr);
  EXPECT_EQ(json_of(*tuple->child("1")->value("z")), "1");
  EXPECT_EQ(valid_constraint("object({a = optional(string)})").defaults(), nullptr);
  EXPECT_EQ(valid_constraint("list(string)").defaults(), nullptr);
}

TEST(TypeExpr, ConstraintModeAcceptsOptionalWithoutDefault) {
  TypeConstraintResult r = constraint_of("object({a = optional(string)})", TypeExprMode::constraint);
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_TRUE(r.constraint.type().attribute_optional("a"));
  EXPECT_EQ(r.constraint.defaults(), nullptr);
}

// In the JSON syntax a type is a string holding native syntax, positioned at the string's token.
TEST(TypeExpr, JsonSyntaxStrings) {
  auto parsed = parse_json(SourceFile::from_string("v.tf.json", R"J({"type": "object({a = optional(string, \"x\"), b = list(nmber)})"})J"));
  ASSERT_FALSE(has_errors(parsed.diagnostics));
  auto content = parsed.file->body().just_attributes();
  ASSERT_EQ(content.attributes.size(), 1u);
  TypeConstraintResult r = parse_type_constraint(*content.attributes[0].expr);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].detail, "The keyword \"nmber\" is not a valid type specification.");
  EXPECT_EQ(r.diagnostics[0].subject->filename, "v.tf.json");
  // The string token starts at column 10 and HCL positions its decoded text there (at the quote,
  // not after it), so `nmber`, 44 characters into the text, is reported at column 54.
  EXPECT_EQ(r.diagnostics[0].subject->start.column, 10 + 44);
  EXPECT_EQ(type_to_json(r.constraint.type()), R"(["object",{"a":"string","b":["list","dynamic"]},["a"]])");
  auto keyword = parse_json(SourceFile::from_string("k.json", R"({"t": "string", "n": 1, "o": {"a": "string"}})"));
  auto attrs = keyword.file->body().just_attributes().attributes;
  std::map<std::string, const Expression*> by_name;
  for (const auto& a : attrs) by_name[std::string(a.name)] = a.expr;
  TypeConstraintResult s = parse_type_constraint(*by_name["t"]);
  EXPECT_TRUE(s.diagnostics.empty());
  EXPECT_EQ(s.constraint.type(), Type::string());
  EXPECT_EQ(parse_type_constraint(*by_name["n"]).diagnostics.at(0).summary, "Invalid type specification");
  EXPECT_EQ(parse_type_constraint(*by_name["o"]).diagnostics.at(0).summary, "Invalid type specification");
}

}  // namespace
