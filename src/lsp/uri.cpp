// file:// URI <-> path conversion (see uri.hpp).
#include "lsp/uri.hpp"

#include <filesystem>

namespace hclschema::lsp {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool is_unreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
         c == '_' || c == '~';
}

bool starts_with_icase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != prefix[i]) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> uri_to_path(std::string_view uri) {
  if (!starts_with_icase(uri, "file://")) return std::nullopt;
  std::string_view rest = uri.substr(7);
  if (rest.find_first_of("?#") != std::string_view::npos) return std::nullopt;
  // The authority: empty ("file:///x") or this machine by name.
  std::size_t slash = rest.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  std::string_view host = rest.substr(0, slash);
  if (!host.empty() && !(host.size() == 9 && starts_with_icase(host, "localhost"))) return std::nullopt;
  std::string_view encoded = rest.substr(slash);

  std::string path;
  path.reserve(encoded.size());
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    char c = encoded[i];
    if (c != '%') {
      path.push_back(c);
      continue;
    }
    if (i + 2 >= encoded.size()) return std::nullopt;
    int hi = hex_value(encoded[i + 1]);
    int lo = hex_value(encoded[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    char decoded = static_cast<char>(hi * 16 + lo);
    if (decoded == '\0') return std::nullopt;
    path.push_back(decoded);
    i += 2;
  }
  std::string normal = std::filesystem::path(path).lexically_normal().string();
  // "/a/b/" and "/a/b" name the same directory; keep the form without the trailing slash.
  if (normal.size() > 1 && normal.back() == '/') normal.pop_back();
  return normal;
}

std::string path_to_uri(std::string_view path) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string uri = "file://";
  if (path.empty() || path.front() != '/') uri.push_back('/');
  for (char c : path) {
    auto byte = static_cast<unsigned char>(c);
    if (is_unreserved(byte) || c == '/') {
      uri.push_back(c);
    } else {
      uri.push_back('%');
      uri.push_back(hex[byte >> 4]);
      uri.push_back(hex[byte & 0xF]);
    }
  }
  return uri;
}

}  // namespace hclschema::lsp
