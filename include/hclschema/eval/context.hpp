// The scope an expression is evaluated in: variables and functions, with a parent chain (as
// hcl.EvalContext), and a `partial` flag: in partial evaluation a variable or a function the
// context does not define makes an unknown value instead of an error, so callers (the schema
// validator) can leave what they cannot evaluate unchecked.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "hclschema/eval/function.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema {

class EvalContext {
 public:
  EvalContext() = default;
  /// A child scope; `parent` must outlive it.
  explicit EvalContext(const EvalContext* parent) : parent_(parent) {}

  /// nullopt = "no variables table" (hcl's nil Variables map), distinct from an empty table.
  std::optional<std::map<std::string, Value, std::less<>>> variables;
  std::optional<std::map<std::string, Function, std::less<>>> functions;
  bool partial = false;

  void set_variable(std::string name, Value v) {
    if (!variables) variables.emplace();
    (*variables)[std::move(name)] = std::move(v);
  }
  void set_function(std::string name, Function f) {
    if (!functions) functions.emplace();
    (*functions)[std::move(name)] = std::move(f);
  }

  [[nodiscard]] const EvalContext* parent() const { return parent_; }
  /// True if this context or an ancestor is partial.
  [[nodiscard]] bool is_partial() const;

 private:
  const EvalContext* parent_ = nullptr;
};

}  // namespace hclschema
