// Markdown for editors from schema declarations and Terraform variables. The description is the
// single source of the prose (the spec: "description is the single source for editor hover
// text"); the rest is the declaration's facts: type, default, required, constraints, deprecation.
#pragma once

#include <string>

#include "hclschema/schema.hpp"
#include "hclschema/vars.hpp"

namespace hclschema::lsp {

[[nodiscard]] std::string attribute_markdown(const AttributeDecl& decl);
[[nodiscard]] std::string block_markdown(const BlockDecl& decl);

/// The variable's declaration: type, description, default (never a sensitive one), and, when
/// `explain` is given, the value that wins and every assignment in precedence order (the
/// `vars --explain` story; sensitive values shown as "(sensitive value)").
[[nodiscard]] std::string variable_markdown(const VariableDeclaration& decl, const ExplainResult* explain);

/// A one-line type for completion details: `string`, `list(string)`, or "any".
[[nodiscard]] std::string attribute_type_text(const AttributeDecl& decl);

}  // namespace hclschema::lsp
