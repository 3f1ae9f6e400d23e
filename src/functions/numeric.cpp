// The numeric functions of the standard library (abs, ceil, floor, log, max, min, parseint, pow,
// signum), with go-cty stdlib's semantics and messages.
#include <gmp.h>
#include <mpfr.h>

#include <charconv>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <optional>
#include <functional>
#include <string>

#include "functions/families.hpp"
#include "functions/go_math.hpp"
#include "util/go_format.hpp"
#include "value/big_number.hpp"

namespace hclschema::detail {

namespace {

using ValueOutcome = FunctionOutcome<Value>;

FunctionParam number_param(std::string name) { return FunctionParam{std::move(name), Type::number()}; }

// Rounds a finite number to an integer with an MPFR rounding function (ceil or floor); cty leaves
// infinities as they are.
template <int (*Round)(mpfr_ptr, mpfr_srcptr)>
ValueOutcome round_number(const std::vector<Value>& args, const Type&) {
  const Number& n = args[0].as_number();
  if (n.is_small() || n.is_infinity()) return ValueOutcome::ok(Value::number(n));
  mpfr_t x;
  mpfr_init2(x, number_precision);
  BigNumber::load(n, x);
  Round(x, x);
  if (mpfr_zero_p(x)) mpfr_set_zero(x, 1);  // big.Float.SetInt never makes -0 (ceil(-0.5) is 0)
  Number out = BigNumber::make(x);
  mpfr_clear(x);
  return ValueOutcome::ok(Value::number(out));
}

// A float64 result as cty.NumberFloatVal makes it: a big.Float of 53 bits, which prints as the
// shortest decimal that round-trips the double; we keep that decimal (at 512 bits) so that the
// result reads the same. Go panics on NaN (cty has no NaN number); we answer an error instead.
ValueOutcome from_float(double d) {
  if (std::isnan(d)) return ValueOutcome::fail("panic in function implementation: Float.SetFloat64(NaN)");
  if (std::isinf(d)) return ValueOutcome::ok(Value::number(Number::infinity(d < 0)));
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, d);
  auto n = Number::parse(std::string_view(buf, static_cast<size_t>(r.ptr - buf)));
  return ValueOutcome::ok(Value::number(n ? *n : Number::from_double(d)));
}

// Go's big.Int.SetString digit values: 0-9, then a-z (10-35), then A-Z (36-61 for bases over 36,
// the same as lower case otherwise).
int digit_value(char c, int base) {
  int d = 99;
  if (c >= '0' && c <= '9') d = c - '0';
  else if (c >= 'a' && c <= 'z') d = c - 'a' + 10;
  else if (c >= 'A' && c <= 'Z') d = base <= 36 ? c - 'A' + 10 : c - 'A' + 36;
  return d < base ? d : -1;
}

ValueOutcome parse_int(const std::vector<Value>& args, const Type&) {
  const std::string& text = args[0].as_string();
  auto base = args[1].as_number().to_int64();
  if (!base) return ValueOutcome::fail("value must be a whole number, between -9223372036854775808 and 9223372036854775807", 1);
  if (*base < 2 || *base > 62) return ValueOutcome::fail("base must be a whole number between 2 and 62 inclusive", 1);
  const int b = static_cast<int>(*base);
  auto bad = [&] {
    return ValueOutcome::fail("cannot parse " + go_quote(text) + " as a base " + std::to_string(b) + " integer", 0);
  };
  size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  if (i == text.size()) return bad();
  // The integer rounded to 512 bits, as big.Int's then big.Float's: MPFR's conversion of the
  // digits, correctly rounded, takes 0.02 s for ten million of them, where multiplying in one digit
  // at a time took minutes. MPFR reads Go's digits in its own alphabet: upper case for 10-35.
  std::string digits;
  digits.reserve(text.size() - i);
  for (; i < text.size(); ++i) {
    const int d = digit_value(text[i], b);
    if (d < 0) return bad();
    digits.push_back(static_cast<char>(d < 10 ? '0' + d : d < 36 ? 'A' + (d - 10) : 'a' + (d - 36)));
  }
  mpfr_t x;
  mpfr_init2(x, number_precision);
  mpfr_strtofr(x, digits.c_str(), nullptr, b, MPFR_RNDN);
  if (negative && !mpfr_zero_p(x)) mpfr_neg(x, x, MPFR_RNDN);  // an integer has no -0
  Number out = BigNumber::make(x);
  mpfr_clear(x);
  return ValueOutcome::ok(Value::number(out));
}

// gocty's conversion of a number to a Go int or float64 (the messages cty's functions pass on).
constexpr const char* not_an_int = "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

std::optional<double> to_float64(const Number& n, std::string& error) {
  double d = n.to_double();
  if (std::isinf(d) && !n.is_infinity()) {
    char buf[1024];
    std::snprintf(buf, sizeof buf, "value must be between %f and %f inclusive", -DBL_MAX, DBL_MAX);
    error = buf;
    return std::nullopt;
  }
  return d;
}

// max/min: the variadic numbers, keeping the greatest (or least) as cty compares them.
template <bool Greatest>
Function extreme() {
  FunctionSpec s;
  s.var_param = FunctionParam{"numbers", Type::number(), false, false, true};
  s.fixed_return_type = Type::number();
  s.impl = [](const std::vector<Value>& args, const Type&) {
    if (args.empty()) return ValueOutcome::fail("must pass at least one number");
    const Value* best = &args[0];
    for (const Value& v : args) {
      int c = Number::compare(v.as_number(), best->as_number());
      if (Greatest ? c > 0 : c < 0) best = &v;
    }
    return ValueOutcome::ok(*best);
  };
  return Function(std::move(s));
}

Function unary(std::function<FunctionOutcome<Value>(const std::vector<Value>&, const Type&)> impl) {
  FunctionSpec s;
  s.params = {number_param("num")};
  s.fixed_return_type = Type::number();
  s.impl = std::move(impl);
  return Function(std::move(s));
}

}  // namespace

void add_numeric_functions(FunctionTable& table) {
  {
    // As cty: abs sees marked and dynamic-typed arguments itself, keeping the marks.
    FunctionSpec s;
    FunctionParam p = number_param("num");
    p.allow_dynamic_type = true;
    p.allow_marked = true;
    s.params = {p};
    s.fixed_return_type = Type::number();
    s.impl = [](const std::vector<Value>& a, const Type&) {
      Marks marks;
      Value plain = a[0].unmarked_deep(&marks);
      return ValueOutcome::ok(Value::number(plain.as_number().absolute()).with_marks(marks));
    };
    table["abs"] = Function(std::move(s));
  }
  table["ceil"] = unary(round_number<mpfr_ceil>);
  table["floor"] = unary(round_number<mpfr_floor>);
  table["signum"] = unary([](const std::vector<Value>& a, const Type&) {
    // As cty, which reads the number as a Go int first: fractions and infinities are errors.
    auto n = a[0].as_number().to_int64();
    if (!n) return ValueOutcome::fail(not_an_int);
    return ValueOutcome::ok(Value::number(*n == 0 ? 0 : *n < 0 ? -1 : 1));
  });
  {
    FunctionSpec s;
    s.params = {number_param("num"), number_param("base")};
    s.fixed_return_type = Type::number();
    s.impl = [](const std::vector<Value>& a, const Type&) {
      std::string err;
      auto num = to_float64(a[0].as_number(), err);
      auto base = num ? to_float64(a[1].as_number(), err) : std::nullopt;
      if (!base) return ValueOutcome::fail(err);
      return from_float(go_log(*num) / go_log(*base));
    };
    table["log"] = Function(std::move(s));
  }
  {
    FunctionSpec s;
    s.params = {number_param("num"), number_param("power")};
    s.fixed_return_type = Type::number();
    s.impl = [](const std::vector<Value>& a, const Type&) {
      std::string err;
      auto num = to_float64(a[0].as_number(), err);
      auto power = num ? to_float64(a[1].as_number(), err) : std::nullopt;
      if (!power) return ValueOutcome::fail(err);
      return from_float(go_pow(*num, *power));
    };
    table["pow"] = Function(std::move(s));
  }
  table["max"] = extreme<true>();
  table["min"] = extreme<false>();
  {
    FunctionSpec s;
    s.params = {FunctionParam{"number", Type::dynamic()}, number_param("base")};
    s.return_type = [](const std::vector<Value>& a) {
      if (a[0].type() != Type::string())
        return FunctionOutcome<Type>::fail("first argument must be a string, not " + a[0].type().friendly_name(), 0);
      return FunctionOutcome<Type>::ok(Type::number());
    };
    s.impl = parse_int;
    table["parseint"] = Function(std::move(s));
  }
}

}  // namespace hclschema::detail
