// resolve_module: the vars layer on a module directory, with open documents' texts in place of
// the files on disk (through a temporary mirror of the directory).
#include "lsp/module_variables.hpp"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

namespace hclschema::lsp {

namespace {

bool ends_with(std::string_view s, std::string_view suffix) { return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix; }

std::vector<std::string> module_files(const std::string& directory) {
  std::vector<std::string> names;
  DIR* dir = ::opendir(directory.c_str());
  if (!dir) return names;
  while (dirent* entry = ::readdir(dir)) {
    std::string name = entry->d_name;
    if (is_module_file_name(name)) names.push_back(std::move(name));
  }
  ::closedir(dir);
  return names;
}

// Removes the mirror directory when the resolution is done, whatever happened.
struct TempDir {
  std::string path;
  ~TempDir() {
    if (path.empty()) return;
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

}  // namespace

bool is_module_file_name(std::string_view name) {
  return ends_with(name, ".tf") || ends_with(name, ".tf.json") || ends_with(name, ".tfvars") || ends_with(name, ".tfvars.json");
}

bool is_auto_loaded_tfvars(std::string_view name) {
  return name == "terraform.tfvars" || name == "terraform.tfvars.json" || ends_with(name, ".auto.tfvars") || ends_with(name, ".auto.tfvars.json");
}

std::shared_ptr<const VarsResult> resolve_module(const std::string& directory, const DocumentStore& store,
                                                 const std::map<std::string, std::string>& environment, const std::string& var_file) {
  VarsRequest request;
  request.directory = directory;
  request.environment = environment;
  if (!var_file.empty()) request.options.push_back({VarOption::Kind::var_file, var_file});

  const std::string prefix = directory.ends_with('/') ? directory : directory + "/";
  std::vector<std::pair<std::string, const std::string*>> overlays;  // base name -> open text
  for (const std::string& path : store.open_paths()) {
    if (!path.starts_with(prefix)) continue;
    std::string name = path.substr(prefix.size());
    if (name.find('/') != std::string::npos || !is_module_file_name(name)) continue;
    overlays.emplace_back(std::move(name), store.open_text(path));
  }
  if (overlays.empty()) return std::make_shared<const VarsResult>(resolve_variables(request));

  TempDir mirror;
  std::string pattern = (std::filesystem::temp_directory_path() / "hclschema-lsp-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) return std::make_shared<const VarsResult>(resolve_variables(request));
  mirror.path = pattern;
  for (const std::string& name : module_files(directory)) {
    bool overlaid = false;
    for (const auto& [o, text] : overlays) overlaid = overlaid || o == name;
    if (!overlaid) (void)::symlink((prefix + name).c_str(), (mirror.path + "/" + name).c_str());
  }
  for (const auto& [name, text] : overlays) {
    std::ofstream out(mirror.path + "/" + name, std::ios::binary | std::ios::trunc);
    out.write(text->data(), static_cast<std::streamsize>(text->size()));
  }
  request.directory = mirror.path;
  auto result = std::make_shared<VarsResult>(resolve_variables(request));
  return result;
}

}  // namespace hclschema::lsp
