// The parser's fast path for JSON strings without escapes (is_verbatim_string): whenever it is
// taken, the slow path (decode_string) must accept the token and give exactly the text between
// the quotes; and the tokens it must refuse (escapes, control bytes, bad or truncated UTF-8,
// a missing closing quote) are refused.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/json/ast.hpp"
#include "hclschema/parse.hpp"
#include "syntax/json/string_decode.hpp"

namespace {

using hclschema::json::detail::decode_string;
using hclschema::json::detail::is_verbatim_string;

// Verbatim implies: valid, and decoded == the text between the quotes.
void expect_agrees(const std::string& token) {
  if (!is_verbatim_string(token)) return;
  std::string out;
  auto err = decode_string(token, out);
  EXPECT_FALSE(err.has_value()) << token;
  EXPECT_EQ(out, token.substr(1, token.size() - 2)) << token;
}

TEST(JsonVerbatimString, PlainTextIsVerbatim) {
  for (const char* t : {R"("")", R"("a")", R"("hello world")", R"("${var.x}-%{ if a }")", "\"caf\xC3\xA9\"", "\"\xF0\x9F\x98\x80 smile\"",
                        "\"\xE2\x82\xAC\"", R"("/path/to")"}) {
    EXPECT_TRUE(is_verbatim_string(t)) << t;
    expect_agrees(t);
  }
}

TEST(JsonVerbatimString, EscapesControlBytesAndBadUtf8AreNot) {
  const std::vector<std::string> refused = {
      R"("a\"b")", R"("a\\b")", R"("\n")", R"("\u00e9")", R"("\ud83d\ude00")", R"("\/")", std::string("\"a\tb\""), std::string("\"a\nb\""),
      std::string("\"a\0b\"", 5), "\"\xC3\"",  // truncated sequence
      "\"\xC0\xAF\"",                          // overlong
      "\"\xED\xA0\x80\"",                      // surrogate
      "\"\xF4\x90\x80\x80\"",                  // above U+10FFFF
      "\"\xFF\"", "\"\x80\"", R"("abc)",  // no closing quote
      R"(")", "", R"("\")", R"(x")"};
  for (const std::string& t : refused) {
    EXPECT_FALSE(is_verbatim_string(t)) << t;
    expect_agrees(t);
  }
}

// Every one- and two-byte body (and a few three-byte ones with UTF-8 lead bytes): the fast path
// never disagrees with the decoder.
TEST(JsonVerbatimString, AgreesWithDecoderOnAllShortBodies) {
  for (int a = 0; a < 256; ++a) {
    expect_agrees(std::string("\"") + static_cast<char>(a) + "\"");
    for (int b = 0; b < 256; ++b) {
      expect_agrees(std::string("\"") + static_cast<char>(a) + static_cast<char>(b) + "\"");
      if (a >= 0xC0) expect_agrees(std::string("\"") + static_cast<char>(a) + static_cast<char>(b) + "\x80\"");
    }
  }
}

// Through the parser, whose scanner flags plain ASCII strings: every string value is what
// decode_string gives for its token, for strings as keys and as values.
TEST(JsonVerbatimString, ParserValuesMatchTheDecoder) {
  const std::vector<std::string> bodies = {"", "a", "hello world", "${var.x}", "caf\xC3\xA9", "a\\\"b", "a\\\\b", "\\n", "\\u00e9x",
                                           "\\ud83d\\ude00", "\xFF", "\xC3", "x\xE2\x82\xAC", "\\/", "tab\\t",
                                           // a backslash with non-ASCII text: decoded without the verbatim check
                                           "caf\xC3\xA9\\t", "\\\\\xFF", "\xE2\x82\xAC\\u20ac"};
  for (const std::string& body : bodies) {
    const std::string token = "\"" + body + "\"";
    std::string want;
    ASSERT_FALSE(decode_string(token, want).has_value()) << token;
    auto r = hclschema::parse_json(hclschema::SourceFile::from_string("t.json", "{" + token + ": " + token + "}"));
    ASSERT_TRUE(r.diagnostics.empty()) << token;
    const auto& obj = static_cast<const hclschema::json::Object&>(*hclschema::json::root_value(r.file->body()));
    ASSERT_EQ(obj.properties().size(), 1u);
    EXPECT_EQ(obj.properties()[0].name, want) << token;
    EXPECT_EQ(static_cast<const hclschema::json::String*>(obj.properties()[0].value)->value(), want) << token;
  }
  // A string cut short by a control byte or the end of the text is still an error.
  // Both as a value and as a key (the parser's inline fast path takes neither).
  for (const char* text : {"{\"a\": \"x\ny\"}", "{\"a\": \"xy", "{\"a\": \"", "{\"a\nb\": 1}", "{\"ab", "{\""}) {
    auto r = hclschema::parse_json(hclschema::SourceFile::from_string("t.json", text));
    EXPECT_FALSE(r.diagnostics.empty()) << text;
  }
}

}  // namespace
