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
