// The HTML pages are well-formed HTML5: every element the renderer opens is closed in order, void
// elements are never closed, ids are unique, every in-page link has its target, and attribute
// values are quoted. Checked on the committed golden pages (example schema, inputs, and the
// corpus module), so a renderer change that breaks the structure fails here as well as there.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Returns the problems found (empty when the page is well-formed).
std::vector<std::string> check_structure(const std::string& html) {
  static const std::set<std::string> void_elements{"meta", "br", "hr", "img", "link", "input", "wbr"};
  std::vector<std::string> problems, stack;
  std::set<std::string> ids, links;
  size_t i = html.find("<html");
  if (!html.starts_with("<!DOCTYPE html>\n")) problems.push_back("no <!DOCTYPE html>");
  while (i != std::string::npos && i < html.size()) {
    const size_t open = html.find('<', i);
    if (open == std::string::npos) break;
    if (html.compare(open, 4, "<!--") == 0) {
      i = html.find("-->", open);
      continue;
    }
    const size_t close = html.find('>', open);
    if (close == std::string::npos) {
      problems.push_back("unterminated tag at " + std::to_string(open));
      break;
    }
    const std::string tag = html.substr(open + 1, close - open - 1);
    i = close + 1;
    if (tag == "style") {  // CSS is text up to </style>
      i = html.find("</style>", i);
      if (i == std::string::npos) problems.push_back("unclosed <style>");
      else i += 8;
      continue;
    }
    const bool closing = tag.starts_with("/");
    const std::string name = tag.substr(closing ? 1 : 0, tag.find_first_of(" /", closing ? 1 : 0) - (closing ? 1 : 0));
    if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789") != std::string::npos) {
      problems.push_back("bad tag <" + tag + ">");
      continue;
    }
    if (closing) {
      if (stack.empty() || stack.back() != name) {
        problems.push_back("</" + name + "> closes <" + (stack.empty() ? std::string("nothing") : stack.back()) + ">");
        continue;
      }
      stack.pop_back();
      continue;
    }
    // Attributes: name="value" pairs; no raw '<', '>' or '"' can appear inside a value.
    for (size_t at = tag.find('='); at != std::string::npos; at = tag.find('=', tag.find('"', at + 2) + 1)) {
      if (at + 1 >= tag.size() || tag[at + 1] != '"' || tag.find('"', at + 2) == std::string::npos) {
        problems.push_back("unquoted attribute in <" + tag + ">");
        break;
      }
      const size_t name_start = tag.find_last_of(' ', at) + 1;
      const std::string attr = tag.substr(name_start, at - name_start);
      const std::string value = tag.substr(at + 2, tag.find('"', at + 2) - at - 2);
      if (attr == "id" && !ids.insert(value).second) problems.push_back("duplicate id " + value);
      if (attr == "href" && value.starts_with("#")) links.insert(value.substr(1));
    }
    if (!void_elements.count(name)) stack.push_back(name);
  }
  if (!stack.empty()) problems.push_back("unclosed <" + stack.back() + ">");
  for (const auto& link : links)
    if (!ids.count(link)) problems.push_back("link to missing #" + link);
  return problems;
}

TEST(DocsHtmlStructure, GoldenPagesAreWellFormed) {
  const fs::path dir = fs::path(HCLSCHEMA_SOURCE_DIR) / "tests" / "golden" / "docs" / "expected";
  int pages = 0;
  for (const char* name : {"service.schema.html", "app.inputs.html", "virtualnetwork.html"}) {
    const std::string html = slurp(dir / name);
    ASSERT_FALSE(html.empty()) << name;
    ++pages;
    for (const auto& problem : check_structure(html)) ADD_FAILURE() << name << ": " << problem;
  }
  EXPECT_EQ(pages, 3);
}

TEST(DocsHtmlStructure, CheckerFindsProblems) {
  const std::string head = "<!DOCTYPE html>\n<html lang=\"en\">";
  EXPECT_TRUE(check_structure(head + "<body><p>x</p></body></html>").empty());
  EXPECT_FALSE(check_structure(head + "<body><p>x</body></html>").empty());
  EXPECT_FALSE(check_structure(head + "<body><p id=\"a\"></p><p id=\"a\"></p></body></html>").empty());
  EXPECT_FALSE(check_structure(head + "<body><a href=\"#nowhere\">x</a></body></html>").empty());
  EXPECT_FALSE(check_structure(head + "<body><p id=a></p></body></html>").empty());
}

}  // namespace
