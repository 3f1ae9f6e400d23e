// File ownership and the parse entry points shared by both syntaxes.
#include "hclschema/parse.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include <fmt/format.h>

#include "hclschema/native/ast.hpp"
#include "util/arena.hpp"

namespace hclschema {

File::File(std::shared_ptr<const SourceFile> source, Syntax syntax)
    : source_(std::move(source)), syntax_(syntax) {
  auto arena = std::make_unique<detail::Arena>();
  arena->set_owner(source_.get());  // what native nodes' file() gives (see Arena::owner_of)
  arena_ = std::move(arena);
}

// Trees hold no resources of their own: releasing the arena releases every node at once.
File::~File() = default;

const native::NativeBody* File::native_body() const {
  return syntax_ == Syntax::native ? static_cast<const native::NativeBody*>(body_) : nullptr;
}

Syntax syntax_for_filename(std::string_view filename) {
  return filename.ends_with(".json") ? Syntax::json : Syntax::native;
}

ParseResult parse_source(std::shared_ptr<const SourceFile> source, const ParseOptions& options) {
  if (syntax_for_filename(source->filename()) == Syntax::json) return parse_json(std::move(source), options);
  return parse_native(std::move(source), options);
}

namespace {

ParseResult io_failure(std::string summary, std::string detail) {
  ParseResult result;
  result.diagnostics.push_back(Diagnostic{Severity::error, std::move(summary), std::move(detail), std::nullopt, std::nullopt, "io"});
  return result;
}

}  // namespace

ParseResult parse_path(const std::string& path, const ParseOptions& options) {
  std::error_code dir_ec;
  if (std::filesystem::is_directory(path, dir_ec))
    return io_failure("Failed to read file", fmt::format("\"{}\" is a directory, not a file.", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::error_code ec(errno, std::generic_category());
    return io_failure("Failed to read file", fmt::format("The file \"{}\" could not be read: {}.", path, ec.message()));
  }
  in.seekg(0, std::ios::end);
  std::streamoff size = in.tellg();
  in.seekg(0, std::ios::beg);
  if (size < 0) return io_failure("Failed to read file", fmt::format("The file \"{}\" could not be read.", path));
  if (static_cast<std::size_t>(size) > options.max_file_size || static_cast<std::uint64_t>(size) >= UINT32_MAX) {
    return io_failure("File too large",
                      fmt::format("The file \"{}\" is {} bytes, more than the limit of {} bytes.", path, size, options.max_file_size));
  }
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), size);
  if (!in) return io_failure("Failed to read file", fmt::format("The file \"{}\" could not be read completely.", path));
  return parse_source(SourceFile::from_string(path, std::move(text)), options);
}

}  // namespace hclschema
