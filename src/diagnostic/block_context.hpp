// HCL's ", in BLOCK" diagnostic context (private): the header of the top-level block that contains a
// byte of a native-syntax file, e.g. `resource "aws_instance" "web"`, as hclsyntax's navigation does.
// It lives beside the text writer, like HCL's ContextString hook, and is used by the CLI.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "hclschema/diagnostic_writer.hpp"
#include "hclschema/parse.hpp"
#include "util/go_format.hpp"  // go_quote: HCL prints block labels as Go's %q does

namespace hclschema::detail {

/// The header of the top-level block of `file` that contains `byte` (type, then each label quoted as
/// Go's %q does), or "" when the byte is outside every block or the file is not native syntax.
[[nodiscard]] std::string block_context_string(const File& file, uint32_t byte);

/// Parsed files by name.
using ParsedFiles = std::map<std::string, std::shared_ptr<const File>, std::less<>>;

/// A TextWriterOptions::context callback answering from `files` (which must outlive it).
[[nodiscard]] ContextStringFn block_context_for(const ParsedFiles& files);

}  // namespace hclschema::detail
