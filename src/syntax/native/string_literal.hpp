// Decoding the literal text of quoted templates and heredocs (private to the native parser).
//
// Quoted literals may hold backslash escapes (\n \r \t \" \\ \uNNNN \UNNNNNNNN); both kinds may hold
// the template escapes $${ and %%{, which stand for ${ and %{. Diagnostics match hclsyntax's.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory_resource>
#include <string_view>

#include "hclschema/diagnostic.hpp"
#include "hclschema/source.hpp"
#include "util/swar.hpp"

namespace hclschema::native::detail {

/// Decodes the literal token at `span` of `file`. Returns a view of the source when nothing needed
/// decoding, otherwise a copy allocated from `arena`.
[[nodiscard]] std::string_view decode_string_literal(const SourceFile& file, ByteSpan span, bool quoted, std::pmr::memory_resource& arena,
                                                     Diagnostics& diags);

/// Whether every byte of `s` is ASCII; eight bytes at a time (most literals are plain ASCII).
[[nodiscard]] inline bool is_ascii(std::string_view s) {
  const char* p = s.data();
  size_t n = s.size();
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    if (w & 0x8080808080808080ull) return false;
  }
  for (; n > 0; ++p, --n)
    if (static_cast<unsigned char>(*p) >= 0x80) return false;
  return true;
}

/// Whether `s` holds a backslash, a `$` or a `%`: without any, a literal decodes to itself.
/// Eight bytes at a time, as most literals hold none of them.
[[nodiscard]] inline bool may_need_decoding(std::string_view s) {
  namespace swar = hclschema::detail::swar;
  const char* p = s.data();
  size_t n = s.size();
  for (; n >= 8; p += 8, n -= 8) {
    const uint64_t w = swar::load(p);
    if (swar::equal(w, '\\') | swar::equal(w, '$') | swar::equal(w, '%')) return true;
  }
  for (; n > 0; ++p, --n)
    if (*p == '\\' || *p == '$' || *p == '%') return true;
  return false;
}

/// Whether `s` is plain ASCII with no backslash, `$` or `%`: such a literal decodes to itself and
/// is already in normal form C, so it can be used as it is. One pass, eight bytes at a time: the
/// same answer as !may_need_decoding(s) && is_ascii(s), without walking the text twice.
[[nodiscard]] inline bool is_plain_ascii_literal(std::string_view s) {
  namespace swar = hclschema::detail::swar;
  const char* p = s.data();
  size_t n = s.size();
  for (; n >= 8; p += 8, n -= 8) {
    const uint64_t w = swar::load(p);
    if (swar::non_ascii(w) | swar::equal(w, '\\') | swar::equal(w, '$') | swar::equal(w, '%')) return false;
  }
  for (; n > 0; ++p, --n) {
    const auto c = static_cast<unsigned char>(*p);
    if (c >= 0x80 || c == '\\' || c == '$' || c == '%') return false;
  }
  return true;
}

}  // namespace hclschema::native::detail
