// Hiding sensitive arguments in function messages (see sensitive_redaction.hpp).
#include "eval/sensitive_redaction.hpp"

#include <algorithm>
#include <string_view>

#include "util/go_format.hpp"

namespace hclschema::eval_detail {

namespace {

// The texts of the sensitive strings and numbers in `v`: those marked themselves or lying in a
// marked value. Bools are left out: "true" and "false" are words of many messages.
void collect_sensitive_texts(const Value& v, bool inherited, std::vector<std::string>& out) {
  const bool sensitive = inherited || v.has_mark(sensitive_mark);
  const Value plain = v.is_marked() ? v.unmarked() : v;
  if (!plain.is_known() || plain.is_null()) return;
  switch (plain.type().kind()) {
    case Type::Kind::string:
      if (sensitive && !plain.as_string().empty()) out.push_back(plain.as_string());
      return;
    case Type::Kind::number:
      if (sensitive) out.push_back(plain.as_number().to_string());
      return;
    case Type::Kind::map:
      if (sensitive)
        for (const auto& key : plain.keys()) out.push_back(key);
      break;
    default:
      break;
  }
  for (const Value& element : plain.elements()) collect_sensitive_texts(element, sensitive, out);
}

bool word_byte(char c) {
  const auto b = static_cast<unsigned char>(c);
  return b >= 0x80 || b == '_' || (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
}

// Replaces each occurrence of `what` that stands alone (no letter, digit or underscore right
// before or after it: "a" in "argument" is not the value "a") by the marker byte \x01, which no
// later search can match. Answers how many it replaced.
size_t mark_occurrences(std::string& text, std::string_view what) {
  if (what.empty()) return 0;
  size_t replaced = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    const bool alone_before = at == 0 || !word_byte(text[at - 1]) || !word_byte(what.front());
    const size_t end = at + what.size();
    const bool alone_after = end == text.size() || !word_byte(text[end]) || !word_byte(what.back());
    if (alone_before && alone_after) {
      text.replace(at, what.size(), "\x01");
      ++replaced;
    }
  }
  return replaced;
}

// Marks where `message` quotes or names the sensitive text `t`; answers how many places.
size_t mark_sensitive_text(std::string& message, const std::string& t) {
  const std::string quoted = hclschema::detail::go_quote(t);  // with escapes, as messages quote it
  // A value of one or two characters ("a", "12") is also a word or number of many messages ("a set
  // or a list is required", "argument 12"): only its quoted form is taken for it.
  if (t.size() < 3) return mark_occurrences(message, quoted);
  return mark_occurrences(message, std::string_view(quoted).substr(1, quoted.size() - 2)) + mark_occurrences(message, t);
}

std::vector<std::string> sensitive_texts_of(const std::vector<const Value*>& values) {
  std::vector<std::string> texts;
  for (const Value* v : values)
    if (v->contains_marked()) collect_sensitive_texts(*v, false, texts);
  return texts;
}

}  // namespace

std::string hide_sensitive_texts(std::string message, const std::vector<Value>& args) {
  std::vector<const Value*> all;
  all.reserve(args.size());
  for (const Value& a : args) all.push_back(&a);
  std::vector<std::string> texts = sensitive_texts_of(all);
  if (texts.empty()) return message;
  // Longest first, so that a text containing another is replaced whole.
  std::sort(texts.begin(), texts.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  for (const auto& t : texts) mark_sensitive_text(message, t);
  std::string out;
  out.reserve(message.size());
  for (char c : message) {
    if (c == '\x01') out += "(sensitive value)";
    else out.push_back(c);
  }
  return out;
}

std::string safe_function_message(std::string message, const std::vector<Value>& args, const std::vector<const Value*>& pieces_of) {
  const std::vector<std::string> suspect_texts = sensitive_texts_of(pieces_of);
  if (!suspect_texts.empty()) {
    // Quoted whole, the value is what the message speaks of, and is replaced below; otherwise the
    // message may hold a piece of it.
    bool quoted_whole = false;
    for (const auto& t : suspect_texts) {
      std::string probe = message;
      if (mark_sensitive_text(probe, t) > 0) quoted_whole = true;
    }
    if (!quoted_whole) return std::string(k_withheld_function_message);
  }
  return hide_sensitive_texts(std::move(message), args);
}

}  // namespace hclschema::eval_detail
