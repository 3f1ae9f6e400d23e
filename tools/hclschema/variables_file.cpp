// Reading a JSON variables file into an evaluation context (see variables_file.hpp).
#include "variables_file.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include "hclschema/functions.hpp"
#include "hclschema/value/json.hpp"

namespace hclschema::cli {

bool load_variables_file(const std::string& path, EvalContext& ctx) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "hclschema: cannot read the variables file \"" << path << "\"\n";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  ValueError error;
  auto vars = value_from_json_implied(text.str(), &error);
  if (!vars || !vars->type().is_object()) {
    std::cerr << "hclschema: the variables file \"" << path << "\" must hold a JSON object" << (vars ? "" : ": " + error.message) << '\n';
    return false;
  }
  for (size_t i = 0; i < vars->keys().size(); ++i) ctx.set_variable(vars->keys()[i], vars->elements()[i]);
  return true;
}

bool validation_options(const std::string& vars_file, EvalContext& ctx, ValidateOptions& options) {
  if (vars_file.empty()) return true;
  if (!load_variables_file(vars_file, ctx)) return false;
  add_standard_functions(ctx);
  options.eval_context = &ctx;
  return true;
}

}  // namespace hclschema::cli
