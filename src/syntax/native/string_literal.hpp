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

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hclschema::native::detail {

/// Decodes the literal token at `span` of `file`. Returns a view of the source when nothing needed
/// decoding, otherwise a copy allocated from `arena`.
[[nodiscard]] std::string_view decode_string_literal(const SourceFile& file, ByteSpan span, bool quoted, std::pmr::memory_resource& arena,
                                                     Diagnostics& diags);

namespace literal_scan {

/// Whether any byte of [p, p + n) is one of `a`, `b`, `c` or (with `high`) at least 0x80. Sixteen
/// bytes at a time with SSE2 (every x86-64 processor has it), eight with a 64-bit word otherwise;
/// the last partial block is tested through a load that ends at the end of the text (overlapping
/// bytes already tested), so no byte outside the text is read and no byte loop runs for texts
/// of eight bytes or more.
template <bool high>
[[gnu::always_inline]] inline bool any_of(const char* p, size_t n, char a, char b, char c) {
  namespace swar = hclschema::detail::swar;
#if defined(__SSE2__)
  if (n >= 16) {
    const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b), vc = _mm_set1_epi8(c);
    auto hit = [&](const char* q) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
      __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)), _mm_cmpeq_epi8(v, vc));
      if constexpr (high) m = _mm_or_si128(m, v);
      return _mm_movemask_epi8(m) != 0;
    };
    for (size_t i = 0; i + 16 <= n; i += 16)
      if (hit(p + i)) return true;
    return (n % 16) != 0 && hit(p + n - 16);
  }
#endif
  auto hit_word = [&](uint64_t w) {
    uint64_t m = swar::equal(w, static_cast<unsigned char>(a)) | swar::equal(w, static_cast<unsigned char>(b)) | swar::equal(w, static_cast<unsigned char>(c));
    if constexpr (high) m |= swar::non_ascii(w);
    return m != 0;
  };
  auto hit = [&](const char* q) { return hit_word(swar::load(q)); };
  if (n >= 8) {
    for (size_t i = 0; i + 8 <= n; i += 8)
      if (hit(p + i)) return true;
    return (n % 8) != 0 && hit(p + n - 8);
  }
  if (n >= 4) {  // the first four bytes and the last four (overlapping) in one word
    uint32_t lo, hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);
    return hit_word(uint64_t{lo} | (uint64_t{hi} << 32));
  }
  for (size_t i = 0; i < n; ++i) {
    const auto x = static_cast<unsigned char>(p[i]);
    if (p[i] == a || p[i] == b || p[i] == c || (high && x >= 0x80)) return true;
  }
  return false;
}

}  // namespace literal_scan

/// Whether every byte of `s` is ASCII.
[[nodiscard]] inline bool is_ascii(std::string_view s) {
  // No byte equals 0x80 that is not also >= 0x80: the three compares add nothing to the high test.
  return !literal_scan::any_of<true>(s.data(), s.size(), '\x80', '\x80', '\x80');
}

/// Whether `s` holds a backslash, a `$` or a `%`: without any, a literal decodes to itself.
[[nodiscard]] inline bool may_need_decoding(std::string_view s) { return literal_scan::any_of<false>(s.data(), s.size(), '\\', '$', '%'); }

/// Whether `s` is plain ASCII with no backslash, `$` or `%`: such a literal decodes to itself and
/// is already in normal form C, so it can be used as it is. One pass: the same answer as
/// !may_need_decoding(s) && is_ascii(s), without walking the text twice.
[[nodiscard]] inline bool is_plain_ascii_literal(std::string_view s) { return !literal_scan::any_of<true>(s.data(), s.size(), '\\', '$', '%'); }

}  // namespace hclschema::native::detail
