// The encoding functions of the standard library (base64decode, base64encode, urlencode,
// jsonencode, jsondecode, csvdecode), with go-cty stdlib's and Terraform's semantics and messages.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "functions/families.hpp"
#include "functions/go_json.hpp"
#include "hclschema/value/json.hpp"
#include "util/go_format.hpp"

namespace hclschema::detail {

namespace {

using ValueOutcome = FunctionOutcome<Value>;

constexpr std::string_view base64_alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// cty's jsondecode: Go's syntax check and messages decide what is accepted (the first value; a
// closing bracket may follow it), our reader decodes that value.
ValueOutcome json_decode(std::string_view text) {
  GoJsonScan scan = go_json_scan(text);
  if (!scan.ok) return ValueOutcome::fail_quoting_pieces(scan.error, 0);  // "invalid character 'x'"
  ValueError err;
  auto v = value_from_json_implied(text.substr(0, scan.end), &err);
  if (!v) return ValueOutcome::fail_quoting_pieces(err.message, 0);
  return ValueOutcome::ok(*v);
}

std::string base64_encode(std::string_view in) {
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    uint32_t n = static_cast<uint8_t>(in[i]) << 16 | static_cast<uint8_t>(in[i + 1]) << 8 | static_cast<uint8_t>(in[i + 2]);
    for (int s = 18; s >= 0; s -= 6) out.push_back(base64_alphabet[(n >> s) & 63]);
  }
  if (i < in.size()) {
    uint32_t n = static_cast<uint8_t>(in[i]) << 16;
    if (i + 1 < in.size()) n |= static_cast<uint8_t>(in[i + 1]) << 8;
    out.push_back(base64_alphabet[(n >> 18) & 63]);
    out.push_back(base64_alphabet[(n >> 12) & 63]);
    out.push_back(i + 1 < in.size() ? base64_alphabet[(n >> 6) & 63] : '=');
    out.push_back('=');
  }
  return out;
}

// Go's base64.StdEncoding.DecodeString: padding required, '\r' and '\n' ignored.
std::optional<std::string> base64_decode(std::string_view in) {
  std::string clean;
  for (char c : in)
    if (c != '\r' && c != '\n') clean.push_back(c);
  if (clean.size() % 4 != 0) return std::nullopt;
  std::string out;
  for (size_t i = 0; i < clean.size(); i += 4) {
    uint32_t n = 0;
    int pad = 0;
    for (size_t j = 0; j < 4; ++j) {
      char c = clean[i + j];
      if (c == '=') {
        if (j < 2 || i + 4 != clean.size()) return std::nullopt;
        ++pad;
        n <<= 6;
        continue;
      }
      if (pad) return std::nullopt;
      auto d = base64_alphabet.find(c);
      if (d == std::string_view::npos) return std::nullopt;
      n = n << 6 | static_cast<uint32_t>(d);
    }
    out.push_back(static_cast<char>(n >> 16));
    if (pad < 2) out.push_back(static_cast<char>(n >> 8 & 0xFF));
    if (pad < 1) out.push_back(static_cast<char>(n & 0xFF));
    // Go rejects non-zero bits in the padding (non-canonical encodings are still accepted by
    // StdEncoding, which is not Strict), so nothing more to check here.
  }
  return out;
}

bool valid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    auto c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    uint32_t cp = n == 1 ? c : c & (0x7F >> n);
    for (size_t k = 1; k < n; ++k) {
      auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = cp << 6 | (cc & 0x3F);
    }
    if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n;
  }
  return true;
}

// Go's url.QueryEscape.
std::string query_escape(std::string_view s) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') out.push_back(ch);
    else if (c == ' ') out.push_back('+');
    else {
      out.push_back('%');
      out.push_back(hex[c >> 4]);
      out.push_back(hex[c & 15]);
    }
  }
  return out;
}

// One CSV record read as Go's encoding/csv Reader does with its defaults (comma separator, strict
// quotes, blank lines skipped, "\r\n" read as "\n").
struct CsvReader {
  std::string_view in;
  size_t pos = 0;
  int line = 0;
  size_t fields_per_record = 0;
  std::string error;  // "CSV parse error on line N: ..." when a read fails

  // Reads the next line, "\r\n" normalised, without its newline; false at the end.
  bool next_line(std::string& out) {
    if (pos >= in.size()) return false;
    size_t nl = in.find('\n', pos);
    size_t end = nl == std::string_view::npos ? in.size() : nl;
    out.assign(in.substr(pos, end - pos));
    if (!out.empty() && out.back() == '\r' && nl != std::string_view::npos) out.pop_back();
    out.push_back('\n');
    pos = nl == std::string_view::npos ? in.size() : nl + 1;
    ++line;
    return true;
  }

  // nullopt at the end of the input or on an error (then `error` is set).
  std::optional<std::vector<std::string>> read() {
    std::string text;
    do {
      if (!next_line(text)) return std::nullopt;
    } while (text == "\n");
    const int record_line = line;
    std::vector<std::string> fields;
    size_t i = 0;
    for (;;) {
      std::string field;
      if (i < text.size() && text[i] == '"') {
        ++i;
        for (;;) {
          size_t q = text.find('"', i);
          if (q != std::string::npos) {
            field.append(text, i, q - i);
            i = q + 1;
            if (i < text.size() && text[i] == '"') {
              field.push_back('"');
              ++i;
            } else if (i < text.size() && text[i] == ',') {
              ++i;
              fields.push_back(field);
              break;
            } else if (i >= text.size() || text[i] == '\n') {
              fields.push_back(field);
              goto done;
            } else {
              error = "CSV parse error on line " + std::to_string(line) + ": extraneous or missing \" in quoted-field";
              return std::nullopt;
            }
          } else {
            field.append(text, i, std::string::npos);
            if (!next_line(text)) {
              error = "CSV parse error on line " + std::to_string(line) + ": extraneous or missing \" in quoted-field";
              return std::nullopt;
            }
            i = 0;
          }
        }
        continue;
      }
      size_t end = text.find(',', i);
      std::string raw = text.substr(i, end == std::string::npos ? std::string::npos : end - i);
      if (end == std::string::npos && !raw.empty() && raw.back() == '\n') raw.pop_back();
      if (raw.find('"') != std::string::npos) {
        error = "CSV parse error on line " + std::to_string(line) + ": bare \" in non-quoted-field";
        return std::nullopt;
      }
      fields.push_back(raw);
      if (end == std::string::npos) break;
      i = end + 1;
    }
  done:
    if (fields_per_record == 0) fields_per_record = fields.size();
    else if (fields.size() != fields_per_record) {
      error = "CSV parse error on line " + std::to_string(record_line) + ": wrong number of fields";
      return std::nullopt;
    }
    return fields;
  }
};

FunctionOutcome<Type> csv_type(std::string_view text) {
  CsvReader r{text, 0, 0, 0, {}};
  auto header = r.read();
  if (!header) return FunctionOutcome<Type>::fail_quoting_pieces(r.error.empty() ? "missing header line" : r.error, 0);
  std::vector<std::pair<std::string, Type>> attrs;
  for (size_t i = 0; i < header->size(); ++i) {
    for (size_t j = 0; j < i; ++j)
      if ((*header)[j] == (*header)[i]) return FunctionOutcome<Type>::fail_quoting_pieces("duplicate column name " + go_quote((*header)[i]), 0);
    attrs.emplace_back((*header)[i], Type::string());
  }
  return FunctionOutcome<Type>::ok(Type::list(Type::object(std::move(attrs))));
}

}  // namespace

void add_encoding_functions(FunctionTable& table) {
  {
    FunctionSpec s;
    s.params = {FunctionParam{"str", Type::string()}};
    s.fixed_return_type = Type::string();
    s.impl = [](const std::vector<Value>& a, const Type&) { return ValueOutcome::ok(Value::string(base64_encode(a[0].as_string()))); };
    table["base64encode"] = Function(std::move(s));
  }
  {
    // As Terraform: marked arguments are handled here so that the error can redact them.
    FunctionSpec s;
    FunctionParam p{"str", Type::string()};
    p.allow_marked = true;
    p.allow_unknown = true;  // so that an unknown keeps its marks, as Terraform does
    s.params = {p};
    s.fixed_return_type = Type::string();
    s.impl = [](const std::vector<Value>& a, const Type&) {
      Marks marks;
      Value plain = a[0].unmarked_deep(&marks);
      if (!plain.is_known()) return ValueOutcome::ok(Value::unknown(Type::string()).with_marks(marks));
      const std::string& str = plain.as_string();
      auto decoded = base64_decode(str);
      bool sensitive = std::find(marks.begin(), marks.end(), sensitive_mark) != marks.end();
      if (!decoded) return ValueOutcome::fail("failed to decode base64 data " + (sensitive ? std::string("(sensitive value)") : go_quote(str)));
      if (!valid_utf8(*decoded)) return ValueOutcome::fail("the result of decoding the provided string is not valid UTF-8");
      return ValueOutcome::ok(Value::string(*decoded).with_marks(marks));
    };
    table["base64decode"] = Function(std::move(s));
  }
  {
    FunctionSpec s;
    s.params = {FunctionParam{"str", Type::string()}};
    s.fixed_return_type = Type::string();
    s.impl = [](const std::vector<Value>& a, const Type&) { return ValueOutcome::ok(Value::string(query_escape(a[0].as_string()))); };
    table["urlencode"] = Function(std::move(s));
  }
  {
    FunctionSpec s;
    FunctionParam p{"val", Type::dynamic()};
    p.allow_dynamic_type = true;
    p.allow_null = true;
    s.params = {p};
    s.fixed_return_type = Type::string();
    s.impl = [](const std::vector<Value>& a, const Type& rt) {
      const Value& v = a[0];
      if (!v.is_wholly_known()) return ValueOutcome::ok(Value::unknown(rt));
      if (v.is_null()) return ValueOutcome::ok(Value::string("null"));
      ValueError err;
      auto json = value_to_json(v, v.type(), &err);
      if (!json) return ValueOutcome::fail(err.message);
      return ValueOutcome::ok(Value::string(*json));
    };
    table["jsonencode"] = Function(std::move(s));
  }
  {
    FunctionSpec s;
    s.params = {FunctionParam{"str", Type::string()}};
    s.return_type = [](const std::vector<Value>& a) {
      if (!a[0].is_known()) return FunctionOutcome<Type>::ok(Type::dynamic());
      auto v = json_decode(a[0].as_string());
      if (!v.result) return FunctionOutcome<Type>{std::nullopt, v.error};
      return FunctionOutcome<Type>::ok(v.result->type());
    };
    s.impl = [](const std::vector<Value>& a, const Type&) { return json_decode(a[0].as_string()); };
    table["jsondecode"] = Function(std::move(s));
  }
  {
    FunctionSpec s;
    s.params = {FunctionParam{"str", Type::string()}};
    s.return_type = [](const std::vector<Value>& a) {
      if (!a[0].is_known()) return FunctionOutcome<Type>::ok(Type::dynamic());
      return csv_type(a[0].as_string());
    };
    s.impl = [](const std::vector<Value>& a, const Type& rt) {
      CsvReader r{a[0].as_string(), 0, 0, 0, {}};
      auto header = r.read();
      std::vector<Value> rows;
      while (auto rec = r.read()) {
        std::vector<std::pair<std::string, Value>> attrs;
        for (size_t i = 0; i < header->size(); ++i) attrs.emplace_back((*header)[i], Value::string((*rec)[i]));
        rows.push_back(Value::object(std::move(attrs)));
      }
      if (!r.error.empty()) return ValueOutcome::fail_quoting_pieces(r.error, 0);
      if (rows.empty()) return ValueOutcome::ok(Value::list_of({}, rt.element_type()));
      return ValueOutcome::ok(Value::list(rt.element_type(), std::move(rows)));
    };
    table["csvdecode"] = Function(std::move(s));
  }
}

}  // namespace hclschema::detail
