// What both fuzz targets do with a parse result: walk everything the syntax-neutral API offers and
// abort on any range that is not a true position in the input.
//
// A crash, a hang or a sanitizer report is a finding; so is a range whose line and column disagree
// with SourceFile::pos_at, because diagnostics and editors would then point at the wrong place.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "hclschema/diagnostic_writer.hpp"
#include "hclschema/parse.hpp"
#include "syntax/dump.hpp"

namespace hclschema::fuzz {

// Says what broke, then aborts: libFuzzer saves the input, and the replay exits non-zero.
[[noreturn]] inline void fail(const char* what, const char* where) {
  std::fprintf(stderr, "fuzz check failed: %s (%s)\n", what, where);
  std::abort();
}

// The same, naming the input that broke a property.
[[noreturn]] inline void fail_text(const char* what, const std::string& text) {
  std::fprintf(stderr, "input: %s\n", text.c_str());
  fail(what, "property check");
}

inline void check_pos(const SourceFile& src, const Pos& pos, const char* where) {
  const std::size_t size = src.text().size();
  // HCL's JSON scanner reports an unterminated string as ending one character past the input
  // (byte size + 1, one column further); the JSON parser mirrors that, so it is the one place
  // past the end a position may be.
  if (pos.byte > size + 1) {
    std::fprintf(stderr, "position %u:%u (byte %u) in a %zu-byte input\n", pos.line, pos.column, pos.byte, size);
    fail("position past the end of the input", where);
  }
  // Just after a line feed, HCL's JSON parser gives the end of a one-byte error subject (an
  // "Invalid JSON string" cut off by the line end) one column past the line feed on its line,
  // rather than at the start of the next line: the same byte, either way.
  if (pos.byte > 0 && pos.byte <= size && src.text()[pos.byte - 1] == '\n') {
    const Pos before = src.pos_at(pos.byte - 1);
    if (pos == Pos{before.line, before.column + 1, pos.byte}) return;
  }
  Pos expected = src.pos_at(pos.byte);
  if (pos.byte == size + 1) {
    expected = src.pos_at(static_cast<uint32_t>(size));
    expected.column += 1;
    expected.byte += 1;
  }
  if (!(expected == pos)) {
    std::fprintf(stderr, "position %u:%u (byte %u) should be %u:%u\n", pos.line, pos.column, pos.byte, expected.line,
                 expected.column);
    fail("line/column disagree with SourceFile::pos_at", where);
  }
}

inline void check_range(const SourceFile& src, const Range& range, const char* where) {
  check_pos(src, range.start, where);
  check_pos(src, range.end, where);
  if (range.start.byte > range.end.byte) fail("range ends before it starts", where);
}

// Every {"start": {...}, "end": {...}} object in a dump is a range; check them all, at any depth.
inline void check_dumped_ranges(const SourceFile& src, const nlohmann::json& node) {
  if (node.is_object()) {
    if (node.contains("start") && node.contains("end") && node["start"].is_object()) {
      auto pos = [](const nlohmann::json& p) {
        return Pos{p.at("line").get<uint32_t>(), p.at("column").get<uint32_t>(), p.at("byte").get<uint32_t>()};
      };
      check_range(src, Range{"", pos(node["start"]), pos(node["end"])}, "a range in the deep dump");
    }
    for (const auto& [key, child] : node.items()) check_dumped_ranges(src, child);
  } else if (node.is_array()) {
    for (const auto& child : node) check_dumped_ranges(src, child);
  }
}

inline void check_diagnostics(const SourceFile& src, const Diagnostics& diags) {
  for (const auto& d : diags) {
    if (d.summary.empty()) fail("diagnostic without a summary", d.detail.c_str());
    if (d.subject) check_range(src, *d.subject, d.summary.c_str());
    if (d.context) check_range(src, *d.context, d.summary.c_str());
  }
}

inline void check_attributes(const SourceFile& src, const std::vector<Attribute>& attrs) {
  for (const auto& a : attrs) {
    check_range(src, a.range(), "attribute range");
    check_range(src, a.name_range(), "attribute name range");
    if (a.expr == nullptr) fail("attribute without an expression", std::string(a.name).c_str());
    check_range(src, a.expr->range(), "expression range");
    check_range(src, a.expr->start_range(), "expression start range");
    if (a.expr->kind_name().empty()) fail("expression without a kind name", std::string(a.name).c_str());
    for (const auto& traversal : a.expr->variables())
      for (const auto& step : traversal) check_range(src, step.range, "traversal step range");
  }
}

/// Runs every check on one parse result (a file and the parser's diagnostics).
inline void exercise(const ParseResult& result) {
  if (!result.file) fail("no file", "parse_native and parse_json always return one");
  const File& file = *result.file;
  const SourceFile& src = file.source();
  check_diagnostics(src, result.diagnostics);

  // Render the diagnostics both ways: the writers must cope with any range the parser produced.
  SourceFiles files{{src.filename(), result.file->source_ptr()}};
  std::ostringstream text;
  TextWriterOptions options;
  options.color = true;
  options.width = 60;
  DiagnosticTextWriter(text, files, options).write_all(result.diagnostics);
  (void)diagnostics_to_json(result.diagnostics);

  const Body& body = file.body();
  // The one range allowed to be all zeros: HCL gives the stand-in body of a JSON file that is not
  // an object the zero range as its missing-item range, and the JSON parser mirrors that.
  Range missing = body.missing_item_range();
  if (!(missing.start == Pos{0, 0, 0} && missing.end == Pos{0, 0, 0})) check_range(src, missing, "missing item range");
  auto attrs = body.just_attributes();
  check_diagnostics(src, attrs.diagnostics);
  check_attributes(src, attrs.attributes);

  BodySchema empty;
  auto content = body.content(empty);
  check_diagnostics(src, content.diagnostics);
  check_attributes(src, content.content.attributes);
  auto partial = body.partial_content(empty);
  check_diagnostics(src, partial.diagnostics);
  if (partial.remain) {
    auto rest = partial.remain->just_attributes();
    check_diagnostics(src, rest.diagnostics);
    check_attributes(src, rest.attributes);
  }

  // The deep dump reaches every node and nested block of the tree.
  check_dumped_ranges(src, detail::dump_file(file, result.diagnostics, {.deep = true}));
}

// Everything diagnostics say in words, where a leaked secret would show: as the text writer
// renders them (snippets from `files`), and their summaries and details. (The JSON writer runs
// too: it must cope with them.)
inline std::string diagnostics_words(const Diagnostics& diags, const SourceFiles& files) {
  std::ostringstream text;
  TextWriterOptions options;
  options.width = 60;
  DiagnosticTextWriter(text, files, options).write_all(diags);
  (void)diagnostics_to_json(diags);
  std::string all = text.str();
  for (const auto& d : diags) all += "\n" + d.summary + "\n" + d.detail;
  return all;
}

// `s` with ASCII letters in lower case (for looking for words in an input whatever their case).
inline std::string lower_ascii(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace hclschema::fuzz
