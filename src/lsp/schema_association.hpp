// Which language governs a file: a schema (by first-line comment or by the project file), the
// Terraform variables of its directory, the `input` block language, or the schema language itself.
//
// The project file `.hclschema.hcl` at the workspace root maps globs to schemas (docs/lsp-workspace.md):
//
//     schema "examples/service.schema.hcl" {
//       files = ["examples/*.hcl", "deploy/**/*.hcl"]
//     }
//
// Paths and globs are relative to the root; `*` and `?` stay inside one path segment, `**` spans
// any number of segments. The first entry whose glob matches wins.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hclschema/diagnostic.hpp"

namespace hclschema::lsp {

/// The name of the project file at the workspace root.
inline constexpr const char* kProjectFileName = ".hclschema.hcl";

/// One `schema "PATH" { files = [...] }` entry of the project file.
struct ProjectEntry {
  std::string schema_path;  // absolute, normalised
  std::vector<std::string> globs;
};

struct ProjectFile {
  std::vector<ProjectEntry> entries;
  Diagnostics diagnostics;  // problems in the project file itself, located in it
};

/// Reads the project file's text (`path` is its own absolute path; `root` the workspace root).
[[nodiscard]] ProjectFile parse_project_file(const std::string& path, std::string text, const std::string& root);

/// What a file is, and so which checks and features apply to it.
enum class FileKind {
  plain,    // HCL governed by nothing: syntax diagnostics only
  config,   // governed by a schema
  schema,   // a schema file: the schema loader's diagnostics
  project,  // the project file itself
  tfvars,   // *.tfvars, *.tfvars.json: the variables declared in its directory
  module,   // *.tf, *.tf.json: a Terraform module's variable declarations
  inputs,   // a file of `input` blocks
};

struct Association {
  FileKind kind = FileKind::plain;
  std::string schema_path;  // config: the governing schema (absolute, normalised)
  /// config by comment: the bytes of the path in the first line, where "not found" points.
  std::optional<std::pair<std::size_t, std::size_t>> comment_path_range;
};

/// The `# schema: PATH` (or `// schema: PATH`) of a text's first line: the path as written and its
/// byte range; nullopt when the first line is no such comment.
struct SchemaComment {
  std::string path;
  std::size_t begin = 0, end = 0;
};
[[nodiscard]] std::optional<SchemaComment> schema_comment(std::string_view text);

/// True when `text` has an `input "NAME"` block at the top level (a line starting with it).
[[nodiscard]] bool has_input_blocks(std::string_view text);

/// True when `relative` (a '/'-separated path) matches `glob` (see the top of this file).
[[nodiscard]] bool glob_match(std::string_view glob, std::string_view relative);

/// `base`/`relative` made absolute and lexically normal (`relative` may itself be absolute).
[[nodiscard]] std::string resolve_path(const std::string& base_dir, const std::string& relative);
/// The directory part of an absolute path.
[[nodiscard]] std::string directory_of(const std::string& path);
/// The file name part of a path (all of it when there is no '/').
[[nodiscard]] std::string base_name(const std::string& path);

/// Decides what `path` (with current `text`) is. `project` may be null (no project file);
/// `root` is the workspace root, possibly empty. Precedence: the project file itself, a first-line
/// schema comment, a schema file (named *.schema.hcl[.json] or the target of a project entry), a
/// project entry's glob, then *.tfvars[.json], *.tf[.json], and files of `input` blocks.
[[nodiscard]] Association associate(const std::string& path, std::string_view text, const ProjectFile* project, const std::string& root);

}  // namespace hclschema::lsp
