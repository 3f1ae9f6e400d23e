// `--vars FILE.json` (eval) and `--vars-file FILE.json` (validate, decode): a JSON object whose
// keys become variables of an evaluation context, e.g. {"var": {"port": 8080}}.
#pragma once

#include <string>

#include "hclschema/eval/context.hpp"
#include "hclschema/schema.hpp"

namespace hclschema::cli {

/// Adds the variables of the JSON object in `path` to `ctx`. Returns false, after saying why on
/// stderr, when the file cannot be read or does not hold a JSON object.
bool load_variables_file(const std::string& path, EvalContext& ctx);

/// The validation options of `validate` and `decode`: without --vars-file none (references are left
/// unchecked); with it, `ctx` gets the file's variables and the standard functions and becomes the
/// options' context. Returns false, after saying why, when the file cannot be used.
bool validation_options(const std::string& vars_file, EvalContext& ctx, ValidateOptions& options);

}  // namespace hclschema::cli
