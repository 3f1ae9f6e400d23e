// Deciding a file's kind and governing schema: the project file, first-line comments, globs.
#include "lsp/schema_association.hpp"

#include <filesystem>

#include "hclschema/eval/evaluate.hpp"
#include "hclschema/parse.hpp"

namespace hclschema::lsp {

namespace {

bool ends_with(std::string_view s, std::string_view suffix) { return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix; }

std::vector<std::string_view> split(std::string_view path) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    if (slash > start) out.push_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  return out;
}

bool match_segment(std::string_view glob, std::string_view name) {
  // Iterative wildcard matching with one backtrack point: linear enough for file names.
  size_t g = 0, n = 0, star = std::string_view::npos, mark = 0;
  while (n < name.size()) {
    if (g < glob.size() && (glob[g] == '?' || glob[g] == name[n])) {
      ++g;
      ++n;
    } else if (g < glob.size() && glob[g] == '*') {
      star = g++;
      mark = n;
    } else if (star != std::string_view::npos) {
      g = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (g < glob.size() && glob[g] == '*') ++g;
  return g == glob.size();
}

bool match_segments(const std::vector<std::string_view>& glob, size_t i, const std::vector<std::string_view>& path, size_t j) {
  if (i == glob.size()) return j == path.size();
  if (glob[i] == "**") {
    for (size_t k = j; k <= path.size(); ++k)
      if (match_segments(glob, i + 1, path, k)) return true;
    return false;
  }
  return j < path.size() && match_segment(glob[i], path[j]) && match_segments(glob, i + 1, path, j + 1);
}

std::string relative_to(const std::string& path, const std::string& root) {
  if (root.empty()) return path;
  std::string base = root.ends_with('/') ? root : root + "/";
  if (path.starts_with(base)) return path.substr(base.size());
  return {};  // outside the root: no glob applies
}

}  // namespace

std::string resolve_path(const std::string& base_dir, const std::string& relative) {
  std::filesystem::path p(relative);
  if (p.is_relative()) p = std::filesystem::path(base_dir.empty() ? std::string("/") : base_dir) / p;
  std::string out = p.lexically_normal().string();
  if (out.size() > 1 && out.ends_with('/')) out.pop_back();
  return out;
}

std::string directory_of(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string base_name(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool glob_match(std::string_view glob, std::string_view relative) { return match_segments(split(glob), 0, split(relative), 0); }

std::optional<SchemaComment> schema_comment(std::string_view text) {
  size_t i = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  const size_t line_end = std::min(text.find('\n', i), text.size());
  auto skip_space = [&] {
    while (i < line_end && (text[i] == ' ' || text[i] == '\t')) ++i;
  };
  skip_space();
  if (text.substr(i, 1) == "#") {
    i += 1;
  } else if (text.substr(i, 2) == "//") {
    i += 2;
  } else {
    return std::nullopt;
  }
  skip_space();
  if (text.substr(i, 7) != "schema:") return std::nullopt;
  i += 7;
  skip_space();
  size_t end = line_end;
  while (end > i && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\r')) --end;
  if (end == i) return std::nullopt;
  return SchemaComment{std::string(text.substr(i, end - i)), i, end};
}

bool has_input_blocks(std::string_view text) {
  size_t pos = 0;
  while (pos < text.size()) {
    if (text.compare(pos, 5, "input") == 0) {
      size_t i = pos + 5;
      if (i < text.size() && (text[i] == ' ' || text[i] == '\t')) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        if (i < text.size() && text[i] == '"') return true;
      }
    }
    pos = text.find('\n', pos);
    if (pos == std::string_view::npos) break;
    ++pos;
  }
  return false;
}

ProjectFile parse_project_file(const std::string& path, std::string text, const std::string& root) {
  ProjectFile out;
  ParseResult parsed = parse_source(SourceFile::from_string(path, std::move(text)));
  out.diagnostics = std::move(parsed.diagnostics);
  if (!parsed.file) return out;
  ContentResult content = parsed.file->body().content(BodySchema{{}, {{"schema", {"path"}}}});
  append(out.diagnostics, std::move(content.diagnostics));
  for (const Block& block : content.content.blocks) {
    ContentResult inner = block.body->content(BodySchema{{{"files", true}}, {}});
    append(out.diagnostics, std::move(inner.diagnostics));
    ProjectEntry entry;
    entry.schema_path = resolve_path(root, block.labels.empty() ? std::string() : std::string(block.labels[0]));
    if (const Attribute* files = inner.content.attribute("files")) {
      EvalResult value = evaluate(*files->expr, nullptr);
      append(out.diagnostics, std::move(value.diagnostics));
      const Value& v = value.value;
      const bool sequence = v.is_known() && !v.is_null() && (v.type().is_list() || v.type().is_tuple() || v.type().is_set());
      bool all_strings = sequence;
      if (sequence) {
        for (const Value& e : v.elements()) {
          if (!e.is_known() || e.is_null() || !(e.type() == Type::string())) {
            all_strings = false;
            continue;
          }
          entry.globs.push_back(e.as_string());
        }
      }
      if (!all_strings)
        out.diagnostics.push_back(make_error("Invalid files list", "The files of a schema entry must be a list of glob strings, such as [\"examples/*.hcl\"].",
                                             files->expr->range()));
    }
    out.entries.push_back(std::move(entry));
  }
  return out;
}

Association associate(const std::string& path, std::string_view text, const ProjectFile* project, const std::string& root) {
  Association out;
  const std::string name = base_name(path);
  if (!root.empty() && path == resolve_path(root, kProjectFileName)) {
    out.kind = FileKind::project;
    return out;
  }
  if (auto comment = schema_comment(text)) {
    out.kind = FileKind::config;
    out.schema_path = resolve_path(directory_of(path), comment->path);
    out.comment_path_range = std::pair{comment->begin, comment->end};
    return out;
  }
  bool schema_target = ends_with(name, ".schema.hcl") || ends_with(name, ".schema.hcl.json");
  if (project)
    for (const ProjectEntry& e : project->entries) schema_target = schema_target || e.schema_path == path;
  if (schema_target) {
    out.kind = FileKind::schema;
    return out;
  }
  if (project) {
    const std::string relative = relative_to(path, root);
    for (const ProjectEntry& e : project->entries) {
      for (const std::string& glob : e.globs) {
        if (!relative.empty() && glob_match(glob, relative)) {
          out.kind = FileKind::config;
          out.schema_path = e.schema_path;
          return out;
        }
      }
    }
  }
  if (ends_with(name, ".tfvars") || ends_with(name, ".tfvars.json")) {
    out.kind = FileKind::tfvars;
  } else if (ends_with(name, ".tf") || ends_with(name, ".tf.json")) {
    out.kind = FileKind::module;
  } else if (has_input_blocks(text)) {
    out.kind = FileKind::inputs;
  }
  return out;
}

}  // namespace hclschema::lsp
