// Traversal steps read back from the source (TraversalSteps, ast.hpp): a plain `a.b.c` stores no
// steps; anything else (spaces or comments between steps, index or legacy-index steps) keeps them
// in the arena. Both must hand out the same steps, with the same names, kinds and spans, through
// iteration, indexing and drop_front, and evaluate alike.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hclschema/eval.hpp"
#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"

namespace hclschema {
namespace {

using native::ArenaTraversalStep;
using native::NodeKind;
using native::ScopeTraversalExpr;
using native::TraversalSteps;

struct Parsed {
  ParseResult result;
  const native::Expr* expr = nullptr;  // the value of the first attribute
};

Parsed parse_attr(const std::string& rhs) {
  Parsed p{parse_native(SourceFile::from_string("steps.hcl", "x = " + rhs + "\n")), nullptr};
  EXPECT_TRUE(p.result.diagnostics.empty()) << rhs;
  p.expr = p.result.file->native_body()->attributes()[0].expr;
  return p;
}

// "kind name begin-end" for each step, through the iterator.
std::string describe(const TraversalSteps& steps) {
  std::string out;
  for (const ArenaTraversalStep step : steps) {
    if (!out.empty()) out += ' ';
    switch (step.kind()) {
      case TraversalStep::Kind::root: out += "root:" + std::string(step.name()); break;
      case TraversalStep::Kind::attr: out += "attr:" + std::string(step.name()); break;
      case TraversalStep::Kind::index: out += "index:" + std::string(step.key().text); break;
      case TraversalStep::Kind::splat: out += "splat"; break;
    }
    out += "@" + std::to_string(step.span.begin) + "-" + std::to_string(step.span.end);
  }
  return out;
}

struct StepsCase {
  const char* rhs;
  const char* steps;  // source offsets: `x = ` is 4 bytes
};

// Each `x = RHS` is a scope traversal with these steps, read from the source or stored.
void expect_steps(const std::vector<StepsCase>& cases, bool in_source) {
  for (const auto& c : cases) {
    const Parsed p = parse_attr(c.rhs);
    ASSERT_EQ(p.expr->kind, NodeKind::scope_traversal) << c.rhs;
    const TraversalSteps steps = static_cast<const ScopeTraversalExpr&>(*p.expr).traversal();
    EXPECT_EQ(steps.in_source(), in_source) << c.rhs;
    EXPECT_EQ(describe(steps), c.steps) << c.rhs;
  }
}

TEST(TraversalSteps, PlainDottedNamesAreReadFromTheSource) {
  expect_steps({{"a", "root:a@4-5"},
                {"var.name", "root:var@4-7 attr:name@7-12"},
                {"aws_s3.main-bucket.id", "root:aws_s3@4-10 attr:main-bucket@10-22 attr:id@22-25"},
                {"ünï.cödé", "root:ünï@4-9 attr:cödé@9-16"}},  // offsets in bytes
               true);
}

TEST(TraversalSteps, StepsThatDoNotReadBackAreStored) {
  expect_steps({{"a . b", "root:a@4-5 attr:b@6-9"},                               // spaces around the dot
                {"a./* c */b", "root:a@4-5 attr:b@5-14"},                         // a comment inside
                {"a.b[0].c", "root:a@4-5 attr:b@5-7 index:0@7-10 attr:c@10-12"},  // an index step
                {"a.0.c", "root:a@4-5 index:0@5-7 attr:c@7-9"},                   // a legacy index
                {"a[\"k\"]", "root:a@4-5 index:k@5-10"}},
               false);
}

// A traversal read from the source keeps its step count in 7 bits of the node's header: up to
// 127 steps; one longer is stored, and reads the same.
TEST(TraversalSteps, CountsBeyondSevenBitsAreStored) {
  for (const uint32_t count : {127u, 128u, 300u}) {
    std::string rhs = "s0";
    for (uint32_t i = 1; i < count; ++i) rhs += ".s" + std::to_string(i);
    const Parsed p = parse_attr(rhs);
    ASSERT_EQ(p.expr->kind, NodeKind::scope_traversal);
    const auto& node = static_cast<const ScopeTraversalExpr&>(*p.expr);
    EXPECT_EQ(node.has_stored_steps(), count > ScopeTraversalExpr::k_max_steps_in_source) << count;
    const TraversalSteps steps = node.traversal();
    ASSERT_EQ(steps.size(), count);
    EXPECT_EQ(steps[0].name(), "s0");
    EXPECT_EQ(steps[count - 1].name(), "s" + std::to_string(count - 1));
    uint32_t seen = 0;
    for (const ArenaTraversalStep step : steps) EXPECT_EQ(step.name(), "s" + std::to_string(seen++));
    EXPECT_EQ(seen, count);
    EXPECT_EQ(p.expr->variables().at(0).size(), count);
  }
}

// A read-back traversal's header holds its root name's length when it fits a byte; a longer root
// is found by searching for the dot, and drop_front forgets the length. All read the same names.
TEST(TraversalSteps, FirstTextWithAndWithoutTheRootLength) {
  for (const size_t root_size : {1u, 8u, 255u, 256u, 1000u}) {
    const std::string root(root_size, 'r');
    const Parsed p = parse_attr(root + ".second.third");
    const TraversalSteps steps = static_cast<const ScopeTraversalExpr&>(*p.expr).traversal();
    ASSERT_TRUE(steps.in_source());
    EXPECT_EQ(steps.first_text(), root);
    EXPECT_EQ(steps.drop_front(1).first_text(), "second");
    EXPECT_EQ(steps.drop_front(2).first_text(), "third");
    EvalContext ctx;
    ctx.variables.emplace();
    (*ctx.variables)[root] = Value::object({{"second", Value::object({{"third", Value::string("found")}})}});
    const auto r = evaluate(*p.expr, &ctx);
    ASSERT_TRUE(r.diagnostics.empty()) << root_size;
    EXPECT_EQ(r.value.as_string(), "found");
  }
}

TEST(TraversalSteps, IndexingAndDropFrontAgreeWithIteration) {
  for (const char* rhs : {"a.b.c.d", "a . b.c.d", "a.b[1].c"}) {
    const Parsed p = parse_attr(rhs);
    const TraversalSteps steps = static_cast<const ScopeTraversalExpr&>(*p.expr).traversal();
    std::vector<ArenaTraversalStep> iterated;
    for (const ArenaTraversalStep s : steps) iterated.push_back(s);
    ASSERT_EQ(iterated.size(), steps.size()) << rhs;
    for (uint32_t i = 0; i < steps.size(); ++i) {
      EXPECT_EQ(steps[i].text(), iterated[i].text()) << rhs << " step " << i;
      EXPECT_EQ(steps[i].span.begin, iterated[i].span.begin) << rhs << " step " << i;
      EXPECT_EQ(steps[i].kind(), iterated[i].kind()) << rhs << " step " << i;
      const TraversalSteps rest = steps.drop_front(i);
      ASSERT_EQ(rest.size(), steps.size() - i) << rhs;
      EXPECT_EQ(rest[0].text(), iterated[i].text()) << rhs << " rest after " << i;
      EXPECT_EQ(rest[0].kind(), iterated[i].kind()) << rhs << " rest after " << i;
      EXPECT_EQ(rest[0].span.end, iterated[i].span.end) << rhs << " rest after " << i;
    }
    EXPECT_TRUE(steps.drop_front(steps.size()).empty()) << rhs;
  }
}

TEST(TraversalSteps, ReadBackAndStoredStepsEvaluateAlike) {
  EvalContext ctx;
  ctx.variables.emplace();
  (*ctx.variables)["a"] = Value::object({{"b", Value::object({{"c", Value::string("deep")}})}});
  for (const char* rhs : {"a.b.c", "a . b . c", "a.b[\"c\"]"}) {
    const Parsed p = parse_attr(rhs);
    const auto r = evaluate(*p.expr, &ctx);
    ASSERT_TRUE(r.diagnostics.empty()) << rhs;
    EXPECT_EQ(r.value.as_string(), "deep") << rhs;
  }
  // A missing attribute is reported on the step's own range, read back or stored.
  for (const char* rhs : {"a.b.nope", "a . b . nope"}) {
    const Parsed p = parse_attr(rhs);
    const auto r = evaluate(*p.expr, &ctx);
    ASSERT_EQ(r.diagnostics.size(), 1u) << rhs;
    EXPECT_EQ(r.diagnostics[0].summary, "Unsupported attribute") << rhs;
    const std::string text = rhs;
    EXPECT_EQ(r.diagnostics[0].subject->start.column, text.find(". nope") != std::string::npos ? 11u : 8u) << rhs;
  }
}

// A traversal whose steps must be stored is moved by the parser to a node with room for their
// pointer; every parent must hold the moved node (the one left behind has no steps).
TEST(TraversalSteps, StoredTraversalsAreTheNodesTheirParentsHold) {
  EvalContext ctx;
  ctx.variables.emplace();
  (*ctx.variables)["a"] = Value::object({{"b", Value::tuple({Value::string("x"), Value::string("y")})}});
  (*ctx.variables)["k"] = Value::number(*Number::parse("1"));
  const struct {
    const char* rhs;
    const char* value;  // the result as a string or a joined tuple
  } cases[] = {
      {"a . b[k]", "y"},                  // collection of an IndexExpr
      {"a . b[*]", "x,y"},                // source of a full splat
      {"a . b.*", "x,y"},                 // source of an attribute splat
      {"[a . b][0][1]", "y"},             // a tuple element
      {"true ? a . b[0] : \"\"", "x"},     // a conditional's result
      {"a . b[1]", "y"},                  // stored with an index step folded in
      {"a.b[1]", "y"},
      {"\"${a . b[0]}\"", "x"},           // inside a template
  };
  for (const auto& c : cases) {
    const Parsed p = parse_attr(c.rhs);
    const auto r = evaluate(*p.expr, &ctx);
    ASSERT_TRUE(r.diagnostics.empty()) << c.rhs << ": " << r.diagnostics[0].summary;
    std::string got;
    if (r.value.type().is_tuple()) {
      for (const auto& e : r.value.elements()) got += (got.empty() ? "" : ",") + e.as_string();
    } else {
      got = r.value.as_string();
    }
    EXPECT_EQ(got, c.value) << c.rhs;
  }
  // The stored node itself: its steps, through the node the attribute holds.
  const Parsed p = parse_attr("a . b");
  const auto& t = static_cast<const ScopeTraversalExpr&>(*p.expr);
  EXPECT_TRUE(t.has_stored_steps());
  EXPECT_EQ(describe(t.traversal()), "root:a@4-5 attr:b@6-9");
}

TEST(TraversalSteps, VariablesOfReadBackTraversalsKeepTheirSteps) {
  const Parsed p = parse_attr("[var.region.name, local.x]");
  const auto vars = p.expr->variables();
  ASSERT_EQ(vars.size(), 2u);
  ASSERT_EQ(vars[0].size(), 3u);
  EXPECT_EQ(vars[0][0].name, "var");
  EXPECT_EQ(vars[0][2].name, "name");
  EXPECT_EQ(vars[0][2].range.start.column, 16u);
  EXPECT_EQ(vars[1][1].name, "x");
}

}  // namespace
}  // namespace hclschema
