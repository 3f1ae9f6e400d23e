// Decoding: defaults substituted (attribute defaults and nested optional(...) defaults), explicit
// nulls, blocks as objects, lists and maps of objects, untyped parts, and sensitive marks.
#include "schema_testing.hpp"

namespace {

using namespace schema_testing;

TEST(SchemaDecode, DefaultsAreSubstitutedWhenDecoding) {
  auto schema = schema_of(
      "attribute \"mode\" {\n  type = string\n  default = \"safe\"\n}\n"
      "attribute \"port\" {\n  type = number\n}\n"
      "attribute \"settings\" {\n  type = object({logging = optional(object({enabled = optional(bool, true), format = optional(string, \"json\")}), {})})\n"
      "  default = {}\n}\n");
  Checked empty = decode_text(*schema, "\n");
  EXPECT_TRUE(empty.diagnostics.empty());
  EXPECT_EQ(json_of(empty.value), R"({"mode":"safe","port":null,"settings":{"logging":{"enabled":true,"format":"json"}}})");
  Checked given = decode_text(*schema, "mode = \"fast\"\nport = \"80\"\nsettings = { logging = { format = \"text\" } }\n");
  EXPECT_EQ(json_of(given.value), R"({"mode":"fast","port":80,"settings":{"logging":{"enabled":true,"format":"text"}}})");
  // An explicit null gets the default too.
  Checked null = decode_text(*schema, "mode = null\n");
  EXPECT_EQ(json_of(*null.value.get("mode")), "\"safe\"");
  EXPECT_EQ(type_to_json(empty.value.type()),
            R"(["object",{"mode":"string","port":"number","settings":["object",{"logging":["object",{"enabled":"bool","format":"string"}]}]}])");
}

TEST(SchemaDecode, BlocksBecomeObjectsListsAndMaps) {
  auto schema = schema_of(
      "block \"tls\" {\n  max_items = 1\n  attribute \"cert\" {\n    type = string\n  }\n}\n"
      "block \"rule\" {\n  attribute \"allow\" {\n    type = bool\n    default = true\n  }\n}\n"
      "block \"listener\" {\n  labels = [\"name\"]\n  attribute \"port\" {\n    type = number\n  }\n}\n"
      "block \"route\" {\n  labels = [\"host\", \"path\"]\n  attribute \"to\" {\n    type = string\n  }\n}\n");
  Checked c = decode_text(*schema,
                          "tls {\n  cert = \"c\"\n}\nrule {}\nrule {\n  allow = false\n}\n"
                          "listener \"http\" {\n  port = 80\n}\nlistener \"https\" {\n  port = 443\n}\n"
                          "route \"a.example\" \"/\" {\n  to = \"x\"\n}\nroute \"a.example\" \"/api\" {\n  to = \"y\"\n}\nroute \"b.example\" \"/\" {\n  to = \"z\"\n}\n");
  EXPECT_TRUE(c.diagnostics.empty());
  EXPECT_EQ(json_of(*c.value.get("tls")), R"({"cert":"c"})");
  EXPECT_EQ(json_of(*c.value.get("rule")), R"([{"allow":true},{"allow":false}])");
  EXPECT_EQ(type_to_json(c.value.get("rule")->type()), R"(["list",["object",{"allow":"bool"}]])");
  EXPECT_EQ(json_of(*c.value.get("listener")), R"({"http":{"port":80},"https":{"port":443}})");
  EXPECT_EQ(type_to_json(c.value.get("listener")->type()), R"(["map",["object",{"port":"number"}]])");
  EXPECT_EQ(json_of(*c.value.get("route")), R"({"a.example":{"/":{"to":"x"},"/api":{"to":"y"}},"b.example":{"/":{"to":"z"}}})");

  Checked absent = decode_text(*schema, "\n");
  EXPECT_TRUE(absent.value.get("tls")->is_null());
  EXPECT_EQ(type_to_json(absent.value.get("tls")->type()), R"(["object",{"cert":"string"}])");
  EXPECT_EQ(json_of(*absent.value.get("rule")), "[]");
  EXPECT_EQ(json_of(*absent.value.get("listener")), "{}");
}

TEST(SchemaDecode, UntypedBlockContentMakesTuplesAndObjects) {
  auto schema = schema_of("block \"item\" {\n  attribute \"v\" {}\n}\nblock \"named\" {\n  labels = [\"n\"]\n  attribute \"v\" {}\n}\n");
  Checked c = decode_text(*schema, "item {\n  v = 1\n}\nitem {\n  v = \"a\"\n}\nnamed \"x\" {\n  v = true\n}\nnamed \"y\" {\n  v = [1]\n}\n");
  EXPECT_TRUE(c.diagnostics.empty());
  EXPECT_TRUE(c.value.get("item")->type().is_tuple());
  EXPECT_TRUE(c.value.get("named")->type().is_object());
  EXPECT_EQ(json_of(*c.value.get("named")), R"({"x":{"v":true},"y":{"v":[1]}})");
}

TEST(SchemaDecode, SensitiveValuesStayMarked) {
  auto schema = schema_of("attribute \"token\" {\n  type = string\n  sensitive = true\n}\n");
  Checked c = decode_text(*schema, "token = \"tok_1\"\n");
  EXPECT_TRUE(c.value.get("token")->has_mark("sensitive"));
}

TEST(SchemaDecode, ReferencesStayUnknownWithoutAContext) {
  auto schema = schema_of("attribute \"port\" {\n  type = number\n}\n");
  Checked c = decode_text(*schema, "port = var.port\n");
  EXPECT_TRUE(c.diagnostics.empty());
  EXPECT_FALSE(c.value.get("port")->is_known());
  EXPECT_EQ(c.value.get("port")->type(), Type::number());
}

}  // namespace
