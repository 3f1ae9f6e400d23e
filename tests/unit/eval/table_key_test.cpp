// TableKey: looking a name up in an EvalContext's tables with the inline comparison finds what
// std::string_view's comparison finds.
#include "eval/table_key.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace hclschema::eval_detail {
namespace {

int sign(int v) { return (v > 0) - (v < 0); }

TEST(TableKey, OrdersAsStringViewCompare) {
  // Prefixes, equal names, a first and a later differing byte, bytes above 0x7F (unsigned, as
  // memcmp compares them), an empty name and an embedded NUL.
  const std::vector<std::string> names = {"", "a", "ab", "abc", "abd", "b", "var", "variable", "\xC3\xA9t\xC3\xA9", "z\xFF",
                                          "z\x01", std::string("n\0x", 3), std::string("n\0y", 3), "n"};
  for (const auto& a : names)
    for (const auto& b : names)
      EXPECT_EQ(sign(compare_table_names(a, b)), sign(std::string_view(a).compare(b))) << '"' << a << "\" vs \"" << b << '"';
}

// The comparison goes a word at a time (whole 8-byte words, overlapping last words, 4-byte
// pairs, 1-3 byte composites): every length up to past two words, with one byte changed at each
// position to values below and above the others, low and high (0x00, 0x7F, 0x80, 0xFF), against
// the same name and one of each other length.
TEST(TableKey, OrdersAsStringViewCompareAtEveryLengthAndPosition) {
  std::vector<std::string> names;
  for (size_t len = 0; len <= 20; ++len) {
    std::string base;
    for (size_t i = 0; i < len; ++i) base += static_cast<char>('a' + i % 7);
    names.push_back(base);
    for (size_t pos = 0; pos < len; ++pos)
      for (unsigned char c : {0x00, 0x61, 0x7F, 0x80, 0xFF}) {
        std::string changed = base;
        changed[pos] = static_cast<char>(c);
        names.push_back(changed);
      }
  }
  for (const auto& a : names)
    for (const auto& b : names)
      ASSERT_EQ(sign(compare_table_names(a, b)), sign(std::string_view(a).compare(b))) << '"' << a << "\" vs \"" << b << '"';
}

TEST(TableKey, FindsTheSameEntriesInAStdMap) {
  std::map<std::string, int, std::less<>> table;
  int i = 0;
  for (const char* name : {"count", "data", "each", "local", "module", "path", "var", "aws_instance", "aws_s3_bucket", "\xC3\xA9t\xC3\xA9"})
    table[name] = i++;
  for (const auto& [name, value] : table) {
    auto it = table.find(TableKey{name});
    ASSERT_NE(it, table.end()) << name;
    EXPECT_EQ(it->second, value);
  }
  for (const char* absent : {"", "aws", "aws_instances", "vars", "va", "z", "\xC3\xA9"}) EXPECT_EQ(table.find(TableKey{absent}), table.end()) << absent;
}

}  // namespace
}  // namespace hclschema::eval_detail
