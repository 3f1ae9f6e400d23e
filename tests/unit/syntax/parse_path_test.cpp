// parse_path and parse_source: reading files, choosing the syntax by name, refusing what cannot be read.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "hclschema/parse.hpp"

namespace hclschema {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / "hclschema-parse-path-test";
  std::filesystem::create_directories(dir);
  auto path = (dir / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(ParsePath, NativeAndJsonByFileName) {
  auto native = parse_path(write_temp("a.hcl", "a = 1\n"));
  ASSERT_NE(native.file, nullptr);
  EXPECT_EQ(native.file->syntax(), Syntax::native);
  EXPECT_TRUE(native.diagnostics.empty());
  auto json = parse_path(write_temp("a.tf.json", R"({"a": 1})"));
  ASSERT_NE(json.file, nullptr);
  EXPECT_EQ(json.file->syntax(), Syntax::json);
  EXPECT_EQ(json.file->native_body(), nullptr);
  EXPECT_EQ(json.file->body().just_attributes().attributes.size(), 1u);
  EXPECT_EQ(syntax_for_filename("x.tfvars.json"), Syntax::json);
  EXPECT_EQ(syntax_for_filename("x.json.tf"), Syntax::native);
}

TEST(ParsePath, UnreadableFilesGiveOneDiagnosticAndNoFile) {
  auto missing = parse_path("/nonexistent/dir/file.hcl");
  EXPECT_EQ(missing.file, nullptr);
  ASSERT_EQ(missing.diagnostics.size(), 1u);
  EXPECT_EQ(missing.diagnostics[0].summary, "Failed to read file");
  EXPECT_FALSE(missing.diagnostics[0].subject.has_value());

  auto dir = parse_path(std::filesystem::temp_directory_path().string());
  EXPECT_EQ(dir.file, nullptr);
  ASSERT_EQ(dir.diagnostics.size(), 1u);
  EXPECT_NE(dir.diagnostics[0].detail.find("is a directory"), std::string::npos);
}

TEST(ParsePath, FilesOverTheLimitAreNotRead) {
  ParseOptions options;
  options.max_file_size = 10;
  auto big = parse_path(write_temp("big.hcl", std::string(100, '#') + "\n"), options);
  EXPECT_EQ(big.file, nullptr);
  ASSERT_EQ(big.diagnostics.size(), 1u);
  EXPECT_EQ(big.diagnostics[0].summary, "File too large");
}

}  // namespace
}  // namespace hclschema
