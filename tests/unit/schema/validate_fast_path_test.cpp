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

namespace {

using namespace schema_testing;

// Duplicate labels are found through views of the labels grouped level by level (no copies of
// labels or values): the first block with given labels is kept, each later one is reported with all
// its labels, at every depth of labels, in both walks, and decoding keeps the first one's value.
TEST(SchemaValidateFastPath, DuplicateLabelsAtEveryDepth) {
  auto s = schema_of(
      "block \"route\" {\n  labels = [\"host\", \"path\"]\n  attribute \"to\" {\n    type = string\n  }\n}\n"
      "block \"item\" {\n  labels = [\"key\"]\n  attribute \"n\" {\n    type = number\n  }\n}\n");
  ASSERT_TRUE(s);
  const std::string config =
      "route \"a\" \"/\" {\n  to = \"1\"\n}\nroute \"b\" \"/\" {\n  to = \"2\"\n}\nroute \"a\" \"/x\" {\n  to = \"3\"\n}\n"
      "route \"a\" \"/\" {\n  to = \"4\"\n}\nitem \"k\" {\n  n = 1\n}\nroute \"b\" \"/\" {\n  to = \"5\"\n}\nitem \"k\" {\n  n = 2\n}\n"
      "item \"j\" {\n  n = 3\n}\nitem \"k\" {\n  n = 4\n}\n";
  Diagnostics d = validated(*s, config, "config.hcl");
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(d[0].summary, "Duplicate route block");
  EXPECT_EQ(d[0].detail, "A block for route \"a\" \"/\" was already defined. The route labels must be unique.");
  EXPECT_EQ(d[0].subject->start.line, 10);
  EXPECT_EQ(d[1].detail, "A block for route \"b\" \"/\" was already defined. The route labels must be unique.");
  EXPECT_EQ(d[1].subject->start.line, 16);
  EXPECT_EQ(d[2].summary, "Duplicate item block");
  EXPECT_EQ(d[2].detail, "A block for item \"k\" was already defined. The item labels must be unique.");
  EXPECT_EQ(d[2].subject->start.line, 19);
  EXPECT_EQ(d[3].subject->start.line, 25);
  Checked c = decode_text(*s, config);
  EXPECT_EQ(json_of(*c.value.get("route")), R"({"a":{"/":{"to":"1"},"/x":{"to":"3"}},"b":{"/":{"to":"2"}}})");
  EXPECT_EQ(json_of(*c.value.get("item")), R"({"j":{"n":3},"k":{"n":1}})");
}

// A sensitive number out of range does not show the number; the bound's unit is singular for 1.
// The measuring reads the marked value in place.
TEST(SchemaValidateFastPath, BoundMessagesOfSensitiveAndSingularBounds) {
  auto s = schema_of(
      "attribute \"pin\" {\n  type = number\n  sensitive = true\n  max = 9999\n}\n"
      "attribute \"code\" {\n  type = string\n  sensitive = true\n  min = 1\n  pattern = \"^[0-9]+$\"\n}\n"
      "attribute \"ids\" {\n  type = list(string)\n  min = 1\n}\n");
  ASSERT_TRUE(s);
  Diagnostics d = validated(*s, "pin = 12345\ncode = \"\"\nids = []\n", "config.hcl");
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(d[0].detail, "The value of \"pin\" must be at most 9999.");
  EXPECT_TRUE(d[0].redact_subject);
  EXPECT_EQ(d[1].detail, "The value of \"code\" must match the pattern \"^[0-9]+$\"; got (sensitive value).");
  EXPECT_EQ(d[2].detail, "The length of \"code\" must be at least 1 character; got 0.");
  EXPECT_EQ(d[3].detail, "\"ids\" must have at least 1 element; got 0.");
  EXPECT_TRUE(validated(*s, "pin = 9999\ncode = \"0042\"\nids = [\"a\"]\n", "config.hcl").empty());
}

// Decoding writes each field straight to its place in name order (worked out once per declaration),
// so Value::object finds its entries sorted: the result is the object of the fields in declaration
// order, also when a hand-built declaration repeats a name (the last wins) or has non-ASCII names
// (left in declaration order for Value::object to normalise and sort).
TEST(SchemaValidateFastPath, DecodedFieldsInNameOrder) {
  auto s = schema_of(
      "attribute \"zeta\" {\n  type = number\n}\nblock \"mid\" {\n  max_items = 1\n  attribute \"b\" {}\n  attribute \"a\" {}\n}\n"
      "attribute \"alpha\" {\n  type = string\n  default = \"d\"\n}\nblock \"beta\" {\n  attribute \"x\" {}\n}\nattribute \"gamma\" {}\n");
  ASSERT_TRUE(s);
  Checked c = decode_text(*s, "zeta = 1\ngamma = [true]\nmid {\n  a = 2\n  b = 3\n}\nbeta {\n  x = 4\n}\n");
  EXPECT_TRUE(c.diagnostics.empty());
  EXPECT_EQ(json_of(c.value), R"({"alpha":"d","beta":[{"x":4}],"gamma":[true],"mid":{"a":2,"b":3},"zeta":1})");
  Checked absent = decode_text(*s, "");
  EXPECT_EQ(type_to_json(absent.value.type()),
            R"(["object",{"alpha":"string","beta":["list",["object",{"x":"dynamic"}]],"gamma":"dynamic","mid":["object",{"a":"dynamic","b":"dynamic"}],"zeta":"number"}])");

  Schema repeated;
  AttributeDecl b;
  b.name = "b";
  repeated.root.attributes.push_back(b);
  AttributeDecl a;
  a.name = "a";
  a.default_value = Value::string("first");
  repeated.root.attributes.push_back(a);
  a.default_value = Value::string("second");
  repeated.root.attributes.push_back(a);
  Checked r = decode_text(repeated, "b = 1\n");
  EXPECT_EQ(json_of(r.value), R"({"a":"second","b":1})");

  Schema unicode;
  AttributeDecl nfc;
  nfc.name = "\xC3\xA9";  // é composed
  nfc.default_value = Value::string("composed");
  AttributeDecl nfd;
  nfd.name = "e\xCC\x81";  // e + combining acute: the same name once normalised
  nfd.default_value = Value::string("decomposed");
  AttributeDecl z;
  z.name = "z";
  z.default_value = Value::string("z");
  unicode.root.attributes = {z, nfd, nfc};
  Checked u = decode_text(unicode, "");
  std::vector<std::pair<std::string, Value>> declared = {
      {"z", Value::string("z")}, {"e\xCC\x81", Value::string("decomposed")}, {"\xC3\xA9", Value::string("composed")}};
  EXPECT_TRUE(raw_equals(u.value, Value::object(declared)));
  unicode.root.attributes = {nfc, z, nfd};
  declared = {{"\xC3\xA9", Value::string("composed")}, {"z", Value::string("z")}, {"e\xCC\x81", Value::string("decomposed")}};
  EXPECT_TRUE(raw_equals(decode_text(unicode, "").value, Value::object(declared)));
}

// Decoding makes a body's object with the type of the previous object of the same declaration when
// every field has the same type as there (and Value::object otherwise): bodies whose shapes come and
// go decode exactly as Value::object builds them.
TEST(SchemaValidateFastPath, DecodedObjectsOfChangingShapes) {
  auto s = schema_of("block \"item\" {\n  attribute \"v\" {}\n  attribute \"n\" {\n    type = number\n  }\n}\n");
  ASSERT_TRUE(s);
  Checked c = decode_text(*s, "item {\n  v = 1\n}\nitem {\n  v = 1\n}\nitem {\n  v = \"a\"\n}\nitem {\n  n = 2\n}\nitem {\n  v = 3\n}\nitem {}\n");
  EXPECT_TRUE(c.diagnostics.empty());
  auto item = [](Value v, Value n) { return Value::object({{"v", std::move(v)}, {"n", std::move(n)}}); };
  const Value no_number = Value::null(Type::number());
  const Value expected = Value::tuple({item(Value::number(1), no_number), item(Value::number(1), no_number), item(Value::string("a"), no_number),
                                       item(Value::null(Type::dynamic()), Value::number(2)), item(Value::number(3), no_number),
                                       item(Value::null(Type::dynamic()), no_number)});
  EXPECT_TRUE(raw_equals(*c.value.get("item"), expected)) << json_of(*c.value.get("item"));
  EXPECT_EQ(c.value.get("item")->type(), expected.type());
  for (size_t i = 0; i < expected.length(); ++i) EXPECT_EQ(c.value.get("item")->elements()[i].type(), expected.elements()[i].type()) << i;
}

// An attribute with nothing to check about its value (no type, enum, pattern, bounds or rules) is
// not walked for unknowns: validating reports nothing, and decoding keeps the value as evaluated,
// partly unknown or null (the default then); a typed attribute with the same value is unknown of its type.
TEST(SchemaValidateFastPath, AttributesWithNothingToCheck) {
  auto s = schema_of(
      "attribute \"free\" {}\nattribute \"deprecated\" {\n  deprecated = \"gone\"\n}\nattribute \"fallback\" {\n  default = 5\n}\n"
      "attribute \"typed\" {\n  type = object({a = number, b = number})\n}\n");
  ASSERT_TRUE(s);
  const std::string config = "free = {a = 1, b = var.x}\ndeprecated = [var.y]\nfallback = null\ntyped = {a = 1, b = var.x}\n";
  Diagnostics d = validated(*s, config, "config.hcl");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].summary, "Deprecated attribute");
  Checked c = decode_text(*s, config);
  const Value& free = *c.value.get("free");
  EXPECT_TRUE(free.is_known());
  EXPECT_EQ(json_of(*free.get("a")), "1");
  EXPECT_FALSE(free.get("b")->is_known());
  EXPECT_TRUE(c.value.get("deprecated")->is_known());
  EXPECT_FALSE(c.value.get("deprecated")->elements()[0].is_known());
  EXPECT_EQ(json_of(*c.value.get("fallback")), "5");
  EXPECT_FALSE(c.value.get("typed")->is_known());
  EXPECT_EQ(type_to_json(c.value.get("typed")->type()), R"(["object",{"a":"number","b":"number"}])");
}

}  // namespace

namespace {

using namespace schema_testing;

// Blocks of a body are kept on one stack for the whole walk, read by index while the blocks inside
// them push theirs (which may move the stack): nested repeated blocks, many of them, with too few
// and too many, a deprecated type and a single block given twice report in both walks exactly what
// decoding reports, and decoding keeps every block.
TEST(SchemaValidateFastPath, NestedRepeatedBlocksOnOneStack) {
  auto s = schema_of(
      "block \"outer\" {\n  min_items = 2\n  max_items = 30\n  attribute \"n\" {\n    type = number\n  }\n"
      "  block \"inner\" {\n    max_items = 3\n    attribute \"v\" {\n      type = string\n    }\n"
      "    block \"leaf\" {\n      min_items = 1\n      attribute \"x\" {\n        type = bool\n      }\n    }\n  }\n"
      "  block \"old\" {\n    deprecated = \"use inner\"\n  }\n  block \"one\" {\n    max_items = 1\n  }\n}\n");
  ASSERT_TRUE(s);
  std::string config;
  for (int i = 0; i < 12; ++i) {
    config += "outer {\n  n = " + std::to_string(i) + "\n";
    for (int j = 0; j < i % 5; ++j) {
      config += "  inner {\n    v = \"" + std::to_string(j) + "\"\n";
      for (int k = 0; k < (i + j) % 3; ++k) config += "    leaf {\n      x = " + std::string(k % 2 ? "true" : "\"false\"") + "\n    }\n";
      config += "  }\n";
    }
    if (i % 4 == 1) config += "  old {}\n";
    if (i % 6 == 2) config += "  one {}\n  one {}\n";
    config += "}\n";
  }
  Diagnostics d = validated(*s, config, "nested.hcl");
  size_t too_many = 0, missing_leaf = 0, deprecated = 0, duplicate = 0, wrong_type = 0;
  for (const auto& x : d) {
    too_many += x.summary == "Too many inner blocks";
    missing_leaf += x.summary == "Insufficient leaf blocks";
    deprecated += x.summary == "Deprecated block";
    duplicate += x.summary == "Duplicate one block";
    wrong_type += x.summary == "Incorrect attribute value type";
  }
  EXPECT_EQ(too_many, 2u);      // i % 5 == 4: i = 4, 9
  EXPECT_GT(missing_leaf, 0u);  // (i + j) % 3 == 0
  EXPECT_EQ(deprecated, 3u);    // i = 1, 5, 9
  EXPECT_EQ(duplicate, 2u);     // i = 2, 8
  EXPECT_EQ(wrong_type, 0u);    // "false" converts to false
  Checked c = decode_text(*s, config);
  ASSERT_EQ(c.value.get("outer")->length(), 12u);
  EXPECT_EQ(c.value.get("outer")->elements()[3].get("inner")->length(), 3u);
  // Fewer than two outer blocks: the count is checked with the blocks on the stack.
  EXPECT_EQ(validated(*s, "outer {\n  n = 1\n}\n", "one.hcl").size(), 1u);
}

}  // namespace

namespace {

using namespace schema_testing;

// Validating a body without blocks asks only the block types with a minimum: a missing single
// block, too few repeated blocks and too few labelled blocks are reported as decoding reports
// them, in bodies with and without blocks, at the top and nested; the others say nothing.
TEST(SchemaValidateFastPath, BodiesWithoutBlocksReportOnlyMinimums) {
  auto s = schema_of(
      "attribute \"a\" {}\n"
      "block \"single\" {\n  min_items = 1\n  max_items = 1\n}\n"
      "block \"many\" {\n  min_items = 2\n  block \"inner\" {\n    min_items = 1\n    max_items = 1\n  }\n  block \"free\" {}\n}\n"
      "block \"named\" {\n  labels = [\"n\"]\n  min_items = 1\n}\n"
      "block \"optional\" {\n  deprecated = \"gone\"\n}\n");
  ASSERT_TRUE(s);
  auto summaries = [](const Diagnostics& d) {
    std::vector<std::string> out;
    for (const auto& x : d) out.push_back(x.summary);
    return out;
  };
  EXPECT_EQ(summaries(validated(*s, "a = 1\n", "none.hcl")),
            (std::vector<std::string>{"Missing single block", "Insufficient many blocks", "Insufficient named blocks"}));
  EXPECT_EQ(summaries(validated(*s, "", "empty.hcl")),
            (std::vector<std::string>{"Missing single block", "Insufficient many blocks", "Insufficient named blocks"}));
  // Nested bodies without blocks: each many block misses its inner block.
  EXPECT_EQ(summaries(validated(*s, "single {}\nmany {\n  x = 1\n}\nmany {}\nnamed \"n\" {}\n", "nested.hcl")),
            (std::vector<std::string>{"Missing inner block", "Unsupported argument", "Missing inner block"}));
  EXPECT_TRUE(validated(*s, "single {}\nmany {\n  inner {}\n}\nmany {\n  inner {}\n}\nnamed \"n\" {}\n", "full.hcl").empty());
}

}  // namespace
