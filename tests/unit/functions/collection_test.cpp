// Tests of the collection functions: results and Terraform's error texts through evaluate().
#include <gtest/gtest.h>

#include "function_test_util.hpp"

namespace hclschema {
namespace {

using testing_fn::Case;
using testing_fn::outcome;

TEST(CollectionFunctionsTest, Table) {
  const std::vector<Case> cases = {
      {"alltrue([true, true])", R"("bool" true)"},
      {"alltrue([true, false])", R"("bool" false)"},
      {"alltrue([])", R"("bool" true)"},
      {"alltrue([\"x\"])", "error: Invalid value for \"list\" parameter: a bool is required."},
      {"anytrue([false, true])", R"("bool" true)"},
      {"anytrue([])", R"("bool" false)"},
      {"chunklist([1,2,3], 2)", R"(["list",["list","number"]] [[1,2],[3]])"},
      {"chunklist([1,2], 0)", R"(["list",["list","number"]] [[1,2]])"},
      {"chunklist([1,2,3], -1)", "error: Call to function \"chunklist\" failed: the size argument must be positive."},
      {"coalesce(null, \"\", \"b\")", R"("string" "b")"},
      {"coalesce(null, 1)", R"("number" 1)"},
      {"coalesce(null, \"\")", "error: Call to function \"coalesce\" failed: no non-null, non-empty-string arguments."},
      {"coalesce(1, [1])", "error: Call to function \"coalesce\" failed: all arguments must have the same type."},
      {"range()", "error: Call to function \"range\" failed: must have one, two, or three arguments."},
      {"range(0, 1, 0.25)", R"(["list","number"] [0,0.25,0.5,0.75])"},
      {"range(0, 2000)", "error: Call to function \"range\" failed: more than 1024 values were generated; either decrease the difference between start and end or use a smaller step."},
      {"coalescelist([], [1])", R"(["tuple",["number"]] [1])"},
      {"coalescelist(\"a\")", "error: Call to function \"coalescelist\" failed: coalescelist arguments must be lists or tuples."},
      {"compact([\"a\", \"\", null, \"b\"])", R"(["list","string"] ["a","b"])"},
      {"concat([\"a\"], [\"b\"])", R"(["tuple",["string","string"]] ["a","b"])"},
      {"concat(tolist([\"a\"]), tolist([\"b\"]))", R"(["list","string"] ["a","b"])"},
      {"concat(\"a\")", "error: Invalid value for \"seqs\" parameter: all arguments must be lists or tuples; got string."},
      {"contains([\"a\", \"b\"], \"b\")", R"("bool" true)"},
      {"contains([\"a\"], \"c\")", R"("bool" false)"},
      {"contains(\"a\", \"c\")", "error: Call to function \"contains\" failed: argument must be list, tuple, or set."},
      {"distinct([\"a\", \"b\", \"a\"])", R"(["list","string"] ["a","b"])"},
      // The first of equal elements, in list order (found by sorting, not by pairs); numbers equal
      // however written, objects and nulls.
      {"distinct([3, 1, 3.0, 2, 1, 30e-1])", R"(["list","number"] [3,1,2])"},
      {"distinct([{a = 2}, {a = 1}, {a = 2}, {a = null}, {a = 1}, {a = null}])",
       R"(["list",["object",{"a":"number"}]] [{"a":2},{"a":1},{"a":null}])"},
      {"distinct([\"b\", null, \"a\", null, \"b\"])", R"(["list","string"] ["b",null,"a"])"},
      {"length(distinct(concat(range(1024), reverse(range(1024)), range(512))))", R"("number" 1024)"},
      {"element([\"a\", \"b\"], 3)", R"("string" "b")"},
      {"element([\"a\"], -1)", "error: Call to function \"element\" failed: cannot use element function with a negative index."},
      {"element([\"a\"], 0.5)", "error: Call to function \"element\" failed: invalid index: value must be a whole number, between -9223372036854775808 and 9223372036854775807."},
      {"chunklist([1], 1.5)", "error: Call to function \"chunklist\" failed: invalid size: value must be a whole number, between -9223372036854775808 and 9223372036854775807."},
      {"slice([\"a\"], 0.5, 1)", "error: Invalid value for \"start_index\" parameter: invalid start index: value must be a whole number, between -9223372036854775808 and 9223372036854775807."},
      {"element([], 0)", "error: Call to function \"element\" failed: cannot use element function with an empty list."},
      {"flatten([[\"a\"], [[\"b\"]], \"c\"])", R"(["tuple",["string","string","string"]] ["a","b","c"])"},
      {"flatten(\"a\")", "error: Call to function \"flatten\" failed: can only flatten lists, sets and tuples."},
      {"index([\"a\", \"b\"], \"b\")", R"("number" 1)"},
      {"index([\"a\"], \"z\")", "error: Call to function \"index\" failed: item not found."},
      {"keys({b = 1, a = 2})", R"(["tuple",["string","string"]] ["a","b"])"},
      {"keys(tomap({b = 1}))", R"(["list","string"] ["b"])"},
      {"keys(\"x\")", "error: Invalid value for \"inputMap\" parameter: must have map or object type."},
      {"length(\"héllo\")", R"("number" 5)"},
      {"length([1, 2, 3])", R"("number" 3)"},
      {"length({a = 1})", R"("number" 1)"},
      {"length(1)", "error: Call to function \"length\" failed: argument must be a string, a collection type, or a structural type."},
      {"lookup({a = \"x\"}, \"a\")", R"("string" "x")"},
      {"lookup({a = \"x\"}, \"b\", \"d\")", R"("string" "d")"},
      {"lookup(tomap({a = \"x\"}), \"b\")", "error: Call to function \"lookup\" failed: lookup failed to find key \"b\"."},
      // Terraform's object rules: the attribute's type, else the default's, else an argument error.
      {"lookup({a = \"x\", n = 1}, \"n\", \"d\")", R"("number" 1)"},
      {"lookup({a = \"x\"}, \"b\", [1])", R"(["tuple",["number"]] [1])"},
      {"lookup({a = \"x\"}, \"b\")", "error: Invalid value for \"inputMap\" parameter: the given object has no attribute \"b\"."},
      {"lookup({a = \"x\"}, \"b\", 1, 2)", "error: Call to function \"lookup\" failed: lookup() takes two or three arguments, got 4."},
      {"lookup(\"a\", \"b\")", "error: Invalid value for \"inputMap\" parameter: lookup() requires a map as the first argument."},
      {"merge({a = 1}, {b = 2}, null)", R"(["object",{"a":"number","b":"number"}] {"a":1,"b":2})"},
      {"merge(tomap({a = 1}), tomap({a = 3}))", R"(["map","number"] {"a":3})"},
      {"merge(tomap({a = 1}), tomap({b = \"x\"}))", R"(["object",{"a":"number","b":"string"}] {"a":1,"b":"x"})"},
      {"merge()", R"(["object",{}] {})"},
      {"setproduct([\"a\", \"b\"], [1, 2])", R"(["list",["tuple",["string","number"]]] [["a",1],["a",2],["b",1],["b",2]])"},
      {"setproduct(toset([\"a\"]), [])", R"(["set",["tuple",["string","dynamic"]]] [])"},
      {"setproduct([\"a\"])", "error: Call to function \"setproduct\" failed: at least two arguments are required."},
      {"setproduct([\"a\"], \"b\")", "error: Invalid value for \"sets\" parameter: a set or a list is required."},
      {"merge(\"a\")", "error: Call to function \"merge\" failed: arguments must be maps or objects, got \"string\"."},
      {"one([])", R"("dynamic" null)"},
      {"one([\"a\"])", R"("string" "a")"},
      {"one([1, 2])", "error: Invalid value for \"list\" parameter: must be a list, set, or tuple value with either zero or one elements."},
      {"range(3)", R"(["list","number"] [0,1,2])"},
      {"range(1, 7, 3)", R"(["list","number"] [1,4])"},
      {"range(3, 0, -1)", R"(["list","number"] [3,2,1])"},
      {"range(1, 2, 0)", "error: Invalid value for \"params\" parameter: step must not be zero."},
      {"range(5, 1)", R"(["list","number"] [5,4,3,2])"}, {"range(-2)", R"(["list","number"] [0,-1])"},
      {"reverse([1, \"a\"])", R"(["tuple",["string","number"]] ["a",1])"},
      {"reverse(toset([1]))", "error: Invalid value for \"list\" parameter: can only reverse list or tuple values, not set of number."},
      {"setunion([\"a\"], [\"b\", \"a\"])", R"(["set","string"] ["a","b"])"},
      {"setintersection([\"a\", \"b\"], [\"b\"])", R"(["set","string"] ["b"])"},
      {"setsubtract([\"a\", \"b\"], [\"b\"])", R"(["set","string"] ["a"])"},
      {"setunion([\"a\"], [[1]])", "error: Call to function \"setunion\" failed: given sets must all have compatible element types."},
      {"slice([\"a\", \"b\", \"c\"], 1, 3)", R"(["tuple",["string","string"]] ["b","c"])"},
      {"slice([\"a\"], 1, 0)", "error: Invalid value for \"start_index\" parameter: start index must not be greater than end index."},
      {"slice([\"a\"], 0, 2)", "error: Invalid value for \"end_index\" parameter: end index must not be greater than the length of the list."},
      {"sort([\"b\", \"a\", \"c\"])", R"(["list","string"] ["a","b","c"])"},
      {"sum([1, 2.5])", R"("number" 3.5)"},
      {"sum([])", "error: Invalid value for \"list\" parameter: cannot sum an empty list."},
      {"sum(\"a\")", "error: Invalid value for \"list\" parameter: argument must be list, set, or tuple. Received string."},
      {"transpose({a = [\"1\", \"2\"], b = [\"2\"]})", R"(["map",["list","string"]] {"1":["a"],"2":["a","b"]})"},
      {"values({b = 1, a = \"x\"})", R"(["tuple",["string","number"]] ["x",1])"},
      {"values(\"x\")", "error: Call to function \"values\" failed: values() requires a map as the first argument."},
      {"zipmap([\"a\", \"b\"], [1, 2])", R"(["object",{"a":"number","b":"number"}] {"a":1,"b":2})"},
      {"zipmap([\"a\"], [1, 2])", "error: Call to function \"zipmap\" failed: number of keys (1) does not match number of values (2)."},
  };
  for (const auto& c : cases) EXPECT_EQ(outcome(c.expr), c.want) << c.expr;
}

TEST(CollectionFunctionsTest, SensitiveArgumentsGiveSensitiveResults) {
  const char* exprs[] = {
      "alltrue([true, snum == 3])", "anytrue([snum == 3])", "chunklist(slist, 1)", "coalesce(secret, \"x\")",
      "coalescelist(slist, [])", "compact(slist)", "concat(slist, [])", "contains(slist, \"a\")", "distinct(slist)",
      "element(slist, 0)", "flatten(slist)", "index(slist, \"a\")", "keys(smap)", "length(secret)",
      "lookup(smap, \"k\")", "merge(smap)", "one([secret])", "range(snum)", "reverse(slist)", "setunion(slist)",
      "setintersection(slist, slist)", "setproduct(slist, [1])", "setsubtract(slist, [])", "slice(slist, 0, 1)", "sort(slist)", "sum([snum])",
      "transpose({a = slist})", "values(smap)", "zipmap(slist, [1, 2])"};
  for (const char* e : exprs) EXPECT_TRUE(testing_fn::sensitive_result(e)) << e;
}

TEST(CollectionFunctionsTest, UnknownArgumentsGiveUnknownResults) {
  EXPECT_EQ(outcome("length(unk)", &testing_fn::sensitive_context()), R"(unknown "number")");
  EXPECT_EQ(outcome("contains([unk], \"a\")", &testing_fn::sensitive_context()), R"(unknown "bool")");
  EXPECT_EQ(outcome("sort([unk])", &testing_fn::sensitive_context()), R"(unknown ["list","string"])");
}

// As cty's stdlib (AllowMarked): a sensitive element stays on that element, the result is only
// sensitive as a whole when an argument itself was.
// keys of an unknown: an unknown of the result type (a list of strings for a map), marked when
// the argument is; an unknown object's keys are known from its type.
TEST(CollectionFunctionsTest, KeysOfUnknowns) {
  EvalContext ctx(&testing_fn::sensitive_context());
  ctx.set_variable("ud", Value::unknown(Type::dynamic()));
  ctx.set_variable("um", Value::unknown(Type::map(Type::number())));
  ctx.set_variable("uo", Value::unknown(Type::object({{"b", Type::string()}, {"a", Type::number()}})));
  ctx.set_variable("sum", Value::unknown(Type::map(Type::number())).with_mark("sensitive"));
  EXPECT_EQ(outcome("keys(ud)", &ctx), R"(unknown "dynamic")");
  EXPECT_EQ(outcome("keys(um)", &ctx), R"(unknown ["list","string"])");
  EXPECT_EQ(outcome("keys(uo)", &ctx), R"(["tuple",["string","string"]] ["a","b"])");
  EXPECT_EQ(outcome("keys(sum)", &ctx), R"(unknown ["list","string"])");
  EXPECT_FALSE(testing_fn::run("keys(um)", &ctx).value.is_marked());
  EXPECT_TRUE(testing_fn::run("keys(sum)", &ctx).value.has_mark("sensitive"));
}

// Functions of a fixed composite result type (built once, with the function) answer an unknown of
// that type for unknown arguments, call after call.
TEST(CollectionFunctionsTest, FixedResultTypesOfUnknownCalls) {
  EvalContext ctx(&testing_fn::sensitive_context());
  ctx.set_variable("un", Value::unknown(Type::number()));
  ctx.set_variable("ul", Value::unknown(Type::list(Type::string())));
  ctx.set_variable("um", Value::unknown(Type::map(Type::list(Type::string()))));
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(outcome("sort(ul)", &ctx), R"(unknown ["list","string"])");
    EXPECT_EQ(outcome("compact(ul)", &ctx), R"(unknown ["list","string"])");
    EXPECT_EQ(outcome("range(un)", &ctx), R"(unknown ["list","number"])");
    EXPECT_EQ(outcome("transpose(um)", &ctx), R"(unknown ["map",["list","string"]])");
    EXPECT_EQ(outcome("cidrsubnets(\"10.0.0.0/8\", un)", &ctx), R"(unknown ["list","string"])");
  }
}

// length of an unknown: an unknown number, marked when the argument is (only its own marks), but
// a known number for a tuple or an object, whose length is in the type.
TEST(CollectionFunctionsTest, LengthOfUnknowns) {
  EvalContext ctx(&testing_fn::sensitive_context());
  ctx.set_variable("ud", Value::unknown(Type::dynamic()));
  ctx.set_variable("ul", Value::unknown(Type::list(Type::string())));
  ctx.set_variable("ut", Value::unknown(Type::tuple({Type::string(), Type::number()})));
  ctx.set_variable("uo", Value::unknown(Type::object({{"a", Type::string()}})));
  ctx.set_variable("sud", Value::unknown(Type::dynamic()).with_mark("sensitive"));
  ctx.set_variable("sut", Value::unknown(Type::tuple({Type::string()})).with_mark("sensitive"));
  EXPECT_EQ(outcome("length(ud)", &ctx), R"(unknown "number")");
  EXPECT_EQ(outcome("length(ul)", &ctx), R"(unknown "number")");
  EXPECT_EQ(outcome("length(ut)", &ctx), R"("number" 2)");
  EXPECT_EQ(outcome("length(uo)", &ctx), R"("number" 1)");
  EXPECT_EQ(outcome("length(sud)", &ctx), R"(unknown "number")");
  EXPECT_EQ(outcome("length(sut)", &ctx), R"("number" 1)");
  const auto marked = [&](const char* text) { return testing_fn::run(text, &ctx).value.has_mark("sensitive"); };
  EXPECT_FALSE(marked("length(ud)"));
  EXPECT_TRUE(marked("length(sud)"));
  EXPECT_TRUE(marked("length(sut)"));
}

TEST(CollectionFunctionsTest, SensitiveElementsMarkOnlyWhatCameFromThem) {
  const std::vector<std::pair<std::string, Value>> vars = {{"sec", Value::string("s").with_mark("sensitive")},
                                                           {"slist", Value::list(Type::string(), {Value::string("b")}).with_mark("sensitive")}};
  auto check = [&](const std::string& text, bool top, bool nested) {
    auto parsed = parse_expression(text, "t.hcl");
    ASSERT_TRUE(parsed.expr) << text;
    EvalContext ctx;
    add_standard_functions(ctx);
    for (const auto& [k, v] : vars) ctx.set_variable(k, v);
    auto r = evaluate(*parsed.expr, &ctx);
    ASSERT_FALSE(has_errors(r.diagnostics)) << text;
    EXPECT_EQ(r.value.has_mark("sensitive"), top) << text;
    EXPECT_EQ(r.value.contains_marked(), nested) << text;
  };
  for (const char* e : {"chunklist([sec, \"a\", \"b\"], 2)", "concat([\"a\"], [sec])", "concat([sec, \"x\"])", "values({a = sec})",
                        "merge({a = \"x\"}, {z = sec})", "reverse([sec, \"a\"])", "slice([sec, \"a\"], 0, 1)", "zipmap([\"a\", \"b\"], [sec, \"x\"])",
                        "flatten([[sec], \"x\"])", "setproduct([sec], [\"a\"])"})
    check(e, false, true);
  for (const char* e : {"keys({a = sec})", "element([sec, \"x\"], 1)", "length([sec])", "slice([sec, \"a\"], 1, 2)"}) check(e, false, false);
  // The whole result is sensitive when the collection itself is, or a key is.
  for (const char* e : {"concat(slist, [\"a\"])", "reverse(slist)", "element(slist, 0)", "length(slist)", "zipmap([sec], [1])",
                        "chunklist(slist, 1)", "flatten([slist])", "merge(sensitive({a = 1}))"})
    check(e, true, true);
}

// Unknown arguments still give a result of the type cty would give, and known parts stay known.
TEST(CollectionFunctionsTest, UnknownsKeepWhatIsKnown) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.set_variable("ul", Value::unknown(Type::list(Type::string())));
  ctx.set_variable("um", Value::unknown(Type::map(Type::string())));
  ctx.set_variable("uo", Value::unknown(Type::object({{"a", Type::string()}})));
  ctx.set_variable("ud", Value::unknown(Type::dynamic()));
  ctx.set_variable("un", Value::unknown(Type::number()));
  ctx.set_variable("us", Value::unknown(Type::string()));
  const std::vector<Case> cases = {
      {"concat(ul, [\"a\"])", R"(unknown "dynamic")"},  // not all lists: a tuple of the unknown list's length
      {"concat(ul, tolist([\"a\"]))", R"(unknown ["list","string"])"},
      {"concat(ud, [\"a\"])", R"(unknown "dynamic")"},
      {"concat(ud, null)", R"(unknown "dynamic")"},
      {"merge(um, tomap({a = \"x\"}))", R"(unknown ["map","string"])"},
      {"merge(uo)", R"(unknown ["object",{"a":"string"}])"},
      {"merge(uo, {b = 1})", R"(unknown ["object",{"a":"string","b":"number"}])"},
      {"merge(um, {b = 1})", R"(unknown "dynamic")"},
      {"zipmap(ul, [1])", R"(unknown "dynamic")"},
      {"zipmap(ul, tolist([1]))", R"(unknown ["map","number"])"},
      {"zipmap([us], tolist([\"x\"]))", R"(unknown ["map","string"])"},
      {"flatten([[1], ud])", R"(unknown "dynamic")"},
      {"length(setproduct([\"a\"], [un]))", R"("number" 1)"},
      {"slice([1, 2, 3], 7, un)", "error: Invalid value for \"start_index\" parameter: start index must not be greater than the length of the list."},
      {"slice(ul, un, 0.5)", "error: Invalid value for \"end_index\" parameter: invalid end index: value must be a whole number, between -9223372036854775808 and 9223372036854775807."},
      {"slice([1, \"a\"], un, 1)", R"(unknown "dynamic")"},
      {"slice([1, \"a\"], 1, 2)", R"(["tuple",["string"]] ["a"])"},
  };
  for (const auto& c : cases) EXPECT_EQ(outcome(c.expr, &ctx), c.want) << c.expr;
  // setunion keeps a known set around its unknown element.
  auto parsed = parse_expression("setunion([us], [\"a\"])", "t.hcl");
  auto r = evaluate(*parsed.expr, &ctx);
  EXPECT_TRUE(r.value.is_known());
  EXPECT_FALSE(r.value.is_wholly_known());
}

// lookup() checks that the default converts to the map's element type even when the key exists.
TEST(CollectionFunctionsTest, LookupDefaultMustFitTheMap) {
  EXPECT_EQ(outcome("lookup(tomap({a = 1}), \"a\", \"x\")"),
            "error: Invalid value for \"default\" parameter: the default value must have the same type as the map elements.");
  EXPECT_EQ(outcome("lookup(tomap({a = \"v\"}), \"a\", [1])"),
            "error: Invalid value for \"default\" parameter: the default value must have the same type as the map elements.");
  EXPECT_EQ(outcome("lookup(tomap({a = 1}), \"b\", \"2\")"), R"("number" 2)");
}

// Terraform's lookup with unknowns: a partly unknown collection gives an unknown of the answer's
// type; an unknown default is fine when it is not needed.
TEST(CollectionFunctionsTest, LookupWithUnknowns) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.set_variable("uo", Value::unknown(Type::object({{"a", Type::string()}})));
  ctx.set_variable("us", Value::unknown(Type::string()));
  ctx.set_variable("sec", Value::string("k").with_mark("sensitive"));
  EXPECT_EQ(outcome("lookup(uo, \"a\", \"d\")", &ctx), R"(unknown "string")");
  EXPECT_EQ(outcome("lookup(uo, \"b\", 1)", &ctx), R"(unknown "number")");
  EXPECT_EQ(outcome("lookup({a = us}, \"b\", \"d\")", &ctx), R"(unknown "string")");
  EXPECT_EQ(outcome("lookup(tomap({k = \"v\"}), \"k\", us)", &ctx), R"("string" "v")");
  EXPECT_EQ(outcome("lookup(tomap({k = \"v\"}), sec)", &ctx), R"("string" "v")");
  EXPECT_EQ(outcome("lookup(tomap({k = \"v\"}), sensitive(\"z\"))", &ctx),
            "error: Call to function \"lookup\" failed: lookup failed to find key (sensitive value).");
}

}  // namespace
}  // namespace hclschema
