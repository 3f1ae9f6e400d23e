// The thread's memo of did-you-mean answers per (table index, name) (src/eval/remembered_suggestions.hpp):
// an answer is remembered once worked out, a remembered answer is the one a walk of the table
// gives, and none goes stale: a table whose names change gets a new index, with a serial no
// other index had, so an answer about the old names is never used for the new ones, even when
// the new index sits at the old one's address.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "eval/name_index.hpp"
#include "eval/remembered_suggestions.hpp"
#include "hclschema/eval.hpp"
#include "hclschema/eval/name_table.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/parse.hpp"
#include "util/did_you_mean.hpp"
#include "util/go_format.hpp"

namespace {

using namespace hclschema;
using hclschema::detail::NameSuggester;
using hclschema::detail::remembered_suggestion;
using hclschema::detail::TableSuggester;

// A table with an index, and one still after a name is removed: `names` plus filler names far
// from anything the tests ask for.
NameTable<int> indexed_table(const std::vector<std::string>& names) {
  NameTable<int> t;
  for (const auto& n : names) t[n] = 1;
  for (int i = 0; t.size() < NameTable<int>::k_min_indexed + 2; ++i) t["zzzzzzzzzz" + std::to_string(i)] = 0;
  EXPECT_NE(t.name_index(), nullptr);
  return t;
}

// The answer a plain walk of the map gives (what the evaluator did before the memo).
std::optional<std::string> walked_answer(const NameTable<int>& t, const std::string& given) {
  NameSuggester s(given);
  for (const auto& entry : t.map())
    if (s.offer_next(entry.first)) return s.suggestion();
  return std::nullopt;
}

std::optional<std::string> table_answer(const NameTable<int>& t, const std::string& given) {
  TableSuggester s(given);
  if (s.offer_table(t)) return std::string(s.suggestion());
  EXPECT_EQ(s.suggestion(), "");
  return std::nullopt;
}

TEST(RememberedSuggestions, AnAnswerIsRememberedOnceWorkedOut) {
  const NameTable<int> t = indexed_table({"instance_type", "ami"});
  const auto& index = *t.name_index();
  EXPECT_FALSE(remembered_suggestion(index, "instanse_type").remembered);
  EXPECT_EQ(table_answer(t, "instanse_type"), "instance_type");
  const auto r = remembered_suggestion(index, "instanse_type");
  ASSERT_TRUE(r.remembered);
  EXPECT_TRUE(r.found);
  EXPECT_EQ(r.suggestion, "instance_type");
  // "No suggestion" is an answer too.
  EXPECT_EQ(table_answer(t, "nothing_like_it"), std::nullopt);
  const auto none = remembered_suggestion(index, "nothing_like_it");
  ASSERT_TRUE(none.remembered);
  EXPECT_FALSE(none.found);
  // Asked again: the remembered answers, the same.
  EXPECT_EQ(table_answer(t, "instanse_type"), "instance_type");
  EXPECT_EQ(table_answer(t, "nothing_like_it"), std::nullopt);
  // Not another name's, nor another index's.
  EXPECT_FALSE(remembered_suggestion(index, "instanse_typ").remembered);
  const NameTable<int> other = indexed_table({"instance_type", "ami"});
  EXPECT_FALSE(remembered_suggestion(*other.name_index(), "instanse_type").remembered);
}

TEST(RememberedSuggestions, SerialsAreNeverReused) {
  std::set<uint64_t> seen;
  for (int i = 0; i < 50; ++i) {
    const NameTable<int> t = indexed_table({std::to_string(i)});
    EXPECT_TRUE(seen.insert(t.name_index()->serial()).second);
    EXPECT_NE(t.name_index()->serial(), 0u);  // 0 marks an empty memo slot
  }
}

TEST(RememberedSuggestions, ChangingTheNamesNeverGivesAStaleAnswer) {
  NameTable<int> t = indexed_table({"instance_type"});
  const uint64_t first_serial = t.name_index()->serial();
  EXPECT_EQ(table_answer(t, "instanse_type"), "instance_type");
  // The suggested name goes: no suggestion any more, though one was remembered for the old names.
  t.erase("instance_type");
  ASSERT_NE(t.name_index(), nullptr);
  EXPECT_NE(t.name_index()->serial(), first_serial);
  EXPECT_EQ(table_answer(t, "instanse_type"), std::nullopt);
  // A new name close to it: suggested at once, though "none" was remembered just now.
  t["instance_typo"] = 2;
  EXPECT_EQ(table_answer(t, "instanse_type"), "instance_typo");
  // A closer name earlier in the table's order wins, as a walk of the new names would have it.
  t["instance_tape"] = 3;
  EXPECT_EQ(table_answer(t, "instanse_type"), walked_answer(t, "instanse_type"));
  EXPECT_EQ(table_answer(t, "instanse_type"), "instance_tape");
  // Changing a value keeps the index, and the answer.
  const uint64_t serial = t.name_index()->serial();
  t.find("instance_tape")->second = 4;
  EXPECT_EQ(t.name_index()->serial(), serial);
  EXPECT_EQ(table_answer(t, "instanse_type"), "instance_tape");
}

// A table made where a destroyed one was: its index is likely at the old index's address (the
// allocator hands the freed block out again), which must not matter.
TEST(RememberedSuggestions, ANewTableAtAnOldAddressGetsItsOwnAnswers) {
  std::optional<NameTable<int>> t;
  for (int round = 0; round < 20; ++round) {
    const std::string near = round % 2 == 0 ? "subnet_id" : "subnet_ids_all";
    t.emplace(indexed_table({near}));
    const auto expected = round % 2 == 0 ? std::optional<std::string>("subnet_id") : std::nullopt;
    EXPECT_EQ(table_answer(*t, "subnet_idd"), expected) << round;
    t.reset();
  }
}

// Random tables and names, each asked twice (worked out, then remembered) and once more after a
// flood of other questions has evicted most answers: always the walk's answer. Names longer
// than the memo keeps are worked out every time, with the same answers.
TEST(RememberedSuggestions, RememberedAnswersAgreeWithAWalkOfTheMap) {
  std::mt19937 rng(31337);
  auto random_name = [&](size_t max_len, std::string_view alphabet) {
    std::string s(1 + rng() % max_len, ' ');
    for (auto& c : s) c = alphabet[rng() % alphabet.size()];
    return s;
  };
  size_t suggested = 0;
  std::vector<NameTable<int>> tables;
  std::vector<std::vector<std::string>> asked;
  for (int table = 0; table < 40; ++table) {
    NameTable<int> t;
    const size_t n = 8 + rng() % 40;
    while (t.size() < n) {
      const int kind = static_cast<int>(rng() % 10);
      t[kind == 0 ? random_name(6, "ab\xC3\xA9.") : kind == 1 ? std::string(50, 'a') + random_name(3, "ab") : random_name(7, "abcdef_")] = 0;
    }
    std::vector<std::string> names;
    for (int q = 0; q < 30; ++q) {
      const int kind = static_cast<int>(rng() % 10);
      names.push_back(kind == 0 ? random_name(6, "ab\xC3\xA9") : kind == 1 ? std::string(50, 'a') + random_name(3, "ab") : random_name(7, "abcdef_"));
    }
    for (const auto& given : names) {
      const auto walked = walked_answer(t, given);
      ASSERT_EQ(table_answer(t, given), walked) << given;
      ASSERT_EQ(table_answer(t, given), walked) << given;
      suggested += walked.has_value();
    }
    tables.push_back(std::move(t));
    asked.push_back(std::move(names));
  }
  for (size_t k = 0; k < tables.size(); ++k)
    for (const auto& given : asked[k]) ASSERT_EQ(table_answer(tables[k], given), walked_answer(tables[k], given)) << given;
  EXPECT_GT(suggested, 200u);
}

// Several tables offered in turn (a context chain), and names offered after them (a for
// expression's): the first table with an answer gives it, remembered or not.
TEST(RememberedSuggestions, TablesThenNamesInTheirOrder) {
  const NameTable<int> inner = indexed_table({"alpha"});
  const NameTable<int> outer = indexed_table({"subnet"});
  NameTable<int> small;  // no index: walked, not remembered
  small["subnets"] = 1;
  for (int pass = 0; pass < 2; ++pass) {
    TableSuggester s("subnetz");
    EXPECT_FALSE(s.offer_table(inner));
    EXPECT_TRUE(s.offer_table(outer));
    EXPECT_TRUE(s.offer_table(small));  // found already: nothing more is looked at
    EXPECT_TRUE(s.offer("subnetx"));
    EXPECT_EQ(s.suggestion(), "subnet") << pass;

    TableSuggester t("subnetz");
    EXPECT_FALSE(t.offer_table(inner));
    EXPECT_TRUE(t.offer_table(small));
    EXPECT_EQ(t.suggestion(), "subnets") << pass;

    TableSuggester u("gamma");
    EXPECT_FALSE(u.offer_table(inner));
    EXPECT_FALSE(u.offer("beta"));
    EXPECT_TRUE(u.offer("gama"));
    EXPECT_EQ(u.suggestion(), "gama") << pass;
  }
}

// Whether the name and the suggestion quote as they are (go_quotes_as_is, which the message asks)
// is remembered with the answer: the same as asking.
TEST(RememberedSuggestions, QuotingIsRememberedWithTheAnswer) {
  const NameTable<int> t = indexed_table({"plain_name", "quote\"d", "na\xC3\xAFve"});
  size_t found = 0;
  for (const std::string given : {"plain_nam", "quote\"x", "na\xC3\xAFv", "plain\"nam", "far_from_all"}) {
    for (int pass = 0; pass < 2; ++pass) {
      TableSuggester s(given);
      s.offer_table(t);
      EXPECT_EQ(s.given_quotes_as_is(), hclschema::detail::go_quotes_as_is(given)) << given << pass;
      if (s.found()) {
        EXPECT_EQ(s.suggestion_quotes_as_is(), hclschema::detail::go_quotes_as_is(s.suggestion())) << given << pass;
      }
      found += s.found();
    }
    EXPECT_TRUE(remembered_suggestion(*t.name_index(), given).remembered) << given;
  }
  EXPECT_EQ(found, 8u);
  // Through the evaluator, a name that Go's %q keeps but go_quotes_as_is does not vouch for.
  EvalContext ctx;
  for (int i = 0; i < 10; ++i) ctx.set_variable("filler_" + std::to_string(i), Value::boolean(true));
  ctx.set_variable("na\xC3\xAFve_value", Value::boolean(true));
  for (int i = 0; i < 3; ++i) {
    auto p = parse_expression("na\xC3\xAFve_valu", "t.hcl");
    ASSERT_TRUE(p.diagnostics.empty());
    const EvalResult r = evaluate(*p.expr, &ctx);
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].detail, "There is no variable named \"na\xC3\xAFve_valu\". Did you mean \"na\xC3\xAFve_value\"?");
  }
}

// Through the evaluator: the messages for unknown variables and functions, asked many times, and
// after the context's names change.
TEST(RememberedSuggestions, EvaluatorMessagesFollowTheContext) {
  EvalContext ctx;
  for (int i = 0; i < 20; ++i) ctx.set_variable("variable_" + std::to_string(i), Value::number(Number(static_cast<int64_t>(i))));
  ctx.set_variable("instance_type", Value::string("t3.micro"));
  add_standard_functions(ctx);
  auto message = [&](const std::string& src) {
    auto p = parse_expression(src, "t.hcl");
    EXPECT_TRUE(p.diagnostics.empty());
    const EvalResult r = evaluate(*p.expr, &ctx);
    EXPECT_EQ(r.diagnostics.size(), 1u) << src;
    return r.diagnostics.empty() ? std::string() : r.diagnostics[0].detail;
  };
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(message("instanse_type"), "There is no variable named \"instanse_type\". Did you mean \"instance_type\"?");
    EXPECT_EQ(message("uper(\"a\")"), "There is no function named \"uper\". Did you mean \"upper\"?");
    EXPECT_EQ(message("nothing_like_it"), "There is no variable named \"nothing_like_it\".");
  }
  ctx.variables->erase("instance_type");
  ctx.set_variable("instance_types", Value::string("t3.micro"));
  EXPECT_EQ(message("instanse_type"), "There is no variable named \"instanse_type\". Did you mean \"instance_types\"?");
  ctx.set_variable("nothing_like_its", Value::boolean(true));
  EXPECT_EQ(message("nothing_like_it"), "There is no variable named \"nothing_like_it\". Did you mean \"nothing_like_its\"?");
  // "upper" renamed: the new name is suggested (no other function is within two edits of "uper").
  const Function upper = ctx.functions->at("upper");
  ctx.functions->erase("upper");
  EXPECT_EQ(message("uper(\"a\")"), "There is no function named \"uper\".");
  ctx.set_function("upperr", upper);
  EXPECT_EQ(message("uper(\"a\")"), "There is no function named \"uper\". Did you mean \"upperr\"?");
}

}  // namespace
