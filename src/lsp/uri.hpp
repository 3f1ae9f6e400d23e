// file:// URIs (RFC 8089, as LSP clients write them) to absolute filesystem paths and back.
// Only POSIX paths: no drive letters, no UNC hosts.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hclschema::lsp {

/// The absolute, lexically normalised path of a file:// URI ("file:///a%20b/c.hcl" -> "/a b/c.hcl"),
/// or nullopt when the URI is not a file URI of this machine, is malformed (bad percent escape,
/// an encoded NUL, a relative path) or has a query or fragment.
[[nodiscard]] std::optional<std::string> uri_to_path(std::string_view uri);

/// The file:// URI of an absolute path. Every byte except unreserved characters and '/' is
/// percent-encoded (UTF-8 bytes included), as VS Code and Neovim do.
[[nodiscard]] std::string path_to_uri(std::string_view path);

}  // namespace hclschema::lsp
