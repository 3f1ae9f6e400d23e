// cty's function call semantics (function.Function.ReturnTypeForValues and Call): argument count,
// null and type checks, the unknown short-cut, and marks stripped before the call and put back on
// the result.
#include <optional>
#include <string>

#include "eval/function_call.hpp"
#include "hclschema/eval/function.hpp"
#include "hclschema/eval/context.hpp"
#include "hclschema/value/convert.hpp"

namespace hclschema {

namespace {

using eval_detail::conforms_to;
using eval_detail::has_marks_anywhere;

// What return_type_of found besides the type, for call(). Valid only when it answered a type
// after looking at every argument.
struct ArgumentFacts {
  // No argument had marks to remove: call() need not look for them again, a walk of each
  // argument's elements per argument and call.
  bool no_marks = false;
  // An argument is unknown where its parameter does not take unknowns: the call answers an
  // unknown of the return type without running the function (cty's short-cut), which call()
  // then knows without a second pass over the arguments.
  bool unknown_short_cut = false;
};

// Function::return_type_for, which also tells `call` what it saw of the arguments (`facts`): the
// general way, which copies the arguments when one has marks to remove. (Out of line: few calls
// need it; return_type_of below answers the others with a smaller frame.)
[[gnu::noinline]] FunctionOutcome<Type> return_type_unmarking(const FunctionSpec& spec, const FunctionParam* var, const std::vector<Value>& given,
                                     ArgumentFacts& facts) {
  facts = ArgumentFacts{};
  const auto& params = spec.params;
  // The two counts read once: a vector's size() is a division (by the element's size), which
  // the loop below would repeat per argument, as the calls in it might change the vectors.
  const size_t n_given = given.size(), n_params = params.size();
  if (!var && n_given != n_params)
    return FunctionOutcome<Type>::fail("wrong number of arguments (" + std::to_string(params.size()) + " required; " +
                                       std::to_string(given.size()) + " given)");
  if (var && n_given < n_params)
    return FunctionOutcome<Type>::fail("wrong number of arguments (at least " + std::to_string(params.size()) +
                                       " required; " + std::to_string(given.size()) + " given)");
  // The arguments are copied only if one of them has marks to remove (rare): the checks below
  // read `given` in place otherwise.
  std::vector<Value> unmarked;
  const std::vector<Value>* args = &given;
  bool unknown_short_cut = false;
  for (size_t i = 0; i < n_given; ++i) {
    const FunctionParam& p = i < n_params ? params[i] : *var;
    if (!p.allow_marked && has_marks_anywhere(given[i])) {
      if (args == &given) {
        unmarked = given;
        args = &unmarked;
      }
      unmarked[i] = given[i].unmarked_deep();
    }
    const Value& a = (*args)[i];
    if (a.is_null() && !p.allow_null) return FunctionOutcome<Type>::fail("argument must not be null", static_cast<int>(i));
    if (a.type().is_dynamic()) {
      if (!p.allow_dynamic_type) return FunctionOutcome<Type>::ok(Type::dynamic());
    } else if (!conforms_to(a.type(), p.type)) {
      // cty reports the conformance error; the conversion done by callers makes this rare.
      return FunctionOutcome<Type>::fail(p.type.friendly_name() + " required", static_cast<int>(i));
    }
    if (!a.is_known() && !p.allow_unknown) unknown_short_cut = true;
  }
  facts.no_marks = args == &given;
  facts.unknown_short_cut = unknown_short_cut;
  if (spec.fixed_return_type) return FunctionOutcome<Type>::ok(*spec.fixed_return_type);
  if (!spec.return_type) return FunctionOutcome<Type>::ok(Type::dynamic());
  return spec.return_type(*args);
}

// return_type_unmarking for arguments without marks to remove, nearly all calls: the same checks
// in the same order, without the copy of the arguments (and its vector in the frame). The first
// argument with such marks hands the whole question to return_type_unmarking, whose checks of
// the arguments before it answer as these did. Always inline: every call runs it, and as a
// function of its own its frame and the passing of its result cost a sixth of a call's own work.
[[gnu::always_inline]] inline FunctionOutcome<Type> return_type_of(const FunctionSpec& spec, const FunctionParam* var,
                                                                    const std::vector<Value>& given, ArgumentFacts& facts) {
  facts = ArgumentFacts{};
  const auto& params = spec.params;
  // The two counts read once: a vector's size() is a division (by the element's size), which
  // the loop below would repeat per argument, as the calls in it might change the vectors.
  const size_t n_given = given.size(), n_params = params.size();
  if (var ? n_given < n_params : n_given != n_params) return return_type_unmarking(spec, var, given, facts);
  bool unknown_short_cut = false;
  for (size_t i = 0; i < n_given; ++i) {
    const FunctionParam& p = i < n_params ? params[i] : *var;
    const Value& a = given[i];
    if (!p.allow_marked && has_marks_anywhere(a)) return return_type_unmarking(spec, var, given, facts);
    if (a.is_null() && !p.allow_null) return FunctionOutcome<Type>::fail("argument must not be null", static_cast<int>(i));
    if (a.type().is_dynamic()) {
      if (!p.allow_dynamic_type) {
        // cty answers dynamic here without checking the later arguments; call() still needs to
        // know whether any has marks to remove or is an unknown its parameter refuses, which the
        // rest of this loop would have told it: looked at here, without the checks.
        if (!a.is_known() && !p.allow_unknown) unknown_short_cut = true;
        for (size_t j = i + 1; j < n_given; ++j) {
          const FunctionParam& q = j < n_params ? params[j] : *var;
          if (!q.allow_marked && has_marks_anywhere(given[j])) return FunctionOutcome<Type>::ok(Type::dynamic());
          if (!given[j].is_known() && !q.allow_unknown) unknown_short_cut = true;
        }
        facts.no_marks = true;
        facts.unknown_short_cut = unknown_short_cut;
        return FunctionOutcome<Type>::ok(Type::dynamic());
      }
    } else if (!conforms_to(a.type(), p.type)) {
      // cty reports the conformance error; the conversion done by callers makes this rare.
      return FunctionOutcome<Type>::fail(p.type.friendly_name() + " required", static_cast<int>(i));
    }
    if (!a.is_known() && !p.allow_unknown) unknown_short_cut = true;
  }
  facts.no_marks = true;
  facts.unknown_short_cut = unknown_short_cut;
  if (spec.fixed_return_type) return FunctionOutcome<Type>::ok(*spec.fixed_return_type);
  if (!spec.return_type) return FunctionOutcome<Type>::ok(Type::dynamic());
  return spec.return_type(given);
}

// The rest of Function::call when return_type_of found marks to remove (or did not look at every
// argument): the unknown short-cut, and the marks taken off the arguments and put on the result.
// (Out of line: few calls need it, and its vectors would enlarge every call's frame.)
[[gnu::noinline]] FunctionOutcome<Value> call_unmarking(const FunctionSpec& spec, const FunctionParam* var, const std::vector<Value>& given,
                                                        const Type& expected) {
  const auto& params = spec.params;
  // As in return_type_for, a copy only when an argument has marks to remove.
  std::vector<Value> unmarked;
  const std::vector<Value>* args = &given;
  Marks marks;
  for (size_t i = 0; i < given.size(); ++i) {
    const FunctionParam& p = i < params.size() ? params[i] : *var;
    // As cty: an unknown argument answers an unknown of the return type, without any marks.
    if (!given[i].is_known() && !p.allow_unknown) return FunctionOutcome<Value>::ok(Value::unknown(expected));
    // An argument without marks anywhere would collect none and stay as it is.
    if (!p.allow_marked && given[i].contains_marked()) {
      Marks m;
      Value plain = given[i].unmarked_deep(&m);
      if (!m.empty()) {
        marks = union_marks(marks, m);
        if (args == &given) {
          unmarked = given;
          args = &unmarked;
        }
        unmarked[i] = std::move(plain);
      }
    }
  }
  if (!spec.impl) return FunctionOutcome<Value>::ok(Value::unknown(expected));
  auto out = spec.impl(*args, expected);
  if (out.result && !marks.empty()) out.result = out.result->with_marks(marks);
  return out;
}

}  // namespace

bool EvalContext::is_partial() const {
  for (const EvalContext* c = this; c; c = c->parent_)
    if (c->partial) return true;
  return false;
}

uint64_t EvalContext::effective_work_limit() const {
  for (const EvalContext* c = this; c; c = c->parent_)
    if (c->work_limit) return *c->work_limit;
  return default_work_limit;
}

FunctionOutcome<Type> Function::return_type_for(const std::vector<Value>& given) const {
  ArgumentFacts facts;
  return return_type_of(spec_, var_param(), given, facts);
}

FunctionOutcome<Value> Function::call(const std::vector<Value>& given) const {
  std::optional<FunctionError> error;
  Value v = eval_detail::call_function(*this, given, error);
  if (error) return {std::nullopt, std::move(*error)};
  return FunctionOutcome<Value>::ok(std::move(v));
}

namespace eval_detail {

bool conforms(const Type& got, const Type& want) {
  if (want.is_dynamic()) return true;
  if (got.kind() != want.kind()) return false;
  switch (got.kind()) {
    case Type::Kind::list:
    case Type::Kind::set:
    case Type::Kind::map:
      return conforms(got.element_type(), want.element_type());
    case Type::Kind::tuple: {
      const auto& a = got.tuple_elements();
      const auto& b = want.tuple_elements();
      if (a.size() != b.size()) return false;
      for (size_t i = 0; i < a.size(); ++i)
        if (!conforms(a[i], b[i])) return false;
      return true;
    }
    case Type::Kind::object: {
      const auto& a = got.attributes();
      const auto& b = want.attributes();
      if (a.size() != b.size()) return false;
      for (size_t i = 0; i < a.size(); ++i)
        if (a[i].name != b[i].name || !conforms(a[i].type, b[i].type)) return false;
      return true;
    }
    default:
      return true;
  }
}

namespace {

// An implementation's outcome as call_function answers it.
inline Value value_of(FunctionOutcome<Value>&& out, std::optional<FunctionError>& error) {
  if (out.result) return std::move(*out.result);
  error.emplace(std::move(out.error));
  return Value::unknown(Type::dynamic());
}

}  // namespace

Value call_function(const Function& f, const std::vector<Value>& given, std::optional<FunctionError>& error) {
  const FunctionSpec& spec = f.spec();
  const FunctionParam* var = f.var_param();
  ArgumentFacts facts;
  auto rt = return_type_of(spec, var, given, facts);
  if (!rt.result) {
    error.emplace(std::move(rt.error));
    return Value::unknown(Type::dynamic());
  }
  if (facts.no_marks) {
    // What call_unmarking answers when return_type_of found no marks to remove (and whether an
    // argument is an unknown its parameter does not take). The type is moved into the unknown:
    // `rt` is not read again (a copy counted a reference up here and down at rt's end).
    if (facts.unknown_short_cut || !spec.impl) return Value::unknown(std::move(*rt.result));
    return value_of(spec.impl(given, *rt.result), error);
  }
  return value_of(call_unmarking(spec, var, given, *rt.result), error);
}

namespace {

// The implementation's result for the arguments, of result type `type` (call_checked's way when
// the function runs). Out of line, with the outcome it returns: in call_checked, that outcome's
// room and the registers it took were set up for every call, where half the calls answer cty's
// unknown short-cut without running anything.
[[gnu::noinline]] Value run_impl(const FunctionSpec& spec, const std::vector<Value>& given, const Type& type, std::optional<FunctionError>& error) {
  return value_of(spec.impl(given, type), error);
}

// call_checked's way for a return type the return_type callback answers.
[[gnu::noinline]] Value call_typed(const FunctionSpec& spec, const std::vector<Value>& given, const ArgumentChecks& checks,
                                   std::optional<FunctionError>& error) {
  auto rt = spec.return_type(given);
  if (!rt.result) {
    error.emplace(std::move(rt.error));
    return Value::unknown(Type::dynamic());
  }
  // (The type moved into the unknown, as in call_function.)
  if (checks.unknown_short_cut || !spec.impl) return Value::unknown(std::move(*rt.result));
  return value_of(spec.impl(given, *rt.result), error);
}

}  // namespace

Value call_checked(const Function& f, const std::vector<Value>& given, const ArgumentChecks& checks, std::optional<FunctionError>& error) {
  if (!checks.plain) [[unlikely]] return call_function(f, given, error);
  // What call_function answers when return_type_of's walk found every argument plain: the
  // return type, then the short-cut's unknown of it or the implementation's result.
  const FunctionSpec& spec = f.spec();
  // A fixed return type: the short-cut's unknown made of it, and the implementation given it,
  // without a copy.
  if (spec.fixed_return_type && !checks.dynamic_result) {
    if (checks.unknown_short_cut || !spec.impl) return Value::unknown(*spec.fixed_return_type);
    return run_impl(spec, given, *spec.fixed_return_type, error);
  }
  if (checks.dynamic_result || !spec.return_type) {
    if (checks.unknown_short_cut || !spec.impl) return Value::unknown(Type::dynamic());
    return run_impl(spec, given, Type::dynamic(), error);
  }
  return call_typed(spec, given, checks, error);
}

}  // namespace eval_detail

}  // namespace hclschema
