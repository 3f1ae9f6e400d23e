// parseint of very many digits: the integer rounded to 512 bits as cty's big.Int then big.Float
// give it, by MPFR's correctly rounded conversion in one step (ten million digits took minutes
// when multiplied in one at a time; a hang shows as ctest's timeout), in Go's digit alphabet.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"

namespace hclschema {
namespace {

Value parseint(const std::string& digits, int base) {
  EvalContext ctx;
  add_standard_functions(ctx);
  ctx.work_limit = 0;  // the budget would stop ten million digits; the conversion itself is timed here
  ctx.set_variable("s", Value::string(digits));
  ParsedExpression parsed = parse_expression("parseint(s, " + std::to_string(base) + ")", "parseint.hcl");
  EvalResult r = evaluate(*parsed.expr, &ctx);
  EXPECT_TRUE(r.diagnostics.empty()) << (r.diagnostics.empty() ? "" : r.diagnostics[0].detail);
  return r.value;
}

TEST(ParseintLong, RoundsToTheNumberTheDecimalTextGives) {
  // Base 10: the same number as the decimal literal, rounded to nearest even at 512 bits.
  std::mt19937_64 rng(7);
  for (size_t size : {150u, 155u, 160u, 300u, 5000u}) {
    std::string digits(size, '0');
    for (char& c : digits) c = static_cast<char>('0' + rng() % 10);
    digits[0] = '9';
    EXPECT_EQ(parseint(digits, 10).as_number(), *Number::parse(digits)) << size;
    EXPECT_EQ(parseint("-" + digits, 10).as_number(), *Number::parse("-" + digits)) << size;
  }
  // Ties at 512 bits round to even: 2^513 + 2 down to 2^513, 2^513 + 6 up to 2^513 + 8.
  for (const char* digits : {"26815615859885194199148049996411692254958731641184786755447122887443528060147093953603748596333806855380063716372972101707507765623893139892867298012168194",
                             "26815615859885194199148049996411692254958731641184786755447122887443528060147093953603748596333806855380063716372972101707507765623893139892867298012168198"})
    EXPECT_EQ(parseint(digits, 10).as_number(), *Number::parse(digits)) << digits;
  EXPECT_EQ(parseint("26815615859885194199148049996411692254958731641184786755447122887443528060147093953603748596333806855380063716372972101707507765623893139892867298012168194", 10).as_number(), *Number::parse("1p513"));
  EXPECT_EQ(parseint("-0", 10).as_number().is_negative(), false);  // an integer has no -0
}

TEST(ParseintLong, GoDigitsAboveBase36) {
  // Go: a-z are 10-35 and A-Z 36-61 in bases over 36 (MPFR's alphabet has them the other way).
  EXPECT_EQ(parseint("Zz", 62).as_number(), Number(int64_t{61 * 62 + 35}));
  EXPECT_EQ(parseint("aA", 37).as_number(), Number(int64_t{10 * 37 + 36}));
  EXPECT_EQ(parseint("fF", 16).as_number(), Number(int64_t{255}));
}

TEST(ParseintLong, TenMillionDigits) {
  const Value v = parseint(std::string(10'000'000, '7'), 10);
  EXPECT_EQ(v.as_number().to_g10_string(), "7.777777778e+9999999");
  // 16^2000000 - 1 = 2^8000000 - 1, rounded up to 2^8000000.
  EXPECT_EQ(parseint(std::string(2'000'000, 'f'), 16).as_number(), *Number::parse("1p8000000"));
}

}  // namespace
}  // namespace hclschema
