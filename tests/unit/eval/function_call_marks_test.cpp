// Function::call (src/eval/function.cpp) after its return-type checks: the search for marks to
// strip is skipped only when those checks looked at every argument and found none. These pin the
// paths on either side: checks that stopped early (a dynamic-typed argument) still leave call() to
// strip marks and put them back, nested marks are found, and calls without marks answer the
// unknown short-cut or run the implementation on the arguments as given.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/eval/function.hpp"
#include "hclschema/value/value.hpp"

namespace {

using namespace hclschema;

struct Seen {
  std::vector<Value> args;
  int calls = 0;
};

// A function of two string parameters, the first of which takes null; it answers how many of its
// arguments came marked.
Function two_strings(Seen* seen) {
  FunctionSpec spec;
  FunctionParam first{"first", Type::string()};
  first.allow_null = true;
  spec.params = {first, FunctionParam{"second", Type::list(Type::string())}};
  spec.return_type = [](const std::vector<Value>&) { return FunctionOutcome<Type>::ok(Type::string()); };
  spec.impl = [seen](const std::vector<Value>& args, const Type&) {
    ++seen->calls;
    seen->args = args;
    int marked = 0;
    for (const Value& a : args) marked += a.contains_marked();
    return FunctionOutcome<Value>::ok(Value::string("marked:" + std::to_string(marked)));
  };
  return Function(std::move(spec));
}

Value strings(std::vector<Value> elements) { return Value::list(Type::string(), std::move(elements)); }

// The first argument is null of the dynamic type: the return-type checks answer dynamic there,
// before they reach the second argument, so they cannot vouch for it having no marks.
TEST(FunctionCallMarks, ChecksThatStopEarlyLeaveTheMarksToCall) {
  Seen seen;
  const Function f = two_strings(&seen);
  auto r = f.call({Value::null(Type::dynamic()), strings({Value::string("x").with_mark(sensitive_mark)})});
  ASSERT_TRUE(r.result);
  EXPECT_EQ(seen.calls, 1);
  EXPECT_EQ(r.result->unmarked().as_string(), "marked:0");  // the implementation saw none
  EXPECT_TRUE(r.result->has_mark(sensitive_mark));          // and the result has them back
}

TEST(FunctionCallMarks, NestedMarksAreStrippedAndPutBack) {
  Seen seen;
  const Function f = two_strings(&seen);
  auto r = f.call({Value::string("a"), strings({Value::string("b"), Value::string("c").with_mark(sensitive_mark)})});
  ASSERT_TRUE(r.result);
  EXPECT_EQ(r.result->unmarked().as_string(), "marked:0");
  EXPECT_TRUE(r.result->has_mark(sensitive_mark));
}

TEST(FunctionCallMarks, WithoutMarksTheArgumentsGoAsGiven) {
  Seen seen;
  const Function f = two_strings(&seen);
  const std::vector<Value> args{Value::string("a"), strings({Value::string("b")})};
  auto r = f.call(args);
  ASSERT_TRUE(r.result);
  EXPECT_EQ(r.result->as_string(), "marked:0");
  EXPECT_FALSE(r.result->is_marked());
  ASSERT_EQ(seen.args.size(), 2u);
  EXPECT_EQ(seen.args[0].as_string(), "a");
  EXPECT_EQ(seen.args[1].elements().size(), 1u);
}

// cty's order: the return type first, then the unknown short-cut, argument by argument.
TEST(FunctionCallMarks, WithoutMarksAnUnknownArgumentAnswersAnUnknownOfTheReturnType) {
  Seen seen;
  const Function f = two_strings(&seen);
  auto r = f.call({Value::string("a"), Value::unknown(Type::list(Type::string()))});
  ASSERT_TRUE(r.result);
  EXPECT_FALSE(r.result->is_known());
  EXPECT_EQ(r.result->type(), Type::string());
  EXPECT_EQ(seen.calls, 0);
  // A null where the parameter refuses one is an error before the unknown is looked at.
  auto n = f.call({Value::string("a"), Value::null(Type::list(Type::string()))});
  EXPECT_FALSE(n.result);
  EXPECT_EQ(n.error.arg_index, 1);
}

}  // namespace
