// eval_detail::unify_results (src/eval/operations.cpp): a conditional's result type, unify's
// answer for the pair remembered per thread. Every pair of a set of types (more pairs than the
// memo keeps, so answers are evicted and worked out again) gives unify's answer, asked in turn
// several times and in both orders; a fresh thread starts with nothing remembered; and the
// evaluator's conditionals give the same types and messages evaluated again and again.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "eval/operations.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/value.hpp"
#include "hclschema/value/convert.hpp"

namespace {

using namespace hclschema;

std::vector<Type> sample_types() {
  return {Type::string(),
          Type::number(),
          Type::boolean(),
          Type::dynamic(),
          Type::tuple({}),
          Type::tuple({Type::number(), Type::number()}),
          Type::tuple({Type::string()}),
          Type::list(Type::number()),
          Type::list(Type::string()),
          Type::map(Type::number()),
          Type::object({{"a", Type::number()}}),
          Type::object({{"a", Type::string()}, {"b", Type::boolean()}}),
          Type::set(Type::boolean())};
}

void expect_same(const std::optional<Type>& got, const std::optional<Type>& want, const Type& t, const Type& f) {
  ASSERT_EQ(got.has_value(), want.has_value()) << t.friendly_name() << " / " << f.friendly_name();
  if (want) {
    EXPECT_EQ(*got, *want) << t.friendly_name() << " / " << f.friendly_name();
  }
}

TEST(UnifyResults, EveryPairGivesUnifysAnswerAskedAgain) {
  const std::vector<Type> types = sample_types();
  for (int round = 0; round < 3; ++round)
    for (const Type& t : types)
      for (const Type& f : types) {
        const std::optional<Type> want = unify({t, f}, true);
        expect_same(eval_detail::unify_results(t, f), want, t, f);
        expect_same(eval_detail::unify_results(t, f), want, t, f);  // remembered now
      }
}

TEST(UnifyResults, AFreshThreadWorksItsAnswersOut) {
  const Type t = Type::tuple({Type::number(), Type::number()});
  const Type f = Type::tuple({});
  const std::optional<Type> want = unify({t, f}, true);
  ASSERT_TRUE(want.has_value());
  EXPECT_EQ(*eval_detail::unify_results(t, f), *want);
  std::optional<Type> other;
  std::thread([&] { other = eval_detail::unify_results(t, f); }).join();
  ASSERT_TRUE(other.has_value());
  EXPECT_EQ(*other, *want);
}

TEST(UnifyResults, ConditionalsEvaluatedAgainGiveTheSameTypesAndMessages) {
  EvalContext ctx;
  ctx.set_variable("c", Value::unknown(Type::boolean()));
  ctx.set_variable("yes", Value::boolean(true));
  struct Case {
    const char* src;
    std::string type;  // friendly name of the result's type, or the error's detail
  };
  const Case cases[] = {
      {"c ? [1, 2] : []", "list of number"},
      {"yes ? [1, 2] : []", "list of number"},
      {"c ? 1 : \"a\"", "string"},
      {"c ? {a = 1} : {a = \"x\"}", "object"},
      {"c ? [1] : {a = 1}",
       "The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is object."},
  };
  for (int round = 0; round < 4; ++round)
    for (const Case& k : cases) {
      auto p = parse_expression(k.src, "t.hcl");
      ASSERT_TRUE(p.diagnostics.empty()) << k.src;
      const EvalResult r = evaluate(*p.expr, &ctx);
      if (k.type.starts_with("The ")) {
        ASSERT_EQ(r.diagnostics.size(), 1u) << k.src;
        EXPECT_EQ(r.diagnostics[0].summary, "Inconsistent conditional result types") << k.src;
        EXPECT_EQ(r.diagnostics[0].detail, k.type) << k.src;
      } else {
        EXPECT_TRUE(r.diagnostics.empty()) << k.src;
        EXPECT_EQ(r.value.type().friendly_name(), k.type) << k.src;
      }
    }
}

}  // namespace
