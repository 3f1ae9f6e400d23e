// LabelIndex (src/schema/label_index.hpp): the distinct labels of a level in first-seen order, over
// storage kept between uses. Checked against std::unordered_map through growth, reuse after
// reset, empty and similar labels; and the walk that uses it: duplicate blocks among many
// labelled blocks, at three label levels.
#include <gtest/gtest.h>

#include <string>
#include <unordered_map>
#include <vector>

#include "schema/label_index.hpp"
#include "schema_testing.hpp"

namespace {

using hclschema::detail::LabelIndex;

TEST(LabelIndex, NumbersLabelsInFirstSeenOrderThroughGrowthAndReuse) {
  LabelIndex index;
  for (size_t expected : {0u, 1u, 5u, 100u}) {
    for (size_t count : {1u, 7u, 8u, 9u, 17u, 300u}) {
      index.reset(expected);
      std::vector<std::string> texts;
      for (size_t i = 0; i < count; ++i) texts.push_back(i % 3 == 0 ? std::string(i % 5, 'a') : "label" + std::to_string(i % (count / 2 + 1)));
      std::unordered_map<std::string, uint32_t> want;
      std::vector<std::string> order;
      for (const std::string& t : texts) {
        auto [it, fresh] = want.try_emplace(t, static_cast<uint32_t>(order.size()));
        if (fresh) order.push_back(t);
        const auto [number, added] = index.insert(t);
        EXPECT_EQ(added, fresh) << t;
        EXPECT_EQ(number, it->second) << t;
      }
      ASSERT_EQ(index.labels().size(), order.size());
      for (size_t i = 0; i < order.size(); ++i) EXPECT_EQ(index.labels()[i], order[i]);
      // Everything is found again after the growth.
      for (const std::string& t : texts) EXPECT_EQ(index.insert(t), std::make_pair(want[t], false)) << t;
    }
  }
}

TEST(LabelIndex, ResetForgetsEverything) {
  LabelIndex index;
  index.reset(2);
  EXPECT_TRUE(index.insert("a").second);
  EXPECT_FALSE(index.insert("a").second);
  index.reset(2);
  EXPECT_TRUE(index.labels().empty());
  EXPECT_EQ(index.insert("b"), std::make_pair(0u, true));
  EXPECT_EQ(index.insert("a"), std::make_pair(1u, true));
  EXPECT_EQ(index.insert(""), std::make_pair(2u, true));
  EXPECT_EQ(index.insert(""), std::make_pair(2u, false));
}

using namespace schema_testing;

// Forty blocks of three labels (more labels per level than the index first has room for), with
// duplicates spread over them: each later duplicate is reported, decoding keeps the first.
TEST(LabelIndex, WalkFindsDuplicatesAmongManyBlocks) {
  auto s = schema_of("block \"r\" {\n  labels = [\"a\", \"b\", \"c\"]\n  attribute \"n\" {\n    type = number\n  }\n}\n");
  ASSERT_TRUE(s);
  std::string config;
  std::vector<int> duplicate_lines;
  int line = 1;
  for (int i = 0; i < 40; ++i) {
    const int k = i % 25;  // blocks 25..39 repeat blocks 0..14
    config += "r \"t" + std::to_string(k % 4) + "\" \"n" + std::to_string(k % 7) + "\" \"x" + std::to_string(k) + "\" {\n  n = " + std::to_string(i) + "\n}\n";
    if (i >= 25) duplicate_lines.push_back(line);
    line += 3;
  }
  ParseResult parsed = parse_source(SourceFile::from_string("many.hcl", config));
  ASSERT_FALSE(has_errors(parsed.diagnostics));
  Diagnostics v = validate(*s, parsed.file->body());
  ASSERT_EQ(v.size(), duplicate_lines.size());
  for (size_t i = 0; i < v.size(); ++i) {
    EXPECT_EQ(v[i].summary, "Duplicate r block");
    EXPECT_EQ(v[i].subject->start.line, static_cast<uint32_t>(duplicate_lines[i]));
  }
  Checked c = decode_text(*s, config);
  EXPECT_EQ(c.diagnostics.size(), duplicate_lines.size());
  const Value* first = c.value.get("r")->get("t0")->get("n0")->get("x0");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->get("n")->as_number(), hclschema::Number(0));
}

}  // namespace
