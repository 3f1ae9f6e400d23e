// Decoding JSON with the type it implies (cty's json.ImpliedType then Unmarshal).
#include <gtest/gtest.h>

#include "hclschema/value.hpp"

namespace hclschema {
namespace {

TEST(JsonImplied, ObjectsTuplesAndExactNumbers) {
  auto v = value_from_json_implied(R"({"port": 8080, "big": 12345678901234567890123, "tags": ["a", true], "none": null})");
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(type_to_json(v->type()), R"(["object",{"big":"number","none":"dynamic","port":"number","tags":["tuple",["string","bool"]]}])");
  EXPECT_EQ(*value_to_json(*v, v->type()), R"({"big":12345678901234567890123,"none":null,"port":8080,"tags":["a",true]})");
  EXPECT_TRUE(v->get("none")->is_null());
}

TEST(JsonImplied, DuplicateKeysKeepTheLast) {
  auto v = value_from_json_implied(R"({"a": 1, "a": "two"})");
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->get("a")->as_string(), "two");
}

TEST(JsonImplied, MalformedJsonIsAnError) {
  ValueError error;
  EXPECT_FALSE(value_from_json_implied("{", &error).has_value());
  EXPECT_FALSE(error.message.empty());
  auto scalar = value_from_json_implied("\"x\"");
  ASSERT_TRUE(scalar.has_value());
  EXPECT_EQ(scalar->as_string(), "x");
}

}  // namespace
}  // namespace hclschema
