// The string functions of the standard library (chomp, join, replace, regex, substr, upper, ...),
// with go-cty stdlib's and Terraform's semantics and messages. Regular expressions use RE2, whose
// syntax is Go's.
#include <re2/re2.h>
#include <utf8proc.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <optional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "functions/families.hpp"
#include "functions/format_util.hpp"
#include "util/go_regexp.hpp"
#include "util/utf8.hpp"

namespace hclschema::detail {

namespace {

using ValueOutcome = FunctionOutcome<Value>;
using Impl = std::function<ValueOutcome(const std::vector<Value>&, const Type&)>;

FunctionParam str_param(std::string name) { return FunctionParam{std::move(name), Type::string()}; }

// cty lets only upper, lower, strrev and substr see arguments of dynamic type (so that their
// result is known to be a string even then).
FunctionParam dyn_param(std::string name, Type type) {
  FunctionParam p{std::move(name), std::move(type)};
  p.allow_dynamic_type = true;
  return p;
}

Function make(std::vector<FunctionParam> params, Type result, Impl impl) {
  FunctionSpec s;
  s.params = std::move(params);
  s.fixed_return_type = std::move(result);
  s.impl = std::move(impl);
  return Function(std::move(s));
}

ValueOutcome ok_string(std::string_view s) { return ValueOutcome::ok(Value::string(s)); }

// Applies a code point mapping (utf8proc_toupper, ...) to every character; `title_words` maps only
// the first letter of each word, as Go's strings.Title.
std::string map_runes(std::string_view s, utf8proc_int32_t (*fn)(utf8proc_int32_t), bool title_words = false) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  bool after_separator = true;
  while (i < s.size()) {
    utf8proc_int32_t cp = 0;
    auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + i), static_cast<utf8proc_ssize_t>(s.size() - i), &cp);
    if (n <= 0) {
      out.push_back(s[i++]);
      continue;
    }
    // utf8proc titlecases ß as ẞ; Go's unicode.ToTitle (the simple mapping, which ß lacks) keeps it.
    if (!title_words || after_separator) append_utf8(out, static_cast<uint32_t>(title_words && cp == 0xDF ? cp : fn(cp)));
    else out.append(s.substr(i, static_cast<size_t>(n)));
    if (title_words) {
      // Go's isSeparator: ASCII letters, digits and '_' join words, other ASCII separates;
      // Unicode letters and digits join, spaces separate, anything else joins.
      if (cp < 0x80) after_separator = !(std::isalnum(cp) || cp == '_');
      else {
        auto cat = utf8proc_category(cp);
        bool letter_digit = cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO;
        letter_digit = letter_digit || cat == UTF8PROC_CATEGORY_ND;
        after_separator = !letter_digit && (cat == UTF8PROC_CATEGORY_ZS || cp == 0x85 || cp == 0x2028 || cp == 0x2029);
      }
    }
    i += static_cast<size_t>(n);
  }
  return out;
}

// unicode.ToUpper: utf8proc's mapping, except that Go keeps U+00DF (ß), which has no simple
// upper-case mapping in UnicodeData.
utf8proc_int32_t go_toupper(utf8proc_int32_t cp) { return cp == 0xDF ? cp : utf8proc_toupper(cp); }

// Unicode white space as Go's unicode.IsSpace.
bool is_space(utf8proc_int32_t cp) {
  if (cp < 0x80) return cp == ' ' || (cp >= '\t' && cp <= '\r');
  return cp == 0x85 || cp == 0xA0 || utf8proc_category(cp) == UTF8PROC_CATEGORY_ZS || cp == 0x2028 || cp == 0x2029;
}

// A code point with its byte offsets in the text it was decoded from.
struct Rune {
  utf8proc_int32_t cp;
  size_t start, end;
};

// The code point at byte `i` of `s` (an invalid byte is U+FFFD, one byte long, as Go decodes it).
Rune rune_at(std::string_view s, size_t i) {
  utf8proc_int32_t cp = 0;
  auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + i), static_cast<utf8proc_ssize_t>(s.size() - i), &cp);
  if (n <= 0) {
    cp = 0xFFFD;
    n = 1;
  }
  return {cp, i, i + static_cast<size_t>(n)};
}

// Every code point of `s` with its byte offsets.
std::vector<Rune> runes(std::string_view s) {
  std::vector<Rune> out;
  for (size_t i = 0; i < s.size(); i = out.back().end) out.push_back(rune_at(s, i));
  return out;
}

// strings.Trim with a cutset (trim_left/trim_right select the sides), or white space when `cutset` is null.
//
// Validation conditions call trimspace on every value, so the common case must not decode the
// whole string: the left side is decoded only as far as it trims, and the right side is stepped
// back a byte at a time while it ends in ASCII. An ASCII byte is always a code point of its own in
// the forward decoding (it is never part of a multi-byte sequence, valid or not), so this finds the
// same boundaries; at the first non-ASCII byte from the right, the rest is decoded forwards from
// the left boundary, which is a code-point boundary of the whole string.
std::string_view trim_runes(std::string_view s, const std::vector<Rune>* cutset, bool left, bool right) {
  auto cut = [&](utf8proc_int32_t cp) {
    if (!cutset) return is_space(cp);
    return std::any_of(cutset->begin(), cutset->end(), [&](const Rune& r) { return r.cp == cp; });
  };
  size_t b = 0;
  if (left) {
    while (b < s.size()) {
      const Rune r = rune_at(s, b);
      if (!cut(r.cp)) break;
      b = r.end;
    }
  }
  size_t e = s.size();
  if (right) {
    while (e > b && static_cast<unsigned char>(s[e - 1]) < 0x80) {
      if (!cut(static_cast<unsigned char>(s[e - 1]))) return s.substr(b, e - b);
      --e;
    }
    if (e > b) {  // ends in a non-ASCII byte: decode what is left and trim it from the right
      auto rs = runes(s.substr(b, e - b));
      size_t kept = rs.size();
      while (kept > 0 && cut(rs[kept - 1].cp)) --kept;
      e = kept == 0 ? b : b + rs[kept - 1].end;
    }
  }
  return s.substr(b, e - b);
}

// cty's regex()/regexall() message for a pattern that does not compile: Go's syntax.Error as
// "CODE in ARG" (go_regexp_error gives "error parsing regexp: CODE: `ARG`").
std::string pattern_error(const RE2& re) {
  std::string full = go_regexp_error(re);
  const std::string prefix = "error parsing regexp: ";
  const std::string suffix = ": `" + re.error_arg() + "`";
  std::string code = full;
  if (code.compare(0, prefix.size(), prefix) == 0) code.erase(0, prefix.size());
  if (code.size() >= suffix.size() && code.compare(code.size() - suffix.size(), suffix.size(), suffix) == 0)
    code.erase(code.size() - suffix.size());
  return "invalid regexp pattern: " + code + " in " + re.error_arg();
}

// Every leftmost-first match of `re` in `s` as Go's FindAll does (an empty match right after a
// previous match is skipped); each match is the submatch spans, group 0 first.
std::vector<std::vector<std::optional<std::string_view>>> find_all(const RE2& re, std::string_view s, bool all) {
  std::vector<std::vector<std::optional<std::string_view>>> out;
  const int groups = re.NumberOfCapturingGroups() + 1;
  std::vector<re2::StringPiece> sub(static_cast<size_t>(groups));
  size_t pos = 0;
  long prev_end = -1;
  while (pos <= s.size()) {
    if (!re.Match(re2::StringPiece(s.data(), s.size()), pos, s.size(), RE2::UNANCHORED, sub.data(), groups)) break;
    size_t a = static_cast<size_t>(sub[0].data() - s.data());
    size_t b = a + sub[0].size();
    bool accept = !(sub[0].empty() && static_cast<long>(b) == prev_end);
    if (accept) {
      std::vector<std::optional<std::string_view>> m;
      for (auto& g : sub) {
        if (g.data() == nullptr) m.push_back(std::nullopt);
        else m.push_back(std::string_view(g.data(), g.size()));
      }
      out.push_back(std::move(m));
      if (!all) break;
    }
    prev_end = static_cast<long>(b);
    if (b > pos) pos = b;
    else {
      // Advance one character past an empty match.
      size_t step = 1;
      while (pos + step < s.size() && (static_cast<unsigned char>(s[pos + step]) & 0xC0) == 0x80) ++step;
      pos += step;
    }
  }
  return out;
}

// The result type of regex() for a pattern: string, tuple of strings, or object of strings.
FunctionOutcome<Type> regex_type(const RE2& re) {
  const int n = re.NumberOfCapturingGroups();
  if (n == 0) return FunctionOutcome<Type>::ok(Type::string());
  const auto& names = re.CapturingGroupNames();
  if (names.empty()) return FunctionOutcome<Type>::ok(Type::tuple(std::vector<Type>(static_cast<size_t>(n), Type::string())));
  if (static_cast<int>(names.size()) != n)
    return FunctionOutcome<Type>::fail("invalid regexp pattern: cannot mix both named and unnamed capture groups", 0);
  std::vector<std::pair<std::string, Type>> attrs;
  for (const auto& [idx, name] : names) attrs.emplace_back(name, Type::string());
  return FunctionOutcome<Type>::ok(Type::object(std::move(attrs)));
}

Value match_value(const RE2& re, const Type& t, const std::vector<std::optional<std::string_view>>& m) {
  auto str = [](const std::optional<std::string_view>& g) { return g ? Value::string(*g) : Value::null(Type::string()); };
  if (t == Type::string()) return str(m[0]);
  if (t.is_tuple()) {
    std::vector<Value> v;
    for (size_t i = 1; i < m.size(); ++i) v.push_back(str(m[i]));
    return Value::tuple(std::move(v));
  }
  std::vector<std::pair<std::string, Value>> attrs;
  for (const auto& [idx, name] : re.CapturingGroupNames()) attrs.emplace_back(name, str(m[static_cast<size_t>(idx)]));
  return Value::object(std::move(attrs));
}

FunctionOutcome<Type> pattern_type(const std::vector<Value>& args, bool all) {
  if (!args[0].is_known()) return FunctionOutcome<Type>::ok(all ? Type::list(Type::dynamic()) : Type::dynamic());
  auto re = compile_go_regexp(args[0].as_string());
  if (!re->ok()) return FunctionOutcome<Type>::fail_quoting_pieces(pattern_error(*re), 0, 0);
  auto t = regex_type(*re);
  if (t.result && all) t.result = Type::list(*t.result);
  return t;
}

Function regex_function(bool all) {
  FunctionSpec s;
  s.params = {FunctionParam{"pattern", Type::string()}, FunctionParam{"string", Type::string()}};
  s.return_type = [all](const std::vector<Value>& args) { return pattern_type(args, all); };
  s.impl = [all](const std::vector<Value>& args, const Type& t) {
    auto re = compile_go_regexp(args[0].as_string());
    if (!re->ok()) return ValueOutcome::fail_quoting_pieces(pattern_error(*re), 0, 0);
    auto matches = find_all(*re, args[1].as_string(), all);
    const Type& elem = all ? t.element_type() : t;
    if (!all) {
      if (matches.empty()) return ValueOutcome::fail("pattern did not match any part of the given string");
      return ValueOutcome::ok(match_value(*re, elem, matches[0]));
    }
    std::vector<Value> out;
    for (const auto& m : matches) out.push_back(match_value(*re, elem, m));
    if (out.empty()) return ValueOutcome::ok(Value::list_of({}, elem));
    return ValueOutcome::ok(Value::list(elem, std::move(out)));
  };
  return Function(std::move(s));
}

// Go's Regexp.Expand for a replacement template: $1, ${1}, $name, ${name}, $$.
void expand(std::string& out, std::string_view tmpl, const RE2& re, const std::vector<std::optional<std::string_view>>& m) {
  const auto& named = re.NamedCapturingGroups();
  for (size_t i = 0; i < tmpl.size(); ++i) {
    if (tmpl[i] != '$' || i + 1 >= tmpl.size()) {
      out.push_back(tmpl[i]);
      continue;
    }
    if (tmpl[i + 1] == '$') {
      out.push_back('$');
      ++i;
      continue;
    }
    size_t j = i + 1;
    bool brace = tmpl[j] == '{';
    if (brace) ++j;
    size_t k = j;
    while (k < tmpl.size() && (std::isalnum(static_cast<unsigned char>(tmpl[k])) || tmpl[k] == '_')) ++k;
    if (k == j || (brace && (k >= tmpl.size() || tmpl[k] != '}'))) {  // not a reference: kept literally
      out.push_back('$');
      continue;
    }
    std::string name(tmpl.substr(j, k - j));
    int group = -1;
    if (std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      group = name.size() < 9 ? std::stoi(name) : -1;
    } else if (auto it = named.find(name); it != named.end()) {
      group = it->second;
    }
    if (group >= 0 && static_cast<size_t>(group) < m.size() && m[static_cast<size_t>(group)]) out.append(*m[static_cast<size_t>(group)]);
    i = brace ? k : k - 1;
  }
}

ValueOutcome replace_impl(const std::vector<Value>& args, const Type&) {
  const std::string& str = args[0].as_string();
  const std::string& substr = args[1].as_string();
  const std::string& repl = args[2].as_string();
  if (substr.size() > 1 && substr.front() == '/' && substr.back() == '/') {
    auto re = compile_go_regexp(substr.substr(1, substr.size() - 2));
    if (!re->ok()) return ValueOutcome::fail_quoting_pieces(go_regexp_error(*re), 1);  // the pattern
    std::string out;
    size_t last = 0;
    for (const auto& m : find_all(*re, str, true)) {
      size_t a = static_cast<size_t>(m[0]->data() - str.data());
      out.append(str, last, a - last);
      expand(out, repl, *re, m);
      last = a + m[0]->size();
    }
    out.append(str, last);
    return ok_string(out);
  }
  if (substr.empty()) {  // strings.Replace with an empty old string inserts between every rune
    std::string out = repl;
    for (const auto& r : runes(str)) out.append(str, r.start, r.end - r.start).append(repl);
    return ok_string(out);
  }
  std::string out;
  size_t pos = 0;
  for (size_t f; (f = str.find(substr, pos)) != std::string::npos; pos = f + substr.size()) out.append(str, pos, f - pos).append(repl);
  out.append(str, pos);
  return ok_string(out);
}

std::optional<int64_t> whole(const Value& v) { return v.as_number().to_int64(); }

// gocty's message for a number that is not an int (a plain error, not an argument error, in cty).
constexpr const char* not_an_int = "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

ValueOutcome substr_impl(const std::vector<Value>& args, const Type&) {
  auto clusters = grapheme_clusters(args[0].as_string());
  auto offset = whole(args[1]);
  auto length = whole(args[2]);
  if (!offset || !length) return ValueOutcome::fail(not_an_int);
  int64_t total = static_cast<int64_t>(clusters.size());
  int64_t off = *offset;
  if (off < 0) off += total;
  else if (*length == 0) return ok_string("");
  if (off < 0) off = 0;
  if (off >= total) return ok_string("");
  // As cty: a zero length after a negative offset takes the rest of the string (its seek loop
  // never stops at zero).
  int64_t end = *length <= 0 ? total : std::min(total, off + *length);
  std::string out;
  for (int64_t i = off; i < end; ++i) out.append(clusters[static_cast<size_t>(i)]);
  return ok_string(out);
}

ValueOutcome join_impl(const std::vector<Value>& args, const Type&) {
  if (args.size() < 2) return ValueOutcome::fail("at least one list is required");
  const std::string& sep = args[0].as_string();
  std::string out;
  bool first = true;
  for (size_t ai = 1; ai < args.size(); ++ai) {
    const auto& elems = args[ai].elements();
    for (size_t ei = 0; ei < elems.size(); ++ei) {
      const Value& e = elems[ei];
      if (!e.is_known()) return ValueOutcome::ok(Value::unknown(Type::string()));
      if (e.is_null()) {
        if (args.size() > 2)
          return ValueOutcome::fail("element " + std::to_string(ei) + " of list " + std::to_string(ai) + " is null; cannot concatenate null values", static_cast<int>(ai));
        return ValueOutcome::fail("element " + std::to_string(ei) + " is null; cannot concatenate null values", static_cast<int>(ai));
      }
      if (!first) out += sep;
      first = false;
      out += e.as_string();
    }
  }
  return ok_string(out);
}

// A failed format as the function's failure, `message` blaming argument `arg`: one that quotes a
// piece of the format string names it (argument 0), so that a sensitive one is not shown.
ValueOutcome format_failure(const FormatError& e, std::string message, int arg = -1) {
  return {std::nullopt, FunctionError{std::move(message), arg, e.quotes_format ? 0 : -1}};
}

ValueOutcome format_impl(const std::vector<Value>& args, const Type&) {
  for (size_t i = 1; i < args.size(); ++i)
    if (!args[i].is_wholly_known()) return ValueOutcome::ok(Value::unknown(Type::string()));
  std::string out;
  std::vector<Value> rest(args.begin() + 1, args.end());
  if (auto e = format_string(args[0].as_string(), rest, out)) return format_failure(*e, e->message, e->arg);
  return ok_string(out);
}

// formatlist: lists, sets and tuples are iterated in step (all of one length), other arguments
// repeat on every iteration.
ValueOutcome formatlist_impl(const std::vector<Value>& args, const Type& rt) {
  const Type S = Type::string();
  // With the format string alone it is format() in a one-element list (its errors unprefixed).
  if (args.size() == 1) {
    std::string out;
    if (auto e = format_string(args[0].as_string(), {}, out)) return format_failure(*e, e->message);
    return ValueOutcome::ok(Value::list(S, {Value::string(out)}));
  }
  long iter_len = -1;
  size_t chooser = 0;
  bool unknown = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const Value& a = args[i];
    const Type& t = a.type();
    if ((t.is_list() || t.is_set() || t.is_tuple()) && !a.is_null()) {
      if (!a.is_known()) {
        unknown = true;
        continue;
      }
      long n = static_cast<long>(a.length());
      if (iter_len == -1) {
        iter_len = n;
        chooser = i;
      } else if (n != iter_len) {
        return ValueOutcome::fail("argument " + std::to_string(i) + " has length " + std::to_string(n) +
                                      ", which is inconsistent with argument " + std::to_string(chooser) + " of length " +
                                      std::to_string(iter_len),
                                  static_cast<int>(i));
      }
    } else if (!a.is_known() && t.is_dynamic()) {
      unknown = true;
    }
  }
  if (unknown) return ValueOutcome::ok(Value::unknown(rt));
  if (iter_len == 0) return ValueOutcome::ok(Value::list_of({}, S));
  if (iter_len == -1) iter_len = 1;
  std::vector<Value> results;
  for (long k = 0; k < iter_len; ++k) {
    std::vector<Value> fmt_args;
    bool partial = false;
    for (size_t i = 1; i < args.size(); ++i) {
      const Value& a = args[i];
      const Type& t = a.type();
      bool iterated = (t.is_list() || t.is_set() || t.is_tuple()) && !a.is_null();
      fmt_args.push_back(iterated ? a.elements()[static_cast<size_t>(k)] : a);
      if (!fmt_args.back().is_wholly_known()) partial = true;
    }
    if (partial) {
      results.push_back(Value::unknown(S));
      continue;
    }
    std::string out;
    if (auto e = format_string(args[0].as_string(), fmt_args, out))
      return format_failure(*e, "error on format iteration " + std::to_string(k) + ": " + e->message);
    results.push_back(Value::string(out));
  }
  return ValueOutcome::ok(Value::list(S, std::move(results)));
}

}  // namespace

void add_string_functions(FunctionTable& table) {
  const Type S = Type::string();
  const Type B = Type::boolean();
  table["upper"] = make({dyn_param("str", S)}, S, [](const std::vector<Value>& a, const Type&) { return ok_string(map_runes(a[0].as_string(), go_toupper)); });
  table["lower"] = make({dyn_param("str", S)}, S, [](const std::vector<Value>& a, const Type&) { return ok_string(map_runes(a[0].as_string(), utf8proc_tolower)); });
  table["title"] = make({str_param("str")}, S, [](const std::vector<Value>& a, const Type&) { return ok_string(map_runes(a[0].as_string(), utf8proc_totitle, true)); });
  table["strrev"] = make({dyn_param("str", S)}, S, [](const std::vector<Value>& a, const Type&) {
    auto c = grapheme_clusters(a[0].as_string());
    std::string out;
    for (auto it = c.rbegin(); it != c.rend(); ++it) out.append(*it);
    return ok_string(out);
  });
  table["chomp"] = make({str_param("str")}, S, [](const std::vector<Value>& a, const Type&) {
    std::string_view s = a[0].as_string();
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) {
      // Only "\n", "\r\n" and a lone "\r" are newlines; all of them are removed at the end.
      s.remove_suffix(1);
    }
    return ok_string(s);
  });
  table["trimspace"] = make({str_param("str")}, S, [](const std::vector<Value>& a, const Type&) { return ok_string(trim_runes(a[0].as_string(), nullptr, true, true)); });
  table["trim"] = make({str_param("str"), str_param("cutset")}, S, [](const std::vector<Value>& a, const Type&) {
    auto cut = runes(a[1].as_string());
    return ok_string(trim_runes(a[0].as_string(), &cut, true, true));
  });
  table["trimprefix"] = make({str_param("str"), str_param("prefix")}, S, [](const std::vector<Value>& a, const Type&) {
    std::string_view s = a[0].as_string();
    if (s.starts_with(a[1].as_string())) s.remove_prefix(a[1].as_string().size());
    return ok_string(s);
  });
  table["trimsuffix"] = make({str_param("str"), str_param("suffix")}, S, [](const std::vector<Value>& a, const Type&) {
    std::string_view s = a[0].as_string();
    if (s.ends_with(a[1].as_string())) s.remove_suffix(a[1].as_string().size());
    return ok_string(s);
  });
  table["startswith"] = make({str_param("str"), str_param("prefix")}, B, [](const std::vector<Value>& a, const Type&) {
    return ValueOutcome::ok(Value::boolean(std::string_view(a[0].as_string()).starts_with(a[1].as_string())));
  });
  table["endswith"] = make({str_param("str"), str_param("suffix")}, B, [](const std::vector<Value>& a, const Type&) {
    return ValueOutcome::ok(Value::boolean(std::string_view(a[0].as_string()).ends_with(a[1].as_string())));
  });
  table["strcontains"] = make({str_param("str"), str_param("substr")}, B, [](const std::vector<Value>& a, const Type&) {
    return ValueOutcome::ok(Value::boolean(a[0].as_string().find(a[1].as_string()) != std::string::npos));
  });
  table["indent"] = make({FunctionParam{"spaces", Type::number()}, str_param("str")}, S, [](const std::vector<Value>& a, const Type&) {
    auto n = whole(a[0]);
    if (!n) return ValueOutcome::fail(not_an_int);
    // cty panics on a negative count; an error is the nearest safe answer.
    if (*n < 0) return ValueOutcome::fail("panic in function implementation: strings: negative Repeat count");
    if (*n > 1000000) return ValueOutcome::fail("indent of more than 1000000 spaces is not supported", 0);
    std::string pad = "\n" + std::string(static_cast<size_t>(*n), ' ');
    std::string out;
    for (char c : a[1].as_string()) {
      if (c == '\n') out += pad;
      else out.push_back(c);
    }
    return ok_string(out);
  });
  table["split"] = make({str_param("separator"), str_param("str")}, Type::list(S), [](const std::vector<Value>& a, const Type&) {
    const std::string& sep = a[0].as_string();
    const std::string& s = a[1].as_string();
    std::vector<Value> parts;
    if (sep.empty()) {
      for (const auto& r : runes(s)) parts.push_back(Value::string(std::string_view(s).substr(r.start, r.end - r.start)));
    } else {
      size_t pos = 0;
      for (size_t f; (f = s.find(sep, pos)) != std::string::npos; pos = f + sep.size()) parts.push_back(Value::string(s.substr(pos, f - pos)));
      parts.push_back(Value::string(s.substr(pos)));
    }
    if (parts.empty()) return ValueOutcome::ok(Value::list_of({}, Type::string()));
    return ValueOutcome::ok(Value::list(Type::string(), std::move(parts)));
  });
  table["substr"] = make({dyn_param("str", S), dyn_param("offset", Type::number()), dyn_param("length", Type::number())}, S, substr_impl);
  table["replace"] = make({str_param("str"), str_param("substr"), str_param("replace")}, S, replace_impl);
  {
    FunctionSpec s;
    s.params = {FunctionParam{"separator", Type::string()}};
    s.var_param = FunctionParam{"lists", Type::list(Type::string())};
    s.fixed_return_type = S;
    s.impl = join_impl;
    table["join"] = Function(std::move(s));
  }
  {
    FunctionSpec s;
    s.params = {FunctionParam{"format", Type::string()}};
    FunctionParam args{"args", Type::dynamic()};
    args.allow_null = true;
    s.var_param = args;
    s.fixed_return_type = S;
    s.impl = format_impl;
    table["format"] = Function(std::move(s));
    args.allow_unknown = true;
    FunctionSpec l;
    l.params = {FunctionParam{"format", Type::string()}};
    l.var_param = args;
    l.fixed_return_type = Type::list(S);
    l.impl = formatlist_impl;
    table["formatlist"] = Function(std::move(l));
  }
  table["regex"] = regex_function(false);
  table["regexall"] = regex_function(true);
}

}  // namespace hclschema::detail
