// Helpers the document builders share (internal to src/docs/): values and types as HCL text, the
// attributes of nested object types, anchors, and description clean-up.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "docs/document.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/syntax.hpp"
#include "hclschema/typeexpr.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema::docs::detail {

/// A value as HCL: `"text"`, `3`, `["a", "b"]`, `{ a = 1 }`; over several lines (two-space
/// indentation) when the one-line form is longer than `width`. A value holding a sensitive mark
/// anywhere is "(sensitive)"; an unknown part is "(known after apply)".
[[nodiscard]] std::string value_text(const Value& value, size_t width = 60);

/// A type as it is written in HCL, with `optional(T)` and `optional(T, DEFAULT)` on object
/// attributes (`defaults` may be null). `hide_defaults` prints optional defaults as `(sensitive)`.
[[nodiscard]] std::string type_text(const Type& type, const TypeDefaults* defaults, bool hide_defaults);
/// The same laid out over lines, one object attribute per line with aligned `=`, when the one-line
/// form is longer than `width`; empty when the one-line form is short enough.
[[nodiscard]] std::string type_block(const Type& type, const TypeDefaults* defaults, bool hide_defaults, size_t width = 60);
/// One line, object types with attributes shortened to `object({...})` (their attributes are
/// listed separately): `list(object({...}))`.
[[nodiscard]] std::string compact_type(const Type& type);

/// Every attribute of the object types inside `type` (through collections and tuples), depth first
/// in name order, with its optionality and default. Anchors are `anchor_prefix` + the path.
[[nodiscard]] std::vector<NestedAttribute> nested_attributes(const Type& type, const TypeDefaults* defaults,
                                                             bool hide_defaults, const std::string& anchor_prefix,
                                                             std::set<std::string>& anchors);

/// An anchor for `prefix` + `path`: ASCII letters, digits, '_' and '-' kept (lower-cased), runs of
/// anything else one '-', no trailing '-'; made unique in `anchors` with "-2", "-3", ...
[[nodiscard]] std::string make_anchor(std::string_view prefix, std::string_view path, std::set<std::string>& anchors);

/// A description for display: leading and trailing blank lines dropped, the indentation common to
/// every non-blank line removed (heredocs keep their indentation), trailing spaces and CRs removed.
[[nodiscard]] std::string clean_description(std::string_view text);

/// A validation rule's error message: its value when it evaluates to a string without variables
/// or functions, else its source text from whichever of `files` holds it ("" when none does).
[[nodiscard]] std::string message_text(const Expression* expr, const std::vector<std::shared_ptr<const File>>& files);

}  // namespace hclschema::docs::detail
