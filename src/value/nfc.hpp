// NFC normalisation of string values (private to the value layer).
#pragma once

#include <string>
#include <string_view>

namespace hclschema::detail {

/// True when `s` is certainly NFC already, so that normalising it would give it back unchanged:
/// valid UTF-8 whose every code point is below U+0300, or is one that NFC leaves alone whatever
/// comes before or after it (combining class 0, no decomposition, not a mark, not a conjoining
/// Hangul jamo). False means "not known": nfc() then asks utf8proc.
[[nodiscard]] bool nfc_quick_check(std::string_view s);

/// `s` in Unicode Normalization Form C, as utf8proc's NFC gives it; invalid UTF-8 comes back as it is.
[[nodiscard]] std::string nfc(std::string_view s);

}  // namespace hclschema::detail
