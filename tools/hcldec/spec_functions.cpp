// The functions an hcldec spec file may call (in literal values, variables and transforms):
// go-cty's stdlib functions that cmd/hcldec lists. Most are the library's standard functions;
// coalesce (cty's keeps empty strings), hasindex, int, strlen and cty's string `reverse` (Terraform's reverse is for lists) are here.
#include <memory>
#include <string>
#include <vector>

#include <utf8proc.h>

#include "hclschema/functions.hpp"
#include "hclschema/value/convert.hpp"
#include "spec.hpp"

namespace hclschema::hcldec {

namespace {

using TypeOutcome = FunctionOutcome<Type>;
using ValueOutcome = FunctionOutcome<Value>;

FunctionParam param(std::string name, Type type, bool allow_unknown = false) {
  FunctionParam p;
  p.name = std::move(name);
  p.type = std::move(type);
  p.allow_unknown = allow_unknown;
  p.allow_dynamic_type = allow_unknown;
  return p;
}

// cty's HasIndexFunc: whether a collection has an element at the key.
Function hasindex_fn() {
  FunctionSpec s;
  s.params = {param("collection", Type::dynamic(), true), param("key", Type::dynamic(), true)};
  s.return_type = [](const std::vector<Value>& args) -> TypeOutcome {
    const Type& t = args[0].type();
    if (t.is_dynamic() || t.is_collection() || t.is_tuple() || t.is_object()) return TypeOutcome::ok(Type::boolean());
    return TypeOutcome::fail("collection must be a list, a map or a tuple", 0);
  };
  s.impl = [](const std::vector<Value>& args, const Type&) -> ValueOutcome {
    const Value& c = args[0];
    const Value& k = args[1];
    if (!c.is_known() || !k.is_known()) return ValueOutcome::ok(Value::unknown(Type::boolean()));
    if (c.is_null()) return ValueOutcome::fail("can't index a null value", 0);
    if (k.is_null()) return ValueOutcome::ok(Value::boolean(false));
    const Type& t = c.type();
    if (t.is_list() || t.is_tuple() || t.is_set()) {
      if (t.is_set()) return ValueOutcome::ok(Value::boolean(false));
      ConvertResult n = convert(k, Type::number());
      if (!n.value || n.value->is_null()) return ValueOutcome::ok(Value::boolean(false));
      auto i = n.value->as_number().is_integer() ? n.value->as_number().to_int64() : std::nullopt;
      return ValueOutcome::ok(Value::boolean(i && *i >= 0 && static_cast<std::size_t>(*i) < c.length()));
    }
    if (t.is_map() || t.is_object()) {
      ConvertResult s = convert(k, Type::string());
      if (!s.value || s.value->is_null()) return ValueOutcome::ok(Value::boolean(false));
      return ValueOutcome::ok(Value::boolean(c.get(s.value->as_string()) != nullptr));
    }
    return ValueOutcome::fail("collection must be a list, a map or a tuple", 0);
  };
  return Function(std::move(s));
}

// cty's IntFunc: the number truncated toward zero.
Function int_fn() {
  FunctionSpec s;
  s.params = {param("num", Type::number())};
  s.return_type = [](const std::vector<Value>&) { return TypeOutcome::ok(Type::number()); };
  s.impl = [](const std::vector<Value>& args, const Type&) -> ValueOutcome {
    const Number& n = args[0].as_number();
    if (n.is_integer() || n.is_infinity()) return ValueOutcome::ok(args[0]);
    Number::Result frac = Number::modulo(n, Number(1));
    if (!frac.value) return ValueOutcome::fail(frac.error);
    Number::Result whole = Number::subtract(n, *frac.value);
    if (!whole.value) return ValueOutcome::fail(whole.error);
    return ValueOutcome::ok(Value::number(*whole.value));
  };
  return Function(std::move(s));
}

// cty's StrlenFunc: grapheme clusters.
Function strlen_fn() {
  FunctionSpec s;
  s.params = {param("str", Type::string())};
  s.return_type = [](const std::vector<Value>&) { return TypeOutcome::ok(Type::number()); };
  s.impl = [](const std::vector<Value>& args, const Type&) {
    return ValueOutcome::ok(Value::number(Number(static_cast<int64_t>(args[0].string_length()))));
  };
  return Function(std::move(s));
}

// The grapheme clusters of UTF-8 text, in order.
std::vector<std::string> grapheme_clusters(const std::string& text) {
  std::vector<std::string> out;
  const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
  utf8proc_ssize_t len = static_cast<utf8proc_ssize_t>(text.size());
  utf8proc_ssize_t i = 0;
  utf8proc_int32_t prev = -1;
  utf8proc_int32_t state = 0;
  while (i < len) {
    utf8proc_int32_t cp = 0;
    utf8proc_ssize_t n = utf8proc_iterate(p + i, len - i, &cp);
    if (n <= 0) n = 1, cp = 0xFFFD;
    if (prev < 0 || utf8proc_grapheme_break_stateful(prev, cp, &state)) out.emplace_back();
    out.back().append(text, static_cast<std::size_t>(i), static_cast<std::size_t>(n));
    prev = cp;
    i += n;
  }
  return out;
}

// cty's ReverseFunc: a string's grapheme clusters in reverse order.
Function reverse_string_fn() {
  FunctionSpec s;
  s.params = {param("str", Type::string())};
  s.return_type = [](const std::vector<Value>&) { return TypeOutcome::ok(Type::string()); };
  s.impl = [](const std::vector<Value>& args, const Type&) {
    auto clusters = grapheme_clusters(args[0].as_string());
    std::string out;
    for (auto it = clusters.rbegin(); it != clusters.rend(); ++it) out += *it;
    return ValueOutcome::ok(Value::string(out));
  };
  return Function(std::move(s));
}

// cty's CoalesceFunc: the first argument that is not null (an empty string counts, unlike
// Terraform's coalesce), all arguments converted to their common type.
Function coalesce_fn() {
  FunctionSpec s;
  FunctionParam vals = param("vals", Type::dynamic(), true);
  vals.allow_null = true;
  s.var_param = vals;
  s.return_type = [](const std::vector<Value>& args) -> TypeOutcome {
    std::vector<Type> types;
    for (const auto& a : args) types.push_back(a.type());
    auto t = unify(types, true);
    if (!t) return TypeOutcome::fail("all arguments must have the same type");
    return TypeOutcome::ok(*t);
  };
  s.impl = [](const std::vector<Value>& args, const Type& result) -> ValueOutcome {
    for (const auto& a : args) {
      ConvertResult c = convert(a, result);
      if (!c.value) return ValueOutcome::fail("all arguments must have the same type");
      if (!c.value->is_known()) return ValueOutcome::ok(Value::unknown(result));
      if (!c.value->is_null()) return ValueOutcome::ok(*c.value);
    }
    return ValueOutcome::fail("no non-null arguments");
  };
  return Function(std::move(s));
}

}  // namespace

std::shared_ptr<const EvalContext> make_spec_context() {
  auto ctx = std::make_shared<EvalContext>();
  const FunctionTable& standard = standard_functions();
  for (const char* name : {"abs", "concat", "jsondecode", "jsonencode", "length", "lower", "max", "min",
                           "substr", "upper"}) {
    auto it = standard.find(name);
    if (it != standard.end()) ctx->set_function(name, it->second);
  }
  ctx->set_function("coalesce", coalesce_fn());
  ctx->set_function("hasindex", hasindex_fn());
  ctx->set_function("int", int_fn());
  ctx->set_function("strlen", strlen_fn());
  ctx->set_function("reverse", reverse_string_fn());
  return ctx;
}

}  // namespace hclschema::hcldec
