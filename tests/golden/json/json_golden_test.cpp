// Differential test of the JSON syntax against HCL's Go implementation.
//
// tests/golden/json/expected/ holds what the reference program (`reference json-body`, see
// tools/reference/json.go) printed for each case of tests/golden/json/cases/ and for each .json file
// of the shared corpus; this test builds the same document with hclschema and compares. Columns:
// the reference counts a tab as two columns and a carriage return as none, where SourceFile counts
// one each, so our columns are converted to the reference's convention before comparing (lines and
// bytes are compared as they are). After invalid UTF-8 on a line, columns are not compared.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hclschema/json/ast.hpp"
#include "hclschema/parse.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace hclschema;

fs::path golden_dir() { return fs::path(HCLSCHEMA_SOURCE_DIR) / "tests" / "golden" / "json"; }

fs::path corpus_dir() {
  if (const char* env = std::getenv("HCLSCHEMA_CORPUS")) return env;
  return fs::path(HCLSCHEMA_SOURCE_DIR) / ".." / "shared" / "corpus";
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The reference's column for a position: one per grapheme as ours, but a tab counts two and a
// carriage return none.
uint32_t reference_column(const SourceFile& file, const Pos& pos) {
  if (pos.line == 0) return pos.column;
  std::string_view text = file.text();
  uint32_t line_start = pos.byte;
  while (line_start > 0 && text[line_start - 1] != '\n') --line_start;
  uint32_t column = pos.column;
  for (uint32_t i = line_start; i < pos.byte && i < text.size(); ++i) {
    if (text[i] == '\t') ++column;
    if (text[i] == '\r') --column;
  }
  return column;
}

// True when the line holding `byte` has bytes that are not valid UTF-8 before it: there the
// reference's grapheme segmentation groups bad bytes differently from SourceFile's (one column per
// bad byte), so columns after them are not compared.
bool invalid_utf8_before(std::string_view text, uint32_t byte) {
  uint32_t line_start = std::min<uint32_t>(byte, static_cast<uint32_t>(text.size()));
  while (line_start > 0 && text[line_start - 1] != '\n') --line_start;
  std::string_view prefix = text.substr(line_start, std::min<size_t>(byte, text.size()) - line_start);
  size_t i = 0;
  while (i < prefix.size()) {
    const auto c = static_cast<unsigned char>(prefix[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > prefix.size()) return true;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(prefix[i + k]) >> 6) != 0x2) return true;
    i += n;
  }
  return false;
}

// Blanks the columns that are not comparable (see invalid_utf8_before) in a dumped document.
void blank_uncomparable_columns(json& j, std::string_view text) {
  if (j.is_object()) {
    if (j.contains("line") && j.contains("column") && j.contains("byte")) {
      if (invalid_utf8_before(text, j["byte"].get<uint32_t>())) j["column"] = -1;
      return;
    }
    for (auto& [k, v] : j.items()) blank_uncomparable_columns(v, text);
  } else if (j.is_array()) {
    for (auto& v : j) blank_uncomparable_columns(v, text);
  }
}

struct Dumper {
  const SourceFile& file;

  json pos(const Pos& p) const {
    const bool ours = !file.text().empty() || p.line != 0;
    return {{"line", p.line}, {"column", ours ? reference_column(file, p) : p.column}, {"byte", p.byte}};
  }
  json range(const Range& r) const {
    if (r.filename.empty()) return {{"filename", ""}, {"start", {{"line", r.start.line}, {"column", r.start.column}, {"byte", r.start.byte}}},
                                    {"end", {{"line", r.end.line}, {"column", r.end.column}, {"byte", r.end.byte}}}};
    return {{"filename", r.filename.str()}, {"start", pos(r.start)}, {"end", pos(r.end)}};
  }
  json diagnostics(const Diagnostics& diags) const {
    json out = json::array();
    for (const auto& d : diags) {
      json o = {{"severity", d.severity == Severity::error ? "error" : "warning"}, {"summary", d.summary}, {"detail", d.detail}};
      if (d.subject) o["subject"] = range(*d.subject);
      if (d.context) o["context"] = range(*d.context);
      out.push_back(std::move(o));
    }
    return out;
  }
  json attributes(const std::vector<Attribute>& attrs) const {
    json out = json::array();
    for (const auto& a : attrs)
      out.push_back({{"name", std::string(a.name)},
                     {"range", range(a.range())},
                     {"name_range", range(a.name_range())},
                     {"expr", {{"kind", a.expr->kind_name()}, {"range", range(a.expr->range())}, {"start_range", range(a.expr->start_range())}}}});
    return out;
  }
  json just_attributes(const Body& body) const {
    auto r = body.just_attributes();
    return {{"diagnostics", diagnostics(r.diagnostics)}, {"attributes", attributes(r.attributes)}};
  }

  static BodySchema to_schema(const json& s) {
    BodySchema schema;
    if (s.is_null()) return schema;
    for (const auto& a : s.value("attributes", json::array())) schema.attributes.push_back({a.at("name"), a.value("required", false)});
    for (const auto& b : s.value("blocks", json::array())) schema.blocks.push_back({b.at("type"), b.value("labels", std::vector<std::string>{})});
    return schema;
  }
  static json block_schema(const json& s, const std::string& type) {
    if (s.is_null()) return nullptr;
    for (const auto& b : s.value("blocks", json::array()))
      if (b.at("type") == type) return b.value("body", json(nullptr));
    return nullptr;
  }

  json content(const Body& body, const json& s) const {
    const bool partial = !s.is_null() && s.value("mode", "") == "partial";
    BodyContent content;
    Diagnostics diags;
    std::shared_ptr<const Body> remain;
    if (partial) {
      auto r = body.partial_content(to_schema(s));
      content = std::move(r.content);
      diags = std::move(r.diagnostics);
      remain = r.remain;
    } else {
      auto r = body.content(to_schema(s));
      content = std::move(r.content);
      diags = std::move(r.diagnostics);
    }
    json blocks = json::array();
    for (const auto& b : content.blocks) {
      json label_ranges = json::array();
      std::vector<std::string> labels(b.labels.begin(), b.labels.end());
      for (size_t i = 0; i < b.labels.size(); ++i) label_ranges.push_back(range(b.label_range(i)));
      blocks.push_back({{"type", std::string(b.type)},
                        {"labels", labels},
                        {"def_range", range(b.def_range())},
                        {"type_range", range(b.type_range())},
                        {"label_ranges", label_ranges},
                        {"body", this->content(*b.body, block_schema(s, std::string(b.type)))}});
    }
    json out = {{"diagnostics", diagnostics(diags)},
                {"attributes", attributes(content.attributes)},
                {"blocks", blocks},
                {"missing_item_range", range(content.missing_item_range())}};
    if (partial) out["remain"] = just_attributes(*remain);
    return out;
  }
};

json run_ours(const std::string& filename, std::string text, const json* schema) {
  auto parsed = parse_json(SourceFile::from_string(filename, std::move(text)));
  Dumper d{parsed.file->source()};
  json result = schema ? d.content(parsed.file->body(), *schema) : d.just_attributes(parsed.file->body());
  return {{"parse_diagnostics", d.diagnostics(parsed.diagnostics)}, {"result", result}};
}

// A known difference: for a string left open at the end of the file the reference's subject ends
// one byte (and column) past the end of the input; ours stops at the end. Clamp the reference's.
void clamp_past_the_end(json& node, std::string_view text) {
  if (node.is_object()) {
    if (node.contains("end") && node["end"].is_object() && node["end"].contains("byte") && node["end"]["byte"].get<size_t>() > text.size()) {
      node["end"]["byte"] = node["end"]["byte"].get<size_t>() - 1;
      node["end"]["column"] = node["end"]["column"].get<size_t>() - 1;
    }
    for (auto& [key, child] : node.items()) clamp_past_the_end(child, text);
  } else if (node.is_array()) {
    for (auto& child : node) clamp_past_the_end(child, text);
  }
}

void compare(const fs::path& expected_path, json ours, std::string_view text) {
  ASSERT_TRUE(fs::exists(expected_path)) << expected_path << " is missing: run tests/golden/json/generate.sh";
  json expected = json::parse(read_file(expected_path));
  expected.erase("_generated");
  clamp_past_the_end(expected, text);
  blank_uncomparable_columns(expected, text);
  blank_uncomparable_columns(ours, text);
  EXPECT_EQ(ours, expected) << "ours:\n" << ours.dump(1) << "\nexpected (" << expected_path.string() << "):\n" << expected.dump(1);
}

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(golden_dir() / "cases")) {
    std::string f = e.path().filename().string();
    if (f.ends_with(".json") && !f.ends_with(".schema.json")) names.push_back(f.substr(0, f.size() - 5));
  }
  std::sort(names.begin(), names.end());
  return names;
}

class JsonGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(JsonGolden, MatchesReference) {
  const std::string name = GetParam();
  const fs::path cases = golden_dir() / "cases";
  const fs::path schema_path = cases / (name + ".schema.json");
  json schema;
  if (fs::exists(schema_path)) schema = json::parse(read_file(schema_path));
  const std::string text = read_file(cases / (name + ".json"));
  json ours = run_ours(name + ".json", text, fs::exists(schema_path) ? &schema : nullptr);
  compare(golden_dir() / "expected" / (name + ".golden.json"), std::move(ours), text);
}

INSTANTIATE_TEST_SUITE_P(Json, JsonGolden, ::testing::ValuesIn(case_names()), [](const auto& info) { return info.param; });

TEST(JsonGoldenCorpus, EveryCorpusJsonFileMatchesReference) {
  const fs::path corpus = corpus_dir();
  if (!fs::is_directory(corpus)) GTEST_SKIP() << "no corpus at " << corpus;
  std::vector<std::string> rels;
  for (const auto& e : fs::recursive_directory_iterator(corpus))
    if (e.is_regular_file() && e.path().extension() == ".json") rels.push_back(fs::relative(e.path(), corpus).generic_string());
  std::sort(rels.begin(), rels.end());
  ASSERT_FALSE(rels.empty());
  for (const auto& rel : rels) {
    SCOPED_TRACE(rel);
    const std::string text = read_file(corpus / rel);
    compare(golden_dir() / "expected" / "corpus" / (rel + ".golden.json"), run_ours(rel, text, nullptr), text);
  }
}

}  // namespace
