// validate() takes shortcuts decode() does not (no values built, attributes matched to their
// declarations in one pass, messages of min/max built only when a bound fails): these tests show
// it reports exactly decode()'s diagnostics, in both syntaxes, with attributes in and out of
// schema order, absent, null, non-ASCII, and with a hand-built declaration that repeats names.
#include "schema_testing.hpp"

namespace {

using namespace schema_testing;

std::string render(const Diagnostics& diags) {
  std::string out;
  auto range = [](const std::optional<Range>& r) {
    return r ? r->filename.str() + ":" + std::to_string(r->start.byte) + "-" + std::to_string(r->end.byte) : std::string("-");
  };
  for (const auto& d : diags)
    out += std::to_string(static_cast<int>(d.severity)) + "|" + d.summary + "|" + d.detail + "|" + range(d.subject) + "|" + range(d.context) + "|" +
           (d.redact_subject ? "r" : "") + "\n";
  return out;
}

// validate()'s diagnostics, checked equal to decode()'s.
Diagnostics validated(const Schema& schema, const std::string& config, const std::string& name) {
  ParseResult parsed = parse_source(SourceFile::from_string(name, config));
  EXPECT_FALSE(has_errors(parsed.diagnostics)) << config;
  Diagnostics v = validate(schema, parsed.file->body());
  DecodeResult d = decode(schema, parsed.file->body());
  EXPECT_EQ(render(v), render(d.diagnostics)) << config;
  return v;
}

const char* kSchema = R"(
attribute "name" {
  type = string
  required = true
  min = 3
  max = 5
}
attribute "size" {
  type = number
  min = 1
  max = 10
}
attribute "mode" {
  type = string
  enum = ["fast", "slow"]
}
attribute "id" {
  type = string
  pattern = "^[a-z]+$"
}
attribute "tags" {
  type = list(string)
  max = 1
}
attribute "secret" {
  type = string
  sensitive = true
  min = 4
}
attribute "a" {
  conflicts_with = ["b"]
}
attribute "b" {}
block "item" {
  labels = ["key"]
  attribute "n" {
    type = number
    min = 0
  }
}
block "single" {
  max_items = 1
  attribute "x" {
    type = string
    required = true
  }
}
)";

TEST(SchemaValidateFastPath, SameDiagnosticsAsDecodeNative) {
  auto s = schema_of(kSchema);
  ASSERT_TRUE(s);
  // In schema order, out of order, absent, null, non-ASCII lengths, every bound failing.
  const std::vector<std::string> configs = {
      "name = \"abcd\"\nsize = 5\n",
      "size = 0\nname = \"ab\"\n",
      "tags = [\"a\", \"b\"]\nid = \"A1\"\nmode = \"fats\"\nsize = 11\nname = \"abcdefg\"\n",
      "name = \"\xC3\xA9\xC3\xA9\"\nsecret = \"\xC3\xA9t\xC3\xA9\"\n",
      "name = \"e\xCC\x81\x65\xCC\x81\x65\xCC\x81\"\r\nsize = null\r\n",
      "name = \"\"\nb = 1\na = 2\n",
      "name = \"abc\"\nitem \"k\" {\n  n = -1\n}\nitem \"k\" {\n  n = 2\n}\nsingle {\n}\nsingle {\n  x = \"y\"\n}\n",
      "",
      "name = var.x\nsize = var.y\nmode = local.m\n",
  };
  for (const auto& c : configs) validated(*s, c, "config.hcl");
  EXPECT_EQ(summaries(validated(*s, configs[1], "config.hcl")),
            (std::vector<std::string>{"Value out of range", "Value out of range"}));
}

TEST(SchemaValidateFastPath, SameDiagnosticsAsDecodeJson) {
  auto s = schema_of(kSchema);
  ASSERT_TRUE(s);
  // JSON content comes in source order, not schema order.
  const std::vector<std::string> configs = {
      R"({"size": 0, "name": "ab"})",
      R"({"tags": ["a", "b"], "id": "A1", "mode": "fats", "size": 11, "name": "abcdefg", "secret": "x"})",
      R"({"b": 1, "a": 2, "name": "abc", "item": {"k": {"n": -1}}})",
      R"({})",
  };
  for (const auto& c : configs) validated(*s, c, "config.json");
  EXPECT_EQ(summaries(validated(*s, configs[0], "config.json")),
            (std::vector<std::string>{"Value out of range", "Value out of range"}));
}

TEST(SchemaValidateFastPath, HandBuiltDeclarationWithRepeatedNames) {
  // A loaded schema never repeats a name; a hand-built BodyDecl may, and then each declaration of
  // a name checks the body's attribute of that name, as BodyContent::attribute finds it.
  Schema schema;
  AttributeDecl a;
  a.name = "a";
  a.min = Value::number(Number(5));
  schema.root.attributes.push_back(a);
  AttributeDecl b;
  b.name = "b";
  schema.root.attributes.push_back(b);
  a.min = Value::number(Number(7));
  schema.root.attributes.push_back(a);
  Diagnostics diags = validated(schema, "b = 1\na = 6\n", "config.hcl");
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].summary, "Value out of range");
  EXPECT_NE(diags[0].detail.find("at least 7"), std::string::npos) << diags[0].detail;
  EXPECT_EQ(validated(schema, "a = 1\n", "config.hcl").size(), 2u);
}

}  // namespace
