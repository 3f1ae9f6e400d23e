// Unit tests of the JSON plain-string fast path (src/eval/json_plain_string.hpp): which strings
// skip the template parser, that for each of them the parser would have produced the same value
// with no diagnostics, and that strings with escapes or sequences still go through the parser.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "eval/json_plain_string.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/value.hpp"
#include "syntax/native/parser.hpp"

namespace {

using namespace hclschema;

EvalContext context_with_x() {
  EvalContext ctx;
  ctx.set_variable("x", Value::string("X"));
  return ctx;
}

TEST(JsonPlainStringTest, Classification) {
  struct Case {
    std::string text;
    bool plain;
  };
  const std::vector<Case> cases = {
      {"", true},
      {"plain", true},
      {"10.0.0.0/16", true},
      {"$", true},
      {"%", true},
      {"100%", true},
      {"$x", true},
      {"$$", true},
      {"%%", true},
      {"$ {x}", true},
      {"a\r\nb\nc\rd", true},
      {std::string("nul\0byte", 8), true},
      {"caf\xC3\xA9", true},           // é, precomposed
      {"cafe\xCC\x81", true},          // e + combining acute: plain, but not NFC
      {"\xF0\x9F\x98\x80 emoji", true},
      {"${x}", false},
      {"a ${x} b", false},
      {"%{ if true }y%{ endif }", false},
      {"$${x}", false},  // an escape: the parser removes one "$"
      {"%%{x}", false},
      {"${", false},
      {"%{", false},
      {"\x80", false},              // a lone continuation byte: bad UTF-8 for the scanner
      {"\xC3", false},              // a truncated character
      {"\xE2\x82x", false},         // a lead byte followed by a non-continuation byte
      {"\xF8\x88\x80\x80\x80", false},
  };
  for (const auto& c : cases) EXPECT_EQ(detail::json_string_is_plain(c.text), c.plain) << c.text;
}

// For every string the fast path takes, the parser it replaces gives the very same value (the
// text, NFC-normalised) and no diagnostics.
TEST(JsonPlainStringTest, PlainStringsParseToThemselves) {
  const EvalContext ctx = context_with_x();
  const std::vector<std::string> texts = {"",         "plain",  "$",      "%",         "a$",         "a%",           "$$",
                                          "%%",       "$x",     "%x",     "$}",        "$\n",        "%\r\n",        "$\r{",
                                          "a\rb",     "\r",     "a\r\nb", "line\n",    "$ {x}",      "% {x}",        "cafe\xCC\x81",
                                          "\xC3\xA9", "\xF0\x9F\x98\x80", std::string("nul\0byte", 8), "tab\there", "}", "~}"};
  for (const auto& text : texts) {
    ASSERT_TRUE(detail::json_string_is_plain(text)) << text;
    auto parsed = native::detail::parse_template_source(SourceFile::from_string("t.json", text));
    EXPECT_TRUE(parsed.diagnostics.empty()) << text;
    ASSERT_NE(parsed.expr, nullptr) << text;
    EvalResult r = evaluate(*parsed.expr, &ctx);
    EXPECT_TRUE(r.diagnostics.empty()) << text;
    EXPECT_TRUE(r.value.type() == Type::string()) << text;
    ASSERT_TRUE(r.value.is_known() && !r.value.is_null()) << text;
    EXPECT_FALSE(r.value.is_marked()) << text;
    EXPECT_EQ(r.value.as_string(), Value::string(text).as_string()) << text;
  }
}

// End to end through a JSON file evaluated with a context: plain strings are their (normalised)
// text, escapes are still decoded and sequences still evaluated.
TEST(JsonPlainStringTest, JsonStringsEvaluateWithContext) {
  struct Case {
    const char* json;  // the attribute's value, as JSON
    std::string want;
  };
  const std::vector<Case> cases = {
      {R"("plain")", "plain"},
      {R"("100%")", "100%"},
      {R"("$x and $$")", "$x and $$"},
      {R"("$${x}")", "${x}"},
      {R"("%%{x}")", "%{x}"},
      {R"("a ${x} b")", "a X b"},
      {R"("cafe\u0301")", "caf\xC3\xA9"},  // NFC: e + combining acute becomes precomposed é
      {R"("tab\tline\nend")", "tab\tline\nend"},
  };
  const EvalContext ctx = context_with_x();
  for (const auto& c : cases) {
    auto parsed = parse_json(SourceFile::from_string("a.json", std::string(R"({"a": )") + c.json + "}"));
    ASSERT_FALSE(has_errors(parsed.diagnostics)) << c.json;
    auto attrs = parsed.file->body().just_attributes();
    ASSERT_EQ(attrs.attributes.size(), 1u) << c.json;
    EvalResult r = evaluate(*attrs.attributes[0].expr, &ctx);
    EXPECT_TRUE(r.diagnostics.empty()) << c.json;
    ASSERT_TRUE(r.value.is_known() && r.value.type() == Type::string()) << c.json;
    EXPECT_EQ(r.value.as_string(), c.want) << c.json;
  }
}

}  // namespace
