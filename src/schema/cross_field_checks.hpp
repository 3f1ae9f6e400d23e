// Cross-field rules of one body (private): conflicts_with, required_with, exactly_one_of,
// at_least_one_of, each group reported once however many members declare it.
#pragma once

#include <map>
#include <string>

#include "hclschema/schema.hpp"

namespace hclschema::detail {

/// `present` maps each attribute that is set (non-null) to its configuration attribute.
void check_cross_field_rules(const BodyDecl& decl, const std::map<std::string, const Attribute*, std::less<>>& present, const LazyRange& missing_item,
                             Diagnostics& diags);

}  // namespace hclschema::detail
