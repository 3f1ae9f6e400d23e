// A number of more than Number::max_digits (20 million) digits is not written out in full where
// cty's text is due: the JSON encoding fails ("number too large to write out"), as does the
// conversion to string, and so format()'s %d and %f even without a work limit. The JSON
// encoding also keeps the total of the long numbers it writes to that limit.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/schema.hpp"
#include "hclschema/value/convert.hpp"
#include "hclschema/value/json.hpp"

namespace hclschema {
namespace {

Value number(const std::string& text) { return Value::number(*Number::parse(text)); }

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(NumberWriteOutLimit, JsonEncodingRefusesANumberPastTheLimit) {
  ValueError error;
  EXPECT_FALSE(value_to_json(number("1e20000000"), Type::number(), &error));
  EXPECT_EQ(error.message, "number too large to write out: its decimal text would have 20000001 digits, more than the limit of 20000000");
  EXPECT_EQ(error.path, "");
  const Value object = Value::object({{"a", Value::tuple({Value::number(Number(int64_t{1})), number("-1e-30000000")})}});
  EXPECT_FALSE(value_to_json(object, object.type(), &error));
  EXPECT_TRUE(contains(error.message, "30000001 digits")) << error.message;
  EXPECT_EQ(error.path, ".a[1]");
  // At the limit, in full.
  auto at_limit = value_to_json(number("1e19999999"), Type::number());
  ASSERT_TRUE(at_limit);
  EXPECT_EQ(at_limit->size(), 20'000'000u);
}

TEST(NumberWriteOutLimit, JsonEncodingKeepsTheLongNumbersTogetherToTheLimit) {
  // Each of ten million digits, two of them within the limit, three past it.
  auto two = value_to_json(Value::tuple({number("1e9999999"), number("2e9999999")}), Type::tuple({Type::number(), Type::number()}));
  ASSERT_TRUE(two);
  EXPECT_EQ(two->size(), 20'000'003u);
  const Value three = Value::list(Type::number(), {number("1e9999999"), number("2e9999999"), number("3e9999999")});
  ValueError error;
  EXPECT_FALSE(value_to_json(three, three.type(), &error));
  EXPECT_EQ(error.message,
            "numbers too large to write out: together their decimal text would have 30000000 digits, more than the limit of 20000000");
  EXPECT_EQ(error.path, "[2]");
  // Ordinary numbers do not count, however many.
  std::vector<Value> many(10'000, number("1.5e300"));
  EXPECT_TRUE(value_to_json(Value::list(Type::number(), std::move(many)), Type::list(Type::number())));
}

TEST(NumberWriteOutLimit, ConversionToStringRefusesANumberPastTheLimit) {
  auto r = convert(number("-1e20000000"), Type::string());
  EXPECT_FALSE(r.value);
  EXPECT_EQ(r.error.message,
            "number too large to convert to string: its decimal text would have 20000001 digits, more than the limit of 20000000");
  auto ok = convert(number("1e-19999999"), Type::string());
  ASSERT_TRUE(ok.value);
  EXPECT_EQ(ok.value->as_string().size(), 20'000'001u);
}

TEST(NumberWriteOutLimit, FormatRefusesDigitsPastTheLimitWithoutAWorkLimit) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.work_limit = 0;  // no work limit: what stops these is the number's own
  auto eval = [&](const std::string& text) {
    ParsedExpression parsed = parse_expression(text, "limit.hcl");
    EXPECT_TRUE(parsed.expr) << text;
    return evaluate(*parsed.expr, &ctx);
  };
  for (const char* text : {"format(\"%d\", 1e600000000)", "format(\"%f\", 1e600000000)", "format(\"%x\", 1e600000000)",
                           "format(\"%s\", 1e600000000)", "tostring(1e600000000)", "jsonencode([1e600000000])",
                           "\"a${1e600000000}\""}) {
    EvalResult r = eval(text);
    ASSERT_EQ(r.diagnostics.size(), 1u) << text;
    EXPECT_TRUE(contains(r.diagnostics[0].detail, "too large to")) << text << ": " << r.diagnostics[0].detail;
    EXPECT_TRUE(contains(r.diagnostics[0].detail, "600000001 digits")) << text << ": " << r.diagnostics[0].detail;
  }
  // The verbs that write an exponent write the number at any size.
  EvalResult e = eval("format(\"%e|%v|%g\", 1e600000000, -1.5e600000000, 2e-600000000)");
  ASSERT_TRUE(e.diagnostics.empty()) << e.diagnostics[0].detail;
  EXPECT_EQ(e.value.as_string(), "1.000000e+600000000|-1.5e+600000000|2e-600000000");
}

TEST(NumberWriteOutLimit, SchemaDiagnosticsAndHoverShowSuchANumberWithAnExponent) {
  // display_value (the "got" of a schema diagnostic, a default in hover): as to_string writes it.
  EXPECT_EQ(display_value(number("-1.5e20000000"), false), "-1.5e+20000000");
  EXPECT_EQ(display_value(number("-1.5e20000000"), true), "(sensitive value)");
  EXPECT_EQ(display_value(number("1.5e300"), false), "15" + std::string(299, '0'));
}

}  // namespace
}  // namespace hclschema
