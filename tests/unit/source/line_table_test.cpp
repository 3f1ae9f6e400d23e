// The line table is built the first time a position is asked for (see SourceFile): parsing a valid
// file leaves it unbuilt, anything that reports a position builds it, and threads that ask for
// positions of a fresh file at once all get the same, right answers.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "hclschema/parse.hpp"
#include "hclschema/source.hpp"

namespace hclschema {
namespace {

TEST(LineTable, ParsingAValidFileDoesNotBuildIt) {
  auto file = SourceFile::from_string("main.tf", "a = 1\nb = \"x${y}\"\nblock \"l\" {\n  c = [for v in d : v]\n}\n");
  ParseResult parsed = parse_native(file);
  ASSERT_TRUE(parsed.diagnostics.empty());
  EXPECT_FALSE(file->has_line_table());
  // Asking for a range builds it, with the right answer.
  const Range r = file->range({6, 7});
  EXPECT_TRUE(file->has_line_table());
  EXPECT_EQ(r.start.line, 2u);
  EXPECT_EQ(r.start.column, 1u);
}

TEST(LineTable, ADiagnosticBuildsItForItsRange) {
  auto file = SourceFile::from_string("main.tf", "a = 1\nb = \n");
  ParseResult parsed = parse_native(file);
  ASSERT_FALSE(parsed.diagnostics.empty());
  EXPECT_TRUE(file->has_line_table());
  EXPECT_EQ(parsed.diagnostics[0].subject->start.line, 2u);
}

TEST(LineTable, EachQueryBuildsIt) {
  auto count = SourceFile::from_string("a", "x\ny\nz");
  EXPECT_EQ(count->line_count(), 3u);
  auto text = SourceFile::from_string("b", "x\ny\nz");
  EXPECT_EQ(text->line_text(2), "y");
  auto pos = SourceFile::from_string("c", "x\ny\nz");
  EXPECT_EQ(pos->pos_at(4).line, 3u);
  for (const auto* f : {count.get(), text.get(), pos.get()}) EXPECT_TRUE(f->has_line_table());
}

TEST(LineTable, ThreadsAskingAtOnceGetTheSameAnswers) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "line_" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  for (int round = 0; round < 5; ++round) {
    auto file = SourceFile::from_string("big.tf", text);
    std::vector<std::thread> threads;
    std::vector<uint32_t> lines(4);
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] { lines[static_cast<size_t>(t)] = file->pos_at(static_cast<uint32_t>(text.size() - 2)).line; });
    for (auto& th : threads) th.join();
    for (uint32_t line : lines) EXPECT_EQ(line, 20000u);
    EXPECT_EQ(file->line_count(), 20001u);
  }
}

}  // namespace
}  // namespace hclschema
