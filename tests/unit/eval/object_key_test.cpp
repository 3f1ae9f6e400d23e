// Object constructor keys written as bare names take the evaluator's short cut (the name as
// written, put in NFC by Value::object), which must give what the full path (a string value of
// the name, converted) gives: ASCII and non-ASCII names, precomposed and decomposed forms of the
// same name (equal after NFC: the last one wins), against the same keys quoted. Objects whose keys
// are all names (bare, or quoted without interpolations) are built in place (ObjectBuilder): they
// must give what the path for computed keys gives.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/eval.hpp"
#include "hclschema/parse.hpp"

namespace hclschema {
namespace {

Value eval_text(const std::string& text) {
  auto parsed = parse_expression(text, "t.hcl");
  EXPECT_TRUE(parsed.diagnostics.empty()) << text;
  auto r = evaluate(*parsed.expr, nullptr);
  EXPECT_TRUE(r.diagnostics.empty()) << text;
  return r.value;
}

TEST(ObjectKeys, BareNamesGiveWhatQuotedNamesGive) {
  const std::string decomposed = "e\xCC\x81";  // e + U+0301
  const std::string precomposed = "\xC3\xA9";  // U+00E9
  const struct {
    std::string bare, quoted;
  } cases[] = {
      {"{ a = 1, b = 2 }", "{ \"a\" = 1, \"b\" = 2 }"},
      {"{ " + precomposed + " = 1 }", "{ \"" + precomposed + "\" = 1 }"},
      {"{ " + decomposed + " = 1 }", "{ \"" + decomposed + "\" = 1 }"},
      {"{ " + precomposed + " = 1, " + decomposed + " = 2 }", "{ \"" + precomposed + "\" = 1, \"" + decomposed + "\" = 2 }"},
      {"{ " + decomposed + " = 1, " + precomposed + " = 2, z = 3 }",
       "{ \"" + decomposed + "\" = 1, \"" + precomposed + "\" = 2, \"z\" = 3 }"},
      {"{ \xE6\x97\xA5\xE6\x9C\xAC = true, b = false }", "{ \"\xE6\x97\xA5\xE6\x9C\xAC\" = true, \"b\" = false }"},
  };
  for (const auto& c : cases) {
    const Value bare = eval_text(c.bare);
    const Value quoted = eval_text(c.quoted);
    EXPECT_EQ(bare.type(), quoted.type()) << c.bare;
    EXPECT_EQ(bare.type().attribute_names(), quoted.type().attribute_names()) << c.bare;
    ASSERT_EQ(bare.elements().size(), quoted.elements().size()) << c.bare;
    for (size_t i = 0; i < bare.elements().size(); ++i)
      EXPECT_TRUE(raw_equals(bare.elements()[i], quoted.elements()[i])) << c.bare;
  }
  // The two forms of é are one key, in NFC, the last value winning.
  const Value v = eval_text("{ " + precomposed + " = 1, " + decomposed + " = 2 }");
  ASSERT_EQ(v.type().attribute_names().size(), 1u);
  EXPECT_EQ(v.type().attribute_names()[0], precomposed);
  EXPECT_EQ(v.elements()[0].as_number().small_value(), 2);
}

TEST(ObjectKeys, NamedKeysGiveWhatComputedKeysGive) {
  // The first key written as an interpolation sends the whole object down the path for computed
  // keys; the same object with that key written as a name takes the builder. Equal names (the
  // last wins, however written), nested objects of the same names, quoted keys that are not
  // names, names to put in NFC, parenthesised quoted keys.
  const std::string decomposed = "e\xCC\x81";
  const std::string precomposed = "\xC3\xA9";
  const struct {
    std::string named, computed;
  } cases[] = {
      {"{ a = 1, b = 2 }", "{ \"${\"a\"}\" = 1, b = 2 }"},
      {"{ a = 1, \"a\" = 2, b = { a = 3, b = 4 } }", "{ \"${\"a\"}\" = 1, \"a\" = 2, b = { a = 3, b = 4 } }"},
      {"{ b = 1, \"quoted key\" = [2], a = 3, b = 4 }", "{ \"${\"b\"}\" = 1, \"quoted key\" = [2], a = 3, b = 4 }"},
      {"{ a = 1, " + precomposed + " = 2, \"" + decomposed + "\" = 3 }",
       "{ \"${\"a\"}\" = 1, " + precomposed + " = 2, \"" + decomposed + "\" = 3 }"},
      {"{ a = { a = { a = 1 } }, (\"b\") = true, null = null }", "{ \"${\"a\"}\" = { a = { a = 1 } }, (\"b\") = true, null = null }"},
  };
  for (const auto& c : cases) {
    for (int round = 0; round < 2; ++round) {  // the second time with the shapes met before
      const Value named = eval_text(c.named);
      const Value computed = eval_text(c.computed);
      EXPECT_EQ(named.type().identity(), computed.type().identity()) << c.named;
      EXPECT_TRUE(raw_equals(named, computed)) << c.named;
    }
  }
  const Value v = eval_text("{ b = 1, \"quoted key\" = [2], a = 3, b = 4 }");
  ASSERT_EQ(v.type().attribute_names(), (std::vector<std::string>{"a", "b", "quoted key"}));
  EXPECT_EQ(v.get("b")->as_number().small_value(), 4);
}

TEST(ObjectKeys, EveryKindOfNamedKeyIsReadAsTheComputedPathReadsIt) {
  // The evaluator reads a key's name without an optional (a null pointer says "not a name"), bare
  // names first: an empty quoted key is still a name, keywords are names, a quoted key in
  // parentheses is its text, and a dotted name is not a name (an error, as on the full path).
  const struct {
    std::string named, computed;
    std::vector<std::string> names;
  } cases[] = {
      {"{ \"\" = 1, a = 2 }", "{ \"${\"\"}\" = 1, a = 2 }", {"", "a"}},
      {"{ null = 1, true = 2, false = 3 }", "{ \"${\"null\"}\" = 1, true = 2, false = 3 }", {"false", "null", "true"}},
      {"{ (\"x\") = 1, y = 2, x = 3 }", "{ \"${\"x\"}\" = 1, y = 2, x = 3 }", {"x", "y"}},
      {"{ a = 1, \"b c\" = 2, d = 3 }", "{ a = 1, \"${\"b c\"}\" = 2, d = 3 }", {"a", "b c", "d"}},
  };
  for (const auto& c : cases) {
    const Value named = eval_text(c.named);
    const Value computed = eval_text(c.computed);
    EXPECT_EQ(named.type().attribute_names(), c.names) << c.named;
    EXPECT_EQ(named.type().identity(), computed.type().identity()) << c.named;
    EXPECT_TRUE(raw_equals(named, computed)) << c.named;
  }
  auto parsed = parse_expression("{ a.b = 1 }", "t.hcl");
  ASSERT_TRUE(parsed.expr);
  const auto r = evaluate(*parsed.expr, nullptr);
  EXPECT_FALSE(r.diagnostics.empty());  // not a name: evaluated as a traversal, of an unknown variable
}

}  // namespace
}  // namespace hclschema
