// document_diagnostics_of: per kind of file, the library's diagnostics mapped onto the document.
#include "lsp/document_diagnostics.hpp"

#include <algorithm>

#include "lsp/module_variables.hpp"

namespace hclschema::lsp {

namespace {

std::string message_of(const Diagnostic& d) { return d.detail.empty() ? d.summary.str() : d.summary + ": " + d.detail; }

void add_all(std::vector<DocumentDiagnostic>& out, const Diagnostics& diags, const std::string& own_name, const std::string& base_dir,
             std::size_t size) {
  for (const Diagnostic& d : diags) out.push_back(to_document_diagnostic(d, own_name, base_dir, size));
}

// The config's problems with its schema: missing, or loaded with errors (which validate nothing).
void schema_problems(const DocumentAnalysis& doc, std::vector<DocumentDiagnostic>& out) {
  if (!doc.schema || !doc.schema->loaded.schema) {
    DocumentDiagnostic d;
    d.message = "Schema not found: the schema file " + doc.association.schema_path + " governing this file cannot be read";
    if (doc.schema) {
      for (const Diagnostic& why : doc.schema->loaded.diagnostics) d.message += "\n" + message_of(why);
    }
    d.code = "schema-not-found";
    if (doc.association.comment_path_range) d.range = {doc.association.comment_path_range->first, doc.association.comment_path_range->second};
    out.push_back(std::move(d));
    return;
  }
  for (const Diagnostic& d : doc.schema->loaded.diagnostics) {
    if (d.severity != Severity::error) continue;  // the schema's warnings are the schema document's business
    DocumentDiagnostic e = to_document_diagnostic(d, doc.path, directory_of(doc.path), doc.text.size());
    e.message = "The schema " + doc.association.schema_path + " has errors, so nothing is validated: " + e.message;
    out.push_back(std::move(e));
  }
}

void vars_diagnostics(const DocumentAnalysis& doc, const Diagnostics& diags, std::vector<DocumentDiagnostic>& out) {
  const std::string own = base_name(doc.path);
  for (const Diagnostic& d : diags) {
    // A problem located in another tfvars file is that document's; problems in declarations
    // (*.tf) concern every file of the module, and so do those without a location.
    if (d.subject && d.subject->filename != own) {
      const std::string& f = d.subject->filename;
      const bool in_declarations = f.ends_with(".tf") || f.ends_with(".tf.json");
      if (!in_declarations || doc.association.kind == FileKind::module) continue;
    }
    out.push_back(to_document_diagnostic(d, own, doc.module_dir, doc.text.size()));
  }
}

}  // namespace

DocumentDiagnostic to_document_diagnostic(const Diagnostic& diag, const std::string& own_name, const std::string& base_dir,
                                          std::size_t text_size) {
  DocumentDiagnostic out;
  out.severity = diag.severity;
  out.code = diag.code;
  out.message = message_of(diag);
  if (!diag.subject) return out;
  const Range& r = diag.subject.value();
  if (r.filename == own_name) {
    const std::size_t begin = std::min<std::size_t>(r.start.byte, text_size);
    out.range = {begin, std::clamp<std::size_t>(r.end.byte, begin, text_size)};
    return out;
  }
  const std::string file = r.filename.str().starts_with('/') || r.filename.empty() ? r.filename.str() : resolve_path(base_dir, r.filename);
  out.message = file + ":" + std::to_string(r.start.line) + ":" + std::to_string(r.start.column) + ": " + out.message;
  return out;
}

std::vector<DocumentDiagnostic> document_diagnostics_of(const DocumentAnalysis& doc, const Diagnostics* validation) {
  std::vector<DocumentDiagnostic> out;
  const std::string dir = directory_of(doc.path);
  const std::size_t size = doc.text.size();
  switch (doc.association.kind) {
    case FileKind::plain:
      add_all(out, doc.parse_diagnostics, doc.path, dir, size);
      break;
    case FileKind::config:
      add_all(out, doc.parse_diagnostics, doc.path, dir, size);
      if (const Schema* schema = doc.usable_schema()) {
        if (validation) {
          add_all(out, *validation, doc.path, dir, size);
        } else if (doc.file) {
          add_all(out, validate(*schema, doc.file->body()), doc.path, dir, size);
        }
      } else {
        schema_problems(doc, out);
      }
      break;
    case FileKind::schema:
      if (doc.schema) add_all(out, doc.schema->loaded.diagnostics, doc.path, dir, size);
      break;
    case FileKind::project:
      add_all(out, doc.parse_diagnostics, doc.path, dir, size);  // the project file's own checks
      break;
    case FileKind::tfvars:
      if (doc.vars) vars_diagnostics(doc, doc.vars->diagnostics, out);
      break;
    case FileKind::module:
      if (doc.vars) vars_diagnostics(doc, doc.vars->declarations.diagnostics, out);
      break;
    case FileKind::inputs:
      if (doc.inputs) add_all(out, doc.inputs->diagnostics, doc.path, dir, size);
      break;
  }
  return out;
}

}  // namespace hclschema::lsp
