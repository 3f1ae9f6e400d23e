// Private pieces of the vars layer shared by its files: raw assignments as collected from the
// environment, tfvars files and the command line, before they are parsed into values.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hclschema/vars.hpp"

namespace hclschema::detail {

/// One `NAME = value` from one source, not yet parsed: an expression in a tfvars file, or the raw
/// string of an environment variable or a -var option.
struct RawAssignment {
  std::string name;
  ValueSource source;
  const Expression* expr = nullptr;  // file sources; lives in `file`
  std::shared_ptr<const File> file;
  std::string text;                  // env and -var sources
};

struct CollectedSources {
  std::vector<RawAssignment> assignments;  // lowest precedence first
  std::vector<std::shared_ptr<const File>> files;
  Diagnostics diagnostics;
};

/// Every assignment of every source, in precedence order (sources.cpp). The declarations only
/// keep sensitive values out of messages.
[[nodiscard]] CollectedSources collect_sources(const VarsRequest& request, const Declarations& declarations);

/// The value of one assignment (value_parse.cpp): a file's expression evaluated with no variables
/// and no functions; a string taken literally or parsed as an HCL expression, as `mode` says.
struct ParsedAssignment {
  std::optional<Value> value;
  Diagnostics diagnostics;
  std::shared_ptr<const SourceFile> text_source;  // `<value for var.NAME>` when parsed as HCL
};
[[nodiscard]] ParsedAssignment parse_assignment(const RawAssignment& assignment, VariableParsingMode mode);

/// `directory`/`path`, or `path` when it is absolute or the directory is ".".
[[nodiscard]] std::string join_path(const std::string& directory, const std::string& path);

/// Reads a whole file; nullopt and `error` (strerror's text) when it cannot be read.
[[nodiscard]] std::optional<std::string> read_text_file(const std::string& path, std::string* error);

/// Copies of `sources` where every byte of every range in `masked` (by file name) except line
/// ends is '*', so diagnostic snippets never show a sensitive value (snippets.cpp).
[[nodiscard]] std::vector<std::shared_ptr<const SourceFile>> mask_sources(const std::vector<std::shared_ptr<const SourceFile>>& sources,
                                                                          const std::vector<Range>& masked);

}  // namespace hclschema::detail
