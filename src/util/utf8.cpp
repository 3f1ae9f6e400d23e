// UTF-8 encoding and grapheme-cluster counting (utf8proc does the Unicode tables).
#include "util/utf8.hpp"

#include <utf8proc.h>

#include <cstdint>
#include <cstring>

#include "util/swar.hpp"

namespace hclschema::detail {

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

namespace {

// Whether the eight bytes of `word` are ASCII other than CR: one grapheme cluster each.
bool plain(uint64_t word) {
  const uint64_t cr = word ^ 0x0D0D0D0D0D0D0D0Dull;  // a zero byte where a CR is
  const uint64_t has_cr = (cr - 0x0101010101010101ull) & ~cr & 0x8080808080808080ull;
  return ((word & 0x8080808080808080ull) | has_cr) == 0;
}

// count_grapheme_clusters from byte `i` on, the bytes before it being plain ASCII (one cluster
// each): ASCII byte by byte up to a CR or a non-ASCII byte, then utf8proc's segmentation. Out of
// line, so that the word-at-a-time paths, which answer nearly every call, run without saving
// the registers this needs.
[[gnu::noinline]] uint32_t count_from(std::string_view s, size_t i) {
  auto count = static_cast<uint32_t>(i);
  while (i < s.size() && static_cast<unsigned char>(s[i]) < 0x80 && s[i] != '\r') {
    ++i;
    ++count;
  }
  if (i == s.size()) return count;
  utf8proc_int32_t state = 0;
  // The last ASCII character may take a following combining mark into its cluster.
  utf8proc_int32_t prev = i > 0 ? static_cast<unsigned char>(s[i - 1]) : -1;
  while (i < s.size()) {
    utf8proc_int32_t cp = 0;
    auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + i), static_cast<utf8proc_ssize_t>(s.size() - i), &cp);
    if (n <= 0) {  // invalid UTF-8: each bad byte counts as one column
      ++count;
      ++i;
      prev = -1;
      state = 0;
      continue;
    }
    if (prev < 0 || utf8proc_grapheme_break_stateful(prev, cp, &state)) ++count;
    prev = cp;
    i += static_cast<size_t>(n);
  }
  return count;
}

}  // namespace

uint32_t count_grapheme_clusters(std::string_view s) {
  // Short texts (the columns from a name's start to its end, or to a position near a line start)
  // are tested in one word instead of byte by byte: they are most of the texts counted.
  if (s.size() < 8) {
    if (s.empty()) return 0;
    if (plain(swar::short_text_word(s.data(), s.size()))) return static_cast<uint32_t>(s.size());
    return count_from(s, 0);
  }
  // Plain ASCII other than CR is one cluster per byte; eight bytes at a time first (columns are
  // counted from the start of the line for every position in a file).
  size_t i = 0;
  while (s.size() - i >= 8) {
    uint64_t word;
    std::memcpy(&word, s.data() + i, 8);
    if (!plain(word)) return count_from(s, i);
    i += 8;
  }
  if (i == s.size()) return static_cast<uint32_t>(i);
  // Fewer than eight bytes left after plain words: the last eight bytes of the text overlap
  // bytes already known to be plain, so when they are plain too the whole text is.
  uint64_t word;
  std::memcpy(&word, s.data() + s.size() - 8, 8);
  if (plain(word)) return static_cast<uint32_t>(s.size());
  return count_from(s, i);
}

}  // namespace hclschema::detail
