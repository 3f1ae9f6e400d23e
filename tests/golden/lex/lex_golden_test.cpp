// Differential tests of the native lexer against HashiCorp's Go scanner: the token streams and the
// lexical diagnostics recorded by tests/golden/lex/generate.sh (from hclsyntax.LexConfig and
// LexTemplate) must be reproduced exactly, kind by kind and byte by byte.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "golden/lex/token_names.hpp"
#include "syntax/native/lexer.hpp"

namespace hclschema::native::detail {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::token_name;

std::string source_dir() {
  const char* env = std::getenv("HCLSCHEMA_SOURCE_DIR");
  return env && *env ? env : HCLSCHEMA_SOURCE_DIR;
}
fs::path golden_dir() { return fs::path(source_dir()) / "tests" / "golden" / "lex"; }
fs::path corpus_dir() { return fs::path(source_dir()) / ".." / "shared" / "corpus"; }
const fs::path k_specsuite_dir = "/usr/share/gocode/src/github.com/hashicorp/hcl/v2/specsuite/tests";

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The golden lines of one expected/*.jsonl file, without its "generated" header.
std::vector<json> golden_lines(const std::string& name) {
  std::ifstream in(golden_dir() / "expected" / name);
  std::vector<json> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    json j = json::parse(line);
    if (!j.contains("generated")) lines.push_back(std::move(j));
  }
  return lines;
}

struct Lexed {
  json tokens = json::array();  // [[name, begin, end], ...] as in the golden files
  json diags = json::array();   // [{"summary", "detail", "start", "end"}, ...]
  size_t count = 0;
  uint64_t fnv = 14695981039346656037ull;  // FNV-1a 64 of "name begin end\n" per token
};

Lexed lex(const std::string& name, std::string text, bool template_mode, bool keep_tokens = true) {
  auto file = SourceFile::from_string(name, std::move(text));
  Diagnostics diags;
  Lexer lexer(*file, diags, template_mode ? Lexer::Start::template_text : Lexer::Start::config);
  Lexed out;
  for (;;) {
    Token t = lexer.next();
    ++out.count;
    std::string line = std::string(token_name(t.type)) + " " + std::to_string(t.span.begin) + " " + std::to_string(t.span.end) + "\n";
    for (unsigned char c : line) out.fnv = (out.fnv ^ c) * 1099511628211ull;
    if (keep_tokens) out.tokens.push_back(json::array({token_name(t.type), t.span.begin, t.span.end}));
    if (t.type == TokenType::eof) break;
  }
  for (const auto& d : diags) {
    out.diags.push_back({{"summary", d.summary},
                         {"detail", d.detail},
                         {"start", d.subject ? d.subject->start.byte : 0},
                         {"end", d.subject ? d.subject->end.byte : 0}});
  }
  return out;
}

/// Describes the first difference between two token lists, with the source text around it.
std::string first_difference(const json& expected, const json& actual, const std::string& text) {
  size_t n = std::min(expected.size(), actual.size());
  size_t i = 0;
  while (i < n && expected[i] == actual[i]) ++i;
  std::ostringstream s;
  s << "first difference at token " << i << ":\n";
  for (size_t k = i >= 2 ? i - 2 : 0; k < std::min(i + 3, std::max(expected.size(), actual.size())); ++k) {
    s << "  expected " << (k < expected.size() ? expected[k].dump() : "-") << "   actual "
      << (k < actual.size() ? actual[k].dump() : "-");
    if (k < expected.size()) {
      auto b = expected[k][1].get<size_t>(), e = expected[k][2].get<size_t>();
      if (b <= e && e <= text.size()) s << "   text " << json(text.substr(b, e - b)).dump(-1, ' ', false, json::error_handler_t::replace);
    }
    s << "\n";
  }
  return s.str();
}

void expect_same(const json& expected, const std::string& label, const std::string& text, bool template_mode) {
  Lexed actual = lex(label, text, template_mode);
  EXPECT_EQ(expected["tokens"], actual.tokens) << label << ": " << first_difference(expected["tokens"], actual.tokens, text);
  EXPECT_EQ(expected["diags"], actual.diags) << label;
}

void run_file_set(const std::string& golden, const fs::path& dir, bool template_mode) {
  auto lines = golden_lines(golden);
  ASSERT_FALSE(lines.empty()) << "no golden lines in " << golden;
  for (const auto& expected : lines) {
    std::string file = expected["file"];
    fs::path path = dir / file;
    ASSERT_TRUE(fs::exists(path)) << path;
    expect_same(expected, file, read_file(path), template_mode);
  }
}

TEST(LexGolden, HandWrittenInputs) { run_file_set("inputs.jsonl", golden_dir() / "inputs", false); }

TEST(LexGolden, HandWrittenTemplates) { run_file_set("templates.jsonl", golden_dir() / "inputs", true); }

TEST(LexGolden, EveryInputFileHasAGoldenLine) {
  // Guards against an input added without regenerating the golden files.
  size_t expected = golden_lines("inputs.jsonl").size() + golden_lines("templates.jsonl").size();
  size_t files = 0;
  for (const auto& entry : fs::directory_iterator(golden_dir() / "inputs"))
    if (entry.is_regular_file()) ++files;
  EXPECT_EQ(expected, files);
}

TEST(LexGolden, Specsuite) {
  if (!fs::is_directory(k_specsuite_dir)) GTEST_SKIP() << "HCL specsuite not installed at " << k_specsuite_dir;
  run_file_set("specsuite.jsonl", k_specsuite_dir, false);
}

TEST(LexGolden, Corpus) {
  fs::path dir = corpus_dir();
  if (!fs::is_directory(dir)) GTEST_SKIP() << "corpus not found at " << dir;
  auto lines = golden_lines("corpus.jsonl");
  ASSERT_GT(lines.size(), 1000u);
  for (const auto& expected : lines) {
    std::string file = expected["file"];
    fs::path path = dir / file;
    ASSERT_TRUE(fs::exists(path)) << path;
    std::string text = read_file(path);
    Lexed actual = lex(file, text, false, false);
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(actual.fnv));
    EXPECT_EQ(expected["count"].get<size_t>(), actual.count) << file;
    EXPECT_EQ(expected["fnv"].get<std::string>(), hash) << file;
    EXPECT_EQ(expected["diags"], actual.diags) << file;
  }
}

TEST(LexGolden, RandomInputs) {
  auto lines = golden_lines("fuzz.jsonl");
  ASSERT_GE(lines.size(), 1000u);
  size_t index = 0;
  for (const auto& expected : lines) {
    // The input's code points U+0000..U+00FF stand for its bytes.
    std::string utf8 = expected["input"], bytes;
    for (size_t i = 0; i < utf8.size(); ++i) {
      auto c = static_cast<unsigned char>(utf8[i]);
      if (c < 0x80) {
        bytes.push_back(static_cast<char>(c));
      } else {
        bytes.push_back(static_cast<char>(((c & 0x1F) << 6) | (static_cast<unsigned char>(utf8[i + 1]) & 0x3F)));
        ++i;
      }
    }
    expect_same(expected, "fuzz case " + std::to_string(index++) + " " + json(utf8).dump(), bytes, expected["template"]);
  }
}

TEST(LexGolden, UnicodeIdentifierClasses) {
  // Every code point the reference scanner takes as an identifier start must start one here, and
  // every one it takes as a continuation must continue one. (hclschema follows a newer Unicode
  // version than HCL 2.14's tables, so it knows more letters; identifier properties are stable
  // across versions, so nothing may be lost.)
  auto lines = golden_lines("unicode_classes.jsonl");
  ASSERT_GT(lines.size(), 500u);
  auto encode = [](uint32_t cp, std::string& out) {
    if (cp < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    } else if (cp < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    }
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  };
  // One input with every start code point alone and one with every continuation after "a", each
  // separated by spaces: each word must be exactly one identifier.
  std::string starts, continues;
  std::vector<uint32_t> start_cps, continue_cps;
  for (const auto& run : lines) {
    bool start = run[2] == "s";
    for (uint32_t cp = run[0]; cp <= run[1].get<uint32_t>(); ++cp) {
      std::string& text = start ? starts : continues;
      if (!start) text.push_back('a');
      encode(cp, text);
      text.push_back(' ');
      (start ? start_cps : continue_cps).push_back(cp);
    }
  }
  for (int pass = 0; pass < 2; ++pass) {
    const std::string& text = pass == 0 ? starts : continues;
    const std::vector<uint32_t>& cps = pass == 0 ? start_cps : continue_cps;
    auto file = SourceFile::from_string("unicode", text);
    Diagnostics diags;
    Lexer lexer(*file, diags);
    size_t i = 0, failures = 0;
    uint32_t at = 0;
    for (Token t = lexer.next(); t.type != TokenType::eof; t = lexer.next(), ++i) {
      uint32_t word_end = static_cast<uint32_t>(text.find(' ', at));
      if (t.type != TokenType::ident || t.span.begin != at || t.span.end != word_end) {
        if (++failures <= 10) ADD_FAILURE() << (pass == 0 ? "start" : "continue") << " U+" << std::hex << cps[i];
        // Resynchronise on the next word.
        while (t.type != TokenType::eof && t.span.end < word_end) t = lexer.next();
      }
      at = word_end + 1;
    }
    EXPECT_EQ(failures, 0u);
    EXPECT_EQ(i, cps.size());
    EXPECT_TRUE(diags.empty());
  }
}

}  // namespace
}  // namespace hclschema::native::detail
