// cty's format verbs (private, used by format and formatlist in string.cpp): a scanner for
// `%[flags][[n]][width][.prec]verb` and the formatting of each verb as go-cty's stdlib does,
// through Go's fmt rules for numbers (sign flags, zero padding, shortest %g).
#pragma once

#include <gmp.h>
#include <mpfr.h>
#include <utf8proc.h>

#include <algorithm>
#include <cctype>
#include <cstdint>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hclschema/value.hpp"
#include "util/go_format.hpp"
#include "util/utf8.hpp"
#include "value/big_number.hpp"

namespace hclschema::detail {

struct FormatVerb {
  bool sharp = false, zero = false, minus = false, plus = false, space = false;
  // Numbers as cty's scanner reads them, in Go's 64-bit int (wrapping on overflow, as Go does).
  int64_t arg_num = 1;
  int64_t width = -1, prec = -1;
  // Whether Go's fmt, which cty hands the number verbs to, refuses the width or the precision as
  // too large (see format_one).
  bool go_fmt_too_large = false;
  char mode = 0;
  std::string raw;
  size_t offset = 0;
};

// The error of a failed format, with the argument index it blames (-1: none, as cty's ArgError).
struct FormatError {
  std::string message;
  int arg = -1;
  // The message quotes a piece of the format string (a verb, a character): when the format string
  // is sensitive, the evaluator does not show it (FunctionError::quotes_pieces_of).
  bool quotes_format = true;
};

// The grapheme clusters of `s` as byte lengths (an invalid byte is a cluster of its own).
inline std::vector<std::string_view> grapheme_clusters(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0, start = 0;
  utf8proc_int32_t state = 0, prev = -1;
  while (i < s.size()) {
    utf8proc_int32_t cp = 0;
    auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + i), static_cast<utf8proc_ssize_t>(s.size() - i), &cp);
    if (n <= 0) {
      if (i > start) out.push_back(s.substr(start, i - start));
      out.push_back(s.substr(i, 1));
      start = ++i;
      prev = -1;
      state = 0;
      continue;
    }
    if (prev >= 0 && utf8proc_grapheme_break_stateful(prev, cp, &state)) {
      out.push_back(s.substr(start, i - start));
      start = i;
    }
    prev = cp;
    i += static_cast<size_t>(n);
  }
  if (i > start) out.push_back(s.substr(start, i - start));
  return out;
}

inline std::string go_quote_rune(uint32_t cp) {
  std::string s;
  append_utf8(s, cp);
  std::string q = go_quote(s);
  if (cp == '\'') return "'\\''";
  if (q == "\"\\\"\"") return "'\"'";
  return "'" + q.substr(1, q.size() - 2) + "'";
}

// The widest text a verb pads to. cty pads strings and %v to any width (a ten-byte format can ask
// for gigabytes, which the reference allocates or dies trying); this implementation stops there
// with an error instead. Numbers never get this far: Go's fmt refuses their widths above about ten
// million itself (see format_one).
inline constexpr int64_t k_max_pad_width = 10'000'000;

// Pads to the verb's width in grapheme clusters (formatPadWidth); nullopt when that width is over
// k_max_pad_width and the text would need padding.
inline std::optional<std::string> pad_width(const FormatVerb& v, std::string s) {
  if (v.width < 0) return s;
  size_t have = count_grapheme_clusters(s);
  if (have >= static_cast<uint64_t>(v.width)) return s;
  if (v.width > k_max_pad_width) return std::nullopt;
  std::string pads(static_cast<size_t>(v.width) - have, v.zero ? '0' : ' ');
  return v.minus ? s + pads : pads + s;
}

// Go fmt's padding of a number: sign, then zeros (flag '0', not '-') or spaces to the width.
inline std::string pad_number(const FormatVerb& v, bool negative, std::string digits, bool zero_ok = true) {
  std::string sign = negative ? "-" : v.plus ? "+" : v.space ? " " : "";
  size_t len = sign.size() + digits.size();
  if (v.width < 0 || len >= static_cast<size_t>(v.width)) return sign + digits;
  size_t n = static_cast<size_t>(v.width) - len;
  if (v.minus) return sign + digits + std::string(n, ' ');
  if (v.zero && zero_ok) return sign + std::string(n, '0') + digits;
  return std::string(n, ' ') + sign + digits;
}

// The shortest decimal digits and decimal exponent of a finite non-zero number: value = 0.DIGITS × 10^exp.
inline void shortest_digits(const Number& n, std::string& digits, int& exp) {
  std::string t = n.absolute().to_string();
  // A number too long to write out has its digits in exponent form: D.DDDe±X is 0.DDDD × 10^(X+1).
  if (auto e = t.find('e'); e != std::string::npos) {
    digits = t.substr(0, 1) + (e > 2 ? t.substr(2, e - 2) : "");
    exp = std::stoi(t.substr(e + 1)) + 1;
    return;
  }
  auto dot = t.find('.');
  std::string intpart = t.substr(0, dot), frac = dot == std::string::npos ? "" : t.substr(dot + 1);
  std::string all = intpart + frac;
  int point = static_cast<int>(intpart.size());
  size_t lead = all.find_first_not_of('0');
  if (lead == std::string::npos) {
    digits = "0";
    exp = 1;
    return;
  }
  digits = all.substr(lead);
  point -= static_cast<int>(lead);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  exp = point;
}

// big.Float.Text('g', -1) as cty's %v writes numbers: shortest digits, exponent form when the
// decimal exponent is below -4 or at least 6 (big.Float uses 6 for shortest precision).
inline std::string number_g_shortest(const Number& n) {
  if (n.is_infinity()) return n.is_negative() ? "-Inf" : "+Inf";
  if (n.is_zero()) return n.is_negative() ? "-0" : "0";
  std::string d;
  int dp = 0;
  shortest_digits(n, d, dp);
  int x = dp - 1;
  std::string out = n.is_negative() ? "-" : "";
  if (x < -4 || x >= 6) {
    out += d.substr(0, 1);
    if (d.size() > 1) out += "." + d.substr(1);
    out += x < 0 ? "e-" : "e+";
    std::string e = std::to_string(x < 0 ? -x : x);
    if (e.size() < 2) e = "0" + e;
    return out + e;
  }
  return out + n.absolute().to_string();
}

// %e %E %f %g %G of a number with MPFR's correctly rounded conversions.
inline std::string format_float(const FormatVerb& v, const Number& n) {
  if (n.is_infinity()) {  // big.Float writes "+Inf" whatever the flags
    std::string s = n.is_negative() ? "-Inf" : "+Inf";
    FormatVerb plain = v;
    plain.plus = plain.space = false;
    return pad_number(plain, false, s, false);
  }
  char mode = v.mode;
  if ((mode == 'g' || mode == 'G') && v.prec < 0) {
    std::string s = number_g_shortest(n.absolute());
    if (mode == 'G')
      for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return pad_number(v, n.is_negative(), s);
  }
  int prec = v.prec < 0 ? 6 : static_cast<int>(v.prec);  // Go's fmt keeps it to about ten million
  mpfr_t x;
  mpfr_init2(x, number_precision);
  BigNumber::load(n, x);
  mpfr_abs(x, x, MPFR_RNDN);
  std::string fmt = std::string("%.*R") + mode;
  if ((mode == 'g' || mode == 'G') && prec == 0) prec = 1;
  char* buf = nullptr;
  mpfr_asprintf(&buf, fmt.c_str(), prec, x);
  std::string s = buf ? buf : "";
  mpfr_free_str(buf);
  mpfr_clear(x);
  return pad_number(v, n.is_negative(), s);
}

// %b %d %o %x %X of an integer number.
inline std::string format_integer(const FormatVerb& v, const Number& n) {
  mpz_t z;
  if (n.is_small()) {
    std::string dec = n.absolute().to_string();
    mpz_init_set_str(z, dec.c_str(), 10);
  } else {
    // cty prints the integer the 512-bit binary float holds (big.Float.Int), not the decimal the
    // number was written as: 1e400 is 10^400 rounded to 512 bits, so its low digits are not 0.
    mpfr_t x;
    mpfr_init2(x, number_precision);
    BigNumber::load(n, x);
    mpfr_abs(x, x, MPFR_RNDN);
    mpz_init(z);
    mpfr_get_z(z, x, MPFR_RNDZ);
    mpfr_clear(x);
  }
  int base = v.mode == 'b' ? 2 : v.mode == 'o' ? 8 : (v.mode == 'x' || v.mode == 'X') ? 16 : 10;
  std::vector<char> buf(mpz_sizeinbase(z, base) + 2);
  mpz_get_str(buf.data(), base, z);
  mpz_clear(z);
  std::string digits = buf.data();
  if (v.mode == 'X')
    for (char& c : digits) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  // Zero with a precision of zero is nothing at all: big.Int's Format returns before writing a
  // sign, a prefix or any padding ("%+7.0d" of 0 is "", not seven spaces).
  if (v.prec == 0 && digits == "0") return "";
  if (v.prec > 0 && digits.size() < static_cast<uint64_t>(v.prec)) digits.insert(0, static_cast<size_t>(v.prec) - digits.size(), '0');
  if (v.sharp) {
    if (v.mode == 'x') digits.insert(0, "0x");
    else if (v.mode == 'X') digits.insert(0, "0X");
    else if (v.mode == 'b') digits.insert(0, "0b");
    else if (v.mode == 'o') digits.insert(0, "0");  // big.Int always prefixes, even "0"
  }
  return pad_number(v, n.is_negative() && !n.is_zero(), digits, v.prec < 0);
}

inline std::string verb_context(const FormatVerb& v) {
  return "unsupported value for " + go_quote(v.raw) + " at " + std::to_string(v.offset) + ": ";
}

inline std::string width_too_large(const FormatVerb& v) {
  return "width of " + go_quote(v.raw) + " at " + std::to_string(v.offset) + " is too large: text is padded to at most " +
         std::to_string(k_max_pad_width) + " characters";
}

// What Go's fmt writes for a number verb whose width or precision it refuses: no verb, then the
// argument it did not use, as %v writes a *big.Int or a *big.Float.
inline std::string go_fmt_no_verb(const Number& n, bool integer) {
  FormatVerb plain;
  plain.mode = 'd';
  const std::string text = integer ? format_integer(plain, n) : number_g_shortest(n);
  return std::string("%!(NOVERB)%!(EXTRA *big.") + (integer ? "Int=" : "Float=") + text + ")";
}

// One verb applied to its argument; an error message on failure.
inline std::optional<std::string> format_one(const FormatVerb& v, const std::vector<Value>& args, std::string& out) {
  if (v.arg_num < 1 || static_cast<uint64_t>(v.arg_num) > args.size())
    return "not enough arguments for " + go_quote(v.raw) + " at " + std::to_string(v.offset) + ": need index " +
           std::to_string(v.arg_num) + " but have " + std::to_string(args.size()) + " total";
  const Value& arg = args[static_cast<size_t>(v.arg_num - 1)];
  if (v.mode != 'v' && arg.is_null()) return verb_context(v) + "null value cannot be formatted";
  auto convert_to = [&](const Type& t, std::string& err) -> std::optional<Value> {
    auto r = convert(arg, t);
    if (!r.value) {
      err = verb_context(v) + r.error.message;
      return std::nullopt;
    }
    return r.value;
  };
  std::string err;
  switch (v.mode) {
    case 'v': {
      std::string text;
      if (!v.sharp && !arg.is_null() && arg.type() == Type::string()) {
        text = arg.as_string();
      } else if (!v.sharp && !arg.is_null() && arg.type() == Type::number()) {
        text = number_g_shortest(arg.as_number());
      } else {
        ValueError e;
        auto json = arg.is_null() ? std::optional<std::string>("null") : value_to_json(arg, arg.type(), &e);
        if (!json) return verb_context(v) + e.message;
        text = std::move(*json);
      }
      auto padded = pad_width(v, std::move(text));
      if (!padded) return width_too_large(v);
      out += *padded;
      return std::nullopt;
    }
    case 't': {
      auto b = convert_to(Type::boolean(), err);
      if (!b) return err;
      out += b->as_bool() ? "true" : "false";
      return std::nullopt;
    }
    case 'b': case 'd': case 'o': case 'x': case 'X': case 'e': case 'E': case 'f': case 'g': case 'G': {
      auto n = convert_to(Type::number(), err);
      if (!n) return err;
      const Number& num = n->as_number();
      const bool floating = v.mode == 'e' || v.mode == 'E' || v.mode == 'f' || v.mode == 'g' || v.mode == 'G';
      if (!floating && !num.is_integer()) return verb_context(v) + "an integer is required";
      // cty formats numbers with Go's fmt, which reads a width or precision only up to about ten
      // million (its parsenum gives up once the number passes a million before its last digit)
      // and then writes no verb at all: the reference's answer, and a bound on the output here.
      // %f and the integer verbs write every digit before the point: up to 646 million (in
      // base 10) for the largest numbers, which the number's text refuses past max_digits too.
      if ((!floating || v.mode == 'f') && num.too_long_to_write_out())
        return verb_context(v) + "number too large to write out: its decimal text would have " + std::to_string(num.digit_count()) +
               " digits, more than the limit of " + std::to_string(Number::max_digits);
      if (v.go_fmt_too_large) {
        out += go_fmt_no_verb(num, !floating);
        return std::nullopt;
      }
      out += floating ? format_float(v, num) : format_integer(v, num);
      return std::nullopt;
    }
    case 's': case 'q': {
      auto s = convert_to(Type::string(), err);
      if (!s) return err;
      std::string str = s->as_string();
      if (v.prec > 0) {
        // Keep the first `prec` grapheme clusters.
        auto clusters = grapheme_clusters(str);
        if (clusters.size() > static_cast<uint64_t>(v.prec)) str.resize(static_cast<size_t>(clusters[static_cast<size_t>(v.prec)].data() - str.data()));
      }
      if (v.mode == 'q') str = *value_to_json(Value::string(str), Type::string());
      auto padded = pad_width(v, std::move(str));
      if (!padded) return width_too_large(v);
      out += *padded;
      return std::nullopt;
    }
    default: {
      std::string verb(1, v.mode);
      return "unsupported format verb " + go_quote_rune(static_cast<unsigned char>(v.mode)) + " in " + go_quote(v.raw) +
             " at offset " + std::to_string(v.offset);
    }
  }
}

// formatFSM: the whole format string against its arguments.
inline std::optional<FormatError> format_string(std::string_view f, const std::vector<Value>& args, std::string& out) {
  int64_t next_arg = 1, highest = 0;
  size_t p = 0;
  while (p < f.size()) {
    if (f[p] != '%') {
      out.push_back(f[p++]);
      continue;
    }
    size_t start = p++;
    if (p < f.size() && f[p] == '%') {
      out.push_back('%');
      ++p;
      continue;
    }
    FormatVerb v;
    v.arg_num = next_arg;
    for (; p < f.size(); ++p) {
      char c = f[p];
      if (c == '#') v.sharp = true;
      else if (c == '0') v.zero = true;
      else if (c == '-') v.minus = true;
      else if (c == '+') v.plus = true;
      else if (c == ' ') v.space = true;
      else break;
    }
    auto unrecognized = [&]() -> FormatError {
      utf8proc_int32_t cp = 0;
      auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(f.data() + p), static_cast<utf8proc_ssize_t>(f.size() - p), &cp);
      if (n <= 0) cp = 0xFFFD;
      return {"unrecognized format character " + go_quote_rune(static_cast<uint32_t>(cp)) + " at offset " + std::to_string(p)};
    };
    // A run of decimal digits into `into`, as Go's int holds it (wrapping, never undefined here);
    // true when Go's fmt would refuse it: it stops reading once the number passes a million
    // before a further digit (parsenum's tooLarge), which caps widths at about ten million.
    auto digits = [&](int64_t& into) {
      uint64_t n = 0;
      bool too_large = false;
      while (p < f.size() && f[p] >= '0' && f[p] <= '9') {
        too_large = too_large || n > 1'000'000;
        n = n * 10 + static_cast<uint64_t>(f[p++] - '0');
      }
      into = static_cast<int64_t>(n);
      return too_large;
    };
    auto eof = [&]() -> FormatError { return {"invalid format string starting at offset " + std::to_string(f.size()), -1, false}; };
    if (p < f.size() && f[p] == '[') {
      ++p;
      if (p < f.size() && (f[p] < '1' || f[p] > '9')) return unrecognized();
      digits(v.arg_num);
      if (p >= f.size()) return eof();
      if (f[p] != ']') return unrecognized();
      ++p;
    }
    if (p < f.size() && f[p] >= '0' && f[p] <= '9') v.go_fmt_too_large = digits(v.width);
    if (p < f.size() && f[p] == '.') {
      ++p;
      v.go_fmt_too_large = digits(v.prec) || v.go_fmt_too_large;
    }
    if (p >= f.size()) return eof();
    if (!std::isalpha(static_cast<unsigned char>(f[p]))) return unrecognized();
    v.mode = f[p++];
    v.raw = std::string(f.substr(start, p - start));
    v.offset = start;
    highest = std::max(highest, v.arg_num);
    if (auto e = format_one(v, args, out)) return FormatError{*e};
    next_arg = static_cast<int64_t>(static_cast<uint64_t>(v.arg_num) + 1);  // Go's wrapping int
  }
  if (static_cast<size_t>(highest) < args.size()) {
    // Here highest < args.size(): the index fits an int.
    if (highest == 0) return FormatError{"too many arguments; no verbs in format string", 1, false};
    return FormatError{"too many arguments; only " + std::to_string(highest) + " used by format string", static_cast<int>(highest) + 1, false};
  }
  return std::nullopt;
}

}  // namespace hclschema::detail
