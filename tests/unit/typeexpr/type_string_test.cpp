// type_string: Terraform's canonical type text.
#include <gtest/gtest.h>

#include "typeexpr_testing.hpp"

namespace {

using namespace typeexpr_testing;

TEST(TypeString, CanonicalText) {
  const std::pair<const char*, const char*> cases[] = {
      {"string", "string"},
      {"any", "any"},
      {"list(number)", "list(number)"},
      {"set(bool)", "set(bool)"},
      {"map(any)", "map(any)"},
      {"tuple([ string , number ])", "tuple([string,number])"},
      {"tuple([])", "tuple([])"},
      {"object({})", "object({})"},
      {"object({ zeta = string, alpha = optional(number, 1), mid-dle = list(any) })", "object({alpha=number,mid-dle=list(any),zeta=string})"},
      {"map(object({a = optional(object({b = set(string)}))}))", "map(object({a=object({b=set(string)})}))"},
  };
  for (const auto& [expr, want] : cases) EXPECT_EQ(type_string(valid_constraint(expr).type()), want) << expr;
}

TEST(TypeString, NamesThatAreNotIdentifiersAreQuoted) {
  Type t = Type::object({{"a b", Type::string()}, {"ok", Type::number()}, {"1x", Type::boolean()}, {"\u00e9t\u00e9", Type::string()}});
  EXPECT_EQ(type_string(t), "object({\"1x\"=bool,\"a b\"=string,ok=number,\u00e9t\u00e9=string})");
}

TEST(TypeString, RoundTripsThroughTheParser) {
  for (const char* expr : {"list(object({a=string,b=tuple([number,any])}))", "map(set(list(bool)))", "object({x=map(object({}))})"}) {
    std::string text = type_string(valid_constraint(expr).type());
    EXPECT_EQ(text, expr);
    EXPECT_EQ(valid_constraint(text).type(), valid_constraint(expr).type());
  }
}

}  // namespace
