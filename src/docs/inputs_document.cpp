// The document of a file of `input` blocks: one entry per input, its fields as children, object
// attributes of field types as nested rows. The language has no `description`, so the comment
// lines directly above an input or a field (and a comment after a field on its line) describe it.
#include <algorithm>

#include "docs/docs_detail.hpp"
#include "docs/document.hpp"

namespace hclschema::docs {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// The text of a `#` or `//` comment line, or nullopt when the line is something else.
std::optional<std::string> comment_text(std::string_view line) {
  line = trim(line);
  if (line.starts_with("#")) line.remove_prefix(1);
  else if (line.starts_with("//")) line.remove_prefix(2);
  else return std::nullopt;
  if (line.starts_with(" ")) line.remove_prefix(1);
  return std::string(line);
}

std::string description_at(const SourceFile* source, const Range& range) {
  if (!source || range.start.line == 0) return {};
  std::vector<std::string> lines;
  for (uint32_t line = range.start.line; line-- > 1;) {
    auto text = comment_text(source->line_text(line));
    if (!text) break;
    lines.insert(lines.begin(), *text);
  }
  // A comment after the declaration on its last line.
  const std::string_view all = source->text();
  if (range.end.byte <= all.size()) {
    std::string_view rest = all.substr(range.end.byte);
    rest = rest.substr(0, rest.find('\n'));
    if (auto text = comment_text(rest)) lines.push_back(*text);
  }
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + lines[i];
  return detail::clean_description(out);
}

std::optional<std::string> default_text(const InputDefault& d, const SourceFile* source) {
  if (d.value) return detail::value_text(*d.value);
  // Not evaluated (it had errors): show it as written.
  if (source && d.range.end.byte <= source->text().size() && d.range.start.byte < d.range.end.byte)
    return std::string(source->text().substr(d.range.start.byte, d.range.end.byte - d.range.start.byte));
  return std::nullopt;
}

// One line, object types with attributes shortened (they get rows of their own), optional unwrapped.
std::string compact(const InputType& t) {
  auto one = [&](const char* name) { return std::string(name) + "(" + (t.children.empty() ? "any" : compact(t.children[0])) + ")"; };
  switch (t.kind) {
    case InputType::Kind::string: return "string";
    case InputType::Kind::boolean: return "bool";
    case InputType::Kind::number: return "number";
    case InputType::Kind::integer: return "int";
    case InputType::Kind::any: return "any";
    case InputType::Kind::named: return t.path;
    case InputType::Kind::list: return one("list");
    case InputType::Kind::set: return one("set");
    case InputType::Kind::map: return one("map");
    case InputType::Kind::optional: return t.children.empty() ? "any" : compact(t.children[0]);
    case InputType::Kind::tuple: {
      std::string out = "tuple([";
      for (size_t i = 0; i < t.children.size(); ++i) out += (i ? ", " : "") + compact(t.children[i]);
      return out + "])";
    }
    case InputType::Kind::object: return t.children.empty() ? "object({})" : "object({...})";
  }
  return "any";
}

// The type over lines, one object attribute per line (`name: TYPE`, types aligned), as a reader of
// the input language writes it; defaults as HCL values.
std::string layout(const InputType& t, int indent) {
  auto child = [&](size_t i) { return i < t.children.size() ? layout(t.children[i], indent) : std::string("any"); };
  switch (t.kind) {
    case InputType::Kind::list: return "list(" + child(0) + ")";
    case InputType::Kind::set: return "set(" + child(0) + ")";
    case InputType::Kind::map: return "map(" + child(0) + ")";
    case InputType::Kind::tuple: {
      std::string out = "tuple([";
      for (size_t i = 0; i < t.children.size(); ++i) out += (i ? ", " : "") + child(i);
      return out + "])";
    }
    case InputType::Kind::optional: {
      std::string out = "optional(" + child(0);
      if (t.default_value) {
        auto text = t.default_value->value ? std::optional<std::string>(detail::value_text(*t.default_value->value, SIZE_MAX)) : std::nullopt;
        out += ", " + text.value_or("...");
      }
      return out + ")";
    }
    case InputType::Kind::object: {
      if (t.children.empty()) return "object({})";
      size_t width = 0;
      for (const auto& name : t.attribute_names) width = std::max(width, name.size());
      const std::string pad(static_cast<size_t>(indent + 2), ' ');
      std::string out = "object({\n";
      for (size_t i = 0; i < t.children.size() && i < t.attribute_names.size(); ++i)
        out += pad + t.attribute_names[i] + ":" + std::string(width - t.attribute_names[i].size() + 1, ' ') +
               layout(t.children[i], indent + 2) + "\n";
      return out + std::string(static_cast<size_t>(indent), ' ') + "})";
    }
    default: return compact(t);
  }
}

bool has_object(const InputType& t) {
  if (t.kind == InputType::Kind::object && !t.children.empty()) return true;
  for (const auto& c : t.children)
    if (has_object(c)) return true;
  return false;
}

// `path` by value: the callers pass a row of `out`, which push_back may move.
void walk(const InputType& t, std::string path, int depth, const std::string& prefix, const SourceFile* source,
          std::set<std::string>& anchors, std::vector<NestedAttribute>& out) {
  switch (t.kind) {
    case InputType::Kind::optional:
      if (!t.children.empty()) walk(t.children[0], path, depth, prefix, source, anchors, out);
      return;
    case InputType::Kind::list:
    case InputType::Kind::set:
    case InputType::Kind::map:
      if (!t.children.empty()) walk(t.children[0], path + "[*]", depth, prefix, source, anchors, out);
      return;
    case InputType::Kind::tuple:
      for (size_t i = 0; i < t.children.size(); ++i)
        walk(t.children[i], path + "[" + std::to_string(i) + "]", depth, prefix, source, anchors, out);
      return;
    case InputType::Kind::object:
      for (size_t i = 0; i < t.children.size() && i < t.attribute_names.size(); ++i) {
        const InputType& a = t.children[i];
        NestedAttribute row;
        row.path = path.empty() ? t.attribute_names[i] : path + "." + t.attribute_names[i];
        row.anchor = detail::make_anchor(prefix, row.path, anchors);
        row.type = compact(a);
        row.depth = depth;
        row.required = a.kind != InputType::Kind::optional;
        if (a.kind == InputType::Kind::optional && a.default_value) row.default_text = default_text(*a.default_value, source);
        out.push_back(std::move(row));
        walk(a, out.back().path, depth + 1, prefix, source, anchors, out);
      }
      return;
    default: return;
  }
}

}  // namespace

Document inputs_document(const std::vector<InputBlock>& inputs, const SourceFile* source, const std::string& source_name) {
  Document doc;
  doc.kind = Document::Kind::inputs;
  doc.source = source_name;
  doc.title = source_name.substr(source_name.find_last_of('/') == std::string::npos ? 0 : source_name.find_last_of('/') + 1);
  std::set<std::string> anchors{"contents", "top"};
  for (const InputBlock& block : inputs) {
    Entry e;
    e.kind = Entry::Kind::input;
    e.name = block.name;
    e.path = block.name;
    e.anchor = detail::make_anchor("input-", block.name, anchors);
    e.description = description_at(source, block.range);
    for (const InputField& field : block.fields) {
      Entry f;
      f.kind = Entry::Kind::field;
      f.name = field.name;
      f.path = block.name + "." + field.name;
      f.anchor = detail::make_anchor("input-", f.path, anchors);
      f.description = description_at(source, field.range);
      f.type = type_text(field.type);
      if (f.type.size() > 60 && has_object(field.type)) f.type_block = layout(field.type, 0);
      f.required = field.required;
      if (const InputDefault* d = field.effective_default()) f.default_text = default_text(*d, source);
      walk(field.type, "", 0, f.anchor + "-", source, anchors, f.nested);
      e.children.push_back(std::move(f));
    }
    doc.entries.push_back(std::move(e));
  }
  return doc;
}

}  // namespace hclschema::docs
