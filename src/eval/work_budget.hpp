// The work budget of one evaluate() call: a short expression can ask for hours of CPU with little
// memory (`[for a in range(1024) : [for b in range(1024) : [for c in range(1024) : 1 if false]]]`
// is 10^9 iterations), so the evaluator charges what can multiply — each iteration of a `for`
// expression, each element a splat visits, each function call, each element or 64 string bytes a
// call takes or returns, each 64 bytes a template builds, the operands of a binary operator, each error a
// loop reports — and stops at the expression that overdraws.
//
// The budget is shared with the evaluations nested in one (try() and can() evaluate their
// arguments with evaluate_argument()), so wrapping the inner loops in try() does not give each a
// budget of its own. The reference (hclsyntax) has no limit.
#pragma once

#include <cstdint>
#include <limits>

#include "hclschema/diagnostic.hpp"
#include "hclschema/eval/context.hpp"
#include "hclschema/eval/evaluate.hpp"
#include "hclschema/source.hpp"
#include "hclschema/value/value.hpp"

namespace hclschema::eval_detail {

/// Thrown where the budget runs out: the range of the expression that overdrew it. The
/// outermost evaluate() catches it and reports it as its one diagnostic.
struct WorkBudgetExhausted {
  Range where;
  uint64_t limit;
};

class WorkBudget {
 public:
  /// `limit` 0: no limit.
  explicit WorkBudget(uint64_t limit)
      // 0 - 1 wraps to the largest value: no limit is the most an int64_t holds, as is a limit
      // above it.
      : limit_(limit), left_(limit - 1 < k_unlimited ? static_cast<int64_t>(limit) : static_cast<int64_t>(k_unlimited)) {}

  /// Takes `units` from the budget; when that overdraws it, throws WorkBudgetExhausted with the
  /// range `where()` gives (asked for only then: a range costs a position lookup).
  template <class RangeOf>
  void charge(uint64_t units, RangeOf&& where) {
    // No overflow: a charge is at most an element count or a string's length (times 16 for
    // errors), far below 2^59, and an overdrawn budget is never charged again (it throws).
    left_ -= static_cast<int64_t>(units);
    if (left_ < 0) [[unlikely]]
      exhausted_at(where);
  }

  /// The budget lent by the evaluation calling an expression function (try(), can()) on this
  /// thread, if any (LentBudget).
  static WorkBudget* lent() { return lent_; }

 private:
  friend class LentBudget;
  [[noreturn]] void exhausted(Range where) const;
  // Out of line, so that the Range (and its filename string) is built in a frame of its own, not
  // in the caller's: eval_native's frame grew with each charge site, 0.5% of evaluating the corpus.
  template <class RangeOf>
  [[noreturn, gnu::noinline, gnu::cold]] void exhausted_at(RangeOf& where) const {
    exhausted(where());
  }

  static constexpr uint64_t k_unlimited = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  uint64_t limit_;
  int64_t left_;
  static thread_local WorkBudget* lent_;
};

/// Lends a budget to the evaluate_argument() calls of an expression function for as long as it
/// runs. Only there: a thread-local access in every evaluate() call would cost more than the
/// budget's counting.
class LentBudget {
 public:
  explicit LentBudget(WorkBudget& budget) : saved_(WorkBudget::lent_) { WorkBudget::lent_ = &budget; }
  ~LentBudget() { WorkBudget::lent_ = saved_; }
  LentBudget(const LentBudget&) = delete;
  LentBudget& operator=(const LentBudget&) = delete;

 private:
  WorkBudget* saved_;
};

/// The work limit `ctx` sets (EvalContext::effective_work_limit), its own field read inline.
inline uint64_t work_limit_of(const EvalContext* ctx) {
  if (!ctx) return EvalContext::default_work_limit;
  if (ctx->work_limit) return *ctx->work_limit;
  return ctx->parent() ? ctx->effective_work_limit() : EvalContext::default_work_limit;
}

/// evaluate() for an argument of an expression function (try(), can()): on the budget of the
/// evaluation that calls the function, whose exhaustion it passes on rather than reporting (an
/// exhausted budget is not an error try() may catch). Without a lent budget, evaluate().
/// Defined in evaluate.cpp.
EvalResult evaluate_argument(const Expression& expr, const EvalContext* ctx);

/// What a function call counts for, besides what it is given and returns: a call is some 30 times
/// the work of a loop iteration (its arguments' conversions and vector; regex() compiles its
/// pattern each time, 10 µs), and a loop of a million calls does not stop otherwise.
inline constexpr uint64_t k_call_units = 32;

/// What an error reported in a loop counts for: a diagnostic takes a few hundred bytes, and a
/// loop can report one per iteration (`[for x in range(1024) : x.a]`).
inline constexpr uint64_t k_diagnostic_units = 16;

/// What writing out a number as text costs: nothing for a number of ordinary size; 16 units per
/// decimal digit for one whose exponent is in the thousands or more (1e9999999 as a string is ten
/// million digits, ten megabytes: 160 million units). Such a number is charged where a
/// function takes or returns it, where an operator uses it, and where a template writes it.
uint64_t number_units(const Number& n);

/// What a value counts for when a function takes or returns it: its elements (not theirs: a
/// function that walks deeper returns or builds something as large, which is charged there), a
/// string's bytes in 64s, a number's digits when there are very many (number_units), nothing for
/// bools and unknowns.
[[gnu::always_inline]] inline uint64_t work_units(const Value& v) {
  // An unknown or null value has no data: its string and its elements are empty.
  switch (v.type().kind()) {
    case Type::Kind::dynamic:
    case Type::Kind::boolean: return 0;
    case Type::Kind::number: return number_units(v.as_number());  // an unknown or null one is 0
    case Type::Kind::string: return v.as_string().size() >> 6;
    default: return v.elements().size();
  }
}

/// The diagnostic for an exhausted budget.
Diagnostic work_budget_diagnostic(const WorkBudgetExhausted& e);

}  // namespace hclschema::eval_detail
