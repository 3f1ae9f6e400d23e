// The native-syntax lexer: a hand-written equivalent of hclsyntax's Ragel scanner.
//
// hclsyntax scans with four longest-match machines (normal, quoted template, heredoc template,
// bare template) and a call stack between them. This file reproduces what those machines emit,
// including their less obvious corners, which were checked against the reference one by one:
//   - `$`/`%` not followed by `{` in a template: the scanner's pattern is `$` plus one more byte,
//     which it then gives back, so the token is usually the lone `$`; but in heredoc and bare
//     templates, when that byte is followed by a line end, the token keeps both bytes and the
//     line end becomes a token of its own.
//   - a stray `\r` in a heredoc or bare template, or a `$`/`%` as the last byte of a heredoc,
//     matches nothing: the scanner stops and the whole rest of the input is one token
//     (invalid in a heredoc, a literal in a bare template).
//   - an unterminated `/*` is not a comment: it is a slash and a star, then ordinary tokens.
//   - bytes are grouped into characters as the scanner does (a lead byte and its continuation
//     bytes, without rejecting overlong forms), so such sequences are one invalid character.
// Two deliberate differences from HCL 2.14: identifiers follow Unicode 15 (utf8proc) rather than
// 2.14's Unicode 9 tables (a superset: newer letters are accepted), and a lead byte followed by
// non-continuation bytes is bad UTF-8, where 2.14's generated tables sometimes take it as part of
// an identifier. `::` is one token, as in today's HCL.
// The byte-level work stays on ASCII fast paths; utf8proc is consulted only for identifiers
// with non-ASCII characters.
#include "syntax/native/lexer.hpp"

#include <utf8proc.h>

#include <array>
#include <bit>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hclschema::native::detail {

// heredoc_end: a closing marker was just returned; its line end comes next, then the mode below.
enum class Lexer::Mode : uint8_t { normal, quoted, heredoc, bare, heredoc_end };

namespace {

constexpr uint8_t k_ident_start = 1;     // may begin an identifier
constexpr uint8_t k_ident_continue = 2;  // may continue an identifier (letters, digits, _ and -)
constexpr uint8_t k_quoted_plain = 4;    // literal text in a quoted template with no special meaning
constexpr uint8_t k_heredoc_plain = 8;   // literal text in a heredoc or bare template

constexpr std::array<uint8_t, 256> make_classes() {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 0x80; ++c) {
    bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    bool digit = c >= '0' && c <= '9';
    if (letter || c == '_') t[c] |= k_ident_start;
    if (letter || digit || c == '_' || c == '-') t[c] |= k_ident_continue;
    if (c != '$' && c != '%' && c != '"' && c != '\\' && c != '\r' && c != '\n') t[c] |= k_quoted_plain;
    if (c != '$' && c != '%' && c != '\r' && c != '\n') t[c] |= k_heredoc_plain;
  }
  return t;
}
constexpr std::array<uint8_t, 256> k_classes = make_classes();

// The bytes that are a token by themselves whatever follows them (and change no state), with
// that token's type; eof for every other byte.
constexpr std::array<TokenType, 256> make_single_byte() {
  std::array<TokenType, 256> t{};
  for (auto& x : t) x = TokenType::eof;
  t['('] = TokenType::o_paren;
  t[')'] = TokenType::c_paren;
  t['['] = TokenType::o_brack;
  t[']'] = TokenType::c_brack;
  t[','] = TokenType::comma;
  t['*'] = TokenType::star;
  t['+'] = TokenType::plus;
  t['-'] = TokenType::minus;
  t['%'] = TokenType::percent;
  t['?'] = TokenType::question;
  return t;
}
constexpr std::array<TokenType, 256> k_single_byte = make_single_byte();

inline bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/// Offset of the first byte at or after `from` (before `end`) that is neither a space nor a tab.
/// Spaces (indentation, alignment) are a fifth of a typical file: they are counted eight at a time.
inline uint32_t skip_blanks(const unsigned char* s, uint32_t b, uint32_t end) {
  for (;;) {
    if constexpr (std::endian::native == std::endian::little) {
      if (end - b >= 8) {
        uint64_t word;
        std::memcpy(&word, s + b, 8);
        uint64_t other = word ^ 0x2020202020202020ull;  // zero bytes where the spaces are
        if (other == 0) {
          b += 8;
          continue;
        }
        b += static_cast<uint32_t>(std::countr_zero(other)) >> 3;
      } else {
        while (b < end && s[b] == ' ') ++b;
      }
    } else {
      while (b < end && s[b] == ' ') ++b;
    }
    if (b < end && s[b] == '\t') {
      ++b;
      continue;
    }
    return b;
  }
}

/// Offset of the first byte at or after `from` (before `end`) not in class `cls`; unrolled, as
/// identifiers and literal text are where the lexer spends its time.
inline uint32_t skip_class(const unsigned char* s, uint32_t from, uint32_t end, uint8_t cls) {
  const unsigned char* p = s + from;
  const unsigned char* e = s + end;
  while (e - p >= 4) {
    if (!(k_classes[p[0]] & cls)) return static_cast<uint32_t>(p - s);
    if (!(k_classes[p[1]] & cls)) return static_cast<uint32_t>(p - s) + 1;
    if (!(k_classes[p[2]] & cls)) return static_cast<uint32_t>(p - s) + 2;
    if (!(k_classes[p[3]] & cls)) return static_cast<uint32_t>(p - s) + 3;
    p += 4;
  }
  while (p != e && (k_classes[*p] & cls)) ++p;
  return static_cast<uint32_t>(p - s);
}

// The runs that make up most of a file's bytes (identifiers, quoted literal text) are found 16
// bytes at a time with SSE2, which every x86-64 processor has: the bytes of a run are classified
// by compares, and the first byte outside it is the lowest clear bit of a 16-bit mask. Near the end
// of the text a load ending exactly at the end is used (shifted), so nothing past the text is read;
// texts shorter than 16 bytes and other processors take skip_class, which gives the same answers.
#if defined(__SSE2__)

/// Bit i set where byte i of `v` continues an ASCII identifier: a letter, a digit, `_` or `-`.
inline uint32_t ident_mask(__m128i v) {
  // Letters: (c | 0x20) in 'a'..'z'; digits: c in '0'..'9'. Each range is moved to start at -128,
  // so that a signed compare against -128 + its size tests it (bytes >= 0x80 never match).
  const __m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
  const __m128i letter = _mm_cmplt_epi8(_mm_add_epi8(lower, _mm_set1_epi8(static_cast<char>(0x80 - 'a'))), _mm_set1_epi8(static_cast<char>(-128 + 26)));
  const __m128i digit = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(static_cast<char>(0x80 - '0'))), _mm_set1_epi8(static_cast<char>(-128 + 10)));
  const __m128i punct = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('_')), _mm_cmpeq_epi8(v, _mm_set1_epi8('-')));
  return static_cast<uint32_t>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(letter, digit), punct)));
}

/// Bit i set where byte i of `v` is plain quoted-template text (k_quoted_plain).
inline uint32_t quoted_plain_mask(__m128i v) {
  __m128i stop = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
  stop = _mm_or_si128(stop, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('$')), _mm_cmpeq_epi8(v, _mm_set1_epi8('%'))));
  stop = _mm_or_si128(stop, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
  stop = _mm_or_si128(stop, v);  // the high bit: bytes >= 0x80
  return ~static_cast<uint32_t>(_mm_movemask_epi8(stop)) & 0xFFFF;
}

/// Bit i set where byte i of `v` is plain heredoc or bare-template text (k_heredoc_plain).
inline uint32_t heredoc_plain_mask(__m128i v) {
  __m128i stop = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('$')), _mm_cmpeq_epi8(v, _mm_set1_epi8('%')));
  stop = _mm_or_si128(stop, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
  stop = _mm_or_si128(stop, v);
  return ~static_cast<uint32_t>(_mm_movemask_epi8(stop)) & 0xFFFF;
}

/// Offset of the first byte at or after `q` (before `end`) outside the run `mask_of` accepts; the
/// same as skip_class with the matching class.
template <uint32_t (*mask_of)(__m128i), uint8_t cls>
[[gnu::always_inline]] inline uint32_t skip_run(const unsigned char* s, uint32_t q, uint32_t end) {
  for (;;) {
    if (end - q >= 16) {
      const uint32_t stop = ~mask_of(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s + q))) & 0xFFFF;
      if (stop != 0) return q + static_cast<uint32_t>(std::countr_zero(stop));
      q += 16;
      continue;
    }
    if (q >= end) return q;
    if (end < 16) return skip_class(s, q, end, cls);
    // The last 16 bytes of the text, of which [q, end) are the ones still to look at.
    const uint32_t skip = q - (end - 16);
    const uint32_t stop = (~mask_of(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s + end - 16))) & 0xFFFF) >> skip;
    return stop != 0 ? q + static_cast<uint32_t>(std::countr_zero(stop)) : end;
  }
}

inline uint32_t skip_ident_ascii(const unsigned char* s, uint32_t q, uint32_t end) { return skip_run<ident_mask, k_ident_continue>(s, q, end); }
inline uint32_t skip_quoted_plain(const unsigned char* s, uint32_t q, uint32_t end) { return skip_run<quoted_plain_mask, k_quoted_plain>(s, q, end); }
inline uint32_t skip_heredoc_plain(const unsigned char* s, uint32_t q, uint32_t end) { return skip_run<heredoc_plain_mask, k_heredoc_plain>(s, q, end); }
#else
inline uint32_t skip_ident_ascii(const unsigned char* s, uint32_t q, uint32_t end) { return skip_class(s, q, end, k_ident_continue); }
inline uint32_t skip_quoted_plain(const unsigned char* s, uint32_t q, uint32_t end) { return skip_class(s, q, end, k_quoted_plain); }
inline uint32_t skip_heredoc_plain(const unsigned char* s, uint32_t q, uint32_t end) { return skip_class(s, q, end, k_heredoc_plain); }
#endif

/// The length of the character at `p` as the scanner groups bytes: a lead byte followed by the
/// continuation bytes it announces (overlong forms and surrogates included), or 0 for a byte that
/// starts no such sequence.
inline uint32_t char_length(const unsigned char* p, const unsigned char* end) {
  unsigned c = p[0];
  if (c < 0x80) return 1;
  uint32_t n;
  if (c < 0xC0) return 0;
  if (c < 0xE0) n = 2;
  else if (c < 0xF0) n = 3;
  else if (c < 0xF8) n = 4;
  else return 0;
  if (end - p < static_cast<std::ptrdiff_t>(n)) return 0;
  for (uint32_t i = 1; i < n; ++i)
    if ((p[i] & 0xC0) != 0x80) return 0;
  return n;
}

/// The code point of a grouped character of length n >= 2, or -1 when it is not a proper UTF-8
/// encoding (overlong, surrogate, beyond U+10FFFF); such characters are never identifier parts.
inline int32_t decode(const unsigned char* p, uint32_t n) {
  int32_t cp;
  if (n == 2) {
    cp = ((p[0] & 0x1F) << 6) | (p[1] & 0x3F);
    return cp >= 0x80 ? cp : -1;
  }
  if (n == 3) {
    cp = ((p[0] & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F);
    return cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF) ? cp : -1;
  }
  cp = ((p[0] & 0x07) << 18) | ((p[1] & 0x3F) << 12) | ((p[2] & 0x3F) << 6) | (p[3] & 0x3F);
  return cp >= 0x10000 && cp <= 0x10FFFF ? cp : -1;
}

/// Unicode ID_Start for a non-ASCII code point: letters, letter numbers and Other_ID_Start, less
/// Pattern_Syntax (U+2E2F is the only letter in it).
bool is_id_start(int32_t cp) {
  switch (utf8proc_category(cp)) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_NL: return cp != 0x2E2F;
    default: return cp == 0x1885 || cp == 0x1886 || cp == 0x2118 || cp == 0x212E || cp == 0x309B || cp == 0x309C;
  }
}

/// Unicode ID_Continue for a non-ASCII code point: ID_Start plus marks, digits, connector
/// punctuation and Other_ID_Continue (as of Unicode 15.0, which utf8proc implements).
bool is_id_continue(int32_t cp) {
  switch (utf8proc_category(cp)) {
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_MC:
    case UTF8PROC_CATEGORY_ND:
    case UTF8PROC_CATEGORY_PC: return true;
    default: return is_id_start(cp) || cp == 0xB7 || cp == 0x387 || (cp >= 0x1369 && cp <= 0x1371) || cp == 0x19DA;
  }
}

/// Length of a Unicode white-space character (Go's unicode.IsSpace) at the start of [p, end), or 0.
inline uint32_t space_prefix(const unsigned char* p, const unsigned char* end) {
  std::ptrdiff_t n = end - p;
  if (n <= 0) return 0;
  unsigned c = p[0];
  if (c == ' ' || (c >= '\t' && c <= '\r')) return 1;
  if (c == 0xC2 && n >= 2 && (p[1] == 0x85 || p[1] == 0xA0)) return 2;
  if (n < 3) return 0;
  if (c == 0xE1 && p[1] == 0x9A && p[2] == 0x80) return 3;  // U+1680
  if (c == 0xE2 && p[1] == 0x80 && (p[2] <= 0x8A || p[2] == 0xA8 || p[2] == 0xA9 || p[2] == 0xAF) && p[2] >= 0x80) return 3;
  if (c == 0xE2 && p[1] == 0x81 && p[2] == 0x9F) return 3;  // U+205F
  if (c == 0xE3 && p[1] == 0x80 && p[2] == 0x80) return 3;  // U+3000
  return 0;
}

/// Length of a white-space character ending at `end` (inside [begin, end)), or 0.
inline uint32_t space_suffix(const unsigned char* begin, const unsigned char* end) {
  std::ptrdiff_t n = end - begin;
  if (n <= 0) return 0;
  unsigned c = end[-1];
  if (c < 0x80) return (c == ' ' || (c >= '\t' && c <= '\r')) ? 1 : 0;
  if (n >= 2 && end[-2] == 0xC2 && (c == 0x85 || c == 0xA0)) return 2;
  if (n >= 3 && space_prefix(end - 3, end) == 3) return 3;
  return 0;
}

}  // namespace

// A token stored as one 8-byte and one 4-byte write: assembled as a Token, GCC merged the fields
// through the stack and reloaded them with wider loads, a store-forwarding stall on every token.
namespace {
[[gnu::always_inline]] inline void store(Token& out, Token t) {
  static_assert(sizeof(ByteSpan) == sizeof(uint64_t));
  const uint64_t span = uint64_t{t.span.begin} | (uint64_t{t.span.end} << 32);
  std::memcpy(static_cast<void*>(&out.span), &span, sizeof span);  // ByteSpan is trivially copyable
  out.type = t.type;
}

}  // namespace

Lexer::Lexer(const SourceFile& file, Diagnostics& diags, Start start, uint32_t begin, uint32_t end)
    : file_(file),
      diags_(diags),
      text_(reinterpret_cast<const unsigned char*>(file.text().data())),
      pos_(0),
      end_(0),
      mode_(start == Start::config ? Mode::normal : Mode::bare) {
  auto size = static_cast<uint32_t>(file.text().size());
  end_ = end < size ? end : size;
  pos_ = begin < end_ ? begin : end_;
  // hclsyntax skips a UTF-8 byte order mark at the start of what it scans.
  if (end_ - pos_ >= 3 && text_[pos_] == 0xEF && text_[pos_ + 1] == 0xBB && text_[pos_ + 2] == 0xBF) pos_ += 3;
}

void Lexer::borrow(Scratch& scratch) {
  closing_braces_.swap(scratch.closing_braces);
  return_modes_.swap(scratch.return_modes);
  heredocs_.swap(scratch.heredocs);
}

void Lexer::give_back(Scratch& scratch) {
  closing_braces_.clear();
  return_modes_.clear();
  heredocs_.clear();
  closing_braces_.swap(scratch.closing_braces);
  return_modes_.swap(scratch.return_modes);
  heredocs_.swap(scratch.heredocs);
}

// Most quoted strings are plain ASCII text without escapes or sequences: after the opening quote
// at o[0], the literal and the closing quote are stored here, without entering quoted mode and
// coming back (three trips through the mode dispatch). Any other string, or one the batch has no
// room for, is left to scan_quoted: quoted mode is entered. Returns the last token stored. Out of
// line: in next_batch's loop it made every token's code spill more registers.
[[gnu::noinline]] Token* Lexer::plain_quoted_string(Token* o, const Token* last, uint32_t b) {
  const uint32_t q = skip_quoted_plain(text_, b, end_);
  if (q < end_ && text_[q] == '"' && last - o >= 2) {
    if (q > b) store(*++o, token(TokenType::quoted_lit, b, q));
    store(*++o, token(TokenType::c_quote, q, q + 1));
    return o;
  }
  enter_quoted();
  return o;
}

void Lexer::enter_quoted() {
  return_modes_.push_back(mode_);
  mode_ = Mode::quoted;
}

void Lexer::return_from_mode() {
  if (return_modes_.empty()) return;  // cannot happen: every return matches an entry
  mode_ = return_modes_.back();
  return_modes_.pop_back();
}

Token Lexer::rest_as(TokenType type, uint32_t begin) { return make(type, begin, end_); }

// ---------------------------------------------------------------------------------------------
// Normal mode: expressions and structure.

// Inlined into next() and next_batch(): most tokens are scanned in normal mode. Scans the token
// at or after `b` (blanks first skipped) without touching pos_ for the simple kinds, so that
// next_batch can keep the position in a register; helpers called for the rarer kinds set pos_
// themselves, which is harmless as every caller sets it from the returned span.
[[gnu::always_inline]] inline Token Lexer::scan_normal_from(uint32_t b) {
  const unsigned char* s = text_;
  const uint32_t end = end_;
  auto at = [&](uint32_t i) -> int { return i < end ? s[i] : -1; };
  auto tok = [](TokenType type, uint32_t begin, uint32_t e) { return token(type, begin, e); };
  for (;;) {
    if (b >= end) return tok(TokenType::eof, end, end);
    const unsigned char c = s[b];
    // The commonest tokens first, by conditional branches: the processor predicts those from the
    // tokens before much better than the switch's indirect jump (6-8% less time for a parse).
    if (k_classes[c] & k_ident_start) return scan_ident(b, b + 1);
    if (c == '\n') return tok(TokenType::newline, b, b + 1);
    if (c == ' ') {  // one blank is the commonest case (around "="), a run is indentation
      ++b;
      if (b < end && (s[b] == ' ' || s[b] == '\t')) b = skip_blanks(s, b, end);
      continue;
    }
    if (c == '=') {
      int n = at(b + 1);
      if (n == '=') return tok(TokenType::equal_op, b, b + 2);
      if (n == '>') return tok(TokenType::fat_arrow, b, b + 2);
      return tok(TokenType::equal, b, b + 1);
    }
    if (c == '.') return at(b + 1) == '.' && at(b + 2) == '.' ? tok(TokenType::ellipsis, b, b + 3) : tok(TokenType::dot, b, b + 1);
    if (c == '"') return tok(TokenType::o_quote, b, b + 1);  // the caller enters quoted mode (see next_batch)
    if (const TokenType single = k_single_byte[c]; single != TokenType::eof) return tok(single, b, b + 1);
    switch (c) {
      case '\t':
        b = skip_blanks(s, b + 1, end);
        continue;
      case '\r': return at(b + 1) == '\n' ? tok(TokenType::newline, b, b + 2) : tok(TokenType::invalid, b, b + 1);
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        return scan_number(b);
      case '#': {
        const void* nl = std::memchr(s + b + 1, '\n', end - b - 1);
        return tok(TokenType::comment, b, nl ? static_cast<uint32_t>(static_cast<const unsigned char*>(nl) - s) + 1 : end);
      }
      case '/': {
        int n = at(b + 1);
        if (n == '/') {
          const void* nl = std::memchr(s + b + 2, '\n', end - b - 2);
          return tok(TokenType::comment, b, nl ? static_cast<uint32_t>(static_cast<const unsigned char*>(nl) - s) + 1 : end);
        }
        if (n == '*' && b + 2 < no_comment_end_from_) {
          std::string_view rest(reinterpret_cast<const char*>(s) + b + 2, end - b - 2);
          size_t close = rest.find("*/");
          if (close != std::string_view::npos) return tok(TokenType::comment, b, b + 2 + static_cast<uint32_t>(close) + 2);
          no_comment_end_from_ = b + 2;
        }
        return tok(TokenType::slash, b, b + 1);
      }
      case '^': return tok(TokenType::bitwise_xor, b, b + 1);
      case ';': return tok(TokenType::semicolon, b, b + 1);
      case '`': return tok(TokenType::backtick, b, b + 1);
      case '\'': return tok(TokenType::apostrophe, b, b + 1);
      case '!': return at(b + 1) == '=' ? tok(TokenType::not_equal, b, b + 2) : tok(TokenType::bang, b, b + 1);
      case '>': return at(b + 1) == '=' ? tok(TokenType::greater_than_eq, b, b + 2) : tok(TokenType::greater_than, b, b + 1);
      case '<': {
        int n = at(b + 1);
        if (n == '<') {
          Token t;
          if (try_heredoc_start(b, t)) return t;
        }
        if (n == '=') return tok(TokenType::less_than_eq, b, b + 2);
        return tok(TokenType::less_than, b, b + 1);
      }
      case '&': return at(b + 1) == '&' ? tok(TokenType::and_op, b, b + 2) : tok(TokenType::bitwise_and, b, b + 1);
      case '|': return at(b + 1) == '|' ? tok(TokenType::or_op, b, b + 2) : tok(TokenType::bitwise_or, b, b + 1);
      case ':': return at(b + 1) == ':' ? tok(TokenType::double_colon, b, b + 2) : tok(TokenType::colon, b, b + 1);
      case '{': ++braces_; return tok(TokenType::o_brace, b, b + 1);
      case '}': return close_brace(b, b + 1, false);
      case '~': return at(b + 1) == '}' ? close_brace(b, b + 2, true) : tok(TokenType::bitwise_not, b, b + 1);
      default: break;
    }
    if (c < 0x80) return tok(TokenType::invalid, b, b + 1);
    uint32_t n = char_length(s + b, s + end);
    if (n == 0) return tok(TokenType::bad_utf8, b, b + 1);
    int32_t cp = decode(s + b, n);
    if (cp >= 0 && is_id_start(cp)) return scan_ident(b, b + n);
    return tok(TokenType::invalid, b, b + n);
  }
}

Token Lexer::scan_number(uint32_t begin) {
  // A digit, then digits, dots and exponents (e, E, optionally signed, with a digit), not ending
  // in a dot: "1.2.3" is one (malformed) number as far as the scanner is concerned.
  const unsigned char* s = text_;
  uint32_t q = begin + 1, accepted = q;
  while (q < end_) {
    unsigned char c = s[q];
    if (is_digit(c)) {
      accepted = ++q;
    } else if (c == '.') {
      ++q;
    } else if (c == 'e' || c == 'E') {
      if (q + 1 < end_ && is_digit(s[q + 1])) {
        accepted = q += 2;
      } else if (q + 2 < end_ && (s[q + 1] == '+' || s[q + 1] == '-') && is_digit(s[q + 2])) {
        accepted = q += 3;
      } else {
        break;
      }
    } else {
      break;
    }
  }
  return make(TokenType::number_lit, begin, accepted);
}

// Inlined into the normal-mode scanner: a third of all tokens are identifiers.
[[gnu::always_inline]] inline Token Lexer::scan_ident(uint32_t begin, uint32_t q) {
  const unsigned char* s = text_;
  for (;;) {
    q = skip_ident_ascii(s, q, end_);
    if (q >= end_ || s[q] < 0x80) break;
    uint32_t n = char_length(s + q, s + end_);
    if (n == 0) break;
    int32_t cp = decode(s + q, n);
    if (cp < 0 || !is_id_continue(cp)) break;
    q += n;
  }
  return token(TokenType::ident, begin, q);  // callers set pos_ from the span
}

bool Lexer::try_heredoc_start(uint32_t begin, Token& out) {
  // "<<" or "<<-", an identifier, and a line end right after it.
  const unsigned char* s = text_;
  uint32_t q = begin + 2;
  if (q < end_ && s[q] == '-') ++q;
  if (q >= end_) return false;
  uint32_t marker_begin = q;
  if (k_classes[s[q]] & k_ident_start) {
    ++q;
  } else {
    if (s[q] < 0x80) return false;
    uint32_t n = char_length(s + q, s + end_);
    if (n == 0) return false;
    int32_t cp = decode(s + q, n);
    if (cp < 0 || !is_id_start(cp)) return false;
    q += n;
  }
  uint32_t marker_end = scan_ident(marker_begin, q).span.end;
  uint32_t e;
  if (marker_end < end_ && s[marker_end] == '\n') {
    e = marker_end + 1;
  } else if (marker_end + 1 < end_ && s[marker_end] == '\r' && s[marker_end + 1] == '\n') {
    e = marker_end + 2;
  } else {
    return false;
  }
  heredocs_.push_back(Heredoc{marker_begin, marker_end, true});
  return_modes_.push_back(mode_);
  mode_ = Mode::heredoc;
  out = make(TokenType::o_heredoc, begin, e);
  return true;
}

Token Lexer::close_brace(uint32_t begin, uint32_t end, bool tilde) {
  if (!closing_braces_.empty() && closing_braces_.back() == braces_) {
    --braces_;
    closing_braces_.pop_back();
    return_from_mode();
    return make(TokenType::template_seq_end, begin, end);
  }
  // An unbalanced "~}" is still a template_seq_end, so the parser can report it as such.
  --braces_;
  return make(tilde ? TokenType::template_seq_end : TokenType::c_brace, begin, end);
}

// ---------------------------------------------------------------------------------------------
// Template modes.

Token Lexer::begin_sequence(TokenType type, uint32_t begin) {
  uint32_t e = begin + 2;
  if (e < end_ && text_[e] == '~') ++e;
  ++braces_;
  closing_braces_.push_back(braces_);
  if (!heredocs_.empty()) heredocs_.back().start_of_line = false;
  return_modes_.push_back(mode_);
  mode_ = Mode::normal;
  return make(type, begin, e);
}

Token Lexer::scan_quoted() {
  const unsigned char* s = text_;
  uint32_t b = pos_;
  if (b >= end_) return make(TokenType::eof, end_, end_);
  unsigned char c = s[b];
  switch (c) {
    case '$':
    case '%': {
      if (b + 1 >= end_) return make(TokenType::invalid, b, b + 1);
      if (s[b + 1] == '{') return begin_sequence(c == '$' ? TokenType::template_interp : TokenType::template_control, b);
      if (s[b + 1] == c && b + 2 < end_ && s[b + 2] == '{') {  // "$${" and "%%{" escape a sequence
        uint32_t e = b + 3;
        if (e < end_ && s[e] == '~') ++e;
        return make(TokenType::quoted_lit, b, e);
      }
      return make(TokenType::quoted_lit, b, b + 1);
    }
    case '"':
      return_from_mode();
      return make(TokenType::c_quote, b, b + 1);
    case '\r':
    case '\n': {
      uint32_t e = b + 1;
      while (e < end_ && (s[e] == '\r' || s[e] == '\n')) ++e;
      return make(TokenType::quoted_newline, b, e);
    }
    default: break;
  }
  uint32_t q = b;
  for (;;) {
    q = skip_quoted_plain(s, q, end_);
    if (q >= end_) break;
    unsigned char d = s[q];
    if (d == '\\') {
      // A backslash and the character after it (any but a line end) stay together.
      if (q + 1 >= end_ || s[q + 1] == '\r' || s[q + 1] == '\n') break;
      uint32_t n = char_length(s + q + 1, s + end_);
      if (n == 0) break;
      q += 1 + n;
    } else if (d >= 0x80) {
      uint32_t n = char_length(s + q, s + end_);
      if (n == 0) break;
      q += n;
    } else {
      break;
    }
  }
  if (q > b) return make(TokenType::quoted_lit, b, q);
  if (c == '\\') return make(TokenType::invalid, b, b + 1);
  return make(TokenType::bad_utf8, b, b + 1);
}

Token Lexer::scan_heredoc() {
  if (pos_ >= end_) return make(TokenType::eof, end_, end_);
  return template_line(pos_, true);
}

Token Lexer::scan_bare() {
  if (pos_ >= end_) return make(TokenType::eof, end_, end_);
  return template_line(pos_, false);
}

// One literal piece of a heredoc or bare template starting at `begin` (or a sequence opener).
// Heredoc pieces that end with their line end may close the heredoc; see heredoc_line_with_eol.
Token Lexer::template_line(uint32_t b, bool heredoc) {
  const unsigned char* s = text_;
  auto line_piece = [&](uint32_t e, bool with_eol) {
    if (!heredoc) return make(TokenType::string_lit, b, e);
    return with_eol ? heredoc_line_with_eol(b, e) : heredoc_midline(b, e);
  };
  unsigned char c = s[b];
  uint32_t q;
  if (c == '$' || c == '%') {
    if (b + 1 >= end_) return rest_as(heredoc ? TokenType::invalid : TokenType::string_lit, b);
    if (s[b + 1] == '{') return begin_sequence(c == '$' ? TokenType::template_interp : TokenType::template_control, b);
    q = b + 2;
    if (s[b + 1] == c && q < end_ && s[q] == '{') {  // "$${" or "%%{", then possibly "~" and a line end
      ++q;
      if (q < end_ && s[q] == '~') ++q;
    } else {
      // The scanner matched "$" and one more byte, then gives that byte back unless a line end
      // follows it, in which case the token keeps it.
      if (q < end_ && s[q] == '\n') return line_piece(q, true);
      if (q < end_ && s[q] == '\r') return line_piece(q, false);
      return line_piece(b + 1, false);
    }
  } else {
    q = b;
    for (;;) {
      q = skip_heredoc_plain(s, q, end_);
      if (q >= end_ || s[q] < 0x80) break;
      uint32_t n = char_length(s + q, s + end_);
      if (n == 0) break;
      q += n;
    }
  }
  if (q < end_ && s[q] == '\n') return line_piece(q + 1, true);
  if (q + 1 < end_ && s[q] == '\r' && s[q + 1] == '\n') return line_piece(q + 2, true);
  if (q > b) return line_piece(q, false);
  // Nothing matched: a lone carriage return stops the scanner, a bad byte is reported alone.
  if (s[b] == '\r') return rest_as(heredoc ? TokenType::invalid : TokenType::string_lit, b);
  return make(TokenType::bad_utf8, b, b + 1);
}

Token Lexer::heredoc_line_with_eol(uint32_t b, uint32_t e) {
  Heredoc& doc = heredocs_.back();
  if (doc.start_of_line) {
    const unsigned char* s = text_;
    uint32_t tb = b, te = e;
    while (uint32_t n = space_prefix(s + tb, s + te)) tb += n;
    while (uint32_t n = space_suffix(s + tb, s + te)) te -= n;
    uint32_t len = doc.marker_end - doc.marker_begin;
    if (te - tb == len && std::memcmp(s + tb, s + doc.marker_begin, len) == 0) {
      // The closing marker: the line without its end is one token, the line end another.
      uint32_t nl = e - 1;
      if (nl > b && s[nl - 1] == '\r') --nl;
      heredocs_.pop_back();
      mode_ = Mode::heredoc_end;  // returns from the heredoc after the line end
      pending_ = Token{ByteSpan{nl, e}, TokenType::newline};
      pos_ = e;
      return Token{ByteSpan{b, nl}, TokenType::c_heredoc};
    }
  }
  doc.start_of_line = true;
  return make(TokenType::string_lit, b, e);
}

Token Lexer::heredoc_midline(uint32_t b, uint32_t e) {
  heredocs_.back().start_of_line = false;
  return make(TokenType::string_lit, b, e);
}

[[gnu::always_inline]] inline void Lexer::next_impl(Token& out) {
  Token t;
  switch (mode_) {
    case Mode::normal:
      t = scan_normal_from(pos_);
      pos_ = t.span.end;
      if (t.type == TokenType::o_quote) enter_quoted();
      break;
    case Mode::quoted: t = scan_quoted(); break;
    case Mode::heredoc: t = scan_heredoc(); break;
    case Mode::bare: t = scan_bare(); break;
    case Mode::heredoc_end:
    default:
      return_from_mode();
      out = pending_;
      return;
  }
  store(out, t);
  if (t.type >= TokenType::bitwise_and) [[unlikely]]
    report(t);
}

uint32_t Lexer::next_batch(Token* out, uint32_t max) {
  // eof and the reported kinds are the last of TokenType: one compare finds both.
  static_assert(TokenType::bitwise_and > TokenType::eof && TokenType::eof > TokenType::newline && TokenType::newline > TokenType::comment);
  uint32_t n = 0;
  for (;;) {
    if (mode_ == Mode::normal) {
      // A run of normal-mode tokens (most of a file) with the position in a register: it ends
      // with the batch, at eof, after a reported token, or when a token changes the mode.
      uint32_t b = pos_;
      Token* o = out + n;
      Token* const last = out + max - 1;
      for (;;) {
        const Token t = scan_normal_from(b);
        b = t.span.end;
        store(*o, t);
        if (t.type == TokenType::o_quote) {
          o = plain_quoted_string(o, last, b);
          b = o->span.end;
          if (o->type == TokenType::o_quote) break;  // quoted mode entered
        }
        if (o == last || t.type >= TokenType::eof || mode_ != Mode::normal) break;
        ++o;
      }
      pos_ = b;
      n = static_cast<uint32_t>(o - out) + 1;
      if (o->type >= TokenType::bitwise_and) [[unlikely]]
        report(*o);
      if (n == max || o->type >= TokenType::eof) return n;
      continue;
    }
    Token& t = out[n++];
    next_impl(t);
    if (n == max || t.type >= TokenType::eof) return n;
  }
}

Token Lexer::next() {
  Token t;
  next_impl(t);
  return t;
}

// ---------------------------------------------------------------------------------------------
// Diagnostics for tokens that are never valid, worded and rationed as hclsyntax does.

void Lexer::report(Token token) {
  const char* summary = "Invalid character";
  std::string detail;
  switch (token.type) {
    case TokenType::bitwise_and:
    case TokenType::bitwise_or:
    case TokenType::bitwise_xor:
    case TokenType::bitwise_not:
      if (told_bitwise_ >= 4) return;
      ++told_bitwise_;
      summary = "Unsupported operator";
      detail = "Bitwise operators are not supported.";
      if (token.type == TokenType::bitwise_and) detail += " Did you mean boolean AND (\"&&\")?";
      if (token.type == TokenType::bitwise_or) detail += " Did you mean boolean OR (\"||\")?";
      if (token.type == TokenType::bitwise_not) detail += " Did you mean boolean NOT (\"!\")?";
      break;
    case TokenType::star_star:
      if (told_star_star_ >= 1) return;
      ++told_star_star_;
      summary = "Unsupported operator";
      detail = "\"**\" is not a supported operator. Exponentiation is not supported as an operator.";
      break;
    case TokenType::backtick: {
      // Only every other backtick is reported, so a `quoted` word gives one error, not two.
      bool tell = told_backtick_ % 2 == 0;
      if (told_backtick_ <= 2) ++told_backtick_;
      if (!tell) return;
      detail = "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".";
      break;
    }
    case TokenType::apostrophe: {
      bool tell = told_apostrophe_ % 2 == 0;
      if (told_apostrophe_ <= 2) ++told_apostrophe_;
      if (!tell) return;
      detail = "Single quotes are not valid. Use double quotes (\") to enclose strings.";
      break;
    }
    case TokenType::semicolon:
      if (told_semicolon_ >= 1) return;
      ++told_semicolon_;
      detail = "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.";
      break;
    case TokenType::tabs:
      if (told_tabs_ >= 1) return;
      ++told_tabs_;
      detail = "Tab characters may not be used. The recommended indentation style is two spaces per indent.";
      break;
    case TokenType::bad_utf8:
      if (told_bad_utf8_ >= 1) return;
      ++told_bad_utf8_;
      summary = "Invalid character encoding";
      detail = "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.";
      break;
    case TokenType::quoted_newline:
      summary = "Invalid multi-line string";
      detail =
          "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape "
          "to represent a newline character or use the \"heredoc\" multi-line template syntax.";
      break;
    case TokenType::invalid: {
      std::string_view chars = file_.slice(token.span);
      if (chars == "\xE2\x80\x9C" || chars == "\xE2\x80\x9D") {
        detail =
            "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via "
            "documents or discussion forums. It might help to replace the character with a \"straight quote\".";
      } else {
        detail = "This character is not used within the language.";
      }
      break;
    }
    default: return;
  }
  Diagnostic d;
  d.severity = Severity::error;
  d.summary = summary;
  d.detail = std::move(detail);
  d.subject = file_.range(token.span);
  diags_.push_back(std::move(d));
}

}  // namespace hclschema::native::detail
