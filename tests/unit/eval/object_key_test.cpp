// Object constructor keys written as bare names take the evaluator's short cut (the name as
// written, put in NFC by Value::object), which must give what the full path (a string value of
// the name, converted) gives: ASCII and non-ASCII names, precomposed and decomposed forms of the
// same name (equal after NFC: the last one wins), against the same keys quoted.
#include <gtest/gtest.h>

#include <string>

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

}  // namespace
}  // namespace hclschema
