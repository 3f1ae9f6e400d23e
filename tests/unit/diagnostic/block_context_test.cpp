// The ", in BLOCK" context: the header of the top-level block around a byte, labels Go-quoted.
#include <gtest/gtest.h>

#include "diagnostic/block_context.hpp"

namespace hclschema::detail {
namespace {

TEST(GoQuote, MatchesStrconvQuote) {
  EXPECT_EQ(go_quote(""), "\"\"");
  EXPECT_EQ(go_quote("web"), "\"web\"");
  EXPECT_EQ(go_quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(go_quote("tab\there\nnl"), "\"tab\\there\\nnl\"");
  EXPECT_EQ(go_quote("\x01"), "\"\\x01\"");
  EXPECT_EQ(go_quote("caf\xc3\xa9"), "\"caf\xc3\xa9\"");  // printable non-ASCII stays as is
  EXPECT_EQ(go_quote("\xe2\x80\x8b"), "\"\\u200b\"");     // zero-width space is not printable
  EXPECT_EQ(go_quote("\xff"), "\"\\xff\"");                // invalid UTF-8 byte
}

constexpr const char* source =
    "top = 1\n"                                 // 0..7
    "resource \"aws_instance\" \"web\" {\n"     // 8..
    "  ami = \"x\"\n"
    "}\n"
    "locals {\n"
    "  a = 1\n"
    "}\n";

TEST(BlockContext, NamesTheTopLevelBlock) {
  auto parsed = parse_source(SourceFile::from_string("main.tf", source));
  ASSERT_TRUE(parsed.file);
  ASSERT_FALSE(has_errors(parsed.diagnostics));
  const std::string_view text = source;
  auto at = [&](std::string_view needle) { return static_cast<uint32_t>(text.find(needle)); };
  EXPECT_EQ(block_context_string(*parsed.file, at("ami")), "resource \"aws_instance\" \"web\"");
  EXPECT_EQ(block_context_string(*parsed.file, at("resource")), "resource \"aws_instance\" \"web\"");
  EXPECT_EQ(block_context_string(*parsed.file, at("  a = 1")), "locals");
  EXPECT_EQ(block_context_string(*parsed.file, at("top")), "");
  EXPECT_EQ(block_context_string(*parsed.file, static_cast<uint32_t>(text.size())), "");

  ParsedFiles files{{"main.tf", parsed.file}};
  ContextStringFn context = block_context_for(files);
  EXPECT_EQ(context("main.tf", at("ami")), "resource \"aws_instance\" \"web\"");
  EXPECT_EQ(context("other.tf", at("ami")), "");
}

TEST(BlockContext, JsonFilesHaveNone) {
  auto parsed = parse_source(SourceFile::from_string("main.tf.json", R"({"resource": {"a": {"b": {}}}})"));
  ASSERT_TRUE(parsed.file);
  EXPECT_EQ(block_context_string(*parsed.file, 5), "");
}

}  // namespace
}  // namespace hclschema::detail
