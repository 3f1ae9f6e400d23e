// Which JSON strings are plain literals: the test the evaluator uses to skip the template parser.
//
// HCL's json package evaluates every string as a bare template. For most strings (names, ids,
// CIDR blocks) that template is a single literal whose value is the string itself, NFC-normalised
// like every string value. Parsing it costs a SourceFile, a parser and a position lookup per string,
// a quarter of validating a large JSON file. This test recognises the strings whose template is
// certainly that literal, without diagnostics; every other string takes the full parser.
#pragma once

#include <string_view>

namespace hclschema::detail {

/// True when `text` (a JSON string's decoded value) contains no "${" and no "%{" anywhere, so
/// neither a sequence nor an escape ("$${", "%%{" contain them too), and each byte at or above 0x80
/// is part of a character as the native scanner groups bytes (a lead byte followed by the
/// continuation bytes it announces), so the scanner reports no bad UTF-8. Such a bare template is
/// one literal (possibly split at line ends) with no decoding: its value is `text`.
[[nodiscard]] inline bool json_string_is_plain(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
  for (size_t i = 0; i < n;) {
    const unsigned c = s[i];
    if (c < 0x80) {
      if ((c == '$' || c == '%') && i + 1 < n && s[i + 1] == '{') return false;
      ++i;
      continue;
    }
    size_t len;
    if (c < 0xC0) return false;
    if (c < 0xE0) len = 2;
    else if (c < 0xF0) len = 3;
    else if (c < 0xF8) len = 4;
    else return false;
    if (n - i < len) return false;
    for (size_t k = 1; k < len; ++k)
      if ((s[i + k] & 0xC0) != 0x80) return false;
    i += len;
  }
  return true;
}

}  // namespace hclschema::detail
