// A compact one-line rendering of native syntax trees for parser tests, e.g.
// `Template(Lit"a" Trav[x.y])`. Kinds are abbreviated; literal text and names are shown.
#pragma once

#include <string>

#include "hclschema/native/ast.hpp"

namespace hclschema::testing {

std::string tree_text(const native::Expr& expr);

}  // namespace hclschema::testing
