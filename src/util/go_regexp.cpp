// Go-compatible compilation and error texts for RE2 (see go_regexp.hpp).
#include "util/go_regexp.hpp"

namespace hclschema::detail {

namespace {

// Go's regexp/syntax error code texts for RE2's error codes ("missing closing )").
const char* error_code_text(const RE2& re) {
  switch (re.error_code()) {
    case RE2::ErrorMissingParen: return "missing closing )";
    case RE2::ErrorUnexpectedParen: return "unexpected )";
    case RE2::ErrorMissingBracket: return "missing closing ]";
    case RE2::ErrorRepeatArgument: return "missing argument to repetition operator";
    case RE2::ErrorBadEscape: return "invalid escape sequence";
    case RE2::ErrorBadCharRange: return "invalid character class range";
    case RE2::ErrorBadCharClass: return "invalid character class";
    case RE2::ErrorRepeatSize: return "invalid repeat count";
    case RE2::ErrorRepeatOp: return "invalid nested repetition operator";
    case RE2::ErrorBadPerlOp: return "invalid or unsupported Perl syntax";
    case RE2::ErrorTrailingBackslash: return "trailing backslash at end of expression";
    case RE2::ErrorBadUTF8: return "invalid UTF-8";
    case RE2::ErrorBadNamedCapture: return "invalid named capture";
    default: return "invalid regular expression";
  }
}

// True when `pattern` uses `\C` (any byte), which RE2 accepts and Go rejects as an invalid escape.
bool has_any_byte_escape(const std::string& pattern) {
  for (size_t i = 0; i + 1 < pattern.size(); ++i) {
    if (pattern[i] != '\\') continue;
    char c = pattern[i + 1];
    if (c == 'C') return true;
    if (c == 'Q') {  // \Q...\E is literal text
      size_t e = pattern.find("\\E", i + 2);
      if (e == std::string::npos) return false;
      i = e + 1;
      continue;
    }
    ++i;
  }
  return false;
}

}  // namespace

std::unique_ptr<RE2> compile_go_regexp(const std::string& pattern) {
  RE2::Options options;
  options.set_log_errors(false);
  auto re = std::make_unique<RE2>(pattern, options);
  // RE2 rejects `\C` only inside a class, with Go's code and argument: use that error.
  if (re->ok() && has_any_byte_escape(pattern)) re = std::make_unique<RE2>("[\\C]", options);
  return re;
}

std::string go_regexp_error(const RE2& re) { return std::string("error parsing regexp: ") + error_code_text(re) + ": `" + re.error_arg() + "`"; }

}  // namespace hclschema::detail
