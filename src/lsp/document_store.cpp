// DocumentStore: open documents' texts, byte-range edits, and the fallback to disk.
#include "lsp/document_store.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace hclschema::lsp {

void DocumentStore::open(const std::string& path, std::string text) {
  documents_[path].text = std::move(text);
  versions_[path] = ++next_version_;
}

bool DocumentStore::edit(const std::string& path, std::size_t begin, std::size_t end, std::string_view replacement) {
  auto it = documents_.find(path);
  if (it == documents_.end()) return false;
  std::string& text = it->second.text;
  // A confused client must not crash the server: clamp instead of trusting the range.
  begin = std::min(begin, text.size());
  end = std::clamp(end, begin, text.size());
  text.replace(begin, end - begin, replacement);
  versions_[path] = ++next_version_;
  return true;
}

void DocumentStore::close(const std::string& path) {
  documents_.erase(path);
  versions_[path] = ++next_version_;
}

const std::string* DocumentStore::open_text(const std::string& path) const {
  auto it = documents_.find(path);
  return it == documents_.end() ? nullptr : &it->second.text;
}

std::optional<std::string> DocumentStore::text_of(const std::string& path) const {
  if (const std::string* text = open_text(path)) return *text;
  return read_disk(path);
}

std::uint64_t DocumentStore::version(const std::string& path) const {
  auto it = versions_.find(path);
  return it == versions_.end() ? 0 : it->second;
}

std::vector<std::string> DocumentStore::open_paths() const {
  std::vector<std::string> out;
  out.reserve(documents_.size());
  for (const auto& [path, doc] : documents_) out.push_back(path);
  return out;
}

std::optional<std::string> DocumentStore::read_disk(const std::string& path) {
  struct stat st{};
  if (path.empty() || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return std::move(ss).str();
}

}  // namespace hclschema::lsp
