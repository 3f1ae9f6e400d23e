// NFC normalisation of string values: a quick check that proves most text NFC already, utf8proc
// for the rest.
#include "value/nfc.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "util/swar.hpp"

namespace hclschema::detail {

namespace {

// A code point that NFC leaves where it is whatever surrounds it. NFC changes text in three ways:
// it decomposes code points that have a canonical decomposition, reorders marks of non-zero
// combining class, and composes a starter with a later code point that is the second half of a
// canonical pair. So a code point of combining class 0 without any decomposition (canonical or
// compatibility: the stricter test is simpler and costs nothing on real text) that cannot be such
// a second half is stable. The second halves of Unicode's canonical pairs are all marks (Mn, Mc)
// or conjoining Hangul jamo, which compose by arithmetic rather than by table; every mark and
// every jamo block is excluded, which is more than needed. The unit tests check the claim against
// utf8proc's own data for every code point.
bool stable_code_point(char32_t c) {
  // U+0300 starts the combining marks: no code point below it decomposes, and every canonical pair
  // joins a starter to a later code point at or above it.
  if (c < 0x300) return true;
  if ((c >= 0x1100 && c <= 0x11FF) || (c >= 0xA960 && c <= 0xA97F) || (c >= 0xD7B0 && c <= 0xD7FF)) return false;
  const utf8proc_property_t* p = utf8proc_get_property(static_cast<utf8proc_int32_t>(c));
  return p->combining_class == 0 && p->decomp_seqindex == UINT16_MAX && p->category != UTF8PROC_CATEGORY_MN &&
         p->category != UTF8PROC_CATEGORY_MC && p->category != UTF8PROC_CATEGORY_ME;
}

bool is_continuation(unsigned char b) { return (b & 0xC0) == 0x80; }

// All bytes below 0xCC: code points below U+0300 if the text is valid UTF-8, and utf8proc rejects
// it (so nfc() gives it back as it is) if not.
bool all_below_cc(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0xCC; });
}

}  // namespace

bool nfc_quick_check(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  // All ASCII, the usual case: the words ORed together, the last one to seven bytes through the
  // text's last eight (overlapping), and one test at the end.
  if (n >= 8) {
    uint64_t any = swar::load(s.data() + n - 8);
    for (size_t k = 0; k + 8 <= n; k += 8) any |= swar::load(s.data() + k);
    if (!swar::non_ascii(any)) return true;
  }
  size_t i = 0;
  while (i < n) {
    if (p[i] < 0x80) {
      // ASCII, the bulk of most text, eight bytes at a time.
      while (i + 8 <= n) {
        const uint64_t high = swar::non_ascii(swar::load(s.data() + i));
        if (high) {
          i += swar::first_lane(high);
          break;
        }
        i += 8;
      }
      while (i < n && p[i] < 0x80) ++i;
      if (i == n) break;
    }
    const unsigned char b = p[i];
    // Strict UTF-8 (no overlong forms, surrogates or code points past U+10FFFF); anything else is
    // left to the answer the check had before it looked past U+02FF.
    char32_t c;
    size_t len;
    if (b >= 0xC2 && b <= 0xDF) {
      if (i + 1 >= n || !is_continuation(p[i + 1])) return all_below_cc(s);
      c = (char32_t(b & 0x1F) << 6) | (p[i + 1] & 0x3F);
      len = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
      if (i + 2 >= n || !is_continuation(p[i + 1]) || !is_continuation(p[i + 2])) return all_below_cc(s);
      c = (char32_t(b & 0x0F) << 12) | (char32_t(p[i + 1] & 0x3F) << 6) | (p[i + 2] & 0x3F);
      if (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF)) return all_below_cc(s);
      len = 3;
    } else if (b >= 0xF0 && b <= 0xF4) {
      if (i + 3 >= n || !is_continuation(p[i + 1]) || !is_continuation(p[i + 2]) || !is_continuation(p[i + 3]))
        return all_below_cc(s);
      c = (char32_t(b & 0x07) << 18) | (char32_t(p[i + 1] & 0x3F) << 12) | (char32_t(p[i + 2] & 0x3F) << 6) |
          (p[i + 3] & 0x3F);
      if (c < 0x10000 || c > 0x10FFFF) return all_below_cc(s);
      len = 4;
    } else {
      return all_below_cc(s);
    }
    if (!stable_code_point(c)) return false;
    i += len;
  }
  return true;
}

std::string nfc(std::string_view s) {
  if (nfc_quick_check(s)) return std::string(s);
  utf8proc_uint8_t* out = nullptr;
  utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(s.data()),
                                    static_cast<utf8proc_ssize_t>(s.size()), &out,
                                    static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  if (n < 0) return std::string(s);  // invalid UTF-8 stays as it is
  std::string r(reinterpret_cast<char*>(out), static_cast<size_t>(n));
  std::free(out);
  return r;
}

}  // namespace hclschema::detail
