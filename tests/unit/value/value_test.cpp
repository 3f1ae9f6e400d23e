// Unit tests of the value layer: types, numbers (and their allocation-free fast path), values,
// marks, sets, JSON encodings and conversion. The golden test compares thousands more cases with
// go-cty; these pin the rules one by one.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "hclschema/value.hpp"

// Counting allocator: the fast path for small numbers must not allocate.
namespace {
std::atomic<long> g_allocations{0};
}
[[gnu::noinline]] void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
// Every form of plain new and delete is replaced together, so that memory from one is always
// released by its partner (AddressSanitizer checks the pairing). None is inlined: GCC 12, seeing
// std::malloc or std::free inlined where its partner operator was not, warned of a mismatched
// pair (-Wmismatched-new-delete).
void* operator new[](std::size_t n) { return ::operator new(n); }
[[gnu::noinline]] void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  ++g_allocations;
  return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n, const std::nothrow_t& tag) noexcept { return ::operator new(n, tag); }
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete[](void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace {

using namespace hclschema;

Number num(const char* s) { return *Number::parse(s); }

TEST(ValueNumber, SmallIntegersDoNotAllocate) {
  Number a = num("123456789");
  Number b = num("-42");
  long before = g_allocations.load();
  for (int i = 0; i < 1000; ++i) {
    Number s = *Number::add(a, b).value;
    Number d = *Number::subtract(s, b).value;
    Number m = *Number::multiply(d, Number(3)).value;
    Number q = *Number::divide(m, Number(3)).value;
    Number r = *Number::modulo(q, Number(1000)).value;
    EXPECT_TRUE(r.is_small());
    (void)Number::compare(a, r);
    (void)Number::parse("987654321");
  }
  EXPECT_EQ(g_allocations.load() - before, 0);
}

TEST(ValueNumber, FastPathAndPromotion) {
  EXPECT_TRUE(num("42").is_small());
  EXPECT_FALSE(num("0.5").is_small());
  EXPECT_FALSE(num("-0").is_small());  // -0 needs the big form
  EXPECT_FALSE(num("12345678901234567890123").is_small());
  // Overflow promotes, and an integral big result falls back to the fast path.
  Number big = *Number::add(Number(INT64_MAX), Number(1)).value;
  EXPECT_FALSE(big.is_small());
  EXPECT_EQ(big.to_string(), "9223372036854775808");
  EXPECT_TRUE(Number::subtract(big, Number(1)).value->is_small());
}

struct FormatCase {
  const char* in;
  const char* out;
};
class ValueNumberFormat : public testing::TestWithParam<FormatCase> {};
TEST_P(ValueNumberFormat, AsCtyWrites) {
  auto n = Number::parse(GetParam().in);
  ASSERT_TRUE(n);
  EXPECT_EQ(n->to_string(), GetParam().out);
}
INSTANTIATE_TEST_SUITE_P(Cases, ValueNumberFormat, testing::Values(
  FormatCase{"1", "1"}, FormatCase{"1.5", "1.5"}, FormatCase{"-0", "-0"}, FormatCase{"1e3", "1000"},
  FormatCase{"12345678901234567890123", "12345678901234567890123"}, FormatCase{"0.1", "0.1"},
  FormatCase{".5", "0.5"}, FormatCase{"5.", "5"}, FormatCase{"+7", "7"}, FormatCase{"Inf", "+Inf"},
  FormatCase{"-inf", "-Inf"}, FormatCase{"1p3", "8"}, FormatCase{"1e-7", "0.0000001"}));

TEST(ValueNumber, RejectsWhatCtyRejects) {
  for (const char* bad : {"", "-", ".", "e5", "1e", "0x10", "1_000", " 1", "1 ", "NaN", "Infinity", "1.2.3"})
    EXPECT_FALSE(Number::parse(bad)) << bad;
}

TEST(ValueNumber, Arithmetic) {
  EXPECT_EQ(Number::add(num("0.1"), num("0.2")).value->to_string(), "0.3");
  EXPECT_EQ(Number::divide(num("1"), num("4")).value->to_string(), "0.25");
  EXPECT_EQ(Number::divide(num("1"), num("0")).value->to_string(), "+Inf");
  EXPECT_EQ(Number::divide(num("-1"), num("0")).value->to_string(), "-Inf");
  EXPECT_EQ(Number::divide(num("0"), num("0")).error, "can't divide zero by zero or infinity by infinity");
  EXPECT_EQ(Number::modulo(num("-7.5"), num("2")).value->to_string(), "-1.5");
  EXPECT_EQ(Number::modulo(num("7"), num("0")).value->to_string(), "7");
  EXPECT_EQ(Number::modulo(num("-7"), num("3")).value->to_string(), "-1");
  EXPECT_EQ(Number::multiply(num("-5"), num("0")).value->to_string(), "-0");
  EXPECT_EQ(Number::add(num("Inf"), num("-Inf")).error, "can't compute sum of opposing infinities");
  EXPECT_EQ(Number::multiply(num("0"), num("Inf")).error, "can't multiply zero by infinity");
  EXPECT_EQ(num("-0"), num("0"));
  EXPECT_LT(num("0.1"), num("0.2"));
  EXPECT_EQ(num("12345678901").to_g10_string(), "1.23456789e+10");
}

TEST(ValueType, NamesAndJson) {
  Type obj = Type::object({{"b", Type::number()}, {"a", Type::string()}}, {"b"});
  EXPECT_EQ(type_to_json(obj), R"(["object",{"a":"string","b":"number"},["b"]])");
  EXPECT_EQ(Type::list(Type::string()).friendly_name(), "list of string");
  EXPECT_EQ(Type::list(Type()).friendly_name_for_constraint(), "list of any single type");
  EXPECT_EQ(Type().friendly_name(), "dynamic");
  EXPECT_EQ(Type().friendly_name_for_constraint(), "any type");
  EXPECT_EQ(obj.friendly_name(), "object");
  for (const char* j : {R"("string")", R"(["list","string"])", R"(["object",{"a":"number"}])",
                        R"(["tuple",["bool","dynamic"]])", R"(["map",["set","number"]])"})
    EXPECT_EQ(type_to_json(*type_from_json(j)), j);
  EXPECT_FALSE(type_from_json(R"("strin")"));
  EXPECT_EQ(Type::list(Type::string()), *type_from_json(R"(["list","string"])"));
  EXPECT_NE(Type::list(Type::string()), Type::set(Type::string()));
}

TEST(ValueValue, StringsAreNfcAndCountGraphemes) {
  Value v = Value::string("e\xCC\x81");  // e + combining acute
  EXPECT_EQ(v.as_string(), "\xC3\xA9");
  EXPECT_EQ(v.string_length(), 1u);
  EXPECT_EQ(Value::string("\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD").string_length(), 1u);  // thumbs up + tone
}

TEST(ValueValue, SetsAreUniqueAndOrderedAsCty) {
  Value s = Value::set(Type::number(), {Value::number(10), Value::number(9), Value::number(10), Value::number(-1)});
  EXPECT_EQ(*value_to_json(s, s.type()), "[-1,9,10]");
  Value t = Value::set(Type::string(), {Value::string("b"), Value::string("a"), Value::string("B")});
  EXPECT_EQ(*value_to_json(t, t.type()), R"(["B","a","b"])");
  // Sets of lists order by cty's hash text, where numbers are written %.10g: "[10;]" < "[9;]".
  Value l = Value::set(Type::list(Type::number()), {Value::list(Type::number(), {Value::number(9)}),
                                                     Value::list(Type::number(), {Value::number(10)})});
  EXPECT_EQ(*value_to_json(l, l.type()), "[[10],[9]]");
}

TEST(ValueValue, MarksPropagate) {
  Value secret = Value::string("x").with_mark(sensitive_mark);
  EXPECT_TRUE(secret.has_mark("sensitive"));
  // Through conversion.
  auto r = convert(secret, Type::string());
  EXPECT_TRUE(r.value->has_mark("sensitive"));
  auto n = convert(Value::string("5").with_mark(sensitive_mark), Type::number());
  EXPECT_TRUE(n.value->has_mark("sensitive"));
  // Through equality.
  EXPECT_TRUE(equals(secret, Value::string("y")).has_mark("sensitive"));
  // Into a set: element marks move to the set.
  Value s = Value::set(Type::string(), {secret});
  EXPECT_TRUE(s.has_mark("sensitive"));
  EXPECT_FALSE(s.elements()[0].is_marked());
  // Nested, through collection conversion.
  Value l = Value::tuple({secret, Value::string("b")});
  auto lr = convert(l, Type::list(Type::string()));
  EXPECT_TRUE(lr.value->elements()[0].has_mark("sensitive"));
  EXPECT_EQ(union_marks({"a"}, {"sensitive"}), (Marks{"a", "sensitive"}));
}

TEST(ValueValue, EqualsWithUnknownsAndNulls) {
  Value u = Value::unknown(Type::string());
  EXPECT_FALSE(equals(u, Value::string("a")).is_known());
  EXPECT_FALSE(equals(u, Value::number(1)).as_bool());  // types differ: false even though unknown
  EXPECT_TRUE(equals(Value::null(Type::string()), Value::null(Type::number())).as_bool());
  EXPECT_FALSE(equals(Value::null(Type::string()), Value::string("")).as_bool());
  EXPECT_TRUE(equals(Value::number(num("1.0")), Value::number(1)).as_bool());
  Value t1 = Value::tuple({Value::number(1), u});
  Value t2 = Value::tuple({Value::number(2), u});
  EXPECT_FALSE(equals(t1, t2).as_bool());  // a known difference decides
}

struct ConvertCase {
  const char* type;
  const char* value;
  const char* to;
  const char* result;  // JSON, or "error: message"
};
class ValueConvert : public testing::TestWithParam<ConvertCase> {};
TEST_P(ValueConvert, AsCty) {
  const auto& c = GetParam();
  Type t = *type_from_json(c.type);
  Type to = *type_from_json(c.to);
  auto v = value_from_json(c.value, t);
  ASSERT_TRUE(v);
  auto r = convert(*v, to);
  std::string got = r.value ? *value_to_json(*r.value, r.value->type()) : "error: " + r.error.message;
  EXPECT_EQ(got, c.result);
}
INSTANTIATE_TEST_SUITE_P(Cases, ValueConvert, testing::Values(
  ConvertCase{R"("number")", "1.5", R"("string")", R"("1.5")"},
  ConvertCase{R"("string")", R"("12")", R"("number")", "12"},
  ConvertCase{R"("string")", R"("x")", R"("number")", "error: a number is required"},
  ConvertCase{R"("string")", R"("true")", R"("bool")", "true"},
  ConvertCase{R"("string")", R"("1")", R"("bool")", "true"},
  ConvertCase{R"("string")", R"("True")", R"("bool")",
              R"(error: a bool is required; to convert from string, use lowercase "true")"},
  ConvertCase{R"("bool")", "false", R"("string")", R"("false")"},
  ConvertCase{R"(["tuple",["string","number"]])", R"(["a",1])", R"(["list","string"])", R"(["a","1"])"},
  ConvertCase{R"(["tuple",["string","number"]])", R"(["a",1])", R"(["list","number"])", "error: a number is required"},
  ConvertCase{R"(["tuple",["bool","number"]])", R"([true,1])", R"(["list","dynamic"])",
              "error: all list elements must have the same type"},
  ConvertCase{R"(["tuple",["string","number"]])", R"(["a",1])", R"(["list","dynamic"])", R"(["a","1"])"},
  ConvertCase{R"(["list","string"])", R"(["b","a","b"])", R"(["set","string"])", R"(["a","b"])"},
  ConvertCase{R"(["object",{"a":"string"}])", R"({"a":"x"})", R"(["object",{"b":"string","c":"number"}])",
              R"(error: attributes "b" and "c" are required)"},
  ConvertCase{R"(["object",{"a":"string"}])", R"({"a":"x"})", R"(["object",{"name":"string"}])",
              R"(error: attribute "name" is required)"},
  ConvertCase{R"(["object",{"a":"string"}])", R"({"a":"x"})", R"(["object",{"a":"string","b":"number"},["b"]])",
              R"({"a":"x","b":null})"},
  ConvertCase{R"(["tuple",["string"]])", R"(["x"])", R"(["list",["list","string"]])", "error: element 0: list of string required"},
  ConvertCase{R"(["map","string"])", R"({"a":"1"})", R"(["object",{"a":"number"}])", R"({"a":1})"},
  ConvertCase{R"(["object",{"a":"string","b":"number"}])", R"({"a":"x","b":1})", R"(["map","string"])",
              R"({"a":"x","b":"1"})"},
  ConvertCase{R"("string")", R"("x")", R"("dynamic")", R"("x")"}));  // into dynamic: unchanged

TEST(ValueUnify, AsCty) {
  EXPECT_EQ(unify({Type::string(), Type::number()}, false), Type::string());
  EXPECT_EQ(unify({Type::number(), Type::boolean()}, false), std::nullopt);
}

TEST(ValueJson, DecodeErrorsAndPaths) {
  ValueError e;
  EXPECT_FALSE(value_from_json(R"({"a":1})", Type::object({{"b", Type::string()}}), &e));
  EXPECT_EQ(e.message, R"(unsupported attribute "a")");
  EXPECT_FALSE(value_from_json(R"(["a","b"])", Type::tuple({Type::string()}), &e));
  EXPECT_EQ(e.message, "too many tuple elements (need 1)");
  EXPECT_FALSE(value_from_json("[true]", Type::list(Type::number()), &e));
  EXPECT_EQ(e.message, "number is required");
  EXPECT_EQ(e.path, "[0]");
  // Numbers beyond a double's range stay exact.
  auto big = value_from_json("1e400", Type::number());
  EXPECT_EQ(value_to_json(*big, Type::number())->size(), 401u);
  EXPECT_EQ(*value_to_json(Value::string("<&>\n"), Type::string()), R"("\u003c\u0026\u003e\n")");
}

// Assigning a value that lies inside the assigned one's own data, as a traversal stepping down
// does (`cur = cur.elements()[0]`): the old data, which this value alone owns, holds the new
// value, so all of the new value must be read before it goes (AddressSanitizer reported a read
// after free of the marks when the members were assigned one by one).
TEST(ValueAssignment, FromAValueInsideItsOwnData) {
  Value v = Value::tuple({Value::string("an element long enough to have a heap buffer").with_mark(sensitive_mark)}).with_mark("outer");
  v = v.elements()[0];
  EXPECT_EQ(v.as_string(), "an element long enough to have a heap buffer");
  EXPECT_TRUE(v.has_mark(sensitive_mark));
  EXPECT_FALSE(v.has_mark("outer"));

  Value o = Value::object({{"a", Value::list(Type::number(), {Value::number(7)}).with_mark(sensitive_mark)}});
  o = *o.get("a");
  o = o.unmarked();
  o = o.elements()[0];
  EXPECT_EQ(o.as_number(), Number(7));
}

}  // namespace
