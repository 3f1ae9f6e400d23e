// Collecting every assignment of a root-module variable, lowest precedence first: TF_VAR_
// environment variables, terraform.tfvars, terraform.tfvars.json, *.auto.tfvars(.json) in lexical
// order, then -var and -var-file in command-line order (Terraform's collectVariableValues).
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "hclschema/vars.hpp"
#include "util/go_format.hpp"
#include "vars/vars_internal.hpp"

namespace hclschema::detail {

namespace {

constexpr std::string_view env_prefix = "TF_VAR_";

bool ends_with(std::string_view s, std::string_view suffix) { return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix; }

bool exists(const std::string& path) {
  struct stat st{};
  return ::stat(path.c_str(), &st) == 0;
}

// One tfvars file (Terraform's addVarsFromFile): HCL or, for a name ending in ".json", HCL JSON;
// a `variable` block is a mistake worth its own message; every attribute is an assignment.
void add_file(const std::string& directory, const std::string& name, const ValueSource& base, CollectedSources& out) {
  std::string error;
  const std::string path = join_path(directory, name);
  if (!exists(path)) {
    out.diagnostics.push_back(make_error("Failed to read variables file", "Given variables file " + name + " does not exist.", std::nullopt));
    return;
  }
  std::optional<std::string> text = read_text_file(path, &error);
  if (!text) {
    out.diagnostics.push_back(make_error("Failed to read variables file", "Error while reading " + name + ": " + error + ".", std::nullopt));
    return;
  }
  auto source = SourceFile::from_string(name, std::move(*text));
  ParseResult parsed = ends_with(name, ".json") ? parse_json(source) : parse_native(source);
  Diagnostics diags = std::move(parsed.diagnostics);
  if (!parsed.file) {
    append(out.diagnostics, std::move(diags));
    return;
  }
  out.files.push_back(parsed.file);
  PartialContentResult probe = parsed.file->body().partial_content(BodySchema{{}, {{"variable", {"name"}}}});
  for (const Block& block : probe.content.blocks) {
    const std::string var = block.labels.empty() ? std::string() : std::string(block.labels[0]);
    diags.push_back(make_error(
        "Variable declaration in .tfvars file",
        "A .tfvars file is used to assign values to variables that have already been declared in .tf files, not to declare new variables. To "
        "declare variable " +
            go_quote(var) + ", place this block in one of your .tf files, such as variables.tf.\n\nTo set a value for this variable in " +
            block.type_range().filename + ", use the definition syntax instead:\n    " + var + " = <value>",
        block.type_range()));
  }
  // With problems already found, the attribute pass would repeat them less helpfully.
  if (has_errors(diags)) {
    append(out.diagnostics, std::move(diags));
    return;
  }
  AttributesResult attrs = parsed.file->body().just_attributes();
  append(diags, std::move(attrs.diagnostics));
  append(out.diagnostics, std::move(diags));
  for (const Attribute& attr : attrs.attributes) {
    RawAssignment a;
    a.name = attr.name;
    a.source = base;
    a.source.range = attr.expr->range();
    a.expr = attr.expr;
    a.file = parsed.file;
    out.assignments.push_back(std::move(a));
  }
}

std::vector<std::string> auto_files(const std::string& directory) {
  std::vector<std::string> names;
  DIR* dir = ::opendir(directory.c_str());
  if (!dir) return names;
  while (dirent* entry = ::readdir(dir)) {
    std::string name = entry->d_name;
    if (ends_with(name, ".auto.tfvars") || ends_with(name, ".auto.tfvars.json")) names.push_back(std::move(name));
  }
  ::closedir(dir);
  std::sort(names.begin(), names.end());  // byte order, as Go's ReadDir
  return names;
}

}  // namespace

std::string join_path(const std::string& directory, const std::string& path) {
  if (directory.empty() || directory == "." || path.starts_with("/")) return path;
  return directory.ends_with("/") ? directory + path : directory + "/" + path;
}

std::optional<std::string> read_text_file(const std::string& path, std::string* error) {
  struct stat st{};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    if (error) *error = "read " + path + ": is a directory";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error) *error = "open " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return std::move(ss).str();
}

CollectedSources collect_sources(const VarsRequest& request, const Declarations& declarations) {
  CollectedSources out;
  const std::string& dir = request.directory.empty() ? std::string(".") : request.directory;

  // The environment is the lowest source: a fallback for everything else.
  for (const auto& [key, value] : request.environment) {
    if (!key.starts_with(env_prefix)) continue;
    RawAssignment a;
    a.name = key.substr(env_prefix.size());
    a.source.kind = SourceKind::env;
    a.source.name = key;
    a.text = value;
    out.assignments.push_back(std::move(a));
  }

  ValueSource found;
  found.kind = SourceKind::file;
  for (const char* name : {"terraform.tfvars", "terraform.tfvars.json"}) {
    if (!exists(join_path(dir, name))) continue;
    found.name = name;
    add_file(dir, name, found, out);
  }
  for (const std::string& name : auto_files(dir)) {
    found.name = name;
    add_file(dir, name, found, out);
  }

  int position = 0;
  for (const VarOption& option : request.options) {
    ++position;
    if (option.kind == VarOption::Kind::var_file) {
      ValueSource named;
      named.kind = SourceKind::file;
      named.name = option.value;
      named.position = position;
      named.named_file = true;
      add_file(dir, option.value, named, out);
      continue;
    }
    const std::string& raw = option.value;
    const size_t eq = raw.find('=');
    if (eq == std::string::npos) {
      out.diagnostics.push_back(make_error("Invalid -var option",
                                           "The given -var option " + go_quote(raw) +
                                               " is not correctly specified. Must be a variable name and value separated by an equals sign, like "
                                               "-var=\"key=value\".",
                                           std::nullopt));
      continue;
    }
    std::string name = raw.substr(0, eq);
    std::string value = raw.substr(eq + 1);
    if (name.ends_with(" ")) {
      std::string trimmed_value = value.starts_with(" ") ? value.substr(1) : value;
      // Terraform repeats the value in its suggestion; never when the variable is sensitive.
      const VariableDeclaration* decl = declarations.find(name.substr(0, name.size() - 1));
      if (decl && decl->sensitive) trimmed_value = "...";
      out.diagnostics.push_back(make_error("Invalid -var option",
                                           "Variable name " + go_quote(name) + " is invalid due to trailing space. Did you mean -var=\"" +
                                               name.substr(0, name.size() - 1) + "=" + trimmed_value + "\"?",
                                           std::nullopt));
      continue;
    }
    RawAssignment a;
    a.name = std::move(name);
    a.source.kind = SourceKind::flag;
    a.source.name = "-var";
    a.source.position = position;
    a.text = std::move(value);
    out.assignments.push_back(std::move(a));
  }
  return out;
}

}  // namespace hclschema::detail
