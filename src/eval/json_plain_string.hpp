// Which JSON strings are plain literals: the test the evaluator uses to skip the template parser.
//
// HCL's json package evaluates every string as a bare template. For most strings (names, ids,
// CIDR blocks) that template is a single literal whose value is the string itself, NFC-normalised
// like every string value. Parsing it costs a SourceFile, a parser and a position lookup per string,
// a quarter of validating a large JSON file. This test recognises the strings whose template is
// certainly that literal, without diagnostics; every other string takes the full parser.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hclschema::detail {

/// True when every byte of `s` from `i` on (where a character starts) at or above 0x80 is part of a
/// character as the native scanner groups bytes: a lead byte followed by the continuation bytes it
/// announces. ASCII bytes are skipped one by one: callers start at the first block holding a byte
/// at or above 0x80.
[[nodiscard]] inline bool json_scanner_utf8_from(const unsigned char* s, size_t i, size_t n) {
  while (i < n) {
    const unsigned c = s[i];
    if (c < 0x80) {
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

/// A word with 0x80 in each byte of `x` that equals `c`, and 0 elsewhere (exactly: no carry runs
/// from one byte into the next).
[[nodiscard]] inline uint64_t bytes_equal(uint64_t x, unsigned char c) {
  constexpr uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL;
  const uint64_t y = x ^ (0x0101010101010101ULL * c);  // a zero byte where x has c
  return ~(((y & low7) + low7) | y | low7);
}

/// True when `text` (a JSON string's decoded value) contains no "${" and no "%{" anywhere, so
/// neither a sequence nor an escape ("$${", "%%{" contain them too), and each byte at or above 0x80
/// is part of a character as the native scanner groups bytes (a lead byte followed by the
/// continuation bytes it announces), so the scanner reports no bad UTF-8. Such a bare template is
/// one literal (possibly split at line ends) with no decoding: its value is `text`.
///
/// The two questions are independent ("$", "%" and "{" are ASCII, never part of a multi-byte
/// character), so the pairs are looked for many bytes at a time, and the byte-by-byte UTF-8 check
/// starts at the first block holding a byte at or above 0x80 (most strings have none). From 16
/// bytes on: blocks of 16 (SSE2: a "{" whose preceding byte, in the block or at the end of the
/// previous one, is "$" or "%"), the last through a block ending at the text's end; 8 to 15
/// bytes: two words of 8 that overlap (every pair of neighbouring bytes lies within one of them);
/// shorter texts byte by byte.
[[nodiscard]] inline bool json_string_is_plain(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
#if defined(__SSE2__)
  if (n >= 16) {
    size_t utf8_from = n;  // where the UTF-8 check must start: the first block with a high byte
    unsigned carry = 0;    // 1 when the byte before the block is "$" or "%"
    auto block = [&](size_t at) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + at));
      const auto open = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('{'))));
      const auto lead = static_cast<unsigned>(
          _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('$')), _mm_cmpeq_epi8(v, _mm_set1_epi8('%')))));
      if (((lead << 1) | carry) & open) return false;
      carry = (lead >> 15) & 1;
      if (utf8_from == n && _mm_movemask_epi8(v) != 0) utf8_from = at;
      return true;
    };
    size_t i = 0;
    for (; i + 16 <= n; i += 16)
      if (!block(i)) return false;
    if (i < n) {
      // The last bytes, through the block that ends at the text's end (its first bytes are
      // checked again, harmlessly). It starts before `i`, so each pair ending after `i` lies
      // within it, and the pair ending at its first byte lies within the whole blocks.
      const size_t at = n - 16;
      carry = 0;
      const size_t before = utf8_from;
      if (!block(at)) return false;
      // A high byte found only now lies in the bytes after the last whole block (the block's
      // first bytes were ASCII): the check starts there, at a character's start.
      if (before == n && utf8_from != n) utf8_from = i;
    }
    return json_scanner_utf8_from(s, utf8_from, n);
  }
#endif
  if (n >= 8) {
    uint64_t first, last;
    std::memcpy(&first, s, 8);
    std::memcpy(&last, s + n - 8, 8);
    for (const uint64_t w : {first, last}) {
      const uint64_t lead = bytes_equal(w, '$') | bytes_equal(w, '%');
      // Each lead's mark moved onto the byte after it (the next address).
      const uint64_t after_lead = std::endian::native == std::endian::little ? lead << 8 : lead >> 8;
      if (after_lead & bytes_equal(w, '{')) return false;
    }
    if (((first | last) & 0x8080808080808080ULL) == 0) return true;
    return json_scanner_utf8_from(s, 0, n);
  }
  for (size_t j = 0; j + 1 < n; ++j)
    if ((s[j] == '$' || s[j] == '%') && s[j + 1] == '{') return false;
  return json_scanner_utf8_from(s, 0, n);
}

}  // namespace hclschema::detail
