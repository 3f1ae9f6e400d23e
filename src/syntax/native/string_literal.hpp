// Decoding the literal text of quoted templates and heredocs (private to the native parser).
//
// Quoted literals may hold backslash escapes (\n \r \t \" \\ \uNNNN \UNNNNNNNN); both kinds may hold
// the template escapes $${ and %%{, which stand for ${ and %{. Diagnostics match hclsyntax's.
#pragma once

#include <memory_resource>
#include <string_view>

#include "hclschema/diagnostic.hpp"
#include "hclschema/source.hpp"

namespace hclschema::native::detail {

/// Decodes the literal token at `span` of `file`. Returns a view of the source when nothing needed
/// decoding, otherwise a copy allocated from `arena`.
[[nodiscard]] std::string_view decode_string_literal(const SourceFile& file, ByteSpan span, bool quoted, std::pmr::memory_resource& arena,
                                                     Diagnostics& diags);

}  // namespace hclschema::native::detail
