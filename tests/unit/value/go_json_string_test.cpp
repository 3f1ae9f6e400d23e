// Go's encoding/json string escaping (value/go_json_string.hpp), which cty's JSON value encoding
// and hcldec's output share: every rule of json.Marshal's HTML-safe string form.
#include <gtest/gtest.h>

#include <string>

#include "value/go_json_string.hpp"

namespace {

std::string go_json(std::string_view s) {
  std::string out = "prefix:";
  hclschema::detail::append_go_json_string(out, s);
  return out;
}

TEST(GoJsonString, AppendsAQuotedString) {
  EXPECT_EQ(go_json(""), R"(prefix:"")");
  EXPECT_EQ(go_json("plain text"), R"(prefix:"plain text")");
}

TEST(GoJsonString, EscapesQuotesBackslashesAndTheShortForms) {
  EXPECT_EQ(go_json("a\"b\\c"), R"(prefix:"a\"b\\c")");
  EXPECT_EQ(go_json("\n\r\t"), R"(prefix:"\n\r\t")");
}

TEST(GoJsonString, OtherControlBytesAsUnicodeEscapes) {
  EXPECT_EQ(go_json(std::string("\x00\x01\x1f", 3)), R"(prefix:"\u0000\u0001\u001f")");
  EXPECT_EQ(go_json("\x08\x0c"), R"(prefix:"\u0008\u000c")");  // Go writes no \b or \f
  EXPECT_EQ(go_json("\x7f"), "prefix:\"\x7f\"");  // DEL is not escaped
}

TEST(GoJsonString, HtmlSafe) { EXPECT_EQ(go_json("<a href='x'>&</a>"), R"(prefix:"\u003ca href='x'\u003e\u0026\u003c/a\u003e")"); }

TEST(GoJsonString, LineAndParagraphSeparatorsEscapedOtherUnicodeKept) {
  EXPECT_EQ(go_json("a\u2028b\u2029c"), R"(prefix:"a\u2028b\u2029c")");
  EXPECT_EQ(go_json("caf\u00e9 \u2027 \u202a \U0001F600"), "prefix:\"caf\u00e9 \u2027 \u202a \U0001F600\"");
  EXPECT_EQ(go_json("\xE2\x80"), "prefix:\"\xE2\x80\"");  // a cut separator at the end stays as it is
}

}  // namespace
