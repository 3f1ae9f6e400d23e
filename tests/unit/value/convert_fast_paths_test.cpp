// convert()'s fast paths (to dynamic, a primitive to its own type, an unmarked unknown or null of
// dynamic type to a primitive) give what the general path (detail::convert_nested) gives: the
// same success or failure, the same value, type and marks.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/value.hpp"
#include "hclschema/value/convert.hpp"
#include "value/convert_nested.hpp"

namespace hclschema {
namespace {

TEST(ConvertFastPaths, AgreeWithTheGeneralPath) {
  const Value text = Value::string("12");
  const std::vector<Value> values = {
      Value::null(Type::dynamic()),
      Value::unknown(Type::dynamic()),
      Value::unknown(Type::dynamic()).with_mark("sensitive"),
      Value::null(Type::dynamic()).with_mark("sensitive"),
      text,
      text.with_mark("sensitive"),
      text.with_marks({"b", "a"}),
      Value::number(Number(int64_t{7})),
      Value::boolean(true),
      Value::null(Type::string()),
      Value::unknown(Type::number()),
      Value::string("true"),
      Value::tuple({text, Value::number(Number(int64_t{1}))}),
      Value::object({{"a", text}}),
      Value::list(Type::string(), {text}),
      Value::list(Type::number(), {Value::number(Number(int64_t{1}))}),  // converted element by element
  };
  const std::vector<Type> targets = {Type::dynamic(), Type::string(), Type::number(), Type::boolean(), Type::list(Type::string()),
                                     Type::object({{"a", Type::string()}})};
  for (size_t i = 0; i < values.size(); ++i) {
    for (size_t j = 0; j < targets.size(); ++j) {
      const ConvertResult fast = convert(values[i], targets[j]);
      const ConvertResult general = detail::convert_nested(values[i], targets[j]);
      ASSERT_EQ(fast.value.has_value(), general.value.has_value()) << i << " to " << j;
      if (!fast.value) {
        EXPECT_EQ(fast.error.message, general.error.message) << i << " to " << j;
        continue;
      }
      // A success carries no error (the result is built member by member, convert.cpp).
      EXPECT_TRUE(fast.error.message.empty() && fast.error.path.empty() && !fast.error.number_too_long) << i << " to " << j;
      EXPECT_TRUE(general.error.message.empty() && general.error.path.empty() && !general.error.number_too_long) << i << " to " << j;
      EXPECT_EQ(fast.value->type(), general.value->type()) << i << " to " << j;
      EXPECT_TRUE(raw_equals(*fast.value, *general.value)) << i << " to " << j;  // marks included
    }
  }
}

}  // namespace
}  // namespace hclschema
