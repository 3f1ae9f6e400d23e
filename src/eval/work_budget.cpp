// The work budget's out-of-line parts: the thread's lent budget and the diagnostic.
#include "eval/work_budget.hpp"

#include <string>

#include "value/big_number.hpp"

namespace hclschema::eval_detail {

thread_local WorkBudget* WorkBudget::lent_ = nullptr;

void WorkBudget::exhausted(Range where) const { throw WorkBudgetExhausted{std::move(where), limit_}; }

uint64_t number_units(const Number& n) {
  const detail::BigNumber* big = n.big();
  if (!big || !mpfr_regular_p(big->v)) return 0;  // an int64, zero, an infinity
  const mpfr_exp_t e = mpfr_get_exp(big->v);    // binary: about 3.3 per decimal digit
  const uint64_t bits = e < 0 ? static_cast<uint64_t>(-e) : static_cast<uint64_t>(e);
  return bits < 4096 ? 0 : bits * 5;
}

Diagnostic work_budget_diagnostic(const WorkBudgetExhausted& e) {
  return make_error("Evaluation too expensive",
                    "Evaluating this expression takes more than the limit of " + std::to_string(e.limit) +
                        " units of work (loop iterations, and elements that functions take or return). The limit "
                        "protects against expressions whose work multiplies without bound, such as nested 'for' "
                        "expressions over long collections.",
                    e.where);
}

}  // namespace hclschema::eval_detail
