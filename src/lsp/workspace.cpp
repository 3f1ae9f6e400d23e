// Workspace: documents in, analyses built and cached, features answered from the analyses.
#include "lsp/workspace.hpp"

#include "lsp/completion.hpp"
#include "lsp/definition.hpp"
#include "lsp/document_diagnostics.hpp"
#include "lsp/document_symbols.hpp"
#include "lsp/hover.hpp"
#include "lsp/module_variables.hpp"

extern char** environ;  // NOLINT: the process environment, handed to the vars layer explicitly

namespace hclschema::lsp {

namespace {

std::map<std::string, std::string> process_environment() {
  std::map<std::string, std::string> out;
  for (char** e = environ; e && *e; ++e) {
    std::string_view entry(*e);
    const size_t eq = entry.find('=');
    if (eq != std::string_view::npos) out.emplace(std::string(entry.substr(0, eq)), std::string(entry.substr(eq + 1)));
  }
  return out;
}

}  // namespace

Workspace::Workspace(std::string root_path)
    : root_(root_path.empty() ? std::string() : resolve_path("/", root_path)), environment_(process_environment()) {}

void Workspace::set_environment(std::map<std::string, std::string> environment) {
  environment_ = std::move(environment);
  ++generation_;
  for (const std::string& p : store_.open_paths()) stale_.insert(p);
}

void Workspace::open(const std::string& path, std::string text) {
  store_.open(path, std::move(text));
  changed(path);
}

void Workspace::edit(const std::string& path, ByteRange range, std::string_view replacement) {
  if (store_.edit(path, range.begin, range.end, replacement)) changed(path);
}

void Workspace::close(const std::string& path) {
  store_.close(path);
  changed(path);
  stale_.erase(path);
  analyses_.erase(path);
  governed_by_.erase(path);
  validators_.erase(path);
}

// Who else may see different diagnostics now: documents governed by an edited schema, every
// document after an edit of the project file, the module's files after an edit of one of them.
void Workspace::changed(const std::string& path) {
  ++generation_;
  const bool open = store_.is_open(path);
  if (open) stale_.insert(path);
  const std::vector<std::string> others = store_.open_paths();
  const bool is_project = !root_.empty() && path == resolve_path(root_, kProjectFileName);
  const bool is_module = is_module_file_name(base_name(path));
  for (const std::string& other : others) {
    if (other == path) continue;
    auto governed = governed_by_.find(other);
    if (is_project || (governed != governed_by_.end() && governed->second == path) ||
        (is_module && is_module_file_name(base_name(other)) && directory_of(other) == directory_of(path)))
      stale_.insert(other);
  }
}

std::optional<std::string> Workspace::text_of(const std::string& path) { return store_.text_of(path); }

std::vector<std::string> Workspace::stale_documents() {
  std::vector<std::string> out;
  for (const std::string& p : stale_)
    if (store_.is_open(p)) out.push_back(p);
  return out;
}

const ProjectFile* Workspace::project() {
  if (root_.empty()) return nullptr;
  const std::string path = resolve_path(root_, kProjectFileName);
  std::optional<std::string> text = store_.text_of(path);
  if (text != project_text_ || (!project_ && text)) {
    project_text_ = text;
    project_ = text ? std::make_shared<const ProjectFile>(parse_project_file(path, *text, root_)) : nullptr;
  }
  return project_.get();
}

std::shared_ptr<DocumentAnalysis> Workspace::build_analysis(const std::string& path) {
  auto doc = std::make_shared<DocumentAnalysis>();
  doc->path = path;
  std::optional<std::string> text = store_.text_of(path);
  if (!text) return doc;
  doc->text = std::move(*text);
  const ProjectFile* proj = project();
  doc->association = associate(path, doc->text, proj, root_);

  auto parse_document = [&] {
    ParseResult parsed = parse_source(SourceFile::from_string(path, doc->text));
    doc->file = parsed.file;
    doc->parse_diagnostics = std::move(parsed.diagnostics);
  };
  switch (doc->association.kind) {
    case FileKind::project:
      parse_document();
      if (proj) doc->parse_diagnostics = proj->diagnostics;  // includes the parse's own
      break;
    case FileKind::schema:
      doc->schema = schemas_.get(path, doc->text);
      if (doc->schema && doc->schema->loaded.schema) doc->file = doc->schema->loaded.schema->file;
      else parse_document();
      break;
    case FileKind::config:
      parse_document();
      doc->schema = schemas_.get(doc->association.schema_path, store_.text_of(doc->association.schema_path));
      break;
    case FileKind::tfvars: {
      parse_document();
      doc->module_dir = directory_of(path);
      const std::string name = base_name(path);
      doc->vars = resolve_module(doc->module_dir, store_, environment_, is_auto_loaded_tfvars(name) ? std::string() : name);
      break;
    }
    case FileKind::module:
      parse_document();
      doc->module_dir = directory_of(path);
      doc->vars = resolve_module(doc->module_dir, store_, environment_);
      break;
    case FileKind::inputs:
      doc->inputs = std::make_shared<const InputsResult>(read_inputs(SourceFile::from_string(path, doc->text)));
      break;
    case FileKind::plain:
      parse_document();
      break;
  }
  return doc;
}

std::shared_ptr<const DocumentAnalysis> Workspace::analyse(const std::string& path, bool fresh) {
  auto it = analyses_.find(path);
  if (!fresh && it != analyses_.end() && it->second.generation == generation_) return it->second.analysis;
  std::shared_ptr<const DocumentAnalysis> doc = build_analysis(path);
  if (store_.is_open(path)) {
    analyses_[path] = Cached{generation_, doc};
    if (doc->association.kind == FileKind::config) {
      governed_by_[path] = doc->association.schema_path;
    } else {
      governed_by_.erase(path);
    }
  }
  return doc;
}

Association Workspace::association_of(const std::string& path) { return analyse(path, false)->association; }

std::vector<DocumentDiagnostic> Workspace::diagnostics(const std::string& path) {
  stale_.erase(path);
  std::shared_ptr<const DocumentAnalysis> doc = analyse(path, true);
  const Schema* schema = doc->usable_schema();
  if (doc->association.kind != FileKind::config || !schema || !doc->file || !store_.is_open(path)) return document_diagnostics_of(*doc);
  const Diagnostics validation = validators_[path].validate(doc->schema->loaded.schema, *doc->file);
  return document_diagnostics_of(*doc, &validation);
}

std::optional<HoverInfo> Workspace::hover(const std::string& path, std::size_t offset) { return hover_at(*analyse(path, false), offset); }

std::vector<CompletionEntry> Workspace::completion(const std::string& path, std::size_t offset) {
  return completion_at(*analyse(path, false), offset);
}

std::optional<FileLocation> Workspace::definition(const std::string& path, std::size_t offset) {
  return definition_at(*analyse(path, false), offset);
}

std::vector<DocumentSymbolEntry> Workspace::document_symbols(const std::string& path) {
  return document_symbols_of(*analyse(path, false));
}

}  // namespace hclschema::lsp
