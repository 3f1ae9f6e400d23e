// A SourceFile shares one allocation with its shared_ptr's control block (see source_file.cpp):
// every factory's file lives exactly as long as some pointer to it, and a slice keeps the file it
// was cut from.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "hclschema/source.hpp"

namespace hclschema {
namespace {

TEST(SourceFileLifetime, EachFactoryKeepsItsFileWhileAPointerRemains) {
  std::weak_ptr<const SourceFile> watch;
  std::shared_ptr<const SourceFile> copy;
  {
    auto file = SourceFile::from_string("a.hcl", std::string(100, 'x') + "\nline two\n");
    watch = file;
    copy = file;
  }
  ASSERT_FALSE(watch.expired());
  EXPECT_EQ(copy->line_text(2), "line two");
  EXPECT_EQ(copy->filename(), "a.hcl");
  copy.reset();
  EXPECT_TRUE(watch.expired());

  auto at = SourceFile::from_string_at("b.json", "x${y}", Pos{3, 7, 40});
  EXPECT_EQ(at->pos_at(2).column, 9u);
  EXPECT_EQ(at->pos_at(2).byte, 42u);
  EXPECT_EQ(at.use_count(), 1);
}

TEST(SourceFileLifetime, ASliceKeepsItsEnclosingFile) {
  std::weak_ptr<const SourceFile> enclosing_watch;
  std::shared_ptr<const SourceFile> slice;
  {
    auto whole = SourceFile::from_string("c.hcl", "first\nsecond line\n");
    enclosing_watch = whole;
    slice = SourceFile::slice_of(whole, ByteSpan{6, 12});
  }
  ASSERT_FALSE(enclosing_watch.expired());
  EXPECT_EQ(slice->text(), "second");
  EXPECT_EQ(slice->pos_at(3).line, 2u);
  EXPECT_EQ(slice->pos_at(3).column, 4u);
  slice.reset();
  EXPECT_TRUE(enclosing_watch.expired());
}

}  // namespace
}  // namespace hclschema
