// The work budget's out-of-line parts: the thread's lent budget and the diagnostic.
#include "eval/work_budget.hpp"

#include <string>

namespace hclschema::eval_detail {

thread_local WorkBudget* WorkBudget::lent_ = nullptr;

void WorkBudget::exhausted(Range where) const { throw WorkBudgetExhausted{std::move(where), limit_}; }

Diagnostic work_budget_diagnostic(const WorkBudgetExhausted& e) {
  return make_error("Evaluation too expensive",
                    "Evaluating this expression takes more than the limit of " + std::to_string(e.limit) +
                        " units of work (loop iterations, and elements that functions take or return). The limit "
                        "protects against expressions whose work multiplies without bound, such as nested 'for' "
                        "expressions over long collections.",
                    e.where);
}

}  // namespace hclschema::eval_detail
