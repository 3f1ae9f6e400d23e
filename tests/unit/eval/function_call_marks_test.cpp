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

// Checks that stop early at a dynamic-typed argument still see whether a later argument is an
// unknown its parameter refuses (the short-cut, without running the function) or not.
TEST(FunctionCallMarks, ChecksThatStopEarlyWithoutMarks) {
  Seen seen;
  const Function f = two_strings(&seen);
  auto u = f.call({Value::null(Type::dynamic()), Value::unknown(Type::list(Type::string()))});
  ASSERT_TRUE(u.result);
  EXPECT_FALSE(u.result->is_known());
  EXPECT_EQ(u.result->type(), Type::dynamic());
  EXPECT_EQ(seen.calls, 0);
  auto k = f.call({Value::null(Type::dynamic()), strings({Value::string("x")})});
  ASSERT_TRUE(k.result);
  EXPECT_EQ(k.result->as_string(), "marked:0");
  EXPECT_EQ(seen.calls, 1);
  // The dynamic-typed argument itself unknown: the short-cut too.
  auto d = f.call({Value::unknown(Type::dynamic()), strings({})});
  ASSERT_TRUE(d.result);
  EXPECT_FALSE(d.result->is_known());
  EXPECT_EQ(seen.calls, 1);
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

// The checks without a copy of the arguments hand a call with marks to remove to the general
// checks, which look again from the first argument: the errors and their order are the same on
// either side of the marked argument, and so are return_type_for's answers.
TEST(FunctionCallMarks, ArgumentErrorsAreTheSameBeforeAndAfterAMarkedArgument) {
  Seen seen;
  const Function f = two_strings(&seen);
  const Value secret = Value::string("s").with_mark(sensitive_mark);
  const Value null_list = Value::null(Type::list(Type::string()));
  // A marked first argument, then a null the second parameter refuses.
  auto after = f.call({secret, null_list});
  ASSERT_FALSE(after.result);
  EXPECT_EQ(after.error.arg_index, 1);
  EXPECT_EQ(after.error.message, "argument must not be null");
  // A wrong type before a marked argument, and after one.
  auto before = f.call({Value::number(1), strings({secret})});
  ASSERT_FALSE(before.result);
  EXPECT_EQ(before.error.arg_index, 0);
  EXPECT_EQ(before.error.message, "string required");
  auto wrong_after = f.call({secret, Value::string("x")});
  ASSERT_FALSE(wrong_after.result);
  EXPECT_EQ(wrong_after.error.arg_index, 1);
  EXPECT_EQ(wrong_after.error.message, "list of string required");
  // The wrong number of arguments, with a marked one.
  auto count = f.call({secret});
  ASSERT_FALSE(count.result);
  EXPECT_EQ(count.error.message, "wrong number of arguments (2 required; 1 given)");
  EXPECT_EQ(f.return_type_for({secret, strings({})}).result, Type::string());
  EXPECT_EQ(seen.calls, 0);
  // A marked unknown: the unknown short-cut, without the marks.
  auto unknown = f.call({secret, Value::unknown(Type::list(Type::string())).with_mark(sensitive_mark)});
  ASSERT_TRUE(unknown.result);
  EXPECT_FALSE(unknown.result->is_known());
  EXPECT_FALSE(unknown.result->is_marked());
  EXPECT_EQ(seen.calls, 0);
}

}  // namespace
