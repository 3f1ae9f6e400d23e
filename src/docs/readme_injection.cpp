// Marker injection and atomic writes for `hclschema docs --inject` / `--output`. A reader of the
// file (a web server, an editor, a concurrent `git diff`) sees the old content or the new one,
// never a half-written file, because the new content is renamed into place in one step.
#include "docs/readme_injection.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace hclschema::docs {

namespace {

std::vector<size_t> find_all(std::string_view text, std::string_view needle) {
  std::vector<size_t> at;
  for (size_t pos = text.find(needle); pos != std::string_view::npos; pos = text.find(needle, pos + needle.size())) at.push_back(pos);
  return at;
}

std::string marker_error(std::string_view marker, size_t count) {
  return std::string(count == 0 ? "missing " : "more than one ") + std::string(marker) + " marker";
}

std::string errno_text() { return std::strerror(errno); }

}  // namespace

InjectResult inject_between_markers(std::string_view file_text, std::string_view content) {
  InjectResult result;
  const auto begins = find_all(file_text, kBeginMarker);
  const auto ends = find_all(file_text, kEndMarker);
  if (begins.size() != 1) return {std::nullopt, marker_error(kBeginMarker, begins.size())};
  if (ends.size() != 1) return {std::nullopt, marker_error(kEndMarker, ends.size())};
  const size_t inner_begin = begins[0] + kBeginMarker.size();
  const size_t inner_end = ends[0];
  if (inner_end < inner_begin) return {std::nullopt, std::string(kEndMarker) + " comes before " + std::string(kBeginMarker)};

  std::string_view after = file_text.substr(inner_begin);
  bool crlf = false;
  if (after.starts_with("\r\n")) crlf = true;
  else if (after.starts_with("\n")) crlf = false;
  else if (size_t nl = file_text.find('\n'); nl != std::string_view::npos) crlf = nl > 0 && file_text[nl - 1] == '\r';
  const std::string_view eol = crlf ? "\r\n" : "\n";

  std::string body;
  for (char c : content) {
    if (c == '\n') body += eol;
    else if (c != '\r') body += c;
  }
  if (!body.empty() && !body.ends_with(eol)) body += eol;

  std::string out(file_text.substr(0, inner_begin));
  out += eol;
  out += body;
  out += file_text.substr(inner_end);
  result.text = std::move(out);
  return result;
}

bool write_file_atomically(const std::string& path, std::string_view text, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path target = path;
  // Replace what a symlink points to, not the link itself.
  if (fs::is_symlink(target, ec)) {
    fs::path resolved = fs::canonical(target, ec);
    if (ec) {
      error = path + ": " + ec.message();
      return false;
    }
    target = resolved;
  }
  mode_t mode = 0;
  struct stat st {};
  if (::stat(target.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      error = path + ": is a directory";
      return false;
    }
    mode = st.st_mode & 07777;
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  fs::path dir = target.parent_path();
  if (dir.empty()) dir = ".";
  std::string temp = (dir / ("." + target.filename().string() + ".hclschema-XXXXXX")).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    error = path + ": cannot create a temporary file in " + dir.string() + ": " + errno_text();
    return false;
  }
  auto fail = [&](const std::string& what) {
    error = path + ": " + what + ": " + errno_text();
    ::close(fd);
    ::unlink(temp.c_str());
    return false;
  };
  size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail("write failed");
    }
    written += static_cast<size_t>(n);
  }
  if (::fchmod(fd, mode) != 0) return fail("cannot set permissions");
  if (::fsync(fd) != 0) return fail("cannot flush to disk");
  if (::close(fd) != 0) {
    error = path + ": close failed: " + errno_text();
    ::unlink(temp.c_str());
    return false;
  }
  if (::rename(temp.c_str(), target.c_str()) != 0) {
    error = path + ": cannot replace the file: " + errno_text();
    ::unlink(temp.c_str());
    return false;
  }
  return true;
}

bool inject_into_file(const std::string& path, std::string_view content, std::string& error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = path + ": is a directory";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot read the file: " + errno_text();
    return false;
  }
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) {
    error = path + ": read failed";
    return false;
  }
  InjectResult injected = inject_between_markers(text, content);
  if (!injected.text) {
    error = path + ": " + injected.error;
    return false;
  }
  return write_file_atomically(path, *injected.text, error);
}

}  // namespace hclschema::docs
