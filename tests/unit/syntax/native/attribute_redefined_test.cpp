// "Attribute redefined": the first definition of a name in a body wins and each later one is an
// error that points back at it. A body's first names are compared one by one and later ones looked
// up by name (see keep_unless_redefined); both must give the same diagnostics, per body, however
// bodies nest.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"

namespace hclschema {
namespace {

std::vector<std::string> names(const native::NativeBody& body) {
  std::vector<std::string> out;
  for (const auto& a : body.attributes()) out.emplace_back(a.name());
  return out;
}

TEST(AttributeRedefined, ManyAttributesKeepTheFirstOfEachNameAndPointAtIt) {
  // 40 000 distinct names, then each of names 0, 17 and 39 999 again, interleaved with new ones.
  std::string text;
  for (int i = 0; i < 40000; ++i) text += "a" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  text += "a0 = \"again\"\nnew1 = 1\na17 = 2\nnew2 = 2\na39999 = 3\n";
  const ParseResult parsed = parse_native(SourceFile::from_string("many.tf", text));
  ASSERT_EQ(parsed.diagnostics.size(), 3u);
  const uint32_t lines[] = {1, 18, 40000};
  const uint32_t redefined_at[] = {40001, 40003, 40005};
  for (size_t i = 0; i < 3; ++i) {
    const Diagnostic& d = parsed.diagnostics[i];
    EXPECT_EQ(d.summary, "Attribute redefined");
    EXPECT_EQ(d.subject->start.line, redefined_at[i]);
    EXPECT_NE(d.detail.find("was already set at many.tf:" + std::to_string(lines[i]) + ",1-"), std::string::npos) << d.detail;
  }
  const auto& body = *parsed.file->native_body();
  ASSERT_EQ(body.attributes().size(), 40002u);
  EXPECT_EQ(body.attributes()[40000].name(), "new1");
  EXPECT_EQ(body.attributes()[40001].name(), "new2");
  EXPECT_EQ(static_cast<const native::LiteralValueExpr&>(*body.attributes()[0].expr).text(), "0");  // the first a0
}

TEST(AttributeRedefined, EachBodyHasItsOwnNamesWhateverItsSize) {
  // The outer body's names straddle two nested blocks of many attributes (which start where the
  // outer body's list does, as it has none yet, and then after its first), and siblings repeat
  // each other's names without error.
  auto many = [](const std::string& prefix, int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += "  " + prefix + std::to_string(i) + " = 1\n";
    return s;
  };
  const std::string text = "b {\n" + many("x", 30) + "  x3 = 2\n}\n" + "top = 1\n" + "c {\n" + many("x", 30) + "}\n" + many("t", 20) + "top = 2\n" +
                           "d {\n" + many("x", 3) + "  x1 = 9\n}\n";
  const ParseResult parsed = parse_native(SourceFile::from_string("nest.tf", text));
  std::vector<uint32_t> error_lines;
  for (const auto& d : parsed.diagnostics) {
    EXPECT_EQ(d.summary, "Attribute redefined");
    error_lines.push_back(d.subject->start.line);
  }
  // b's x3 (line 32), the outer top (line 87, its 22nd name), d's x1 (line 92).
  EXPECT_EQ(error_lines, (std::vector<uint32_t>{32, 87, 92}));
  const auto& body = *parsed.file->native_body();
  EXPECT_EQ(body.attributes().size(), 21u);  // top and t0..t19
  ASSERT_EQ(body.blocks().size(), 3u);
  EXPECT_EQ(names(*body.blocks()[0]->body).size(), 30u);
  EXPECT_EQ(names(*body.blocks()[1]->body).size(), 30u);
  EXPECT_EQ(names(*body.blocks()[2]->body), (std::vector<std::string>{"x0", "x1", "x2"}));
}

}  // namespace
}  // namespace hclschema
