// Several input files decoded as one body (hcl.MergeBodies), for `hcldec SPEC a.hcl b.hcl`.
#pragma once

#include <memory>
#include <vector>

#include "hclschema/syntax.hpp"

namespace hclschema::hcldec {

/// A body whose content is the content of all `bodies`; an argument set in two of them is an error.
[[nodiscard]] std::shared_ptr<const Body> merge_bodies(std::vector<const Body*> bodies);

}  // namespace hclschema::hcldec
