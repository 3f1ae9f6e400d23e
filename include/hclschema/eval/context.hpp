// The scope an expression is evaluated in: variables and functions, with a parent chain (as
// hcl.EvalContext), and a `partial` flag: in partial evaluation a variable or a function the
// context does not define makes an unknown value instead of an error, so callers (the schema
// validator) can leave what they cannot evaluate unchecked. It also sets how much work one
// evaluate() may do (`work_limit`).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "hclschema/eval/function.hpp"
#include "hclschema/eval/name_table.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema {

class EvalContext {
 public:
  EvalContext() = default;
  /// A child scope; `parent` must outlive it.
  explicit EvalContext(const EvalContext* parent) : parent_(parent) {}

  /// nullopt = "no variables table" (hcl's nil Variables map), distinct from an empty table. A
  /// NameTable is a std::map from name to value that keeps a lookup index (name_table.hpp).
  std::optional<NameTable<Value>> variables;
  std::optional<NameTable<Function>> functions;
  bool partial = false;

  /// The work one evaluate() call may do before it stops with an "Evaluation too expensive"
  /// error: units of about one iteration of a `for` expression (an element a splat visits or a
  /// function takes or returns; 64 bytes of a string). nullopt: the parent's limit, or
  /// default_work_limit at the root; 0: no limit. The reference has none.
  std::optional<uint64_t> work_limit;
  /// Reached in 0.3 to 3.3 seconds by the runaway expressions measured on a 2-vCPU machine (loops
  /// of for expressions, splats, calls), and thousands of times what real configurations need
  /// (docs/architecture.md, "Evaluation work budget").
  static constexpr uint64_t default_work_limit = 20'000'000;

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
  /// The work limit in force: this context's, else the nearest ancestor's, else the default.
  [[nodiscard]] uint64_t effective_work_limit() const;

 private:
  const EvalContext* parent_ = nullptr;
};

}  // namespace hclschema
