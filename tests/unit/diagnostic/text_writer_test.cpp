// The text diagnostic writer: HCL's layout, carets or ANSI underline for the subject, wrapping.
#include <gtest/gtest.h>

#include <sstream>

#include "hclschema/diagnostic_writer.hpp"

namespace hclschema {
namespace {

// The source of HCL's own diagnostic_text_test.go, so the layouts can be compared with it.
constexpr const char* hcl_test_source =
    "foo = 1\n"
    "bar = 2\n"
    "baz = 3\n"
    "block \"party\" {\n"
    "  pizza = \"cheese\"\n"
    "}\n";

struct Fixture {
  std::shared_ptr<const SourceFile> file;
  SourceFiles files;
  explicit Fixture(std::string text, std::string name = "test.hcl") {
    file = SourceFile::from_string(name, std::move(text));
    files.emplace(file->filename(), file);
  }
  Range range(uint32_t begin, uint32_t end) const { return file->range({begin, end}); }
  std::string render(const Diagnostic& d, TextWriterOptions options = {}) const {
    std::ostringstream out;
    DiagnosticTextWriter writer(out, files, std::move(options));
    writer.write(d);
    return out.str();
  }
};

Diagnostic error(std::string summary, std::string detail, std::optional<Range> subject = std::nullopt,
                 std::optional<Range> context = std::nullopt) {
  return Diagnostic{Severity::error, std::move(summary), std::move(detail), std::move(subject), std::move(context), ""};
}

struct LayoutCase {
  const char* name;
  std::string source;
  uint32_t begin, end;                // the subject's bytes
  std::optional<ByteSpan> context;    // optional context bytes
  std::string want_snippet;           // everything between "  on ...:\n" and the blank line
};

class TextWriterLayout : public ::testing::TestWithParam<LayoutCase> {};

TEST_P(TextWriterLayout, RendersSnippet) {
  const auto& c = GetParam();
  Fixture fx(c.source);
  std::optional<Range> context;
  if (c.context) context = fx.file->range(*c.context);
  Diagnostic d = error("Something is wrong", "Fix it.", fx.range(c.begin, c.end), context);
  std::string want = "Error: Something is wrong\n\n  on test.hcl line " + std::to_string(d.subject->start.line) + ":\n" + c.want_snippet +
                     "\nFix it.\n\n";
  EXPECT_EQ(fx.render(d), want);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, TextWriterLayout,
    ::testing::Values(
        LayoutCase{"single_line", hcl_test_source, 0, 3, std::nullopt, "   1: foo = 1\n      ^^^\n"},
        LayoutCase{"middle_of_line", hcl_test_source, 42, 47, std::nullopt, "   5:   pizza = \"cheese\"\n        ^^^^^\n"},
        // A context widens the snippet; only the subject is underlined.
        LayoutCase{"context_lines", hcl_test_source, 42, 47, ByteSpan{24, 60},
                   "   4: block \"party\" {\n   5:   pizza = \"cheese\"\n        ^^^^^\n   6: }\n"},
        // A multi-line subject is underlined on each of its lines.
        LayoutCase{"multi_line_subject", hcl_test_source, 24, 60, std::nullopt,
                   "   4: block \"party\" {\n      ^^^^^^^^^^^^^^^\n   5:   pizza = \"cheese\"\n      ^^^^^^^^^^^^^^^^^^\n   6: }\n      ^\n"},
        LayoutCase{"multi_line_partial", "x = [\n  1,\n  2]\n", 4, 15, std::nullopt,
                   "   1: x = [\n          ^\n   2:   1,\n      ^^^^\n   3:   2]\n      ^^^^\n"},
        // A blank line inside a multi-line subject is shown (without carets).
        LayoutCase{"blank_line_inside", "a = [\n\n]\n", 4, 8, std::nullopt, "   1: a = [\n          ^\n   2: \n   3: ]\n      ^\n"},
        // A subject that ends right after a newline does not drag the next line in.
        LayoutCase{"ends_at_line_start", hcl_test_source, 0, 8, std::nullopt, "   1: foo = 1\n      ^^^^^^^\n"},
        // An empty subject is a point: one caret where it is, even just past the end of the line.
        LayoutCase{"zero_length_end_of_line", hcl_test_source, 7, 7, std::nullopt, "   1: foo = 1\n             ^\n"},
        LayoutCase{"zero_length_mid_line", hcl_test_source, 4, 4, std::nullopt, "   1: foo = 1\n          ^\n"},
        LayoutCase{"zero_length_start_of_line", hcl_test_source, 8, 8, std::nullopt, "   2: bar = 2\n      ^\n"},
        // A subject covering only a newline is drawn as a point at its start.
        LayoutCase{"newline_only", hcl_test_source, 7, 8, std::nullopt, "   1: foo = 1\n             ^\n"},
        // At the end of a file with a final newline, the (empty) last line is shown.
        LayoutCase{"eof_after_newline", hcl_test_source, 61, 61, std::nullopt, "   7: \n      ^\n"},
        LayoutCase{"eof_without_newline", "a = 1", 5, 5, std::nullopt, "   1: a = 1\n           ^\n"},
        // CRLF: the "\r" is part of the line ending, never printed.
        LayoutCase{"crlf_single", "a = 1\r\nbb = 2\r\n", 7, 9, std::nullopt, "   2: bb = 2\n      ^^\n"},
        LayoutCase{"crlf_multi", "a = 1\r\nbb = 2\r\n", 4, 13, std::nullopt, "   1: a = 1\n          ^\n   2: bb = 2\n      ^^^^^^\n"},
        LayoutCase{"crlf_end_of_line_point", "a = 1\r\nbb = 2\r\n", 5, 5, std::nullopt, "   1: a = 1\n           ^\n"},
        // Columns are grapheme clusters: "e" + combining acute is one column; wide CJK takes two cells.
        LayoutCase{"combining_mark", "e\xcc\x81 = 1\n", 6, 7, std::nullopt, "   1: e\xcc\x81 = 1\n          ^\n"},
        LayoutCase{"wide_characters", "a = \"\xe6\x97\xa5\xe6\x9c\xac\" + bad\n", 15, 18, std::nullopt,
                   "   1: a = \"\xe6\x97\xa5\xe6\x9c\xac\" + bad\n                   ^^^\n"},
        LayoutCase{"underline_wide", "a = \"\xe6\x97\xa5\xe6\x9c\xac\"\n", 4, 12, std::nullopt,
                   "   1: a = \"\xe6\x97\xa5\xe6\x9c\xac\"\n          ^^^^^^\n"},
        LayoutCase{"point_on_multibyte", "a = \"\xe6\x97\xa5\"\n", 5, 5, std::nullopt, "   1: a = \"\xe6\x97\xa5\"\n           ^^\n"},
        // Tabs stay tabs in the caret line so the caret lands under the same tab stop.
        LayoutCase{"tab_indent", "\tfoo = 1\n", 1, 4, std::nullopt, "   1: \tfoo = 1\n      \t^^^\n"},
        // Five-digit line numbers widen the gutter rather than break it.
        LayoutCase{"wide_gutter", std::string(10000, '\n') + "x = 1\n", 10000, 10001, std::nullopt, "10001: x = 1\n       ^\n"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(TextWriter, NoSubjectPrintsSummaryAndDetail) {
  Fixture fx(hcl_test_source);
  Diagnostic d{Severity::warning, "Deprecated thing", "Use the other thing.", std::nullopt, std::nullopt, ""};
  EXPECT_EQ(fx.render(d), "Warning: Deprecated thing\n\nUse the other thing.\n\n");
}

TEST(TextWriter, NoSubjectNoDetail) {
  Fixture fx(hcl_test_source);
  EXPECT_EQ(fx.render(error("Just a summary", "")), "Error: Just a summary\n\n");
}

TEST(TextWriter, EmptyDetailAfterSnippet) {
  Fixture fx(hcl_test_source);
  EXPECT_EQ(fx.render(error("Bad", "", fx.range(0, 3))), "Error: Bad\n\n  on test.hcl line 1:\n   1: foo = 1\n      ^^^\n\n");
}

TEST(TextWriter, SourceNotAvailable) {
  Fixture fx(hcl_test_source);
  Range elsewhere{"other.hcl", {3, 2, 20}, {3, 5, 23}};
  EXPECT_EQ(fx.render(error("Bad", "Detail.", elsewhere)),
            "Error: Bad\n\n  on other.hcl line 3:\n  (source code not available)\n\nDetail.\n\n");
}

TEST(TextWriter, ContextStringNamesTheBlock) {
  Fixture fx(hcl_test_source);
  TextWriterOptions options;
  options.context = [](std::string_view filename, uint32_t byte) -> std::string {
    return filename == "test.hcl" && byte == 42 ? "block \"party\"" : "";
  };
  std::string out = fx.render(error("Bad", "", fx.range(42, 47)), options);
  EXPECT_NE(out.find("  on test.hcl line 5, in block \"party\":\n"), std::string::npos) << out;
  out = fx.render(error("Bad", "", fx.range(0, 3)), options);
  EXPECT_NE(out.find("  on test.hcl line 1:\n"), std::string::npos) << out;
}

// Ranges made elsewhere may be nonsense; the writer clamps instead of reading out of bounds.
TEST(TextWriter, OutOfRangeSubjectDoesNotCrash) {
  Fixture fx("a = 1\n");
  Range wild{"test.hcl", {9, 1, 500}, {2, 1, 3}};
  std::string out = fx.render(error("Bad", "", wild));
  EXPECT_NE(out.find("  on test.hcl line 9:\n"), std::string::npos) << out;
  EXPECT_NE(out.find("^"), std::string::npos) << out;
}

// Every subject and context over a small file with CRLF, tabs, multi-byte and invalid bytes: the
// writer never reads out of bounds (the sanitizer build checks), always names the file and line,
// and always draws at least one caret for the subject.
TEST(TextWriter, EveryRangeOfAWeirdFileRenders) {
  Fixture fx("a\t= \"\xc3\xa9\xe6\x97\xa5\"\r\n\r\n\xff b = [\n\n]");
  const auto size = static_cast<uint32_t>(fx.file->text().size());
  for (uint32_t begin = 0; begin <= size + 1; ++begin) {
    for (uint32_t end = 0; end <= size + 1; ++end) {
      Range subject{"test.hcl", fx.file->pos_at(begin), fx.file->pos_at(end)};
      subject.start.byte = begin;  // past the end on purpose at size + 1
      subject.end.byte = end;
      for (bool color : {false, true}) {
        std::string out = fx.render(error("S", "D", subject, fx.range(0, size / 2)), {.color = color, .width = 10, .context = {}});
        ASSERT_NE(out.find("  on test.hcl line " + std::to_string(subject.start.line) + ":\n"), std::string::npos) << begin << "," << end;
        if (!color) {
          EXPECT_NE(out.find('^'), std::string::npos) << begin << "," << end << "\n" << out;
        }
        EXPECT_TRUE(out.ends_with("D\n\n")) << out;
      }
    }
  }
}

TEST(TextWriter, ColorOffHasNoEscapes) {
  Fixture fx(hcl_test_source);
  std::string out = fx.render(error("Bad", "Detail.", fx.range(42, 47)), {.color = false, .width = 0, .context = {}});
  EXPECT_EQ(out.find('\x1b'), std::string::npos);
}

TEST(TextWriter, ColorMarksSeverityAndUnderlinesSubject) {
  Fixture fx(hcl_test_source);
  TextWriterOptions color{.color = true, .width = 0, .context = {}};
  EXPECT_EQ(fx.render(error("Bad", "Detail.", fx.range(42, 47), fx.file->range({24, 60})), color),
            "\x1b[1;31mError\x1b[0m: Bad\n\n"
            "  on test.hcl line 5:\n"
            "   4: block \"party\" {\n"
            "   5:   \x1b[1;4mpizza\x1b[0m = \"cheese\"\n"
            "   6: }\n\n"
            "Detail.\n\n");
  Diagnostic warning{Severity::warning, "Careful", "", std::nullopt, std::nullopt, ""};
  EXPECT_EQ(fx.render(warning, color), "\x1b[1;33mWarning\x1b[0m: Careful\n\n");
}

TEST(TextWriter, ColorPointUnderlinesOneCharacter) {
  Fixture fx("a = \"\xe6\x97\xa5\"\n");
  std::string out = fx.render(error("Bad", "", fx.range(5, 5)), {.color = true, .width = 0, .context = {}});
  EXPECT_NE(out.find("   1: a = \"\x1b[1;4m\xe6\x97\xa5\x1b[0m\"\n"), std::string::npos) << out;
}

// The three wrapped details of HCL's own writer test, at its width of 40.
struct WrapCase {
  std::string detail;
  std::string want;
};

class TextWriterWrap : public ::testing::TestWithParam<WrapCase> {};

TEST_P(TextWriterWrap, WrapsDetailAtWidth) {
  Fixture fx(hcl_test_source);
  std::string out = fx.render(error("S", GetParam().detail), {.color = false, .width = 40, .context = {}});
  EXPECT_EQ(out, "Error: S\n\n" + GetParam().want + "\n\n");
}

INSTANTIATE_TEST_SUITE_P(HclReference, TextWriterWrap,
                         ::testing::Values(WrapCase{"All splines must be pre-reticulated.", "All splines must be pre-reticulated."},
                                           WrapCase{"\"baz\" is not a supported top-level attribute. Did you mean \"bam\"?",
                                                    "\"baz\" is not a supported top-level\nattribute. Did you mean \"bam\"?"},
                                           WrapCase{"\"pizza\" is not a supported attribute. Did you mean \"pizzetta\"?",
                                                    "\"pizza\" is not a supported attribute.\nDid you mean \"pizzetta\"?"},
                                           WrapCase{"This diagnostic includes an expression and an evalcontext.",
                                                    "This diagnostic includes an expression\nand an evalcontext."}));

TEST(TextWriter, WidthZeroDoesNotWrap) {
  Fixture fx(hcl_test_source);
  std::string detail(300, 'x');
  detail += " and more words after a very long one";
  EXPECT_EQ(fx.render(error("S", detail)), "Error: S\n\n" + detail + "\n\n");
}

TEST(TextWriter, WriteAllWritesEachInOrder) {
  Fixture fx(hcl_test_source);
  std::ostringstream out;
  DiagnosticTextWriter writer(out, fx.files);
  writer.write_all({error("First", ""), Diagnostic{Severity::warning, "Second", "", std::nullopt, std::nullopt, ""}});
  EXPECT_EQ(out.str(), "Error: First\n\nWarning: Second\n\n");
}

}  // namespace
}  // namespace hclschema
