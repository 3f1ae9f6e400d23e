// Evaluation of native and JSON expressions with hclsyntax's semantics (expression*.go,
// traversal.go): one function per node kind, diagnostics word for word as the reference.
#include "hclschema/eval/evaluate.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstddef>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <typeinfo>

#include "eval/argument_vectors.hpp"
#include "eval/function_call.hpp"
#include "eval/json_object_entries.hpp"
#include "eval/json_plain_string.hpp"
#include "eval/literal_numbers.hpp"
#include "eval/literal_strings.hpp"
#include "eval/name_index.hpp"
#include "eval/operations.hpp"
#include "eval/remembered_suggestions.hpp"
#include "eval/sensitive_redaction.hpp"
#include "eval/small_vector.hpp"
#include "eval/table_key.hpp"
#include "eval/template_buffers.hpp"
#include "eval/work_budget.hpp"
#include "hclschema/json/ast.hpp"
#include "hclschema/native/ast.hpp"
#include "hclschema/value/convert.hpp"
#include "syntax/native/parser.hpp"
#include "util/did_you_mean.hpp"
#include "util/go_format.hpp"
#include "value/object_of_names.hpp"
#include "value/same_text.hpp"
#include "value/tuple_of_values.hpp"

namespace hclschema {

namespace {

using namespace native;

std::string quote(std::string_view s) { return hclschema::detail::go_quote(s); }

// "There is no <noun> named "name"." and, when `suggester` found one, " Did you mean "other"?":
// the detail of the errors for unknown names, which the corpus has by the thousand. Names nearly
// always quote as they are: then the text is laid out in a string of its exact size, piece by
// piece (appending each piece was 400 instructions a message, 2% of evaluating the corpus).
// (Inlined into its two callers, so that the noun is a constant there and copying it is a few
// moves rather than a call of memcpy.)
[[gnu::always_inline]] inline std::string unknown_name_detail(std::string_view noun, std::string_view name,
                                                              const hclschema::detail::TableSuggester& suggester) {
  constexpr std::string_view there_is = "There is no ", named = " named \"", end = "\".", did_you_mean = " Did you mean \"",
                             end_question = "\"?";
  const std::string_view other = suggester.suggestion();
  const bool found = suggester.found();
  // (Whether they quote as they are is usually remembered with the suggestion.)
  if (suggester.given_quotes_as_is() && (!found || suggester.suggestion_quotes_as_is())) {
    std::string out(there_is.size() + noun.size() + named.size() + name.size() + end.size() +
                        (found ? did_you_mean.size() + other.size() + end_question.size() : 0),
                    '\0');
    char* at = out.data();
    auto put = [&at](std::string_view piece) {
      std::memcpy(at, piece.data(), piece.size());
      at += piece.size();
    };
    put(there_is);
    put(noun);
    put(named);
    put(name);
    put(end);
    if (found) {
      put(did_you_mean);
      put(other);
      put(end_question);
    }
    return out;
  }
  std::string out;
  out += there_is;
  out += noun;
  out += " named ";
  hclschema::detail::append_go_quoted(out, name);
  out += '.';
  if (found) {
    out += " Did you mean ";
    hclschema::detail::append_go_quoted(out, other);
    out += '?';
  }
  return out;
}

// The parts of an error diagnostic, which emplace_back turns into the element itself: the
// conversion's result initializes the vector's slot directly (the copy is elided), where
// emplacing an empty Diagnostic and assigning the parts built each member twice. (Diagnostic is
// an aggregate without constructors, so nothing but a Diagnostic can be emplaced otherwise.)
// The result is a default Diagnostic given its parts, not an aggregate initialization: for that
// GCC first zeroes the whole slot (208 bytes, `rep stos`, a quarter of this function's
// instructions) and then writes every member; a default one, named and returned in place, is
// built member by member, and assigning into its members, known empty, is as cheap as
// constructing them. Each part is what its member is constructed from: the summary a
// std::string or a string literal (built in place, without a string to move and destroy: 53 K
// instructions over the corpus), the detail a std::string, the subject a Range or a BuiltBy.
template <class Summary, class Detail, class Subject>
struct ErrorParts {
  Summary& summary;
  Detail& detail;
  Subject& subject;
  std::optional<Range>& context;
  // NOLINTNEXTLINE(google-explicit-constructor): emplace_back builds the element from it
  operator Diagnostic() && {
    Diagnostic out;
    out.severity = Severity::error;
    // The members given their parts by construction in place of the default ones, ended first
    // (which the compiler sees to be nothing): assigned or emplaced, each tested what it replaced
    // (still empty, but the parts might have been stored over it for all the compiler knew),
    // 20 instructions an error.
    std::destroy_at(&out.summary);
    std::destroy_at(&out.detail);
    std::destroy_at(&out.subject);
    std::destroy_at(&out.context);
    std::construct_at(&out.summary, static_cast<Summary&&>(summary));
    std::construct_at(&out.detail, static_cast<Detail&&>(detail));
    std::construct_at(&out.subject, std::in_place, static_cast<Subject&&>(subject));
    if (context) {
      std::construct_at(&out.context, std::in_place, std::move(*context));
    } else {
      std::construct_at(&out.context);
    }
    return out;
  }
};

// make_error(...) pushed onto `d`, but built in its place in the vector: pushing the Diagnostic
// make_error returns moves it there member by member, which cost as much as building it on the
// error paths that run by the thousand (unknown variables and functions). An empty vector is
// given room for the one diagnostic first: reserve() allocates without the general growth path
// of emplace_back (whose moves of old elements, none here, still cost their set-up). Room for
// two would spare the rarer second growth but costs more in the end: the larger first block
// lands elsewhere in the heap, and the value layer's caches of recent object types hit less.
// The parts are taken by reference, as ErrorParts holds them (taken by value, each was moved
// into a parameter and destroyed after: 45 K instructions over the corpus); a BuiltBy part is
// made straight into the diagnostic.
template <class Summary, class Detail, class Subject>
void push_error(Diagnostics& d, Summary&& summary, Detail&& detail, Subject&& subject, std::optional<Range>&& context = std::nullopt) {
  if (d.capacity() == 0) d.reserve(1);
  d.emplace_back(ErrorParts<std::remove_reference_t<Summary>, std::remove_reference_t<Detail>, std::remove_reference_t<Subject>>{
      summary, detail, subject, context});
}

// A diagnostic's part as `make` returns it, for push_error: the conversion's result (a prvalue)
// initializes the member in place, where a part made first was moved into the diagnostic and
// destroyed after (an unknown variable's subject range: 12 instructions an error; its detail
// made so cost 130 K more over the corpus than moved, the text's builder inlined there).
template <class F>
struct BuiltBy {
  F make;
  // NOLINTNEXTLINE(google-explicit-constructor): the member is initialized from it
  operator std::invoke_result_t<F&>() { return make(); }
};
template <class F>
BuiltBy(F) -> BuiltBy<F>;

// Why two conditional result types do not unify, as hclsyntax explains it: the first differing
// object attribute or tuple element, recursively, else the two friendly names.
std::string describe_mismatch(const Type& t, const Type& f) {
  if (t.is_object() && f.is_object()) {
    for (const auto& a : t.attributes()) {
      const Type* fa = f.attribute_type(a.name);
      if (!fa) return "The 'true' value includes object attribute " + quote(a.name) + ", which is absent in the 'false' value";
      if (a.type != *fa) return "Type mismatch for object attribute " + quote(a.name) + ": " + describe_mismatch(a.type, *fa);
    }
    for (const auto& a : f.attributes())
      if (!t.attribute_type(a.name)) return "The 'false' value includes object attribute " + quote(a.name) + ", which is absent in the 'true' value";
  } else if (t.is_tuple() && f.is_tuple()) {
    const auto& te = t.tuple_elements();
    const auto& fe = f.tuple_elements();
    if (te.size() != fe.size())
      return "The 'true' tuple has length " + std::to_string(te.size()) + ", but the 'false' tuple has length " + std::to_string(fe.size());
    for (size_t i = 0; i < te.size(); ++i)
      if (te[i] != fe[i]) return "Type mismatch for tuple element " + std::to_string(i) + ": " + describe_mismatch(te[i], fe[i]);
  } else if (t.is_collection() && f.is_collection() && t.kind() == f.kind()) {
    const Type& te = t.element_type();
    const Type& fe = f.element_type();
    if ((te.is_object() && fe.is_object()) || (te.is_tuple() && fe.is_tuple())) {
      std::string noun = t.is_list() ? "list" : t.is_set() ? "set" : "map";
      return "Mismatched " + noun + " element types: " + describe_mismatch(te, fe);
    }
  }
  std::string tn = t.friendly_name(), fn = f.friendly_name();
  if (tn == fn) return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value";
  return "The 'true' value is " + tn + ", but the 'false' value is " + fn;
}

Range between(Range a, Range b) { return Range{a.filename, a.start, b.end}; }

// An operator's operand as convert(v, want) makes it, `want` being an operand_type (bool, number,
// or dynamic for == and !=): where that conversion is the identity (anything to dynamic, a value
// of the wanted primitive type: convert answers the value itself, marks and all) the value as it
// is, without convert's call, its copy and its result's destruction (two per operation). The
// other conversions, few, are made and destroyed out of line.
class Operand {
 public:
  Operand(const Value& v, const Type& want) {
    if (want.is_dynamic() || (want.is_primitive() && v.type().kind() == want.kind())) {
      value_ = &v;
      return;
    }
    convert_here(v, want);
  }
  ~Operand() {
    if (converted_) drop_conversion();
  }
  Operand(const Operand&) = delete;
  Operand& operator=(const Operand&) = delete;
  /// The converted value, or null when the value does not convert.
  [[nodiscard]] const Value* value() const { return value_; }
  /// Why it does not (only then).
  [[nodiscard]] const std::string& error_message() const { return converted_->error.message; }

 private:
  [[gnu::noinline]] void convert_here(const Value& v, const Type& want) {
    converted_ = new (storage_) ConvertResult(convert(v, want));
    if (converted_->value) value_ = &*converted_->value;
  }
  [[gnu::noinline]] void drop_conversion() { std::destroy_at(converted_); }

  const Value* value_ = nullptr;
  ConvertResult* converted_ = nullptr;  // in storage_, when made
  alignas(ConvertResult) unsigned char storage_[sizeof(ConvertResult)];
};

// Whether an error was reported from position `from` on: what one expression and its parts
// reported, as hclsyntax's per-expression diagnostics. Errors reported before it (a sibling's,
// in a list of arguments, say) must not change how the expression evaluates.
bool has_errors_since(const Diagnostics& d, size_t from) {
  for (size_t i = from; i < d.size(); ++i)
    if (d[i].severity == Severity::error) return true;
  return false;
}


class Evaluator {
 public:
  Evaluator(const EvalContext* ctx, eval_detail::WorkBudget& budget) : ctx_(ctx), budget_(budget) {}
  // Inlined into evaluate() and evaluate_argument(): as a call of its own, this dispatch cost 1.4%
  // of evaluating the corpus, where evaluate() runs for every attribute.
  [[gnu::always_inline]] inline Value eval(const Expression& e, Diagnostics& d);

 private:
  // A scope of names bound by for expressions and splat symbols, above the EvalContext.
  struct Scope {
    const Scope* parent;
    std::string_view key_name, val_name;
    Value key, val;
  };
  [[gnu::always_inline]] inline Value eval_native(const Expr& e, Diagnostics& d);
  Value eval_node(const Expr& e, Diagnostics& d);
  [[gnu::noinline]] Value eval_node_rest(const Expr& e, Diagnostics& d);
  Value eval_json(const json::Value& e, Diagnostics& d);
  Value json_string(std::string_view text, ByteSpan span, const SourceFile& file, Diagnostics& d);
  [[gnu::always_inline]] inline const Value* find_root(std::string_view name) const;
  [[gnu::noinline]] const Value* find_root_in_scope(std::string_view name) const;
  [[gnu::always_inline]] inline const Value* find_root_in_context(std::string_view name) const;
  [[gnu::noinline]] Value scope_traversal(const ScopeTraversalExpr& e, Diagnostics& d);
  [[gnu::noinline]] const Value* plain_root_value(const ScopeTraversalExpr& e);
  [[gnu::noinline]] Value unbound_plain_root(std::string_view name);
  [[gnu::noinline]] Value scope_traversal_slowly(const ScopeTraversalExpr& e, Diagnostics& d);
  [[gnu::noinline]] Value scope_traversal_rest(const ScopeTraversalExpr& e, const Value* found, Diagnostics& d);
  // (Out of line: inlined into scope_traversal, their frames and saved registers were set up
  // for every root, where most roots need neither.)
  [[gnu::noinline]] void report_unbound_root(std::string_view name, ByteSpan span, const SourceFile& file, Diagnostics& d);
  [[gnu::noinline]] Value traverse(Value v, const TraversalSteps& steps, const SourceFile& file, Diagnostics& d);
  Value template_(const TemplateExpr& e, Diagnostics& d);
  Value call(const FunctionCallExpr& e, Diagnostics& d);
  [[gnu::noinline]] Value unknown_function(const FunctionCallExpr& e, bool has_table, Diagnostics& d);
  [[gnu::noinline, gnu::cold]] Value call_general(const Function& f, const FunctionCallExpr& e, Diagnostics& d);
  // The arguments evaluated (and, when k_expanded, an expanded one's elements moved in) into the
  // thread's argument vector, converted to their parameters' types, and the function called.
  // (`n_params`: f's parameter count, which the caller read, a division by the parameter's size.)
  template <bool k_expanded>
  [[gnu::always_inline]] inline Value call_with_arguments(const Function& f, size_t n_params, const FunctionCallExpr& e,
                                                          RelSpan<const Expr> written, size_t n_written, const Expr* expanding,
                                                          std::vector<Value>* expanded, Diagnostics& d);
  [[gnu::noinline, gnu::cold]] Value wrong_argument_count(const Function& f, const FunctionCallExpr& e, size_t n_args, size_t n_written,
                                                          const Expr* expanding, Diagnostics& d);
  // call()'s last step: the function run on its arguments, its result charged, or its failure
  // reported. (An unknown of dynamic type then.)
  [[gnu::always_inline]] inline Value call_result(const Function& f, const std::vector<Value>& vals, const eval_detail::ArgumentChecks& checks,
                                                  const FunctionCallExpr& e, size_t n_written, const Expr* expanding, Diagnostics& d);
  [[gnu::noinline, gnu::cold]] void report_call_failure(const Function& f, const std::vector<Value>& vals, const FunctionCallExpr& e,
                                                        size_t n_written, const Expr* expanding, FunctionError error, Diagnostics& d);
  Value conditional(const ConditionalExpr& e, Diagnostics& d);
  [[gnu::noinline]] Value binary_op(const BinaryOpExpr& b, Diagnostics& d);
  [[gnu::noinline]] Value unary_op(const UnaryOpExpr& u, Diagnostics& d);
  Value for_(const ForExpr& e, Diagnostics& d);
  Value splat(const SplatExpr& e, Diagnostics& d);
  Value object(const ObjectConsExpr& e, Diagnostics& d);
  [[gnu::noinline]] Value object_with_computed_keys(const ObjectConsExpr& e, Diagnostics& d);
  Value tuple(const TupleConsExpr& e, Diagnostics& d);

  const EvalContext* ctx_;
  eval_detail::WorkBudget& budget_;  // what may still be done (work_budget.hpp)
  // The last root name find_root() found in the context's tables, and its value there.
  mutable std::string_view last_root_name_;
  mutable const Value* last_root_ = nullptr;
  const Scope* scope_ = nullptr;
  // The built index of the innermost context's variables, once plain_root_value has found one
  // (null before): one load for what was four tests of the context for every traversal.
  const hclschema::detail::NameIndex* root_index_ = nullptr;
  // scope_traversal's node and diagnostics, while it asks plain_root_value. (Not initialized:
  // written before every read, and an evaluator is made for every evaluate() call.)
  const ScopeTraversalExpr* pending_traversal_;
  Diagnostics* pending_diagnostics_;
  // Above 0 while a `for` expression's value runs over a sensitive collection. As hclsyntax, it
  // sees the elements without the collection's marks (the result carries them), so what it
  // derives from them is not marked, and messages would quote them: while this is above 0, every
  // function argument counts as sensitive for the message, and a duplicate key in a nested `for`
  // is not shown.
  int over_sensitive_elements_ = 0;
  // The current item of each splat being evaluated, innermost last. A vector rather than a hash
  // map: splats nest a few levels at most (the map's construction and destruction were 0.6% of
  // evaluating the corpus, which has few splats); in an optional, made by the first splat, as
  // most evaluations have none: a flag to set and test instead of three words and a loop over
  // the elements for every evaluate() call.
  std::optional<std::vector<std::pair<const AnonSymbolExpr*, Value>>> splat_items_;
  void set_splat_item(const AnonSymbolExpr* item, Value v) {
    if (!splat_items_) splat_items_.emplace();
    for (auto& [k, old] : *splat_items_)
      if (k == item) {
        old = std::move(v);
        return;
      }
    splat_items_->emplace_back(item, std::move(v));
  }
  void erase_splat_item(const AnonSymbolExpr* item) {
    if (!splat_items_) return;
    auto& items = *splat_items_;
    for (size_t i = 0; i < items.size(); ++i)
      if (items[i].first == item) {
        items.erase(items.begin() + static_cast<std::ptrdiff_t>(i));
        return;
      }
  }
  const Value* splat_item(const AnonSymbolExpr* item) const {
    if (!splat_items_) return nullptr;
    for (const auto& [k, v] : *splat_items_)
      if (k == item) return &v;
    return nullptr;
  }
};

inline Value Evaluator::eval(const Expression& e, Diagnostics& d) {
  switch (e.syntax()) {
    case ExpressionSyntax::native: return eval_native(static_cast<const Expr&>(e), d);
    case ExpressionSyntax::json: return eval_json(static_cast<const json::Value&>(e), d);
    case ExpressionSyntax::other: break;
  }
  return Value::unknown(Type::dynamic());
}

// A table too small for an index, searched as the map (table_key.hpp: an inline comparison).
// Out of line: inlined, its tree descent took registers that the indexed search, nearly every
// lookup, then saved and restored on every call.
[[gnu::noinline]] const Value* find_in_small_table(const NameTable<Value>& table, std::string_view name) {
  auto it = table.find(eval_detail::TableKey{name});
  return it == table.end() ? nullptr : &it->second;
}

// The value of a root name in the tables of context `from` and its parents, building an index
// not built yet; null when none binds it.
[[gnu::noinline]] const Value* find_root_slowly(const EvalContext* from, std::string_view name) {
  for (const EvalContext* c = from; c; c = c->parent()) {
    if (!c->variables) continue;
    const NameTable<Value>& table = *c->variables;
    const hclschema::detail::NameIndex* index = table.name_index();
    if (const Value* found = index ? static_cast<const Value*>(index->find(name)) : find_in_small_table(table, name)) return found;
  }
  return nullptr;
}

// find_root_slowly(ctx, name), when the variables of `ctx` have their index built (a context used
// before: nearly every lookup) as straight code without a loop or a call (but tail calls), so
// that it saves and restores few registers, which were a third of the search as one loop with
// the calls; a free function, the caller recording what it finds, for one register less.
[[gnu::noinline]] const Value* find_root_in_tables(const EvalContext* ctx, std::string_view name) {
  if (ctx && ctx->variables) {
    if (const hclschema::detail::NameIndex* index = ctx->variables->built_name_index()) {
      if (const void* found = index->find(name)) return static_cast<const Value*>(found);
      return find_root_slowly(ctx->parent(), name);
    }
  }
  return find_root_slowly(ctx, name);
}

// The value a root name is bound to: the for-expression and splat names in scope first, then the
// context's tables, innermost first; null when none binds it. Only the usual case is inline (no
// for expression around, the name not the one found last): the searches are out of line, as one
// function with them the registers their loops need were saved and restored for every root.
inline const Value* Evaluator::find_root(std::string_view name) const {
  if (scope_) [[unlikely]]
    return find_root_in_scope(name);
  return find_root_in_context(name);
}

// The context's part of find_root (no for-expression or splat name binds `name`).
inline const Value* Evaluator::find_root_in_context(std::string_view name) const {
  // The name found last in the tables, again: expressions often name the same root more than
  // once (`var.a != null ? var.a : var.b`), and the tables do not change while one evaluates.
  if (last_root_ && hclschema::detail::same_text(name, last_root_name_)) return last_root_;
  const Value* found = find_root_in_tables(ctx_, name);
  if (found) {
    last_root_name_ = name;
    last_root_ = found;
  }
  return found;
}

// find_root inside a for expression or splat, whose names come first.
const Value* Evaluator::find_root_in_scope(std::string_view name) const {
  for (const Scope* s = scope_; s; s = s->parent) {
    if (!s->val_name.empty() && s->val_name == name) return &s->val;
    if (!s->key_name.empty() && s->key_name == name) return &s->key;
  }
  return find_root_in_context(name);
}

// "Unknown variable", shared by every such error rather than copied into each (a string of 16
// characters, one over std::string's inline capacity: an allocation per error). Never destroyed,
// as diagnostics may outlive the statics.
const std::string& unknown_variable_summary() {
  static const std::string* const text = new std::string("Unknown variable");
  return *text;
}

// "Call to unknown function", shared as unknown_variable_summary is (24 characters; the generated
// corpus has it about as often as "Unknown variable").
const std::string& unknown_function_summary() {
  static const std::string* const text = new std::string("Call to unknown function");
  return *text;
}

// "Unknown variable" for the root `name` (whose step spans `span`), with the suggestion
// `suggester` found among the names offered to it. (Out of line, for its two callers: inlined
// in both, GCC, near its budget for this file, left push_error's or emplace_back's work out of
// line instead, a call and a frame more per error.)
[[gnu::noinline]] void push_unknown_variable(std::string_view name, const hclschema::detail::TableSuggester& suggester,
                                             ByteSpan span, const SourceFile& file, Diagnostics& d) {
  push_error(d, BuiltBy{[] { return DiagnosticSummary::constant(unknown_variable_summary()); }},
             unknown_name_detail("variable", name, suggester), BuiltBy{[&] { return file.range(span); }});
}

// The error for a root name that find_root did not find outside partial evaluation ("Variables not
// allowed" without any table or scope, "Unknown variable" with a suggestion); the traversal is
// then an unknown of dynamic type, which the caller answers.
// `name` is the root's name, `span` the root step's.
void Evaluator::report_unbound_root(std::string_view name, ByteSpan span, const SourceFile& file, Diagnostics& d) {
  // (Partial evaluation, where an unbound root is unknown without an error, is its caller's
  // test: it answers before asking here.)
  bool has_table = false;
  for (const EvalContext* c = ctx_; c && !has_table; c = c->parent()) has_table = c->variables.has_value();
  if (!has_table && !scope_) {
    d.push_back(make_error("Variables not allowed", "Variables may not be used here.", file.range(span)));
    return;
  }
  // The candidates in hclsyntax's order (every table of the chain, then the for-expression names),
  // offered in place rather than copied into a vector: this runs for every unknown name. (An
  // indexed table's answer for the name is usually remembered: remembered_suggestions.hpp.)
  hclschema::detail::TableSuggester suggester(name);
  for (const EvalContext* c = ctx_; c; c = c->parent())
    if (c->variables && suggester.offer_table(*c->variables)) break;
  for (const Scope* s = scope_; s && !suggester.found(); s = s->parent) {
    if (!s->val_name.empty() && suggester.offer(s->val_name)) break;
    if (!s->key_name.empty() && suggester.offer(s->key_name)) break;
  }
  push_unknown_variable(name, suggester, span, file, d);
}

// Whether an index step's key is a folded null, the one literal key that is an error even on an
// unknown of dynamic type.
bool null_index_key(const ArenaTraversalStep& s) {
  return s.kind() == TraversalStep::Kind::index && s.key_literal() == IndexKeyLiteral::null;
}

// Whether any step is such a null key. hcl's traversal goes on past an unknown of dynamic type,
// so a null key anywhere after one is still its error (`u.a[null]`). Steps read from the source
// are attribute steps: only stored ones are looked at.
[[gnu::noinline]] bool stored_null_index_key(const TraversalSteps& steps) {
  for (const ArenaTraversalStep s : steps)
    if (null_index_key(s)) return true;
  return false;
}
inline bool has_null_index_key(const TraversalSteps& steps) { return !steps.in_source() && stored_null_index_key(steps); }

// Whether a traversal `steps`, at a step of kind `next` on `v`, passes over an unknown of dynamic
// type (the usual root: `var`, `local`, a resource): get_attr and index_value answer an unknown of
// dynamic type without a diagnostic for any name or literal key but null, and so does every later
// step from there on, none of which may be a null key. (A null key before this step was an error
// already: looking at all of them is looking ahead.)
inline bool passes_over_dynamic_unknown(TraversalStep::Kind next, const Value& v, const TraversalSteps& steps) {
  return (next == TraversalStep::Kind::attr || next == TraversalStep::Kind::index) && v.type().is_dynamic() && !v.is_null() &&
         !has_null_index_key(steps);
}

Value Evaluator::traverse(Value v, const TraversalSteps& steps, const SourceFile& file, Diagnostics& d) {
  for (const ArenaTraversalStep s : steps) {
    if (passes_over_dynamic_unknown(s.kind(), v, steps)) {
      // `v` is that very value (a non-null value of dynamic type is an unknown), with the marks
      // every step keeps (today's hcl.GetAttr and hcl.Index: `DynamicVal.WithSameMarks`), so it
      // is handed back rather than a new one built.
      return v;
    }
    eval_detail::OpResult r;
    if (s.kind() == TraversalStep::Kind::attr) {
      r = eval_detail::get_attr(v, s.name());
    } else if (s.kind() == TraversalStep::Kind::index) {
      r = eval_detail::index_value(v, eval_detail::index_step_key(s));
    } else {
      continue;
    }
    if (r.summary) {
      d.push_back(make_error(*r.summary, r.detail, file.range(s.span)));
      return Value::unknown(Type::dynamic());
    }
    v = std::move(r.value);
  }
  return v;
}

// A template with interpolations or directives (eval_native answers a quoted string of one literal
// part before calling here).
Value Evaluator::template_(const TemplateExpr& e, Diagnostics& d) {
  // The thread's reused buffer (template_buffers.hpp), grown to the template's source length, a
  // good first guess at the text's, when it is smaller: that spares it successive regrowths (each
  // a malloc, a copy and a free) while the parts are appended. Taken with the first text laid
  // out: a template whose first part is unknown never needs one.
  std::optional<eval_detail::TemplateBuffer> buf;
  bool known = true;
  // Once a part is unknown the text is dropped (the result is an unknown string), so later text
  // is only counted, not copied (most templates interpolate an unknown, `"${var.name}-bucket"`):
  // the budget is charged for the whole text all the same.
  size_t dropped = 0;
  auto add_text = [&](std::string_view text) {
    if (!known) {
      dropped += text.size();
      return;
    }
    if (!buf) {
      buf.emplace();
      buf->reserve(e.span.end - e.span.begin);
    }
    buf->append(text);
  };
  Marks marks;
  for (const Expr* part : e.parts()) {
    // A literal part is appended as written, without a Value for it (an allocation and an NFC
    // pass): the whole text is normalised once at the end, and NFC(NFC(a) + b) == NFC(a + b), as
    // both sides are canonically equivalent to a + b.
    if (part->kind == NodeKind::literal_value) {
      const auto& l = static_cast<const LiteralValueExpr&>(*part);
      if (l.value_kind() == LiteralValueExpr::ValueKind::string) {
        add_text(l.text());
        continue;
      }
    }
    Value v = eval_native(*part, d);
    if (v.is_null()) {
      d.push_back(make_error("Invalid template interpolation value",
                        "The expression result is null. Cannot include a null value in a string template.", part->range(), e.range()));
      continue;
    }
    if (v.is_marked()) marks = union_marks(marks, v.marks());
    if (!v.is_known()) {
      known = false;
      continue;
    }
    // A known string needs no conversion (convert would return a copy of it).
    if (v.type().kind() == Type::Kind::string) {
      add_text(v.as_string());
      continue;
    }
    budget_.charge(eval_detail::work_units(v), [&] { return part->range(); });  // a number of a million digits
    auto s = convert(v.unmarked(), Type::string());
    if (!s.value) {
      d.push_back(make_error("Invalid template interpolation value",
                        "Cannot include the given value in a string template: " + s.error.message + ".", part->range(), e.range()));
      continue;
    }
    add_text(s.value->as_string());
  }
  const std::string_view text = buf ? buf->text() : std::string_view();
  budget_.charge((text.size() + dropped) >> 6, [&] { return e.range(); });  // a copy of a long string, maybe in a loop
  // The text is copied into the value, whose payload is usually a reused one with room for it
  // (value.cpp), and the buffer stays the thread's; an exact-size copy also leaves the value no
  // spare memory to hold on to (a `for` may keep thousands).
  // Unmarked (nearly always), the value is made straight in the return slot: a named `r` returned
  // on two paths is moved out and then destroyed, a call per template.
  if (marks.empty()) return !known ? Value::unknown(Type::string()) : Value::string(text);
  const Value r = !known ? Value::unknown(Type::string()) : Value::string(text);
  return r.with_marks(marks);
}

Value Evaluator::call(const FunctionCallExpr& e, Diagnostics& d) {
  const Function* f = nullptr;
  bool has_table = false;
  for (const EvalContext* c = ctx_; c && !f; c = c->parent()) {
    if (!c->functions) continue;
    has_table = true;
    // (table_key.hpp: an inline comparison, for a table too small for an index)
    f = hclschema::detail::find_in_table(*c->functions, e.name(), eval_detail::TableKey{e.name()});
  }
  if (!f) return unknown_function(e, has_table, d);
  // The usual call: written arguments only, as many as the function takes, evaluated into values.
  // An expanded final argument or a function of expressions (try, can) is call_general's, out
  // of line: inline, their vectors and frames were set up for every call.
  const FunctionSpec& spec = f->spec();
  if (e.expand_final() || spec.expression_impl) [[unlikely]] return call_general(*f, e, d);
  const RelSpan<const Expr> written = e.args();
  const size_t n_args = written.size(), n_params = spec.params.size();
  if (n_args < n_params || (!spec.var_param && n_args > n_params)) [[unlikely]]
    return wrong_argument_count(*f, e, n_args, n_args, nullptr, d);
  return call_with_arguments</*k_expanded=*/false>(*f, n_params, e, written, n_args, nullptr, nullptr, d);
}

Value Evaluator::call_general(const Function& fn, const FunctionCallExpr& e, Diagnostics& d) {
  const Function* f = &fn;
  const auto& params = f->params();
  const FunctionParam* var = f->var_param();
  // The arguments: the written ones, then the elements of an expanded final one (`f(xs...)`),
  // which only a few calls have. An argument is read by its index from these two, where a list of
  // them built for every call cost a fifth of the call's own work.
  const RelSpan<const Expr> written = e.args();
  size_t n_written = written.size();
  const Expr* expanding = nullptr;  // the expanded argument's expression, for ranges
  std::optional<std::vector<Value>> expanded;
  if (e.expand_final() && n_written > 0) {
    expanding = written[static_cast<uint32_t>(--n_written)];
    Diagnostics ed;
    Value v = eval_native(*expanding, ed);
    bool errs = has_errors(ed);
    append(d, std::move(ed));
    if (errs) return Value::unknown(Type::dynamic());
    const Type& t = v.type();
    if (t.is_dynamic() || t.is_tuple() || t.is_list() || t.is_set()) {
      if (v.is_null()) {
        d.push_back(make_error("Invalid expanding argument value", "The expanding argument (indicated by ...) must not be null.", expanding->range(), e.range()));
        return Value::unknown(Type::dynamic());
      }
      if (t.is_dynamic() || !v.is_known()) return Value::unknown(Type::dynamic());
      Marks m = v.is_marked() ? v.marks() : Marks{};
      const Value plain = v.unmarked();
      const auto& elements = plain.elements();
      expanded.emplace();
      expanded->reserve(elements.size());
      for (const Value& el : elements) expanded->push_back(m.empty() ? el : el.with_marks(m));
    } else {
      d.push_back(make_error("Invalid expanding argument value",
                        "The expanding argument (indicated by ...) must be of a tuple, list, or set type.", expanding->range(), e.range()));
      return Value::unknown(Type::dynamic());
    }
  }
  const size_t n_args = n_written + (expanded ? expanded->size() : 0);
  if (n_args < params.size() || (!var && n_args > params.size())) return wrong_argument_count(*f, e, n_args, n_written, expanding, d);
  if (f->spec().expression_impl) {
    // The thread's reused vector, as call_with_arguments' (an allocation and a free less per call).
    eval_detail::ExpressionArgumentVector kept_exprs;
    std::vector<FunctionSpec::ExpressionArg>& exprs = *kept_exprs;
    if (exprs.capacity() < n_args) exprs.reserve(n_args);
    for (size_t i = 0; i < n_written; ++i) exprs.push_back({written[static_cast<uint32_t>(i)], std::nullopt});
    for (size_t i = n_written; i < n_args; ++i) exprs.push_back({expanding, (*expanded)[i - n_written]});
    budget_.charge(eval_detail::k_call_units, [&] { return e.range(); });
    eval_detail::LentBudget lend(budget_);  // try() and can() evaluate their arguments on this budget
    auto r = f->spec().expression_impl(exprs, ctx_);
    // A failure of the call itself (try's "no expression succeeded") comes without a range; like
    // any other call error it points at the name and opening parenthesis.
    for (auto& diag : r.diagnostics) {
      if (diag.subject) continue;
      diag.subject = e.start_range();
      diag.context = e.range();
    }
    append(d, std::move(r.diagnostics));
    return std::move(r.value);
  }
  return call_with_arguments</*k_expanded=*/true>(*f, params.size(), e, written, n_written, expanding, expanded ? &*expanded : nullptr, d);
}

template <bool k_expanded>
Value Evaluator::call_with_arguments(const Function& fn, const size_t n_params, const FunctionCallExpr& e, RelSpan<const Expr> written,
                                     size_t n_written, const Expr* expanding, std::vector<Value>* expanded, Diagnostics& d) {
  // What the diagnostics hold before the arguments, in bytes: compared with what they hold after
  // to tell whether the arguments reported anything (most report nothing), without size()'s
  // division by a diagnostic's size per call. (An expanded argument reported before this, if
  // anything, warnings only: an error there ended the call.)
  const auto bytes_of = [](const Diagnostics& ds) {
    return static_cast<size_t>(reinterpret_cast<const char*>(ds.data() + ds.size()) - reinterpret_cast<const char*>(ds.data()));
  };
  const size_t mark_bytes = bytes_of(d);
  const Function* f = &fn;
  const auto& params = f->params();
  const FunctionParam* var = f->var_param();
  const size_t n_args = n_written + (k_expanded && expanded ? expanded->size() : 0);
  // The range a diagnostic about argument `i` points at. hclsyntax turns each expanded element
  // into a literal whose range is the whole expanding expression; a written argument is reported
  // at its first token.
  auto subject = [&](size_t i) -> Range {
    return i < n_written ? written[static_cast<uint32_t>(i)]->start_range() : expanding->range();
  };

  // The thread's reused vector rather than a new one: an allocation and a free less per call.
  eval_detail::ArgumentVector kept_vals;
  std::vector<Value>& vals = *kept_vals;
  // (Every argument vector has room for a few: a longer call's is tested here, without reserve's
  // call, and the capacity's division is made only then.)
  if (n_args > eval_detail::ArgumentVector::k_room && vals.capacity() < n_args) vals.reserve(n_args);
  bool bad = false;
  // A written argument's value, which emplace_back turns into the vector's new element: the
  // conversion's result initializes the slot itself (the copy is elided), where evaluating into
  // a local and pushing it cost a move and an out-of-line destruction of the moved-from local per
  // argument.
  struct WrittenArgument {
    Evaluator& evaluator;
    const Expr& expr;
    Diagnostics& d;
    // NOLINTNEXTLINE(google-explicit-constructor): emplace_back builds the element from it
    operator Value() && { return evaluator.eval_native(expr, d); }
  };
  // cty's checks of the arguments, made here as each is in place rather than by another walk
  // over them in call_function.
  eval_detail::ArgumentChecks checks;
  for (size_t i = 0; i < n_args; ++i) {
    const FunctionParam& p = i < n_params ? params[i] : *var;
    // (An expanded element is not needed once it is an argument: moved.)
    Value& v = !k_expanded || i < n_written ? vals.emplace_back(WrittenArgument{*this, *written[static_cast<uint32_t>(i)], d})
                                            : vals.emplace_back(std::move((*expanded)[i - n_written]));
    // What the function is given, charged before it runs (and before a conversion to its
    // parameter's type, which may write a number out as text).
    budget_.charge(eval_detail::work_units(v), [&] { return e.range(); });
    // Converted in place below, except where convert is the identity: any value to dynamic
    // (convert strips and puts back the same marks), a primitive to its own type.
    const Type& vt = v.type();
    if (p.type.is_dynamic() || (p.type.is_primitive() && vt.kind() == p.type.kind())) {
      // (as given)
    } else if (vt.is_dynamic() && !v.is_marked() && (!v.is_known() || v.is_null())) {
      // What convert answers for an unmarked unknown or null of dynamic type (`var.x` where
      // variables are not known yet, the commonest argument): an unknown or a null of the
      // parameter's type (without optional attributes, as convert's result type never has them),
      // here without its call and result.
      // Rebuilt in its slot (destroyed, then the new value constructed there): an assignment cost
      // a temporary, an out-of-line move and the temporary's destruction. (Neither construction
      // can throw: copying a Type counts a reference.)
      const bool is_null = v.is_known();
      const Type t = p.type.is_primitive() ? Type(p.type) : p.type.without_optional_attributes_deep();
      std::destroy_at(&v);
      if (is_null) {
        ::new (static_cast<void*>(&v)) Value(Value::null(t));
      } else {
        ::new (static_cast<void*>(&v)) Value(Value::unknown(t));
      }
    } else {
      auto c = convert(v, p.type);
      if (!c.value) {
        d.push_back(make_error("Invalid function argument", "Invalid value for " + quote(p.name) + " parameter: " + c.error.message + ".",
                          subject(i), e.range()));
        bad = true;  // (the argument stays as it was given; the function is not called)
        continue;
      }
      v = std::move(*c.value);
    }
    checks.check(p, v);
  }
  // (Most calls reported nothing: the count alone tells.)
  if (bad || (bytes_of(d) != mark_bytes && has_errors_since(d, mark_bytes / sizeof(Diagnostic)))) return Value::unknown(Type::dynamic());
  budget_.charge(eval_detail::k_call_units, [&] { return e.range(); });
  // (The result is made in this call's own result: call_result returns its one named value.)
  return call_result(*f, vals, checks, e, n_written, expanding, d);
}

// call()'s answer for a name no table binds (out of line: inlined, its suggester, ranges and
// message took registers and stack that every call then set up).
Value Evaluator::unknown_function(const FunctionCallExpr& e, bool has_table, Diagnostics& d) {
  // Partial evaluation: what the context cannot supply is unknown, functions as variables.
  if (ctx_ && ctx_->is_partial()) return Value::unknown(Type::dynamic());
  if (!has_table) {
    d.push_back(make_error("Function calls not allowed", "Functions may not be called here.", e.range()));
    return Value::unknown(Type::dynamic());
  }
  // Only the innermost table's names are candidates, as hclsyntax does.
  hclschema::detail::TableSuggester suggester(e.name());
  if (ctx_->functions) suggester.offer_table(*ctx_->functions);
  // The name's range and the call's start at the same byte: its position is looked up once.
  const SourceFile& file = e.file();
  Range subject = file.range(e.name_span());
  Range context = e.name_span().begin == e.span.begin ? Range{subject.filename, subject.start, file.pos_at(e.span.end)} : e.range();
  push_error(d, DiagnosticSummary::constant(unknown_function_summary()), unknown_name_detail("function", e.name(), suggester), std::move(subject), std::move(context));
  return Value::unknown(Type::dynamic());
}

// call()'s answer when the function takes more or fewer arguments than the call has (out of
// line: its messages, built inline, took room in every call's frame).
Value Evaluator::wrong_argument_count(const Function& f, const FunctionCallExpr& e, size_t n_args, size_t n_written, const Expr* expanding,
                                      Diagnostics& d) {
  const auto& params = f.params();
  const FunctionParam* var = f.var_param();
  if (n_args < params.size()) {
    d.push_back(make_error("Not enough function arguments",
                      "Function " + quote(e.name()) + " expects" + (var ? " at least" : "") + " " + std::to_string(params.size()) +
                          " argument(s). Missing value for " + quote(params[n_args].name) + ".",
                      e.file().range(e.close_paren_span()), e.range()));
    return Value::unknown(Type::dynamic());
  }
  // (As call()'s subject: a written argument at its first token, an expanded element at the expansion.)
  const size_t i = params.size();
  Range subject = i < n_written ? e.args()[static_cast<uint32_t>(i)]->start_range() : expanding->range();
  d.push_back(make_error("Too many function arguments",
                    "Function " + quote(e.name()) + " expects only " + std::to_string(params.size()) + " argument(s).",
                    std::move(subject), e.range()));
  return Value::unknown(Type::dynamic());
}

inline Value Evaluator::call_result(const Function& f, const std::vector<Value>& vals, const eval_detail::ArgumentChecks& checks,
                                    const FunctionCallExpr& e, size_t n_written, const Expr* expanding, Diagnostics& d) {
  std::optional<FunctionError> error;
  Value r = eval_detail::call_checked(f, vals, checks, error);
  if (!error) [[likely]] {
    budget_.charge(eval_detail::work_units(r), [&] { return e.range(); });
  } else {
    // (r is the unknown of dynamic type a failed call answers.)
    report_call_failure(f, vals, e, n_written, expanding, std::move(*error), d);
  }
  return r;
}

void Evaluator::report_call_failure(const Function& f, const std::vector<Value>& vals, const FunctionCallExpr& e, size_t n_written,
                                    const Expr* expanding, FunctionError error, Diagnostics& d) {
  const auto& params = f.params();
  const FunctionParam* var = f.var_param();
  const size_t n_args = vals.size();
  const RelSpan<const Expr> written = e.args();
  // As call()'s: a written argument at its first token, an expanded element at the expansion.
  auto subject = [&](size_t i) -> Range {
    return i < n_written ? written[static_cast<uint32_t>(i)]->start_range() : expanding->range();
  };
  {
    // The argument whose text the message may quote pieces of, unless its parameter takes marked
    // values (its function then saw the marks and words the message with care).
    std::vector<Value> marked_copies;  // the arguments as the message must treat them
    if (over_sensitive_elements_ > 0) {
      marked_copies.reserve(vals.size());
      for (const Value& v : vals) marked_copies.push_back(v.with_mark(sensitive_mark));
    }
    const std::vector<Value>& shown = over_sensitive_elements_ > 0 ? marked_copies : vals;
    std::vector<const Value*> pieces_of;
    const int at = error.quotes_pieces_of;
    if (at >= 0 && static_cast<size_t>(at) < shown.size()) {
      const FunctionParam* p = static_cast<size_t>(at) < params.size() ? &params[static_cast<size_t>(at)] : var;
      if (!p || !p->allow_marked || over_sensitive_elements_ > 0) pieces_of.push_back(&shown[static_cast<size_t>(at)]);
    }
    error.message = eval_detail::safe_function_message(std::move(error.message), shown, pieces_of);
  }
  int i = error.arg_index;
  if (i >= 0) {
    const FunctionParam* p = static_cast<size_t>(i) < params.size() ? &params[static_cast<size_t>(i)] : var;
    if (p && static_cast<size_t>(i) < n_args) {
      d.push_back(make_error("Invalid function argument", "Invalid value for " + quote(p->name) + " parameter: " + error.message + ".",
                        subject(static_cast<size_t>(i)), e.range()));
      return;
    }
    if (p) {
      Diagnostic diag = make_error("Invalid function argument", "Invalid value for " + quote(p->name) + " parameter: " + error.message + ".", e.range());
      d.push_back(diag);
      return;
    }
  }
  d.push_back(make_error("Error in function call", "Call to function " + quote(e.name()) + " failed: " + error.message + ".", e.start_range(), e.range()));
}

// An operator and its operands, out of eval_node: their conversions and messages would enlarge
// the frame every node's evaluation sets up.
Value Evaluator::binary_op(const BinaryOpExpr& b, Diagnostics& d) {
  const Expr& e = b;
  const size_t mark = d.size();
  Value l = eval_native(*b.lhs, d);
  Value r = eval_native(*b.rhs, d);
  // Comparing two long strings or collections, maybe in a loop.
  budget_.charge(eval_detail::work_units(l) + eval_detail::work_units(r), [&] { return e.range(); });
  const Type pt = eval_detail::operand_type(b.op());
  const Operand lc(l, pt);
  const Operand rc(r, pt);
  if (!lc.value())
    d.push_back(make_error("Invalid operand", "Unsuitable value for left operand: " + lc.error_message() + ".", b.lhs->range(), e.range()));
  if (!rc.value())
    d.push_back(make_error("Invalid operand", "Unsuitable value for right operand: " + rc.error_message() + ".", b.rhs->range(), e.range()));
  if (d.size() != mark && has_errors_since(d, mark)) return Value::unknown(eval_detail::result_type(b.op()));
  if (eval_detail::unknown_operation(b.op(), *lc.value(), *rc.value()) || eval_detail::unknown_comparison(b.op(), *lc.value(), *rc.value()))
    return Value::unknown(eval_detail::result_type(b.op()));
  auto res = eval_detail::apply_binary(b.op(), *lc.value(), *rc.value());
  if (res.summary) d.push_back(make_error(*res.summary, res.detail, e.range()));
  return std::move(res.value);
}

Value Evaluator::unary_op(const UnaryOpExpr& u, Diagnostics& d) {
  const Expr& e = u;
  const size_t mark = d.size();
  Value v = eval_native(*u.val, d);
  const Operand c(v, eval_detail::operand_type(u.op()));
  if (!c.value())
    d.push_back(make_error("Invalid operand", "Unsuitable value for unary operand: " + c.error_message() + ".", u.val->range(), e.range()));
  if (d.size() != mark && has_errors_since(d, mark)) return Value::unknown(eval_detail::result_type(u.op()));
  auto res = eval_detail::apply_unary(u.op(), *c.value());
  if (res.summary) d.push_back(make_error(*res.summary, res.detail, e.range()));
  return std::move(res.value);
}

Value Evaluator::conditional(const ConditionalExpr& e, Diagnostics& d) {
  Diagnostics td, fd;
  Value t = eval_native(*e.true_result, td);
  Value f = eval_native(*e.false_result, fd);
  std::optional<Type> rt = Type::dynamic();
  bool conv_t = false, conv_f = false;
  auto is_dyn_null = [](const Value& v) { return v.is_null() && v.type().is_dynamic() && !v.is_marked(); };
  if (is_dyn_null(t)) {
    rt = f.type();
    conv_t = true;
  } else if (is_dyn_null(f)) {
    rt = t.type();
    conv_f = true;
  } else if (t.type().is_dynamic() || f.type().is_dynamic()) {
    rt = Type::dynamic();
  } else if (t.type() == f.type() && !t.type().has_optional_attributes_deep()) {
    // What unify answers for two equal types (its first case), without the vector it takes.
    rt = t.type();
    conv_t = conv_f = true;
  } else {
    rt = eval_detail::unify_results(t.type(), f.type());
    conv_t = conv_f = true;
  }
  if (!rt) {
    d.push_back(make_error("Inconsistent conditional result types",
                      "The true and false result expressions must have consistent types. " + describe_mismatch(t.type(), f.type()) + ".",
                      between(e.true_result->range(), e.false_result->range()), e.range()));
    return Value::unknown(Type::dynamic());
  }
  Value c = eval_native(*e.condition, d);
  if (c.is_null()) {
    d.push_back(make_error("Null condition", "The condition value is null. Conditions must either be true or false.", e.condition->range(), e.range()));
    return Value::unknown(*rt);
  }
  if (!c.is_known()) return Value::unknown(*rt);
  auto cb = convert(c, Type::boolean());
  if (!cb.value) {
    d.push_back(make_error("Incorrect condition type", "The condition expression must be of type bool.", e.condition->range(), e.range()));
    return Value::unknown(*rt);
  }
  bool which = cb.value->unmarked_deep().as_bool();
  Value& chosen = which ? t : f;
  append(d, std::move(which ? td : fd));
  if (which ? conv_t : conv_f) {
    budget_.charge(eval_detail::work_units(chosen), [&] { return e.range(); });  // the conversion's work
    auto r = convert(chosen, *rt);
    if (!r.value) {
      d.push_back(make_error("Inconsistent conditional result types",
                        std::string("The ") + (which ? "true" : "false") + " result value has the wrong type: " + r.error.message + ".",
                        (which ? e.true_result : e.false_result)->range(), e.range()));
      return Value::unknown(*rt);
    }
    return std::move(*r.value);
  }
  return std::move(chosen);
}

// A keyword literal as a bare object key: `{ null = 1 }` has the key "null", as hcl.ExprAsKeyword
// reads the keywords null, true and false as names there (the parser keeps their text).
std::optional<std::string_view> keyword_key(const Expr& wrapped) {
  if (wrapped.kind != NodeKind::literal_value) return std::nullopt;
  const auto& l = static_cast<const LiteralValueExpr&>(wrapped);
  if (l.value_kind() != LiteralValueExpr::ValueKind::null && l.value_kind() != LiteralValueExpr::ValueKind::boolean) return std::nullopt;
  return l.text();
}

// The key of an object constructor item when it is a bare name (`name = ...`, the usual case):
// what eval_native would make of it (a string Value of the name) without building and converting
// that Value. The name is taken as written: Value::object puts every key in NFC, as Value::string
// would have (and ASCII, nearly every name, is NFC already). Anything else (a dotted name, which is
// an error, a parenthesised name, a key with interpolations) answers nullopt and takes the full path.
//
// A quoted key without interpolations (`"quoted-key" = ...`), parenthesised or not, is its text
// too: evaluated, it is the string value of that text (put in NFC, as Value::object does with
// every key).
//
// The text is answered as a NameText whose `data` is null when the key is not a name (an empty
// name has a non-null `data`, its place in the source): std::optional<std::string_view> came back
// through memory, and Evaluator::object's loop over the keys stored and reloaded it for every key.
[[gnu::always_inline]] inline hclschema::detail::NameText bare_name_text(const Expr& key) {
  constexpr hclschema::detail::NameText not_a_name{nullptr, 0};
  const auto as_name = [](std::string_view text) -> hclschema::detail::NameText {
    // (A view of no text may have a null pointer: made to point somewhere, it is still a name.)
    return {text.data() != nullptr ? text.data() : "", text.size()};
  };
  if (key.kind != NodeKind::object_cons_key) return not_a_name;
  const auto& k = static_cast<const ObjectConsKeyExpr&>(key);
  const Expr& wrapped = *k.wrapped();
  // (A name written bare, nearly every key, tested first.)
  if (wrapped.kind == NodeKind::scope_traversal) {
    if (k.force_non_literal()) return not_a_name;
    const TraversalSteps steps = static_cast<const ScopeTraversalExpr&>(wrapped).traversal();
    if (steps.size() != 1) return not_a_name;
    return as_name(steps.first_text());
  }
  if (wrapped.kind == NodeKind::template_expr) {
    const auto& t = static_cast<const TemplateExpr&>(wrapped);
    if (t.parts().size() != 1 || t.parts()[0]->kind != NodeKind::literal_value) return not_a_name;
    const auto& l = static_cast<const LiteralValueExpr&>(*t.parts()[0]);
    if (l.value_kind() != LiteralValueExpr::ValueKind::string) return not_a_name;
    return as_name(l.text());
  }
  if (k.force_non_literal()) return not_a_name;
  const auto keyword = keyword_key(wrapped);
  return keyword ? as_name(*keyword) : not_a_name;
}
[[gnu::always_inline]] inline std::optional<std::string_view> bare_name_key(const Expr& key) {
  const hclschema::detail::NameText name = bare_name_text(key);
  if (name.data == nullptr) return std::nullopt;
  return name;
}

Value Evaluator::object(const ObjectConsExpr& e, Diagnostics& d) {
  // The usual object constructor, every key a bare name (`{ a = 1, b = x }`): the names are known
  // before any value, so each value is evaluated straight into its place in the object's payload
  // (ObjectBuilder), in item order as hclsyntax does, the last of equal names winning. A written
  // name is the file's own text, not a copy.
  const auto items = e.items();
  if (items.size() <= hclschema::detail::ObjectBuilder::max_names) {
    hclschema::detail::NameText names[hclschema::detail::ObjectBuilder::max_names];
    // (Hashed for the builder's table as they are read: the builder then does not read them again.)
    hclschema::detail::NamesHash hash(items.size());
    size_t n = 0;
    for (const auto& item : items) {
      const hclschema::detail::NameText bare = bare_name_text(*item.key);
      if (bare.data == nullptr) break;
      names[n++] = bare;
      hash.add(bare);
    }
    if (n == items.size()) {
      hclschema::detail::ObjectBuilder object({names, n}, hash);
      for (size_t i = 0; i < n; ++i) {
        const Expr& value = *items[static_cast<uint32_t>(i)].value;
        if (object.has_place(i)) hclschema::detail::construct_in_place(object.kept_place(i), [&] { return eval_native(value, d); });
        else (void)eval_native(value, d);  // overridden by a later item, but evaluated all the same (its diagnostics)
      }
      return object.finish();
    }
  }
  return object_with_computed_keys(e, d);
}

// An object constructor with a key that is not a name (`"${var.k}" = 1`, `(var.k) = 2`), or with
// more items than ObjectBuilder takes.
Value Evaluator::object_with_computed_keys(const ObjectConsExpr& e, Diagnostics& d) {
  // Attributes in item order; object_of_names sorts them, the last of equal keys winning, as
  // hclsyntax's map assignment does. A written name is the file's own text, not a copy, and the
  // pairs of a usual object live on the stack (the heap past the buffer).
  eval_detail::SmallVector<std::pair<std::string_view, Value>, 8> attrs;
  attrs.reserve(e.items().size());
  // The string values whose text a computed key refers to, held while `attrs` does.
  std::vector<Value> computed_keys;
  Marks marks;
  bool known = true;
  for (const auto& item : e.items()) {
    if (auto bare = bare_name_key(*item.key)) {
      attrs.emplace_back(*bare, eval_native(*item.value, d));
      continue;
    }
    Diagnostics kd;
    Value k = eval_native(*item.key, kd);
    bool kerr = has_errors(kd);
    append(d, std::move(kd));
    Value v = eval_native(*item.value, d);
    if (kerr) {
      known = false;
      continue;
    }
    if (k.is_null()) {
      d.push_back(make_error("Null value as key", "Can't use a null value as a key.", item.value->range()));
      known = false;
      continue;
    }
    if (k.is_marked()) marks = union_marks(marks, k.marks());
    budget_.charge(eval_detail::work_units(k), [&] { return item.key->range(); });  // a number written out
    auto ks = convert(k.unmarked(), Type::string());
    if (!ks.value) {
      d.push_back(make_error("Incorrect key type", "Can't use this value as a key: " + ks.error.message + ".", item.key->range()));
      known = false;
      continue;
    }
    if (!ks.value->is_known()) {
      known = false;
      continue;
    }
    // The text lives in the value's payload, which moving the handle does not move.
    computed_keys.push_back(std::move(*ks.value));
    attrs.emplace_back(computed_keys.back().as_string(), std::move(v));
  }
  if (!known) return Value::unknown(Type::dynamic());
  Value r = hclschema::detail::object_of_names(attrs.span());  // sorts them when they are out of order, the last of equal keys winning
  if (marks.empty()) return r;
  return r.with_marks(marks);
}

Value Evaluator::tuple(const TupleConsExpr& e, Diagnostics& d) {
  // The elements evaluated straight into their places in the value's payload (no move).
  const auto exprs = e.exprs();
  // (One allocation past a reused buffer's room.)
  hclschema::detail::TupleBuilder tuple(exprs.size(), hclschema::detail::TupleBuilder::EmptyElements{});
  Value* at = tuple.first_empty();
  for (const Expr* x : exprs) hclschema::detail::construct_in_place(at++, [&] { return eval_native(*x, d); });
  return tuple.finish();
}

Value Evaluator::for_(const ForExpr& e, Diagnostics& d) {
  // As hclsyntax: an error in the collection does not stop here; what it evaluated to (often
  // an unknown of a known type) is checked as any collection, which may report more.
  Value coll = eval_native(*e.coll_expr, d);
  if (coll.is_null()) {
    d.push_back(make_error("Iteration over null value", "A null value cannot be used as the collection in a 'for' expression.", e.coll_expr->range(), e.range()));
    return Value::unknown(Type::dynamic());
  }
  if (coll.type().is_dynamic()) return Value::unknown(Type::dynamic());
  Marks marks = coll.is_marked() ? coll.marks() : Marks{};
  Value c = coll.unmarked();
  const Type& ct = c.type();
  if (!(ct.is_list() || ct.is_set() || ct.is_map() || ct.is_tuple() || ct.is_object())) {
    d.push_back(make_error("Iteration over non-iterable value",
                      "A value of type " + ct.friendly_name() + " cannot be used as the collection in a 'for' expression.", e.coll_expr->range(), e.range()));
    return Value::unknown(Type::dynamic());
  }
  if (!c.is_known()) return Value::unknown(Type::dynamic());
  // As hclsyntax: the condition is tried once with unknown names first, to report a wrong
  // condition once rather than once per element.
  if (e.cond_expr) {
    Scope s{scope_, e.key_var(), e.val_var(), Value::unknown(Type::dynamic()), Value::unknown(Type::dynamic())};
    const Scope* saved = scope_;
    scope_ = &s;
    Diagnostics cd;
    Value cv = eval_native(*e.cond_expr, cd);
    scope_ = saved;
    bool cerr = has_errors(cd);
    append(d, std::move(cd));
    if (cv.is_null()) {
      d.push_back(make_error("Condition is null", "The value of the 'if' clause must not be null.", e.cond_expr->range(), e.range()));
      return Value::unknown(Type::dynamic());
    }
    auto cb = convert(cv, Type::boolean());
    if (!cb.value) {
      d.push_back(make_error("Invalid 'for' condition", "The 'if' clause value is invalid: " + cb.error.message + ".", e.cond_expr->range(), e.range()));
      return Value::unknown(Type::dynamic());
    }
    if (cerr) return Value::unknown(Type::dynamic());
  }
  bool keyed = ct.is_map() || ct.is_object();
  const auto& elems = c.elements();
  budget_.charge(elems.size(), [&] { return e.range(); });  // each iteration, before any is done
  const size_t diags_before = d.size();
  bool known = true;
  std::vector<Value> tuple_vals;
  std::map<std::string, std::vector<Value>> groups;
  std::map<std::string, Value> obj_vals;
  // As hclsyntax, the body sees the elements of a sensitive collection without its marks, and the
  // result carries them. The condition and key are evaluated with the marks all the same: what
  // they derive ends in the result's own marks, which have them already, and a key made from an
  // element is then known to be sensitive when a duplicate is reported. The value is not (nested
  // marks would outlive nonsensitive() of the result), so its function messages treat every
  // argument as sensitive instead (over_sensitive_elements_).
  const Marks collection_marks = marks;
  const bool over_sensitive = std::find(marks.begin(), marks.end(), sensitive_mark) != marks.end();
  auto eval_value = [&] {
    over_sensitive_elements_ += over_sensitive ? 1 : 0;
    struct Uncount {
      int& depth;
      const bool counted;
      ~Uncount() { depth -= counted ? 1 : 0; }
    } uncount{over_sensitive_elements_, over_sensitive};
    return eval_native(*e.val_expr, d);
  };
  const std::string_view key_var = e.key_var(), val_var = e.val_var();
  for (size_t i = 0; i < elems.size(); ++i) {
    Value key = keyed ? Value::string(c.keys()[i]) : (ct.is_set() ? elems[i] : Value::number(Number(static_cast<int64_t>(i))));
    Scope s{scope_, key_var, val_var, key, elems[i]};
    Scope marked_s = over_sensitive ? Scope{scope_, key_var, val_var, key.with_marks(collection_marks), elems[i].with_marks(collection_marks)} : Scope{};
    const Scope* saved = scope_;
    scope_ = over_sensitive ? &marked_s : &s;  // for the condition and the key
    struct Restore {
      const Scope*& p;
      const Scope* v;
      ~Restore() { p = v; }
    } restore{scope_, saved};
    if (e.cond_expr) {
      Value cv = eval_native(*e.cond_expr, d);
      if (cv.is_null()) {
        if (known) d.push_back(make_error("Invalid 'for' condition", "The value of the 'if' clause must not be null.", e.cond_expr->range(), e.range()));
        known = false;
        continue;
      }
      auto cb = convert(cv, Type::boolean());
      if (!cb.value) {
        if (known)
          d.push_back(make_error("Invalid 'for' condition", "The 'if' clause value is invalid: " + cb.error.message + ".", e.cond_expr->range(), e.range()));
        known = false;
        continue;
      }
      if (!cb.value->is_known()) {
        known = false;
        continue;
      }
      if (cb.value->is_marked()) marks = union_marks(marks, cb.value->marks());
      if (!cb.value->unmarked().as_bool()) continue;
    }
    if (e.key_expr) {
      Value k = eval_native(*e.key_expr, d);
      if (k.is_null()) {
        if (known) d.push_back(make_error("Invalid object key", "Key expression in 'for' expression must not produce a null value.", e.key_expr->range(), e.range()));
        known = false;
        continue;
      }
      if (!k.is_known()) {
        known = false;
        continue;
      }
      budget_.charge(eval_detail::work_units(k), [&] { return e.key_expr->range(); });  // a number written out
      auto ks = convert(k, Type::string());
      if (!ks.value) {
        if (known)
          d.push_back(make_error("Invalid object key", "The key expression produced an invalid result: " + ks.error.message + ".", e.key_expr->range(), e.range()));
        known = false;
        continue;
      }
      if (ks.value->is_marked()) marks = union_marks(marks, ks.value->marks());
      std::string kstr = ks.value->unmarked().as_string();
      scope_ = &s;
      Value v = eval_value();
      if (e.group()) {
        groups[kstr].push_back(v);
      } else if (obj_vals.count(kstr)) {
        // A sensitive key, also one made from a sensitive collection's elements here or in an
        // enclosing `for` whose value this is, is not shown (hclsyntax prints it; found writing
        // fuzz/eval_fuzz.cpp).
        const bool hidden = ks.value->has_mark(sensitive_mark) || over_sensitive_elements_ > 0;
        d.push_back(make_error("Duplicate object key",
                          "Two different items produced the key " + (hidden ? std::string("(sensitive value)") : quote(kstr)) +
                              " in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
                          e.key_expr->range(), e.range()));
      } else {
        obj_vals[kstr] = v;
      }
    } else {
      scope_ = &s;
      tuple_vals.push_back(eval_value());
    }
  }
  // Each iteration can report errors: they take memory, and their count multiplies too.
  budget_.charge((d.size() - diags_before) * eval_detail::k_diagnostic_units, [&] { return e.range(); });
  if (!known) return Value::unknown(Type::dynamic());
  Value r;
  if (e.key_expr) {
    std::vector<std::pair<std::string, Value>> attrs;
    if (e.group())
      for (auto& [k, vs] : groups) attrs.emplace_back(k, Value::tuple(std::move(vs)));
    else
      for (auto& [k, v] : obj_vals) attrs.emplace_back(k, v);
    r = Value::object(std::move(attrs));
  } else {
    r = Value::tuple(std::move(tuple_vals));
  }
  if (marks.empty()) return r;
  return r.with_marks(marks);
}

Value Evaluator::splat(const SplatExpr& e, Diagnostics& d) {
  const size_t mark = d.size();
  Value src = eval_native(*e.source, d);
  if (has_errors_since(d, mark)) return Value::unknown(Type::dynamic());
  Type st = src.type();
  bool upgrade = !(st.is_tuple() || st.is_list() || st.is_set());
  if (src.is_null()) {
    if (upgrade) return Value::tuple({});
    d.push_back(make_error("Splat of null value", "Splat expressions (with the * symbol) cannot be applied to null sequences.", e.source->range(),
                      between(e.source->range(), e.file().range(e.marker_span))));
    return Value::unknown(Type::dynamic());
  }
  if (st.is_dynamic()) return Value::unknown(Type::dynamic());
  bool upgraded_unknown = false;
  if (upgrade) {
    upgraded_unknown = !src.is_known();
    src = Value::tuple({src});
    st = src.type();
  }
  // The result's type: the `each` expression evaluated on an unknown of each element type. As
  // hclsyntax, what that reports is kept where the type is the answer (an unknown or empty
  // source: `ul[*].a` on a list of strings is an error before any element exists), and dropped
  // where the elements have been evaluated already.
  auto result_type = [&](Diagnostics* keep) -> Type {
    Diagnostics ignored;
    Diagnostics& td = keep ? *keep : ignored;
    if (st.is_list() || st.is_set()) {
      set_splat_item(e.item, Value::unknown(st.element_type()));
      Type t = eval_native(*e.each, td).type();
      erase_splat_item(e.item);
      return Type::list(t);
    }
    std::vector<Type> ts;
    for (const Type& et : st.tuple_elements()) {
      set_splat_item(e.item, Value::unknown(et));
      ts.push_back(eval_native(*e.each, td).type());
    }
    erase_splat_item(e.item);
    return Type::tuple(ts);
  };
  if (!src.is_known()) return Value::unknown(result_type(&d));
  Marks marks = src.is_marked() ? src.marks() : Marks{};
  Value s = src.unmarked();
  budget_.charge(s.elements().size(), [&] { return e.range(); });  // each element visited
  const size_t diags_before = d.size();
  std::vector<Value> vals;
  vals.reserve(s.elements().size());
  bool known = true;
  for (const Value& item : s.elements()) {
    set_splat_item(e.item, item);
    Diagnostics id;
    vals.push_back(eval_native(*e.each, id));
    if (has_errors(id)) known = false;
    append(d, std::move(id));
  }
  erase_splat_item(e.item);
  budget_.charge((d.size() - diags_before) * eval_detail::k_diagnostic_units, [&] { return e.range(); });
  if (upgraded_unknown) return Value::unknown(Type::dynamic());
  if (!known) return Value::unknown(result_type(nullptr));
  Value r;
  if (st.is_list() || st.is_set()) {
    if (vals.empty()) return Value::list(result_type(&d).element_type(), {});
    r = Value::list_of(std::move(vals));
  } else {
    r = Value::tuple(std::move(vals));
  }
  if (marks.empty()) return r;
  return r.with_marks(marks);
}

// The root name that plain_root_value last answered null for because the innermost context's
// table lacks it; null otherwise (scope_traversal reads and clears it). In the thread rather than
// in the evaluator: plain_root_value's search uses every register that needs no saving, and
// keeping the evaluator's address for a store (or for a call) made it save five around every
// search, 300 K instructions over the corpus. Initial-exec, as the value layer's hot
// thread-locals: a store is one instruction.
struct MissedRoot {
  const char* data;
  size_t size;
};
[[gnu::tls_model("initial-exec")]] thread_local MissedRoot t_missed_root;

// A traversal from a root name (`var.a.b`, `each.value`), one of the commonest nodes: a function
// of its own, to which eval_native hands it straight, rather than a case of eval_node, whose
// prologue and epilogue (six registers and a frame of over a kilobyte) were set up for every
// node. Its commonest case is plain_root_value's, a function without calls, so without
// registers to save (inlined here, the search's registers were saved and restored for every
// root); everything else is scope_traversal_slowly's. (Kept out of line: its callers inline
// eval_native, evaluate() among them, where GCC's budget for inlining is nearly spent.)
Value Evaluator::scope_traversal(const ScopeTraversalExpr& e, Diagnostics& d) {
  // (The traversal and its diagnostics are left with the evaluator for the longer way, rather
  // than kept in registers saved across the call.)
  pending_traversal_ = &e;
  pending_diagnostics_ = &d;
  if (const Value* found = plain_root_value(e)) [[likely]]
    return *found;
  if (t_missed_root.data) {
    const std::string_view name(t_missed_root.data, t_missed_root.size);
    t_missed_root.data = nullptr;
    return unbound_plain_root(name);
  }
  return scope_traversal_slowly(*pending_traversal_, *pending_diagnostics_);
}

// The value of the traversal `e` in its commonest case, else null: steps read from the source,
// no for-expression or splat name in scope, and the root bound in the innermost context's table,
// whose index is built (a context used before), to a value that the steps do not go into (a
// root alone, or a non-null value of dynamic type, an unknown, which every later name answers:
// see traverse's short cut). A root that table lacks is left in t_missed_root, for
// scope_traversal to hand to unbound_plain_root.
const Value* Evaluator::plain_root_value(const ScopeTraversalExpr& e) {
  const hclschema::detail::NameIndex* index = root_index_;
  if (!index) [[unlikely]] {
    // (The tables do not change while one evaluates: an index built stays.)
    if (!ctx_ || !ctx_->variables || !(index = ctx_->variables->built_name_index())) return nullptr;
    root_index_ = index;
  }
  if (e.has_stored_steps() || scope_) return nullptr;
  const TraversalSteps steps = e.traversal();
  if (steps.empty()) return nullptr;
  const std::string_view name = steps.first_text();
  const auto* found = static_cast<const Value*>(index->find(name));
  if (found) {
    if (steps.size() == 1 || (found->type().is_dynamic() && !found->is_null())) return found;
    return nullptr;
  }
  t_missed_root = MissedRoot{name.data(), name.size()};
  return nullptr;
}

// scope_traversal's answer for the traversal pending, whose root `name` plain_root_value did not
// find in the innermost context's table: without a parent context that may bind it (the usual
// case), an unknown of dynamic type, and outside partial evaluation the error for it; else the
// longer way's. (The corpus has thousands of these, `aws_instance.web.id`, `string` in a type:
// by scope_traversal_slowly and _rest they looked the name up again and decoded the steps twice
// more, over 100 instructions each.)
Value Evaluator::unbound_plain_root(std::string_view name) {
  if (ctx_->parent()) return scope_traversal_slowly(*pending_traversal_, *pending_diagnostics_);
  if (!ctx_->partial) {
    // The root step spans from the traversal's start to the name's end.
    const ScopeTraversalExpr& e = *pending_traversal_;
    const auto name_end = static_cast<uint32_t>(name.data() - e.file().text().data() + name.size());
    // report_unbound_root's error, in place and without its searches: the one context has a
    // table (plain_root_value found its index) and no for-expression or splat name is in scope
    // (plain_root_value answered none then), so the error is "Unknown variable" with that
    // table's names alone on offer. (Its loops over the contexts and scopes, and the call, were
    // about 15 instructions of every unknown root; the corpus has thousands.)
    hclschema::detail::TableSuggester suggester(name);
    suggester.offer_table(*ctx_->variables);
    push_unknown_variable(name, suggester, ByteSpan{e.span.begin, name_end}, e.file(), *pending_diagnostics_);
  }
  return Value::unknown(Type::dynamic());
}

// scope_traversal's every case: the root looked up wherever it may be bound (find_root), its
// usual answers given here (a bound root alone or followed by names on an unknown of dynamic
// type, `var.a.b`), and the rest out of line (scope_traversal_rest).
Value Evaluator::scope_traversal_slowly(const ScopeTraversalExpr& e, Diagnostics& d) {
  const TraversalSteps steps = e.traversal();
  if (steps.empty()) return Value::unknown(Type::dynamic());
  const Value* found = find_root(steps.first_text());
  if (found) {
    // A bound root: read in place, without a copy into a temporary and the moves into and out
    // of traverse.
    if (steps.size() == 1) return *found;
    // Steps read from the source are attribute steps, none a null key: passes_over_dynamic_unknown
    // is then whether the root is a non-null value of dynamic type (an unknown, the usual root:
    // `var`, `local`, a resource), which is what traverse would answer too (see its short cut).
    // Stored steps (an index key: `each.value["k"]`, `var.list[0]`) on such a root: the same
    // answer when the next step is a name or a key and no step is a null key (as
    // passes_over_dynamic_unknown), tested here rather than after scope_traversal_rest's frame
    // and a second decoding of the steps (1656 traversals of the corpus, 40 instructions each).
    if (found->type().is_dynamic() && !found->is_null()) {
      if (steps.in_source()) return *found;
      const auto next = steps[1].kind();
      if ((next == TraversalStep::Kind::attr || next == TraversalStep::Kind::index) && !stored_null_index_key(steps)) return *found;
    }
  }
  return scope_traversal_rest(e, found, d);
}

// scope_traversal past its common cases, given the root's value (null when unbound).
Value Evaluator::scope_traversal_rest(const ScopeTraversalExpr& e, const Value* found, Diagnostics& d) {
  const TraversalSteps steps = e.traversal();
  if (found) {
    if (steps.size() == 1) return *found;
    // A step read from the source is an attribute; only a stored one needs building to tell.
    const auto next = steps.in_source() ? TraversalStep::Kind::attr : steps[1].kind();
    if (passes_over_dynamic_unknown(next, *found, steps)) return *found;
    // Tested after the case above, which answers the same for the usual root without the
    // call (is_partial() walks the context chain).
    if (!found->is_known() && found->type().is_dynamic() && ctx_ && ctx_->is_partial()) return *found;
    return traverse(*found, steps.drop_front(1), e.file(), d);
  }
  // Partial evaluation (validation without a caller's context: every `var.x`): an unbound
  // root is unknown of dynamic type, with no diagnostic, and so is the whole traversal.
  if (ctx_ && ctx_->is_partial()) return Value::unknown(Type::dynamic());
  // Otherwise an error, and the whole traversal an unknown of dynamic type, reported straight
  // into `d` (a vector of its own, appended after, was an allocation and a move of the
  // diagnostic per unknown name).
  // A root read from the source is its first name, whose length is usually known (first_text),
  // where steps[0] would scan the name for its end once more; the step spans from the
  // traversal's start to the name's end.
  if (steps.in_source()) {
    const std::string_view name = steps.first_text();
    const auto name_end = static_cast<uint32_t>(name.data() - e.file().text().data() + name.size());
    report_unbound_root(name, ByteSpan{e.span.begin, name_end}, e.file(), d);
    return Value::unknown(Type::dynamic());
  }
  const ArenaTraversalStep root = steps[0];
  report_unbound_root(root.name(), root.span, e.file(), d);
  return Value::unknown(Type::dynamic());
}

// The node kinds evaluated by a function of their own are handed to it from where the node is
// met, inlined there, rather than through eval_node's switch: its prologue and epilogue, saving and
// restoring six registers around a frame of over a kilobyte, were spent on every node, when most
// nodes are templates, calls and objects.
inline Value Evaluator::eval_native(const Expr& e, Diagnostics& d) {
  switch (e.kind) {
    case NodeKind::template_expr: {
      // A quoted string without interpolations (a template of one literal part, the commonest
      // node) is its text: answered here, without template_'s frame.
      const auto& t = static_cast<const TemplateExpr&>(e);
      const TemplateParts parts = t.parts();  // (once: GCC called it out of line for each use)
      if (parts.size() == 1 && parts[0]->kind == NodeKind::literal_value) {
        const auto& l = static_cast<const LiteralValueExpr&>(*parts[0]);
        if (l.value_kind() == LiteralValueExpr::ValueKind::string) return eval_detail::literal_string(l.text());
      }
      return template_(t, d);
    }
    case NodeKind::function_call: return call(static_cast<const FunctionCallExpr&>(e), d);
    case NodeKind::object_cons: return object(static_cast<const ObjectConsExpr&>(e), d);
    case NodeKind::conditional: return conditional(static_cast<const ConditionalExpr&>(e), d);
    case NodeKind::for_expr: return for_(static_cast<const ForExpr&>(e), d);
    case NodeKind::splat: return splat(static_cast<const SplatExpr&>(e), d);
    case NodeKind::scope_traversal: return scope_traversal(static_cast<const ScopeTraversalExpr&>(e), d);
    default: return eval_node(e, d);
  }
}

// The value of a literal node (`2`, `true`, `null`, a string literal part).
[[gnu::always_inline]] inline Value literal_node_value(const LiteralValueExpr& l) {
  switch (l.value_kind()) {
    case LiteralValueExpr::ValueKind::null: return Value::null(Type::dynamic());
    case LiteralValueExpr::ValueKind::boolean: return Value::boolean(l.bool_value());
    case LiteralValueExpr::ValueKind::number: return eval_detail::literal_number(l.text());
    case LiteralValueExpr::ValueKind::string: return eval_detail::literal_string(l.text());
    case LiteralValueExpr::ValueKind::unknown: return Value::unknown(Type::dynamic());
  }
  return Value::unknown(Type::dynamic());
}

// Every other node kind: literal values here (the commonest of them: `count = 2`), in a frame of
// one saved register; the rest in eval_node_rest, whose frame is large.
Value Evaluator::eval_node(const Expr& e, Diagnostics& d) {
  switch (e.kind) {
    case NodeKind::literal_value: break;
    // (Kinds with a function of their own: called from here, without eval_node_rest's frame.)
    case NodeKind::tuple_cons: return tuple(static_cast<const TupleConsExpr&>(e), d);
    case NodeKind::binary_op: return binary_op(static_cast<const BinaryOpExpr&>(e), d);
    case NodeKind::unary_op: return unary_op(static_cast<const UnaryOpExpr&>(e), d);
    default: return eval_node_rest(e, d);
  }
  return literal_node_value(static_cast<const LiteralValueExpr&>(e));
}

Value Evaluator::eval_node_rest(const Expr& e, Diagnostics& d) {
  switch (e.kind) {
    case NodeKind::literal_value: return literal_node_value(static_cast<const LiteralValueExpr&>(e));  // (eval_node answers these itself)
    case NodeKind::scope_traversal: return scope_traversal(static_cast<const ScopeTraversalExpr&>(e), d);
    case NodeKind::relative_traversal: {
      const auto& t = static_cast<const RelativeTraversalExpr&>(e);
      Value src = eval_native(*t.source, d);
      return traverse(src, t.traversal(), e.file(), d);
    }
    case NodeKind::function_call: return call(static_cast<const FunctionCallExpr&>(e), d);
    case NodeKind::conditional: return conditional(static_cast<const ConditionalExpr&>(e), d);
    case NodeKind::index: {
      const auto& x = static_cast<const IndexExpr&>(e);
      Value c = eval_native(*x.collection, d);
      Value k = eval_native(*x.key, d);
      budget_.charge(eval_detail::work_units(k), [&] { return e.range(); });  // a number key written out
      auto r = eval_detail::index_value(c, k);
      if (r.summary) d.push_back(make_error(*r.summary, r.detail, e.file().range(x.bracket_span)));
      return std::move(r.value);
    }
    case NodeKind::tuple_cons: return tuple(static_cast<const TupleConsExpr&>(e), d);
    case NodeKind::object_cons: return object(static_cast<const ObjectConsExpr&>(e), d);
    case NodeKind::object_cons_key: {
      const auto& k = static_cast<const ObjectConsKeyExpr&>(e);
      const Expr& wrapped = *k.wrapped();  // right before the key, or through its pointer
      // A bare name is taken literally (hcl.ExprAsKeyword) unless parenthesised.
      if (!k.force_non_literal() && wrapped.kind == NodeKind::scope_traversal) {
        const TraversalSteps steps = static_cast<const ScopeTraversalExpr&>(wrapped).traversal();
        if (steps.size() > 1) {
          d.push_back(make_error("Ambiguous attribute key",
                            "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
                            e.range()));
          return Value::unknown(Type::dynamic());
        }
        return Value::string(steps.first_text());
      }
      if (!k.force_non_literal())
        if (auto keyword = keyword_key(wrapped)) return Value::string(*keyword);
      return eval_native(wrapped, d);
    }
    case NodeKind::for_expr: return for_(static_cast<const ForExpr&>(e), d);
    case NodeKind::splat: return splat(static_cast<const SplatExpr&>(e), d);
    case NodeKind::anon_symbol: {
      const Value* item = splat_item(static_cast<const AnonSymbolExpr*>(&e));
      return item ? *item : Value::unknown(Type::dynamic());
    }
    case NodeKind::binary_op: return binary_op(static_cast<const BinaryOpExpr&>(e), d);
    case NodeKind::unary_op: return unary_op(static_cast<const UnaryOpExpr&>(e), d);
    case NodeKind::template_expr: return template_(static_cast<const TemplateExpr&>(e), d);
    case NodeKind::template_join: {
      const auto& j = static_cast<const TemplateJoinExpr&>(e);
      Value t = eval_native(*j.tuple, d);
      if (t.type().is_dynamic() || !t.is_known()) return Value::unknown(Type::string());
      Marks marks = t.is_marked() ? t.marks() : Marks{};
      std::string buf;
      for (const Value& v : t.unmarked().elements()) {
        if (v.is_null()) {
          d.push_back(make_error("Invalid template interpolation value",
                            "An iteration result is null. Cannot include a null value in a string template.", e.range()));
          continue;
        }
        if (v.type().is_dynamic()) return Value::unknown(Type::string()).with_marks(marks);
        budget_.charge(eval_detail::work_units(v), [&] { return e.range(); });  // a number written out
        auto s = convert(v, Type::string());
        if (!s.value) {
          d.push_back(make_error("Invalid template interpolation value",
                            "Cannot include one of the interpolation results into the string template: " + s.error.message + ".", e.range()));
          continue;
        }
        if (!v.is_known()) return Value::unknown(Type::string()).with_marks(marks);
        if (s.value->is_marked()) marks = union_marks(marks, s.value->marks());
        buf += s.value->unmarked().as_string();
      }
      budget_.charge(buf.size() >> 6, [&] { return e.range(); });
      Value r = Value::string(buf);
      if (marks.empty()) return r;
      return r.with_marks(marks);
    }
    case NodeKind::template_wrap: return eval_native(*static_cast<const TemplateWrapExpr&>(e).wrapped, d);
    case NodeKind::parentheses: return eval_native(*static_cast<const ParenthesesExpr&>(e).expression, d);
  }
  return Value::unknown(Type::dynamic());
}

// A JSON string as HCL's json package evaluates it: a template positioned just after its opening
// quote when there is a context, the literal text when there is none.
Value Evaluator::json_string(std::string_view text, ByteSpan span, const SourceFile& file, Diagnostics& d) {
  if (!ctx_) return Value::string(text);
  // Most strings hold no template sequence: their template is the literal itself (see
  // json_plain_string.hpp), so the parser, and the position it would start at, are not needed.
  if (hclschema::detail::json_string_is_plain(text)) return Value::string(text);
  // Positions only matter to diagnostics, and nearly every template has none: it is first parsed
  // and evaluated as a file of its own (no name, positions from 1:1), which spares looking up
  // where the string starts (a line search and a grapheme count). Neither the parse nor the
  // value depends on positions, so when that attempt reports nothing its value is the answer;
  // otherwise it is dropped whole and the template done again at its true position, for
  // diagnostics that point into the JSON file.
  {
    auto src = SourceFile::from_string(FileName{}, std::string(text));
    Diagnostics attempt;
    native::detail::ReusedTemplateParse parsed(*src, attempt);
    if (parsed.expr() && attempt.empty()) {
      Evaluator inner(ctx_, budget_);
      Value v = inner.eval_native(*parsed.expr(), attempt);
      if (attempt.empty()) return v;
    }
  }
  Pos start = file.pos_at(span.begin);  // only the start: range() would also count the end
  Pos origin{start.line, start.column + 1, start.byte + 1};
  auto src = SourceFile::from_string_at(file.name(), std::string(text), origin);
  // A file holds thousands of such strings: each is parsed into the thread's reused arena and
  // parser scratch (no File, arena or parser vectors of its own), its nodes gone once evaluated.
  Diagnostics parse_diags;
  native::detail::ReusedTemplateParse parsed(*src, parse_diags);
  const bool failed = !parsed.expr() || has_errors(parse_diags);
  append(d, std::move(parse_diags));
  if (failed) return Value::unknown(Type::dynamic());
  Evaluator inner(ctx_, budget_);
  return inner.eval_native(*parsed.expr(), d);
}


Value Evaluator::eval_json(const json::Value& e, Diagnostics& d) {
  switch (e.kind) {
    case json::NodeKind::string: {
      const auto& s = static_cast<const json::String&>(e);
      return json_string(s.value(), e.span, *e.file, d);
    }
    case json::NodeKind::number: {
      auto n = Number::parse(static_cast<const json::Number&>(e).text());
      return n ? Value::number(*n) : Value::unknown(Type::number());
    }
    case json::NodeKind::boolean: return Value::boolean(static_cast<const json::Bool&>(e).value);
    case json::NodeKind::null: return Value::null(Type::dynamic());
    case json::NodeKind::array: {
      std::vector<Value> vals;
      for (const json::Value* x : static_cast<const json::Array&>(e).elements()) vals.push_back(eval_json(*x, d));
      return Value::tuple(std::move(vals));
    }
    case json::NodeKind::object: {
      // Each key's value and the span of its name: the name's range (a position lookup) is made
      // only for a diagnostic.
      const auto properties = static_cast<const json::Object&>(e).properties();
      hclschema::detail::JsonObjectEntries vals(properties.size());
      bool known = true;
      const SourceFile& file = *e.file;
      for (const auto& p : properties) {
        Value name = json_string(p.name, p.name_span, file, d);
        Value v = eval_json(*p.value, d);
        auto ns = convert(name, Type::string());
        if (!ns.value) {
          d.push_back(make_error("Invalid object key expression", "Cannot use this expression as an object key: " + ns.error.message + ".",
                                 file.range(p.name_span)));
          continue;
        }
        if (ns.value->is_null()) {
          d.push_back(make_error("Invalid object key expression", "Cannot use null value as an object key.", file.range(p.name_span)));
          continue;
        }
        if (!ns.value->is_known()) {
          known = false;
          continue;
        }
        const std::string& key = ns.value->unmarked().as_string();
        if (const ByteSpan* first = vals.find(key)) {
          d.push_back(make_error("Duplicate object attribute",
                                 "An attribute named " + quote(key) + " was already defined at " + hclschema::detail::range_string(file.range(*first)) +
                                     ".",
                                 file.range(p.name_span)));
          continue;
        }
        vals.add(key, std::move(v), p.name_span);
      }
      if (!known) return Value::unknown(Type::dynamic());
      return Value::object(std::move(vals).sorted_attributes());
    }
    case json::NodeKind::invalid: return Value::unknown(Type::dynamic());
  }
  return Value::unknown(Type::dynamic());
}

// The result of an evaluation that ran out of memory. Built with little memory of its own: the
// failed evaluation's values have been released by then.
EvalResult out_of_memory(const Expression& expr) {
  EvalResult r;
  r.value = Value::unknown(Type::dynamic());
  r.diagnostics.push_back(make_error("Not enough memory",
                                     "Evaluating this expression needs more memory than is available: a value it builds, or one on "
                                     "the way, is too large.",
                                     expr.range()));
  return r;
}

// The result of an evaluation whose work budget ran out: one error, where it ran out, in place of
// what the interrupted evaluation had reported; every value built so far was freed on the way.
EvalResult too_expensive(const eval_detail::WorkBudgetExhausted& e) {
  EvalResult r;
  r.value = Value::unknown(Type::dynamic());
  r.diagnostics.push_back(eval_detail::work_budget_diagnostic(e));
  return r;
}

}  // namespace

EvalResult evaluate(const Expression& expr, const EvalContext* ctx) {
  eval_detail::WorkBudget budget(eval_detail::work_limit_of(ctx));
  Evaluator ev(ctx, budget);
  Diagnostics diagnostics;
  try {
    // The value is made in the result itself (the initializers run in order, the evaluation
    // first): assigning it to a result made beforehand cost a move and a destruction per call.
    return EvalResult{ev.eval(expr, diagnostics), std::move(diagnostics)};
  } catch (const eval_detail::WorkBudgetExhausted& e) {
    return too_expensive(e);
  } catch (const std::bad_alloc&) {
    // A short expression can ask for more memory than there is (nested for expressions over
    // long ranges, replace() with an empty pattern): every value is owned by a handle, so what
    // was built is freed on the way out, and the expression gets an error where it is written
    // rather than the program an out-of-memory abort (the reference's fate).
    return out_of_memory(expr);
  } catch (const std::length_error&) {
    return out_of_memory(expr);  // a string or vector longer than its type can hold: the same case
  }
}

EvalResult eval_detail::evaluate_argument(const Expression& expr, const EvalContext* ctx) {
  WorkBudget* lent = WorkBudget::lent();
  if (!lent) return evaluate(expr, ctx);
  // As evaluate(), but an exhausted budget goes on to the evaluation that lent it, which reports
  // it: it is not an error try() may catch.
  Evaluator ev(ctx, *lent);
  Diagnostics diagnostics;
  try {
    return EvalResult{ev.eval(expr, diagnostics), std::move(diagnostics)};
  } catch (const std::bad_alloc&) {
    return out_of_memory(expr);
  } catch (const std::length_error&) {
    return out_of_memory(expr);
  }
}

ParsedExpression parse_expression(std::string text, std::string filename) {
  auto parsed = native::detail::parse_expression_source(SourceFile::from_string(std::move(filename), std::move(text)));
  return {parsed.file, parsed.expr, std::move(parsed.diagnostics)};
}

}  // namespace hclschema
