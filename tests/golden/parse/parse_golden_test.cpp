// Differential golden tests of the parsers: every input of tests/golden/parse/expected/*.jsonl
// (the HCL spec suite, the shared corpus, our own inputs) is parsed by hclschema and its deep
// dump compared with the reference implementation's (see tests/golden/parse/README.md).
//
// A file the reference parses cleanly must give the very same tree. For a file with errors only
// the diagnostics are compared (severity, summary, subject start line), since the partial trees
// after an error may legitimately differ; how many of those also match fully is printed at exit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "hclschema/parse.hpp"
#include "syntax/dump.hpp"

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

std::string env_or(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::string(v) : fallback;
}

std::string source_dir() { return env_or("HCLSCHEMA_SOURCE_DIR", HCLSCHEMA_SOURCE_DIR); }
std::string golden_dir() { return source_dir() + "/tests/golden/parse"; }

/// One golden suite: its golden file, and the folder its file names are relative to.
struct Suite {
  std::string name;     // test suite name part
  std::string jsonl;    // file under expected/
  std::string base_dir; // where the inputs live
};

const std::vector<Suite>& suites() {
  static const std::vector<Suite> all = {
      {"Specsuite", "specsuite.jsonl", env_or("HCLSCHEMA_HCL_SRC", "/usr/share/gocode/src/github.com/hashicorp/hcl/v2")},
      {"Corpus", "corpus.jsonl", env_or("HCLSCHEMA_CORPUS_DIR", source_dir() + "/../shared/corpus")},
      {"Inputs", "inputs.jsonl", golden_dir()},
      {"InputsModern", "inputs-modern.jsonl", golden_dir()},
  };
  return all;
}

struct Case {
  const Suite* suite;
  std::string filename;  // relative to suite->base_dir, as in the golden
  std::string line;      // the golden JSON line
};

// gtest prints a failing parameter with this instead of its bytes.
void PrintTo(const Case& c, std::ostream* os) { *os << c.filename; }

/// The top-level "filename" is the last key of a canonical line (keys are sorted), so it can be
/// read without parsing the whole line.
std::string line_filename(const std::string& line) {
  const std::string key = ",\"filename\":";
  const auto pos = line.rfind(key);
  if (pos == std::string::npos || line.back() != '}') return {};
  try {
    return json::parse(line.substr(pos + key.size(), line.size() - 1 - pos - key.size())).get<std::string>();
  } catch (const json::exception&) {
    return {};
  }
}

std::vector<Case> load_cases(const Suite& suite) {
  std::vector<Case> cases;
  std::ifstream in(golden_dir() + "/expected/" + suite.jsonl, std::ios::binary);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    cases.push_back({&suite, line_filename(line), std::move(line)});
  }
  return cases;
}

const std::vector<Case>& cases_of(const std::string& suite_name) {
  static std::map<std::string, std::vector<Case>> cache;
  auto it = cache.find(suite_name);
  if (it == cache.end()) {
    for (const auto& s : suites())
      if (s.name == suite_name) it = cache.emplace(suite_name, load_cases(s)).first;
  }
  return it->second;
}

// ---------------------------------------------------------------------------------------------
// Bringing hclschema's dump into the golden's storage form.

/// Each byte that does not start a valid UTF-8 sequence becomes U+FFFD, as Go's JSON encoding (and
/// so the golden) has it.
std::string valid_utf8(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1Fu) : len == 3 ? (c & 0x0Fu) : (c & 0x07u);
    bool ok = len != 0 && i + len <= s.size();
    for (size_t k = 1; ok && k < len; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      ok = (cc & 0xC0) == 0x80;
      cp = (cp << 6) | (cc & 0x3Fu);
    }
    const uint32_t min = len == 3 ? 0x800 : len == 4 ? 0x10000 : 0;
    if (ok && (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))) ok = false;
    if (ok) {
      out.append(s, i, len);
      i += len;
    } else {
      out += "\xEF\xBF\xBD";
      ++i;
    }
  }
  return out;
}

std::string rewrite_string(std::string s, const std::string& from, const std::string& to) {
  for (size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size()) s.replace(pos, from.size(), to);
  return valid_utf8(s);
}

/// Replaces every occurrence of `from` by `to` in every string and key (file names appear in ranges
/// and inside diagnostic details), and makes every string valid UTF-8 the way the golden does.
void replace_in_strings(json& v, const std::string& from, const std::string& to) {
  if (v.is_string()) {
    v = rewrite_string(v.get<std::string>(), from, to);
  } else if (v.is_array()) {
    for (auto& e : v) replace_in_strings(e, from, to);
  } else if (v.is_object()) {
    bool rename = false;
    for (auto& [k, e] : v.items()) {
      replace_in_strings(e, from, to);
      rename = rename || rewrite_string(k, from, to) != k;
    }
    if (rename) {
      json renamed = json::object();
      for (auto& [k, e] : v.items()) renamed[rewrite_string(k, from, to)] = std::move(e);
      v = std::move(renamed);
    }
  }
}

/// The golden storage form of ranges: [sl, sc, sb, el, ec, eb] (+ filename when not the file's own).
json compact_ranges(const json& v, const std::string& filename) {
  if (v.is_array()) {
    json out = json::array();
    for (const auto& e : v) out.push_back(compact_ranges(e, filename));
    return out;
  }
  if (!v.is_object()) return v;
  if (v.size() == 3 && v.contains("filename") && v.contains("start") && v.contains("end") && v["start"].is_object()) {
    const auto& s = v["start"];
    const auto& e = v["end"];
    json r = {s.value("line", -1), s.value("column", -1), s.value("byte", -1), e.value("line", -1), e.value("column", -1), e.value("byte", -1)};
    if (v["filename"] != filename) r.push_back(v["filename"]);
    return r;
  }
  json out = json::object();
  for (const auto& [k, e] : v.items()) out[k] = compact_ranges(e, filename);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Comparing.

using DiagKey = std::tuple<std::string, std::string, long>;  // severity, summary, subject start line

std::vector<DiagKey> diag_keys(const json& diags) {
  std::vector<DiagKey> keys;
  for (const auto& d : diags) {
    long line = 0;
    if (d.contains("range") && d["range"].is_array() && !d["range"].empty()) line = d["range"][0].get<long>();
    keys.emplace_back(d.value("severity", ""), d.value("summary", ""), line);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

bool has_error(const json& diags) {
  return std::any_of(diags.begin(), diags.end(), [](const json& d) { return d.value("severity", "") == "error"; });
}

std::string show(const json& v, size_t max = 600) {
  std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
  if (s.size() > max) s = s.substr(0, max) + "...";
  return s;
}

std::string escape_pointer_token(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

/// The JSON pointer of the first place where `a` and `b` differ (empty when equal), with both sides.
bool first_difference(const json& a, const json& b, const std::string& at, std::string& where, json& left, json& right) {
  if (a == b) return false;
  if (a.type() == b.type() && a.is_object()) {
    std::vector<std::string> keys;
    for (const auto& [k, _] : a.items()) keys.push_back(k);
    for (const auto& [k, _] : b.items())
      if (!a.contains(k)) keys.push_back(k);
    std::sort(keys.begin(), keys.end());
    for (const auto& k : keys) {
      const std::string p = at + "/" + escape_pointer_token(k);
      if (!a.contains(k) || !b.contains(k)) {
        where = p;
        left = a.contains(k) ? a[k] : json("<missing>");
        right = b.contains(k) ? b[k] : json("<missing>");
        return true;
      }
      if (first_difference(a[k], b[k], p, where, left, right)) return true;
    }
  }
  // Arrays of the same length are compared element by element; otherwise (a range, a different
  // number of children) the arrays themselves are the difference.
  if (a.type() == b.type() && a.is_array() && a.size() == b.size()) {
    for (size_t i = 0; i < a.size(); ++i)
      if (first_difference(a[i], b[i], at + "/" + std::to_string(i), where, left, right)) return true;
  }
  where = at.empty() ? "/" : at;
  left = a;
  right = b;
  return true;
}

std::string diff_report(const json& expected, const json& actual) {
  std::string where;
  json left, right;
  if (!first_difference(expected, actual, "", where, left, right)) return "(no difference)";
  std::ostringstream out;
  out << "first difference at " << where << "\n  reference: " << show(left) << "\n  hclschema: " << show(right);
  return out.str();
}

std::string show_keys(const std::vector<DiagKey>& keys) {
  std::ostringstream out;
  for (const auto& [sev, summary, line] : keys) out << "\n    " << sev << " line " << line << ": " << summary;
  return keys.empty() ? std::string("\n    (none)") : out.str();
}

// Tally of the files with errors, printed once at exit by the environment below.
int error_files = 0;
std::vector<std::string> error_files_partial_tree_differs;

class GoldenTally : public ::testing::Environment {
 public:
  void TearDown() override {
    if (error_files == 0) return;
    std::printf("[golden parse] %d reference files with errors: %d also match the full tree\n", error_files,
                error_files - static_cast<int>(error_files_partial_tree_differs.size()));
    for (const auto& name : error_files_partial_tree_differs) std::printf("[golden parse]   partial tree differs: %s\n", name.c_str());
  }
};
[[maybe_unused]] auto* const tally_env = ::testing::AddGlobalTestEnvironment(new GoldenTally);

// ---------------------------------------------------------------------------------------------

class GoldenParse : public ::testing::TestWithParam<Case> {};

TEST_P(GoldenParse, MatchesReference) {
  const Case& c = GetParam();
  ASSERT_FALSE(c.filename.empty()) << "malformed golden line in " << c.suite->jsonl;
  if (!fs::is_directory(c.suite->base_dir)) GTEST_SKIP() << c.suite->base_dir << " is absent";
  const std::string full = c.suite->base_dir + "/" + c.filename;
  ASSERT_TRUE(fs::exists(full)) << full << " is listed in " << c.suite->jsonl << " but missing (regenerate the goldens?)";

  const json expected = json::parse(c.line);
  auto parsed = hclschema::parse_path(full);
  ASSERT_NE(parsed.file, nullptr) << "parse_path refused " << full;
  json dumped = hclschema::detail::dump_file(*parsed.file, parsed.diagnostics, {.deep = true});
  // The CLI prints this dump: it must serialize even when the input holds invalid UTF-8.
  EXPECT_NO_THROW((void)dumped.dump()) << "dump holds invalid UTF-8";
  replace_in_strings(dumped, full, c.filename);
  const json actual = compact_ranges(dumped, c.filename);

  const auto want = diag_keys(expected["diagnostics"]);
  const auto got = diag_keys(actual["diagnostics"]);
  const bool full_match = expected == actual;
  if (has_error(expected["diagnostics"])) {
    ++error_files;
    if (!full_match) error_files_partial_tree_differs.push_back(c.filename + " (" + diff_report(expected, actual) + ")");
    EXPECT_EQ(want, got) << "diagnostics differ for " << c.filename << "\n  reference:" << show_keys(want) << "\n  hclschema:"
                         << show_keys(got);
    return;
  }
  EXPECT_EQ(want, got) << "diagnostics differ for " << c.filename << "\n  reference:" << show_keys(want) << "\n  hclschema:"
                       << show_keys(got);
  EXPECT_TRUE(full_match) << c.filename << ": " << diff_report(expected, actual);
}

std::string sanitized(const std::string& path) {
  std::string name;
  for (unsigned char ch : path) name += std::isalnum(ch) ? static_cast<char>(ch) : '_';
  return name;
}

/// A test name from a file path: letters and digits kept, everything else '_'; when two paths of
/// a suite map to the same name, the parameter index keeps them apart.
std::string test_name(const ::testing::TestParamInfo<Case>& info) {
  static std::map<std::string, std::map<std::string, int>> counts;  // suite -> name -> uses
  auto& names = counts[info.param.suite->name];
  if (names.empty())
    for (const auto& c : cases_of(info.param.suite->name)) ++names[sanitized(c.filename)];
  std::string name = sanitized(info.param.filename);
  return names[name] > 1 ? name + "_" + std::to_string(info.index) : name;
}

INSTANTIATE_TEST_SUITE_P(Specsuite, GoldenParse, ::testing::ValuesIn(cases_of("Specsuite")), test_name);
INSTANTIATE_TEST_SUITE_P(Corpus, GoldenParse, ::testing::ValuesIn(cases_of("Corpus")), test_name);
INSTANTIATE_TEST_SUITE_P(Inputs, GoldenParse, ::testing::ValuesIn(cases_of("Inputs")), test_name);
INSTANTIATE_TEST_SUITE_P(InputsModern, GoldenParse, ::testing::ValuesIn(cases_of("InputsModern")), test_name);

// The goldens themselves must be present and well-formed, or every parametrized test vanishes.
TEST(GoldenParseFiles, EverySuiteHasCases) {
  for (const auto& s : suites()) {
    const auto& cases = cases_of(s.name);
    EXPECT_FALSE(cases.empty()) << s.jsonl << " is empty or missing";
    for (const auto& c : cases) EXPECT_FALSE(c.filename.empty()) << "a line of " << s.jsonl << " has no filename";
  }
}

}  // namespace
