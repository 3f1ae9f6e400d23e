// eval_detail::call_function and call_checked (src/eval/function_call.hpp), the evaluator's ways to
// call a function: they answer what Function::call answers, the value returned by itself and a
// failure in its out-parameter (an unknown of dynamic type returned then, what a failed call
// evaluates to); call_checked with cty's argument checks made by its caller (ArgumentChecks).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "eval/function_call.hpp"
#include "hclschema/eval/function.hpp"
#include "hclschema/value/value.hpp"

namespace {

using namespace hclschema;

// A function of a string and a number (variadic numbers after them); it fails for the string
// "fail" (quoting pieces of argument 0), and answers the string repeated `number` times, marked
// as its arguments were.
Function repeat(int* calls, bool with_impl = true) {
  FunctionSpec spec;
  FunctionParam text{"text", Type::string()};
  text.allow_marked = false;
  FunctionParam times{"times", Type::number()};
  times.allow_null = true;
  spec.params = {text, times};
  spec.var_param = FunctionParam{"more", Type::number()};
  spec.return_type = [](const std::vector<Value>& args) {
    if (!args[1].is_null() && args[1].is_known() && args[1].as_number().to_string() == "-1")
      return FunctionOutcome<Type>::fail("no negative counts", 1);
    return FunctionOutcome<Type>::ok(Type::string());
  };
  if (with_impl) {
    spec.impl = [calls](const std::vector<Value>& args, const Type&) {
      ++*calls;
      const std::string& s = args[0].as_string();
      if (s == "fail") return FunctionOutcome<Value>::fail_quoting_pieces("cannot repeat this", 0);
      std::string out;
      const int n = args[1].is_null() ? 1 : std::stoi(args[1].as_number().to_string());
      for (int i = 0; i < n; ++i) out += s;
      return FunctionOutcome<Value>::ok(Value::string(out));
    };
  }
  return Function(std::move(spec));
}

Value num(int n) { return Value::number(*Number::parse(std::to_string(n))); }

// What Function::call answers and what `got` and `error` say, the same.
void expect_answer(const FunctionOutcome<Value>& want, const Value& got, const std::optional<FunctionError>& error) {
  if (want.result) {
    EXPECT_FALSE(error);
    EXPECT_TRUE(raw_equals(got, *want.result));
  } else {
    ASSERT_TRUE(error);
    EXPECT_EQ(error->message, want.error.message);
    EXPECT_EQ(error->arg_index, want.error.arg_index);
    EXPECT_EQ(error->quotes_pieces_of, want.error.quotes_pieces_of);
    EXPECT_TRUE(raw_equals(got, Value::unknown(Type::dynamic())));
  }
}

// The arguments' checks as the evaluator makes them, one argument at a time, for as many
// arguments as `f` takes (the evaluator reports a wrong count before).
eval_detail::ArgumentChecks checks_of(const Function& f, const std::vector<Value>& args) {
  eval_detail::ArgumentChecks checks;
  for (size_t i = 0; i < args.size(); ++i) checks.check(i < f.params().size() ? f.params()[i] : *f.var_param(), args[i]);
  return checks;
}

bool count_fits(const Function& f, const std::vector<Value>& args) {
  return f.var_param() ? args.size() >= f.params().size() : args.size() == f.params().size();
}

// The ways of calling, on the same arguments, answer the same.
void expect_same(const Function& f, const std::vector<Value>& args) {
  const FunctionOutcome<Value> want = f.call(args);
  std::optional<FunctionError> error;
  const Value got = eval_detail::call_function(f, args, error);
  expect_answer(want, got, error);
  if (!count_fits(f, args)) return;
  std::optional<FunctionError> checked_error;
  const Value checked = eval_detail::call_checked(f, args, checks_of(f, args), checked_error);
  expect_answer(want, checked, checked_error);
}

TEST(CallFunction, AnswersAsFunctionCall) {
  int calls = 0;
  const Function f = repeat(&calls);
  const Value secret = Value::string("ab").with_mark(sensitive_mark);
  const std::vector<std::vector<Value>> cases = {
      {Value::string("ab"), num(3)},                                      // a result
      {Value::string("ab"), Value::null(Type::number())},                 // null allowed
      {Value::string("ab"), num(2), num(7), num(8)},                      // variadic
      {Value::string("ab"), Value::unknown(Type::number())},              // the unknown short-cut
      {Value::unknown(Type::dynamic()), num(1)},                          // dynamic-typed: dynamic
      {Value::null(Type::string()), num(1)},                              // null refused
      {Value::string("ab")},                                              // too few
      {num(1), num(1)},                                                   // wrong type
      {Value::string("ab"), num(-1)},                                     // return type fails
      {Value::string("fail"), num(1)},                                    // implementation fails
      {secret, num(2)},                                                   // marks put back
      {secret, Value::unknown(Type::number())},                           // marked, short-cut
      {Value::string("fail").with_mark(sensitive_mark), num(1)},          // marked, fails
  };
  for (const auto& args : cases) {
    SCOPED_TRACE(::testing::PrintToString(args.size()));
    expect_same(f, args);
  }
  EXPECT_GT(calls, 0);
}

TEST(CallFunction, ResultsAndFailures) {
  int calls = 0;
  const Function f = repeat(&calls);
  std::optional<FunctionError> error;
  const Value r = eval_detail::call_function(f, {Value::string("ab"), num(3)}, error);
  EXPECT_FALSE(error);
  EXPECT_EQ(r.as_string(), "ababab");
  // The unknown short-cut: an unknown of the return type, without running the implementation.
  const Value u = eval_detail::call_function(f, {Value::string("ab"), Value::unknown(Type::number())}, error);
  EXPECT_FALSE(error);
  EXPECT_FALSE(u.is_known());
  EXPECT_EQ(u.type(), Type::string());
  EXPECT_EQ(calls, 1);
  // Marks removed for the implementation are put back on its result.
  const Value m = eval_detail::call_function(f, {Value::string("ab").with_mark(sensitive_mark), num(1)}, error);
  EXPECT_FALSE(error);
  EXPECT_TRUE(m.has_mark(sensitive_mark));
  EXPECT_EQ(m.unmarked().as_string(), "ab");
  // A failure of the implementation.
  const Value x = eval_detail::call_function(f, {Value::string("fail"), num(1)}, error);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->message, "cannot repeat this");
  EXPECT_EQ(error->quotes_pieces_of, 0);
  EXPECT_FALSE(x.is_known());
  EXPECT_EQ(x.type(), Type::dynamic());
}

// Without an implementation, a call answers an unknown of its return type.
TEST(CallFunction, WithoutAnImplementation) {
  int calls = 0;
  const Function f = repeat(&calls, false);
  std::optional<FunctionError> error;
  const Value r = eval_detail::call_function(f, {Value::string("ab"), num(3)}, error);
  EXPECT_FALSE(error);
  EXPECT_FALSE(r.is_known());
  EXPECT_EQ(r.type(), Type::string());
  expect_same(f, {Value::string("ab"), num(3)});
  expect_same(f, {Value::string("ab").with_mark(sensitive_mark), num(3)});
}

// The unknown short-cut's type is the return type's answer, taken over by the result: a type the
// function keeps and answers each time (a composite one, counted by reference) is still whole for
// the next call and after the results are gone.
TEST(CallFunction, ShortCutTakesTheAnsweredTypeAndLeavesTheFunctionsOwn) {
  FunctionSpec spec;
  spec.params = {FunctionParam{"items", Type::list(Type::string())}};
  const Type kept = Type::map(Type::list(Type::number()));
  spec.return_type = [kept](const std::vector<Value>&) { return FunctionOutcome<Type>::ok(kept); };
  int calls = 0;
  spec.impl = [&calls](const std::vector<Value>&, const Type& t) {
    ++calls;
    return FunctionOutcome<Value>::ok(Value::unknown(t));
  };
  const Function f(std::move(spec));
  std::optional<FunctionError> error;
  {
    const Value a = eval_detail::call_function(f, {Value::unknown(Type::list(Type::string()))}, error);
    const Value b = eval_detail::call_function(f, {Value::unknown(Type::list(Type::string()))}, error);
    EXPECT_FALSE(error);
    EXPECT_FALSE(a.is_known());
    EXPECT_EQ(a.type(), Type::map(Type::list(Type::number())));
    EXPECT_EQ(b.type(), a.type());
  }
  EXPECT_EQ(calls, 0);
  const Value c = eval_detail::call_function(f, {Value::unknown(Type::list(Type::string()))}, error);
  EXPECT_EQ(c.type(), Type::map(Type::list(Type::number())));
  EXPECT_EQ(kept, Type::map(Type::list(Type::number())));
  expect_same(f, {Value::unknown(Type::list(Type::string()))});
}

// A function of a dynamic-type-refusing first parameter (allow_unknown as asked) and a second
// that refuses nulls and takes numbers; its return type and implementation count their calls.
Function refusing_dynamic(int* return_types, int* impls, bool allow_unknown) {
  FunctionSpec spec;
  FunctionParam first{"first", Type::dynamic()};
  first.allow_unknown = allow_unknown;
  spec.params = {first, FunctionParam{"second", Type::number()}};
  spec.return_type = [return_types](const std::vector<Value>&) {
    ++*return_types;
    return FunctionOutcome<Type>::ok(Type::string());
  };
  spec.impl = [impls](const std::vector<Value>&, const Type& t) {
    ++*impls;
    return FunctionOutcome<Value>::ok(Value::unknown(t));
  };
  return Function(std::move(spec));
}

// The checks the evaluator makes find what call_function's own walk finds: plain arguments, the
// unknown short-cut, a dynamic-typed argument that makes the result dynamic (and hides the later
// arguments' nulls and types, as cty), and the marks, nulls and types that hand the call to
// call_function.
TEST(CallChecked, ChecksAnswerAsTheWalk) {
  int return_types = 0, impls = 0;
  const Value secret = num(1).with_mark(sensitive_mark);
  for (const bool allow_unknown : {false, true}) {
    const Function f = refusing_dynamic(&return_types, &impls, allow_unknown);
    const std::vector<std::vector<Value>> cases = {
        {Value::string("a"), num(1)},                                          // plain
        {Value::string("a"), Value::unknown(Type::number())},                  // short-cut
        {Value::unknown(Type::dynamic()), num(1)},                             // dynamic result
        {Value::unknown(Type::dynamic()), Value::null(Type::number())},        // ... later null not seen
        {Value::unknown(Type::dynamic()), Value::string("x")},                 // ... later type not seen
        {Value::unknown(Type::dynamic()), secret},                             // ... later marks are
        {Value::unknown(Type::dynamic()), Value::unknown(Type::number())},     // ... later unknowns too
        {Value::string("a"), Value::null(Type::number())},                     // null refused
        {Value::string("a"), Value::string("x")},                              // wrong type
        {Value::string("a"), secret},                                          // marks to remove
        {secret, Value::unknown(Type::dynamic())},                             // marked, then dynamic
    };
    for (const auto& args : cases) {
      SCOPED_TRACE(::testing::PrintToString(allow_unknown));
      expect_same(f, args);
    }
  }
  EXPECT_GT(return_types, 0);
  EXPECT_GT(impls, 0);
}

TEST(CallChecked, Flags) {
  int return_types = 0, impls = 0;
  const Function f = refusing_dynamic(&return_types, &impls, false);
  eval_detail::ArgumentChecks plain = checks_of(f, {Value::string("a"), num(1)});
  EXPECT_TRUE(plain.plain);
  EXPECT_FALSE(plain.unknown_short_cut);
  EXPECT_FALSE(plain.dynamic_result);
  eval_detail::ArgumentChecks dynamic = checks_of(f, {Value::unknown(Type::dynamic()), Value::null(Type::number())});
  EXPECT_TRUE(dynamic.plain);
  EXPECT_TRUE(dynamic.unknown_short_cut);
  EXPECT_TRUE(dynamic.dynamic_result);
  EXPECT_FALSE(checks_of(f, {Value::string("a"), num(1).with_mark(sensitive_mark)}).plain);
  EXPECT_FALSE(checks_of(f, {Value::string("a"), Value::null(Type::number())}).plain);
  // The short-cut of a dynamic result is an unknown of dynamic type, without the return type asked.
  std::optional<FunctionError> error;
  const Value r = eval_detail::call_checked(f, {Value::unknown(Type::dynamic()), Value::null(Type::number())}, dynamic, error);
  EXPECT_FALSE(error);
  EXPECT_TRUE(raw_equals(r, Value::unknown(Type::dynamic())));
  EXPECT_EQ(return_types, 0);
  EXPECT_EQ(impls, 0);
}

// A fixed return type is the return type of every way of calling: the short-cut's unknown is of
// it, the implementation is given it, and the return_type callback is not asked.
TEST(CallChecked, FixedReturnType) {
  int return_types = 0, impls = 0;
  FunctionSpec spec;
  spec.params = {FunctionParam{"items", Type::list(Type::string())}};
  spec.var_param = FunctionParam{"more", Type::number()};
  spec.fixed_return_type = Type::map(Type::number());
  spec.return_type = [&return_types](const std::vector<Value>&) {
    ++return_types;
    return FunctionOutcome<Type>::ok(Type::string());
  };
  spec.impl = [&impls](const std::vector<Value>&, const Type& t) {
    ++impls;
    return FunctionOutcome<Value>::ok(Value::unknown(t));
  };
  const Function f(std::move(spec));
  const Value items = Value::unknown(Type::list(Type::string()));
  const Value known = Value::list(Type::string(), {Value::string("a")});
  EXPECT_EQ(*f.return_type_for({known}).result, Type::map(Type::number()));
  std::optional<FunctionError> error;
  const Value short_cut = eval_detail::call_checked(f, {items}, checks_of(f, {items}), error);
  EXPECT_TRUE(raw_equals(short_cut, Value::unknown(Type::map(Type::number()))));
  EXPECT_EQ(impls, 0);
  const Value ran = eval_detail::call_checked(f, {known, num(1)}, checks_of(f, {known, num(1)}), error);
  EXPECT_TRUE(raw_equals(ran, Value::unknown(Type::map(Type::number()))));
  EXPECT_EQ(impls, 1);
  EXPECT_FALSE(error);
  for (const std::vector<Value>& args : std::vector<std::vector<Value>>{
           {items}, {known}, {known, num(2)}, {known.with_mark(sensitive_mark)}, {Value::unknown(Type::dynamic())}, {known, Value::string("x")}})
    expect_same(f, args);
  EXPECT_EQ(return_types, 0);
}

// conforms_to answers as conforms for every pair, its inline answers (dynamic, primitives, a type
// and itself, interned) included.
TEST(ConformsTo, AnswersAsConforms) {
  const Type obj = Type::object({{"a", Type::string()}, {"b", Type::list(Type::number())}});
  const Type opt = Type::object({{"a", Type::string()}, {"b", Type::list(Type::number())}}, {"b"});
  const std::vector<Type> types = {Type::dynamic(),
                                   Type::string(),
                                   Type::number(),
                                   Type::list(Type::string()),
                                   Type::list(Type::number()),
                                   Type::list(Type::dynamic()),
                                   Type::set(Type::string()),
                                   Type::map(Type::list(Type::string())),
                                   Type::tuple({Type::string(), Type::number()}),
                                   Type::tuple({Type::string(), Type::dynamic()}),
                                   obj,
                                   opt};
  for (const Type& got : types) {
    for (const Type& want : types) {
      SCOPED_TRACE(got.friendly_name() + " -> " + want.friendly_name());
      EXPECT_EQ(eval_detail::conforms_to(got, want), eval_detail::conforms(got, want));
    }
    // Built again, an equal type is the same interned one, which conforms to itself.
    EXPECT_TRUE(eval_detail::conforms_to(got, got));
  }
  EXPECT_TRUE(eval_detail::conforms_to(Type::list(Type::string()), Type::list(Type::string())));
  EXPECT_TRUE(eval_detail::conforms_to(Type::list(Type::string()), Type::list(Type::dynamic())));
  EXPECT_FALSE(eval_detail::conforms_to(Type::list(Type::string()), Type::list(Type::number())));
  EXPECT_FALSE(eval_detail::conforms_to(Type::list(Type::dynamic()), Type::list(Type::string())));
}

}  // namespace
