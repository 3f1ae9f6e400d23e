// How the evaluator finds a traversal's root (src/eval/evaluate.cpp: scope_traversal, find_root and
// the searches behind it) and what the traversal then gives, along each of its ways: a root
// alone; names after an unknown of dynamic type (answered without traversing); stored steps
// (index keys); a known value traversed; for-expression names before the tables; the last root
// found reused; a context chain whose inner tables are small, absent or unindexed; partial
// evaluation; an unbound root.
#include <gtest/gtest.h>

#include <string>

#include "hclschema/eval.hpp"
#include "hclschema/parse.hpp"

namespace {

using namespace hclschema;

EvalResult eval(const std::string& src, const EvalContext* ctx) {
  auto p = parse_expression(src, "t.hcl");
  EXPECT_TRUE(p.diagnostics.empty()) << src;
  return evaluate(*p.expr, ctx);
}

// A context with an indexed variables table (more than NameTable::k_min_indexed names).
EvalContext indexed_context() {
  EvalContext ctx;
  for (int i = 0; i < 12; ++i) ctx.set_variable("filler_" + std::to_string(i), Value::number(Number(static_cast<int64_t>(i))));
  ctx.set_variable("var", Value::unknown(Type::dynamic()));
  ctx.set_variable("nothing", Value::null(Type::dynamic()));
  ctx.set_variable("obj", Value::object({{"a", Value::object({{"b", Value::string("deep")}})}, {"n", Value::number(Number(int64_t{7}))}}));
  ctx.set_variable("list", Value::tuple({Value::string("x"), Value::string("y")}));
  return ctx;
}

TEST(RootLookup, RootAloneAndNamesAfterAnUnknown) {
  const EvalContext ctx = indexed_context();
  EXPECT_EQ(eval("filler_3", &ctx).value.as_number().to_string(), "3");
  // An unknown of dynamic type followed by names: unknown of dynamic type, no diagnostic.
  auto r = eval("var.a.b.c", &ctx);
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_FALSE(r.value.is_known());
  EXPECT_TRUE(r.value.type().is_dynamic());
  // Index keys are stored steps: the same answer, and a null key is still an error.
  r = eval("var[\"a\"].b[0]", &ctx);
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_FALSE(r.value.is_known());
  r = eval("var.a[null]", &ctx);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Invalid index");
}

TEST(RootLookup, KnownValuesAreTraversed) {
  const EvalContext ctx = indexed_context();
  EXPECT_EQ(eval("obj.a.b", &ctx).value.as_string(), "deep");
  EXPECT_EQ(eval("obj[\"n\"]", &ctx).value.as_number().to_string(), "7");
  EXPECT_EQ(eval("list[1]", &ctx).value.as_string(), "y");
  auto r = eval("obj.missing", &ctx);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Unsupported attribute");
  // A null of dynamic type is not an unknown: its attribute is an error.
  r = eval("nothing.a", &ctx);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Attempt to get attribute from null value");
}

TEST(RootLookup, ForExpressionNamesComeBeforeTheTables) {
  const EvalContext ctx = indexed_context();
  // `obj` and `filler_1` name the loop's key and value here, not the variables.
  auto r = eval("[for obj, filler_1 in [\"p\", \"q\"] : \"${obj}${filler_1}${filler_2}\"]", &ctx);
  ASSERT_TRUE(r.diagnostics.empty());
  ASSERT_EQ(r.value.elements().size(), 2u);
  EXPECT_EQ(r.value.elements()[0].as_string(), "0p2");
  EXPECT_EQ(r.value.elements()[1].as_string(), "1q2");
  // An unknown name inside one: the loop's names are candidates after the tables'.
  r = eval("[for item in [1] : itme]", &ctx);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].detail, "There is no variable named \"itme\". Did you mean \"item\"?");
}

// The same root twice and two roots alternating in one expression: the last root found is
// reused only for its own name.
TEST(RootLookup, LastRootReusedOnlyForItsName) {
  const EvalContext ctx = indexed_context();
  auto r = eval("[filler_1, filler_1, filler_2, filler_1, obj.n, filler_2]", &ctx);
  ASSERT_TRUE(r.diagnostics.empty());
  std::string seen;
  for (const Value& v : r.value.elements()) seen += v.as_number().to_string() + ",";
  EXPECT_EQ(seen, "1,1,2,1,7,2,");
}

// A chain: the innermost context binds first; contexts without a variables table are passed
// over; a small (unindexed) table, and one whose index was dropped by a new name, are searched
// as well as an indexed one.
TEST(RootLookup, ContextChains) {
  EvalContext outer = indexed_context();
  EvalContext no_table(&outer);  // no variables table at all
  EvalContext small(&no_table);
  small.set_variable("filler_1", Value::string("shadowed"));
  small.set_variable("local", Value::string("mine"));
  EXPECT_EQ(eval("filler_1", &small).value.as_string(), "shadowed");
  EXPECT_EQ(eval("local", &small).value.as_string(), "mine");
  EXPECT_EQ(eval("filler_2", &small).value.as_number().to_string(), "2");
  EXPECT_EQ(eval("obj.a.b", &small).value.as_string(), "deep");
  EXPECT_EQ(eval("filler_2", &no_table).value.as_number().to_string(), "2");
  // An indexed inner table without the name: found in the parent's (and its own names first).
  EvalContext inner(&outer);
  for (int i = 0; i < 10; ++i) inner.set_variable("inner_" + std::to_string(i), Value::number(Number(int64_t{100} + i)));
  inner.set_variable("filler_3", Value::string("inner's"));
  for (int pass = 0; pass < 2; ++pass) {  // the first builds the indexes, the second uses them
    EXPECT_EQ(eval("obj.a.b", &inner).value.as_string(), "deep");
    EXPECT_EQ(eval("inner_4", &inner).value.as_number().to_string(), "104");
    EXPECT_EQ(eval("filler_3", &inner).value.as_string(), "inner's");
    EXPECT_EQ(eval("filler_4", &inner).value.as_number().to_string(), "4");
  }
  // A name added to the indexed table drops its index: found through the rebuilt one.
  outer.set_variable("late", Value::boolean(true));
  EXPECT_TRUE(eval("late", &small).value.as_bool());
  auto r = eval("nowhere", &small);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Unknown variable");
}

TEST(RootLookup, UnboundRoots) {
  // Partial evaluation: unknown, without a diagnostic, however many steps follow.
  EvalContext partial;
  partial.partial = true;
  auto r = eval("anything.a[\"b\"]", &partial);
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_FALSE(r.value.is_known());
  // No table anywhere: variables are not allowed.
  r = eval(" anything.a", nullptr);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].summary, "Variables not allowed");
  ASSERT_TRUE(r.diagnostics[0].subject.has_value());
  EXPECT_EQ(r.diagnostics[0].subject->start, (Pos{1, 2, 1}));
  EXPECT_EQ(r.diagnostics[0].subject->end, (Pos{1, 10, 9}));
  // Unknown, with its range the root name's; the suggestion is the first name in the table's
  // order within two edits (filler_0, though filler_1 is one edit away), as hclsyntax's.
  const EvalContext ctx = indexed_context();
  r = eval("  filer_1.x", &ctx);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].detail, "There is no variable named \"filer_1\". Did you mean \"filler_0\"?");
  ASSERT_TRUE(r.diagnostics[0].subject.has_value());
  EXPECT_EQ(r.diagnostics[0].subject->start.column, 3u);
  EXPECT_EQ(r.diagnostics[0].subject->end.column, 10u);
}

// Every member of an unknown name's error (push_error builds the diagnostic in the vector's slot,
// member by member): error severity, summary, detail, the name's range as subject, the call's as
// context for a function and none for a variable, no code, not redacted; and several in one
// expression, the vector growing past its first slot.
TEST(RootLookup, UnknownNameDiagnosticsAreComplete) {
  EvalContext ctx = indexed_context();
  ctx.set_function("keep", Function());  // a table of functions without the one called
  auto r = eval("[nope, nada(1), zilch]", &ctx);
  ASSERT_EQ(r.diagnostics.size(), 3u);
  const Diagnostic& v = r.diagnostics[0];
  EXPECT_EQ(v.severity, Severity::error);
  EXPECT_EQ(v.summary, "Unknown variable");
  EXPECT_EQ(v.detail, "There is no variable named \"nope\".");
  ASSERT_TRUE(v.subject.has_value());
  EXPECT_EQ(v.subject->filename, "t.hcl");
  EXPECT_EQ(v.subject->start, (Pos{1, 2, 1}));
  EXPECT_EQ(v.subject->end, (Pos{1, 6, 5}));
  EXPECT_FALSE(v.context.has_value());
  EXPECT_TRUE(v.code.empty());
  EXPECT_FALSE(v.redact_subject);
  const Diagnostic& f = r.diagnostics[1];
  EXPECT_EQ(f.severity, Severity::error);
  EXPECT_EQ(f.summary, "Call to unknown function");
  EXPECT_EQ(f.detail, "There is no function named \"nada\".");
  ASSERT_TRUE(f.subject.has_value());
  EXPECT_EQ(f.subject->start.byte, 7u);
  EXPECT_EQ(f.subject->end.byte, 11u);
  ASSERT_TRUE(f.context.has_value());
  EXPECT_EQ(f.context->filename, "t.hcl");
  EXPECT_EQ(f.context->start.byte, 7u);
  EXPECT_EQ(f.context->end.byte, 14u);
  EXPECT_TRUE(f.code.empty());
  EXPECT_FALSE(f.redact_subject);
  EXPECT_EQ(r.diagnostics[2].detail, "There is no variable named \"zilch\".");
  EXPECT_FALSE(r.diagnostics[2].context.has_value());
  EXPECT_EQ(r.diagnostics[2].subject->start.byte, 16u);
}

// An unbound root's error spans the root name however the traversal is kept: steps read from the
// source (one name, names after it, a name too long for its length to be kept with the node) or
// stored (an index step after it), alone or inside a larger expression.
TEST(RootLookup, UnboundRootRangeIsTheRootName) {
  const EvalContext ctx = indexed_context();
  const std::string long_name(300, 'q');
  const std::pair<std::string, std::string> cases[] = {
      {"  nope", "nope"},          {"  nope.a", "nope"},      {"  nope.a.b.c", "nope"}, {"  nope[0]", "nope"},
      {"  nope[0].a", "nope"},     {"  nope.a[\"k\"]", "nope"}, {"  (nope.a)", "nope"},   {"  [1, nope.a]", "nope"},
      {"  " + long_name + ".x", long_name}, {"  " + long_name, long_name}};
  for (const auto& [src, name] : cases) {
    const EvalResult r = eval(src, &ctx);
    ASSERT_EQ(r.diagnostics.size(), 1u) << src;
    EXPECT_EQ(r.diagnostics[0].detail, "There is no variable named \"" + name + "\".") << src;
    ASSERT_TRUE(r.diagnostics[0].subject.has_value()) << src;
    const auto begin = static_cast<uint32_t>(src.find(name));
    EXPECT_EQ(r.diagnostics[0].subject->start.byte, begin) << src;
    EXPECT_EQ(r.diagnostics[0].subject->end.byte, begin + name.size()) << src;
    EXPECT_EQ(r.diagnostics[0].subject->start.column, begin + 1) << src;
    EXPECT_EQ(r.diagnostics[0].subject->end.column, begin + 1 + name.size()) << src;
  }
}

// scope_traversal answers its commonest case (steps read from the source, no loop name in
// scope, the root bound in the innermost table once its index is built) by itself; every other
// case goes the longer way. Each expression gives the same value and diagnostics in a fresh
// context (no index built yet: the longer way) as in one used before (the short one), marks
// included: a root alone of every kind, names after an unknown (marked or not) and after a null
// of dynamic type or a known value (both traversed), stored steps, a loop name shadowing a table
// name, a name bound only in the parent, an unknown name.
TEST(RootLookup, CommonCaseAnswersAsTheLongerWay) {
  auto context = [] {
    EvalContext outer = indexed_context();
    outer.set_variable("secret", Value::unknown(Type::dynamic()).with_mark(sensitive_mark));
    outer.set_variable("only_outer", Value::string("outer's"));
    return outer;
  };
  const char* const cases[] = {"filler_3",      "var",          "var.a.b",        "nothing",        "nothing.a",     "obj",
                               "obj.a.b",       "obj.missing",  "list",           "var[0].a",       "secret",        "secret.a",
                               "obj[\"n\"]",    "only_outer",   "only_outer.x",   "nope",           "nope.a",
                               "[for var in [1] : var]",        "[for k, obj in {a = 1} : obj.x]"};
  for (const char* src : cases) {
    const EvalContext fresh = context();
    const EvalResult longer = eval(src, &fresh);
    EvalContext used_outer = context();
    EvalContext used(&used_outer);  // an inner table that does not bind the case's names
    for (int i = 0; i < 10; ++i) used.set_variable("inner_" + std::to_string(i), Value::boolean(true));
    (void)eval("[filler_0, inner_0]", &used);  // builds both indexes
    for (const EvalContext* ctx : {static_cast<const EvalContext*>(&used_outer), static_cast<const EvalContext*>(&used)}) {
      const EvalResult shorter = eval(src, ctx);
      EXPECT_TRUE(raw_equals(shorter.value, longer.value)) << src;  // (marks included)
      ASSERT_EQ(shorter.diagnostics.size(), longer.diagnostics.size()) << src;
      for (size_t i = 0; i < shorter.diagnostics.size(); ++i) {
        EXPECT_EQ(shorter.diagnostics[i].summary, longer.diagnostics[i].summary) << src;
        EXPECT_EQ(shorter.diagnostics[i].detail, longer.diagnostics[i].detail) << src;
        EXPECT_EQ(shorter.diagnostics[i].subject, longer.diagnostics[i].subject) << src;
      }
    }
  }
  // The answers themselves, through a used context.
  EvalContext used = context();
  (void)eval("filler_0", &used);
  EXPECT_TRUE(raw_equals(eval("var.a.b", &used).value, Value::unknown(Type::dynamic())));
  EXPECT_TRUE(eval("secret.a", &used).value.has_mark(sensitive_mark));
  EXPECT_EQ(eval("nothing.a", &used).diagnostics.at(0).summary, "Attempt to get attribute from null value");
  EXPECT_EQ(eval("obj.a.b", &used).value.as_string(), "deep");
  EXPECT_EQ(eval("[for obj in [5] : obj]", &used).value.elements().at(0).as_number().to_string(), "5");
}

// Splats keep their current item in the evaluator (made on first use): nested splats each see
// their own, one after another in the same expression each starts afresh, and one inside a for
// expression sees the loop's names too.
TEST(RootLookup, SplatItems) {
  EvalContext ctx = indexed_context();
  auto rows = [](std::initializer_list<int64_t> bs) {
    std::vector<Value> out;
    for (int64_t b : bs) out.push_back(Value::object({{"b", Value::number(Number(b))}}));
    return Value::tuple(std::move(out));
  };
  ctx.set_variable("nested", Value::tuple({Value::object({{"a", rows({1, 2})}}), Value::object({{"a", rows({3})}})}));
  auto text = [&](const std::string& src) {
    const EvalResult r = eval(src, &ctx);
    EXPECT_TRUE(r.diagnostics.empty()) << src;
    std::string out;
    for (const Value& row : r.value.elements()) {
      out += "[";
      for (const Value& v : row.elements()) out += v.as_number().to_string() + ",";
      out += "]";
    }
    return out;
  };
  EXPECT_EQ(text("nested[*].a[*].b"), "[1,2,][3,]");
  EXPECT_EQ(text("[for x in nested : x.a[*].b]"), "[1,2,][3,]");
  EXPECT_EQ(text("[nested[0].a[*].b, nested[1].a[*].b]"), "[1,2,][3,]");
  // A splat's item inside a for expression over the same rows: the loop's name and the item.
  auto r = eval("[for i, x in nested : [for y in x.a[*].b : y + i]]", &ctx);
  ASSERT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.value.elements()[1].elements()[0].as_number().to_string(), "4");
}

}  // namespace

// A root that the innermost table, indexed, lacks is answered by scope_traversal's short way when
// no parent context may bind it (unbound_plain_root): the same unknown of dynamic type and the
// same error as the longer way (a fresh context, no index yet), or no error in partial
// evaluation, however many steps follow; with a parent, the longer way looks there (a partial
// parent makes the child partial too).
TEST(RootLookup, UnboundRootInAnIndexedTableAnswersAsTheLongerWay) {
  const char* const cases[] = {"nope", "nope.a", "nope.a.b.c", "[nope.x, filer_1, nope]", "string", "aws_instance.web.id"};
  for (const bool partial : {false, true}) {
    for (const char* src : cases) {
      EvalContext fresh = indexed_context();
      fresh.partial = partial;
      const EvalResult longer = eval(src, &fresh);
      EvalContext used = indexed_context();
      used.partial = partial;
      (void)eval("filler_0", &used);  // builds the index
      const EvalResult shorter = eval(src, &used);
      EXPECT_TRUE(raw_equals(shorter.value, longer.value)) << src;
      ASSERT_EQ(shorter.diagnostics.size(), longer.diagnostics.size()) << src;
      EXPECT_EQ(shorter.diagnostics.empty(), partial) << src;
      for (size_t i = 0; i < shorter.diagnostics.size(); ++i) {
        EXPECT_EQ(shorter.diagnostics[i].summary, longer.diagnostics[i].summary) << src;
        EXPECT_EQ(shorter.diagnostics[i].detail, longer.diagnostics[i].detail) << src;
        EXPECT_EQ(shorter.diagnostics[i].subject, longer.diagnostics[i].subject) << src;
        EXPECT_FALSE(shorter.diagnostics[i].context.has_value()) << src;
      }
    }
  }
  EvalContext used = indexed_context();
  (void)eval("filler_0", &used);
  const EvalResult r = eval("nope.a.b", &used);
  EXPECT_FALSE(r.value.is_known());
  EXPECT_TRUE(r.value.type().is_dynamic());
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].detail, "There is no variable named \"nope\".");
  // With a parent: bound there, or unbound everywhere, or unknown without an error under a
  // partial parent.
  EvalContext outer;
  outer.set_variable("nope", Value::string("outer's"));
  EvalContext inner(&outer);
  for (int i = 0; i < 12; ++i) inner.set_variable("inner_" + std::to_string(i), Value::boolean(true));
  (void)eval("inner_0", &inner);
  EXPECT_EQ(eval("nope", &inner).value.as_string(), "outer's");
  EXPECT_EQ(eval("nada.x", &inner).diagnostics.at(0).detail, "There is no variable named \"nada\".");
  outer.partial = true;
  const EvalResult under_partial = eval("nada.x", &inner);
  EXPECT_TRUE(under_partial.diagnostics.empty());
  EXPECT_FALSE(under_partial.value.is_known());
}

// Stored steps (an index key somewhere) on a bound root of dynamic type are answered by
// scope_traversal_slowly itself when the traversal passes over the unknown (no null key
// anywhere), else by scope_traversal_rest: the same answers either way, marks kept.
TEST(RootLookup, StoredStepsOverAnUnknownRoot) {
  EvalContext ctx = indexed_context();
  ctx.set_variable("secret", Value::unknown(Type::dynamic()).with_mark(sensitive_mark));
  for (const char* src : {"var[0]", "var[\"k\"].b", "var.a[\"k\"]", "var[0][1].c", "secret[\"k\"]", "secret.a[0]"}) {
    const EvalResult r = eval(src, &ctx);
    EXPECT_TRUE(r.diagnostics.empty()) << src;
    EXPECT_FALSE(r.value.is_known()) << src;
    EXPECT_TRUE(r.value.type().is_dynamic()) << src;
    EXPECT_EQ(r.value.has_mark(sensitive_mark), src[0] == 's') << src;
  }
  for (const char* src : {"var[null]", "var.a[null]", "var[0][null].b", "secret[\"k\"][null]"}) {
    const EvalResult r = eval(src, &ctx);
    ASSERT_EQ(r.diagnostics.size(), 1u) << src;
    EXPECT_EQ(r.diagnostics[0].summary, "Invalid index") << src;
  }
  const EvalResult on_null = eval("nothing[0]", &ctx);
  ASSERT_EQ(on_null.diagnostics.size(), 1u);
  EXPECT_EQ(on_null.diagnostics[0].summary, "Attempt to index null value");
}
