// Expression behaviour of JSON nodes: kind names, start ranges and variables.
#include <algorithm>
#include <cctype>
#include <vector>

#include "hclschema/json/ast.hpp"
#include "syntax/json/string_decode.hpp"
#include "syntax/native/parser.hpp"

namespace hclschema::json {

std::string_view Value::kind_name() const {
  switch (kind) {
    case NodeKind::object: return "JSONObject";
    case NodeKind::array: return "JSONArray";
    case NodeKind::string: return "JSONString";
    case NodeKind::number: return "JSONNumber";
    case NodeKind::boolean: return "JSONBool";
    case NodeKind::null: return "JSONNull";
    case NodeKind::invalid: return "JSONInvalid";
  }
  return "JSONInvalid";
}

Range Value::start_range() const {
  switch (kind) {
    case NodeKind::object: return static_cast<const Object&>(*this).start_range();
    case NodeKind::array: return static_cast<const Array&>(*this).start_range();
    default: return range();
  }
}

namespace {

uint32_t hex4(std::string_view s) {
  uint32_t v = 0;
  for (char c : s) v = v * 16 + static_cast<uint32_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
  return v;
}

bool is_hex4(std::string_view s) {
  if (s.size() < 4) return false;
  for (size_t k = 0; k < 4; ++k)
    if (!std::isxdigit(static_cast<unsigned char>(s[k]))) return false;
  return true;
}

// For each byte of a JSON string's decoded text (and one past its end), the offset of the raw
// text it came from, between the quotes: escapes and replaced bytes decode to other lengths.
std::vector<uint32_t> decoded_to_raw(std::string_view raw) {
  std::vector<uint32_t> map;
  map.reserve(raw.size() + 1);
  auto emit = [&map](size_t at, size_t decoded_bytes) { map.insert(map.end(), decoded_bytes, static_cast<uint32_t>(at)); };
  auto utf8_length = [](uint32_t cp) -> size_t { return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4; };
  for (size_t i = 0; i < raw.size();) {
    if (raw[i] == '\\' && i + 1 < raw.size()) {
      if (raw[i + 1] == 'u' && is_hex4(raw.substr(i + 2))) {
        uint32_t cp = hex4(raw.substr(i + 2, 4));
        size_t len = 6;
        if (cp >= 0xD800 && cp < 0xDC00 && raw.substr(i + 6, 2) == "\\u" && is_hex4(raw.substr(i + 8))) {
          uint32_t low = hex4(raw.substr(i + 8, 4));
          if (low >= 0xDC00 && low < 0xE000) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            len = 12;
          }
        }
        if (cp >= 0xD800 && cp < 0xE000) cp = 0xFFFD;  // a lone surrogate
        emit(i, utf8_length(cp));
        i += len;
        continue;
      }
      emit(i, 1);
      i += 2;
      continue;
    }
    unsigned n = detail::valid_utf8_length(raw.substr(i));
    if (n == 0) {  // an invalid byte decodes to U+FFFD
      emit(i, 3);
      ++i;
      continue;
    }
    for (unsigned k = 0; k < n; ++k) emit(i + k, 1);
    i += n;
  }
  map.push_back(static_cast<uint32_t>(raw.size()));
  return map;
}

// A JSON string is a native-syntax template, parsed from its decoded text as the reference does.
// The reference then reports positions counted over the decoded text from just after the opening
// quote, which drift after escapes; we map each position back to the raw bytes it came from.
void template_variables(const SourceFile& file, std::string_view text, ByteSpan string_span, std::vector<Traversal>& out) {
  if (text.find("${") == std::string_view::npos && text.find("%{") == std::string_view::npos) return;  // no template sequences
  auto parsed = native::detail::parse_template_source(SourceFile::from_string(file.filename(), std::string(text)));
  if (has_errors(parsed.diagnostics)) return;
  const uint32_t raw_begin = string_span.begin + 1;
  const std::string_view raw = file.text().substr(raw_begin, string_span.end > raw_begin + 1 ? string_span.end - 1 - raw_begin : 0);
  const std::vector<uint32_t> map = decoded_to_raw(raw);
  auto to_raw = [&](uint32_t decoded) -> uint32_t {
    if (map.size() != text.size() + 1) return raw_begin + std::min<uint32_t>(decoded, static_cast<uint32_t>(raw.size()));  // should not happen
    return raw_begin + map[std::min<size_t>(decoded, map.size() - 1)];
  };
  for (auto& traversal : parsed.expr->variables()) {
    for (auto& step : traversal) step.range = file.range({to_raw(step.range.start.byte), to_raw(step.range.end.byte)});
    out.push_back(std::move(traversal));
  }
}

void collect_variables(const Value& value, std::vector<Traversal>& out) {
  switch (value.kind) {
    case NodeKind::string: {
      const auto& s = static_cast<const String&>(value);
      template_variables(*value.file, s.value(), s.span, out);
      return;
    }
    case NodeKind::array:
      for (const Value* element : static_cast<const Array&>(value).elements()) collect_variables(*element, out);
      return;
    case NodeKind::object:
      for (const auto& property : static_cast<const Object&>(value).properties()) {
        template_variables(*value.file, property.name, property.name_span, out);
        collect_variables(*property.value, out);
      }
      return;
    default: return;
  }
}

}  // namespace

std::vector<Traversal> Value::variables() const {
  // Every string, object keys included, contributes its template's variables; arrays and objects
  // collect their children's in order (for an object: each key, then its value).
  std::vector<Traversal> out;
  collect_variables(*this, out);
  return out;
}

const Value* root_value(const Body& body) {
  if (const auto* node = dynamic_cast<const Value*>(&body)) return node;
  const auto* rest = dynamic_cast<const JsonBody*>(&body);
  return rest ? &rest->value() : nullptr;
}

}  // namespace hclschema::json
