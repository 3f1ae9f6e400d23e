// Unit tests of the JSON plain-string fast path (src/eval/json_plain_string.hpp): which strings
// skip the template parser, that for each of them the parser would have produced the same value
// with no diagnostics, and that strings with escapes or sequences still go through the parser.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
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

// The test byte by byte, as it was before the 16-byte blocks: the blocks must answer the same.
bool plain_one_by_one(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
  for (size_t i = 0; i < n;) {
    const unsigned c = s[i];
    if (c < 0x80) {
      if ((c == '$' || c == '%') && i + 1 < n && s[i + 1] == '{') return false;
      ++i;
      continue;
    }
    size_t len;
    if (c < 0xC0) return false;
    if (c < 0xE0) len = 2;
    else if (c < 0xF0) len = 3;
    else if (c < 0xF8) len = 4;
    else return false;
    if (n - i < len) return false;
    for (size_t k = 1; k < len; ++k)
      if ((s[i + k] & 0xC0) != 0x80) return false;
    i += len;
  }
  return true;
}

// Every length up to three blocks and a bit, every position of: a "${" or "%{" (inside a block,
// across a block's end, in the bytes after the last block), a lone "$", "%" or "{", a valid
// character of two, three and four bytes, a stray continuation byte, a truncated character, a
// lead byte with an ASCII byte after it; and a valid character in an earlier block with a bad one
// later (the UTF-8 check must go on from the first block with a high byte to the end).
TEST(JsonPlainStringTest, BlocksAgreeWithTheByteByByteTest) {
  const std::vector<std::string> inserts = {"${",       "%{",      "$",   "%",          "{",           "$$",        "}{",
                                            "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\x80",  "\xC3", "\xE2\x82", "\xC3x",
                                            "\xF8\x88", "\xFF"};
  size_t checked = 0;
  for (size_t len = 0; len <= 52; ++len) {
    for (const std::string& ins : inserts) {
      for (size_t at = 0; at + ins.size() <= len; ++at) {
        std::string text(len, 'a');
        text.replace(at, ins.size(), ins);
        EXPECT_EQ(detail::json_string_is_plain(text), plain_one_by_one(text)) << "len " << len << " at " << at << " insert " << ins;
        // The same with a valid non-ASCII character first (its block starts the UTF-8 check).
        if (len >= 2 && at >= 2) {
          std::string with_high = text;
          with_high.replace(0, 2, "\xC3\xA9");
          EXPECT_EQ(detail::json_string_is_plain(with_high), plain_one_by_one(with_high)) << "len " << len << " at " << at << " insert " << ins;
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 10000u);
  // A block ending in "$" followed by a block starting with "{", and the same pair split at the
  // last block's end (16 and 32 bytes, the rest after it).
  for (size_t end : {16u, 32u}) {
    for (size_t extra : {0u, 1u, 5u, 16u, 20u}) {
      std::string text(end + extra, 'b');
      if (end + extra <= end) continue;
      text[end - 1] = '$';
      text[end] = '{';
      EXPECT_FALSE(detail::json_string_is_plain(text)) << end << "+" << extra;
      text[end - 1] = '%';
      EXPECT_FALSE(detail::json_string_is_plain(text)) << end << "+" << extra;
      text[end] = 'x';
      EXPECT_TRUE(detail::json_string_is_plain(text)) << end << "+" << extra;
    }
  }
}

}  // namespace
