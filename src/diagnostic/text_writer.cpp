// The text diagnostic writer: HCL's layout ("Error: summary", "  on FILE line N:", numbered source
// lines, the detail), with the subject underlined by ANSI codes or by a line of carets.
#include <algorithm>
#include <utility>

#include "diagnostic/text_layout.hpp"
#include "hclschema/diagnostic_writer.hpp"

namespace hclschema {

namespace {

constexpr const char* reset_code = "\x1b[0m";
constexpr const char* highlight_code = "\x1b[1;4m";  // bold underline, as HCL highlights the subject

// The byte span of 1-based line `line`, without its line ending.
struct LineSpan {
  uint32_t begin;
  uint32_t end;
};

LineSpan line_span(const SourceFile& file, uint32_t line) {
  std::string_view text = file.line_text(line);
  auto begin = static_cast<uint32_t>(text.data() - file.text().data());
  return {begin, begin + static_cast<uint32_t>(text.size())};
}

}  // namespace

DiagnosticTextWriter::DiagnosticTextWriter(std::ostream& out, const SourceFiles& files, TextWriterOptions options)
    : out_(out), files_(files), options_(std::move(options)) {}

void DiagnosticTextWriter::write_all(const Diagnostics& diags) {
  for (const auto& d : diags) write(d);
}

void DiagnosticTextWriter::write(const Diagnostic& diag) {
  const bool is_error = diag.severity == Severity::error;
  const char* severity = is_error ? "Error" : "Warning";
  if (options_.color)
    out_ << (is_error ? "\x1b[1;31m" : "\x1b[1;33m") << severity << reset_code;
  else
    out_ << severity;
  out_ << ": " << diag.summary << "\n\n";

  if (diag.subject) write_snippet(diag);

  if (!diag.detail.empty()) out_ << detail::wrap_words(diag.detail, options_.width) << "\n\n";
}

void DiagnosticTextWriter::write_snippet(const Diagnostic& diag) {
  const Range& subject = *diag.subject;
  auto found = files_.find(subject.filename.str());
  if (found == files_.end() || !found->second) {
    out_ << "  on " << subject.filename << " line " << subject.start.line << ":\n  (source code not available)\n\n";
    return;
  }
  const SourceFile& file = *found->second;
  const auto size = static_cast<uint32_t>(file.text().size());
  auto clamp = [size](uint32_t byte) { return std::min(byte, size); };

  std::string context = options_.context ? options_.context(subject.filename.str(), subject.start.byte) : std::string();
  out_ << "  on " << subject.filename << " line " << subject.start.line;
  if (!context.empty()) out_ << ", in " << context;
  out_ << ":\n";

  // Byte offsets are the truth here (columns are for people); a range from elsewhere that points
  // past the end or backwards is clamped rather than trusted.
  const uint32_t hl_begin = clamp(subject.start.byte);
  const uint32_t hl_end = std::max(hl_begin, clamp(subject.end.byte));
  // The lines a range covers; one that ends just after a newline does not reach into the next line.
  auto lines_of = [&file](uint32_t begin, uint32_t end) {
    uint32_t first = file.pos_at(begin).line;
    Pos end_pos = file.pos_at(end);
    uint32_t last = end_pos.line;
    if (end > begin && end_pos.column == 1 && last > first) --last;
    return std::pair{first, last};
  };
  auto [first_line, last_line] = lines_of(hl_begin, hl_end);
  if (diag.context && diag.context->filename == subject.filename) {
    uint32_t context_begin = clamp(diag.context->start.byte);
    auto [context_first, context_last] = lines_of(context_begin, std::max(context_begin, clamp(diag.context->end.byte)));
    first_line = std::min(first_line, context_first);
    last_line = std::max(last_line, context_last);
  }

  // Is any visible (non line-ending) byte of the subject shown? If not (an empty subject, or one
  // covering only a newline) it is drawn as a point: one caret at its start.
  bool visible = false;
  for (uint32_t line = first_line; line <= last_line && !visible; ++line) {
    LineSpan span = line_span(file, line);
    visible = std::max(hl_begin, span.begin) < std::min(hl_end, span.end);
  }
  const uint32_t point_line = file.pos_at(hl_begin).line;

  bool redaction_shown = false;
  for (uint32_t line = first_line; line <= last_line; ++line) {
    LineSpan span = line_span(file, line);
    std::string_view text = file.text().substr(span.begin, span.end - span.begin);
    std::string gutter = std::to_string(line);
    if (gutter.size() < 4) gutter.insert(0, 4 - gutter.size(), ' ');
    gutter += ": ";

    // The part of this line to underline, as offsets into `text`.
    size_t mark_begin = 0;
    size_t mark_end = 0;
    bool marked = false;
    if (visible) {
      uint32_t a = std::max(hl_begin, span.begin);
      uint32_t b = std::min(hl_end, span.end);
      if (a < b) {
        mark_begin = a - span.begin;
        mark_end = b - span.begin;
        marked = true;
      }
    } else if (line == point_line) {
      // A point marks the character it sits on, or the position just past the end of the line.
      // (A point between "\r" and "\n" sits at the end of the line too.)
      mark_begin = std::min<size_t>(hl_begin - span.begin, text.size());
      mark_end = mark_begin;
      if (mark_begin < text.size()) {
        // One whole grapheme cluster, never part of a multi-byte character.
        mark_end = mark_begin + detail::first_grapheme_size(text.substr(mark_begin));
      }
      marked = true;
    }

    if (!marked) {
      out_ << gutter << text << '\n';
      continue;
    }
    std::string_view before = text.substr(0, mark_begin);
    std::string_view mark = text.substr(mark_begin, mark_end - mark_begin);
    std::string_view after = text.substr(mark_end);
    // A subject that is a sensitive value is never printed, not even as source text.
    std::string redacted;
    if (diag.redact_subject && !mark.empty()) {
      redacted = redaction_shown ? "" : "(sensitive value)";
      redaction_shown = true;
      mark = redacted;
    }
    if (options_.color) {
      out_ << gutter << before;
      if (!mark.empty()) out_ << highlight_code << mark << reset_code;
      out_ << after << '\n';
    } else {
      out_ << gutter << before << mark << after << '\n';
      unsigned carets = mark.empty() ? 1 : std::max(1u, detail::display_width(mark));
      out_ << std::string(gutter.size(), ' ') << detail::padding_for(before) << std::string(carets, '^') << '\n';
    }
  }
  out_ << '\n';
}

}  // namespace hclschema
