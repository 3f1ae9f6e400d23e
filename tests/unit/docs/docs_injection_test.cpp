// --inject: the text between the markers replaced, every other byte kept (CRLF files too),
// marker problems reported, atomic writes that keep permissions and leave no temporary file.
#include <sys/stat.h>

#include "docs/readme_injection.hpp"
#include "docs_testing.hpp"

namespace {

using namespace docs_testing;
using docs::inject_between_markers;

TEST(DocsInjection, ReplacesBetweenMarkersKeepingTheRest) {
  struct Case {
    std::string file, content, expected;
  } cases[] = {
      {"# T\n\n<!-- BEGIN_HCLSCHEMA_DOCS -->\nold\nstuff\n<!-- END_HCLSCHEMA_DOCS -->\ntail  \n", "new\n",
       "# T\n\n<!-- BEGIN_HCLSCHEMA_DOCS -->\nnew\n<!-- END_HCLSCHEMA_DOCS -->\ntail  \n"},
      // Empty interior, no trailing newline at the end of the file, content without a final newline.
      {"<!-- BEGIN_HCLSCHEMA_DOCS --><!-- END_HCLSCHEMA_DOCS -->", "x", "<!-- BEGIN_HCLSCHEMA_DOCS -->\nx\n<!-- END_HCLSCHEMA_DOCS -->"},
      // CRLF file: the content's line breaks follow it; the rest (a lone LF included) is untouched.
      {"a\r\n<!-- BEGIN_HCLSCHEMA_DOCS -->\r\nold\r\n<!-- END_HCLSCHEMA_DOCS -->\r\nb\nc\r\n", "l1\nl2\n",
       "a\r\n<!-- BEGIN_HCLSCHEMA_DOCS -->\r\nl1\r\nl2\r\n<!-- END_HCLSCHEMA_DOCS -->\r\nb\nc\r\n"},
      // Bytes that are not UTF-8 and NULs outside the markers survive.
      {std::string("\xff\0z\n", 4) + "<!-- BEGIN_HCLSCHEMA_DOCS -->\n<!-- END_HCLSCHEMA_DOCS -->\n\xfe", "d\n",
       std::string("\xff\0z\n", 4) + "<!-- BEGIN_HCLSCHEMA_DOCS -->\nd\n<!-- END_HCLSCHEMA_DOCS -->\n\xfe"},
  };
  for (const auto& c : cases) {
    auto r = inject_between_markers(c.file, c.content);
    ASSERT_TRUE(r.text) << r.error;
    EXPECT_EQ(*r.text, c.expected);
    // Injecting again gives the same file (idempotent).
    EXPECT_EQ(*inject_between_markers(*r.text, c.content).text, c.expected);
  }
}

TEST(DocsInjection, MarkerProblems) {
  struct Case {
    const char* file;
    const char* error;
  } cases[] = {
      {"no markers\n", "missing <!-- BEGIN_HCLSCHEMA_DOCS --> marker"},
      {"<!-- BEGIN_HCLSCHEMA_DOCS -->\n", "missing <!-- END_HCLSCHEMA_DOCS --> marker"},
      {"<!-- END_HCLSCHEMA_DOCS -->\n<!-- BEGIN_HCLSCHEMA_DOCS -->\n", "<!-- END_HCLSCHEMA_DOCS --> comes before <!-- BEGIN_HCLSCHEMA_DOCS -->"},
      {"<!-- BEGIN_HCLSCHEMA_DOCS -->\n<!-- BEGIN_HCLSCHEMA_DOCS -->\n<!-- END_HCLSCHEMA_DOCS -->\n", "more than one <!-- BEGIN_HCLSCHEMA_DOCS --> marker"},
      {"<!-- BEGIN_HCLSCHEMA_DOCS -->\n<!-- END_HCLSCHEMA_DOCS -->\n<!-- END_HCLSCHEMA_DOCS -->\n", "more than one <!-- END_HCLSCHEMA_DOCS --> marker"},
  };
  for (const auto& c : cases) {
    auto r = inject_between_markers(c.file, "x\n");
    EXPECT_FALSE(r.text) << c.file;
    EXPECT_EQ(r.error, c.error);
  }
}

TEST(DocsInjection, FileWrittenAtomicallyKeepingPermissions) {
  ScratchDir dir("inject");
  dir.write("README.md", "top\n<!-- BEGIN_HCLSCHEMA_DOCS -->\n<!-- END_HCLSCHEMA_DOCS -->\nend\n");
  const std::string path = (dir.path / "README.md").string();
  ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
  std::string error;
  ASSERT_TRUE(docs::inject_into_file(path, "docs\n", error)) << error;
  EXPECT_EQ(dir.read("README.md"), "top\n<!-- BEGIN_HCLSCHEMA_DOCS -->\ndocs\n<!-- END_HCLSCHEMA_DOCS -->\nend\n");
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  // Only the file itself is in the directory: no temporary file left behind.
  size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir.path)) {
    ++files;
    EXPECT_EQ(entry.path().filename(), "README.md");
  }
  EXPECT_EQ(files, 1u);
}

TEST(DocsInjection, FailureLeavesTheFileAndNoTemporary) {
  ScratchDir dir("inject_fail");
  const std::string original = "<!-- BEGIN_HCLSCHEMA_DOCS -->\n";
  dir.write("README.md", original);
  std::string error;
  EXPECT_FALSE(docs::inject_into_file((dir.path / "README.md").string(), "x\n", error));
  EXPECT_TRUE(contains(error, "missing <!-- END_HCLSCHEMA_DOCS --> marker")) << error;
  EXPECT_EQ(dir.read("README.md"), original);
  EXPECT_FALSE(docs::inject_into_file((dir.path / "absent.md").string(), "x\n", error));
  EXPECT_TRUE(contains(error, "cannot read")) << error;
  EXPECT_FALSE(docs::inject_into_file(dir.path.string(), "x\n", error));
  EXPECT_TRUE(contains(error, "is a directory")) << error;
  size_t files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir.path)) ++files;
  EXPECT_EQ(files, 1u);
}

TEST(DocsInjection, WritesThroughSymlinksAndCreatesNewFiles) {
  ScratchDir dir("atomic");
  dir.write("target.md", "<!-- BEGIN_HCLSCHEMA_DOCS --><!-- END_HCLSCHEMA_DOCS -->");
  fs::create_symlink("target.md", dir.path / "link.md");
  std::string error;
  ASSERT_TRUE(docs::inject_into_file((dir.path / "link.md").string(), "x", error)) << error;
  EXPECT_TRUE(fs::is_symlink(dir.path / "link.md"));
  EXPECT_EQ(dir.read("target.md"), "<!-- BEGIN_HCLSCHEMA_DOCS -->\nx\n<!-- END_HCLSCHEMA_DOCS -->");

  ASSERT_TRUE(docs::write_file_atomically((dir.path / "new.html").string(), "<p>", error)) << error;
  EXPECT_EQ(dir.read("new.html"), "<p>");
  struct stat st {};
  ASSERT_EQ(::stat((dir.path / "new.html").c_str(), &st), 0);
  const mode_t mask = ::umask(0);
  ::umask(mask);
  EXPECT_EQ(st.st_mode & 07777, 0666u & ~mask);
  EXPECT_FALSE(docs::write_file_atomically((dir.path / "missing-dir" / "x").string(), "y", error));
  EXPECT_TRUE(contains(error, "cannot create a temporary file")) << error;
}

}  // namespace
