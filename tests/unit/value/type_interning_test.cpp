// Types are interned (one shared description per distinct compound type), objects take their keys
// from their type, and the whole-tree facts of a type (dynamic or optional anywhere, the type
// without optional markers) are computed once. These tests pin what the rest of the library may
// now rely on: equal types are the same description, different ones never are, and a description
// whose last user is gone is rebuilt correctly, from any thread.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "hclschema/value.hpp"

namespace hclschema {
namespace {

Type person(bool age_optional) {
  return Type::object({{"name", Type::string()}, {"age", Type::number()}},
                      age_optional ? std::vector<std::string>{"age"} : std::vector<std::string>{});
}

TEST(TypeInterning, EqualTypesShareOneDescription) {
  const Type a = Type::list(Type::map(Type::string()));
  const Type b = Type::list(Type::map(Type::string()));
  EXPECT_EQ(a.identity(), b.identity());
  EXPECT_TRUE(a == b);
  // Attribute order given does not matter; the type is sorted by name.
  const Type o1 = Type::object({{"b", Type::number()}, {"a", a}});
  const Type o2 = Type::object({{"a", b}, {"b", Type::number()}});
  EXPECT_EQ(o1.identity(), o2.identity());
  EXPECT_EQ(Type::tuple({Type::string(), o1}).identity(), Type::tuple({Type::string(), o2}).identity());
}

TEST(TypeInterning, DifferentTypesNeverShare) {
  const std::vector<Type> types = {
      Type::list(Type::string()),  Type::set(Type::string()),     Type::map(Type::string()),
      Type::list(Type::number()),  Type::list(Type::dynamic()),   Type::tuple({Type::string()}),
      Type::tuple({}),             Type::tuple({Type::string(), Type::string()}),
      Type::object({}),            person(false),                 person(true),
      Type::object({{"name", Type::string()}}),
      Type::object({{"name", Type::number()}, {"age", Type::number()}}),
      Type::object({{"nam", Type::string()}, {"age", Type::number()}}),
  };
  for (size_t i = 0; i < types.size(); ++i)
    for (size_t j = 0; j < types.size(); ++j)
      EXPECT_EQ(i == j, types[i] == types[j]) << types[i].friendly_name() << " vs " << types[j].friendly_name() << " (" << i << ", " << j << ")";
  // An empty tuple and an empty object are different kinds, though both have no parts.
  EXPECT_FALSE(Type::tuple({}) == Type::object({}));
}

TEST(TypeInterning, OptionalFlagsAllFalseAreNoFlags) {
  // Optional names that name no attribute leave every flag false: the same type as none given
  // (built without flags), whichever is asked for first; names of every length the name hash
  // reads differently (0-3 bytes, 4-7, 8 and more) and differing only in their middle byte.
  const std::vector<std::string> names = {"", "a", "ab", "abc", "abcd", "abcdefg", "abcdefgh", "abcdefghijklmnopq",
                                          "aXc", "abXdefg", "abcdefgXijklmnopq"};
  std::vector<std::pair<std::string, Type>> attributes;
  for (const auto& n : names) attributes.emplace_back(n, Type::string());
  const Type flagged = Type::object(attributes, {"no such attribute"});
  const Type plain = Type::object(attributes);
  EXPECT_EQ(flagged.identity(), plain.identity());
  EXPECT_FALSE(plain.has_optional_attributes());
  // And one that is optional is another type.
  const Type optional = Type::object(attributes, {"abcd"});
  EXPECT_NE(optional.identity(), plain.identity());
  EXPECT_TRUE(optional.attribute_optional("abcd"));
  EXPECT_FALSE(plain.attribute_optional("abcd"));
  // Names that differ in one byte make different types.
  for (size_t i = 0; i < names.size(); ++i)
    for (size_t j = 0; j < names.size(); ++j) {
      const Type a = Type::object({{names[i], Type::number()}});
      const Type b = Type::object({{names[j], Type::number()}});
      EXPECT_EQ(a.identity() == b.identity(), i == j) << names[i] << " / " << names[j];
    }
}

TEST(TypeInterning, DuplicateAttributesKeepTheLast) {
  const Type t = Type::object({{"a", Type::string()}, {"b", Type::boolean()}, {"a", Type::number()}});
  ASSERT_EQ(t.attributes().size(), 2u);
  EXPECT_TRUE(t.attributes()[0].type == Type::number());
  EXPECT_TRUE(t == Type::object({{"a", Type::number()}, {"b", Type::boolean()}}));
  EXPECT_EQ(t.attribute_names(), (std::vector<std::string>{"a", "b"}));
}

TEST(TypeInterning, AFreedTypeIsBuiltAgain) {
  // Many distinct short-lived types: each is freed, and its table entry removed, when its last
  // handle goes; asking for one again builds it anew.
  for (int round = 0; round < 3; ++round) {
    std::vector<Type> made;
    for (int i = 0; i < 3000; ++i) made.push_back(Type::object({{"k" + std::to_string(i), Type::string()}}));
    for (int i = 0; i < 3000; i += 500) {
      const Type again = Type::object({{"k" + std::to_string(i), Type::string()}});
      EXPECT_EQ(again.identity(), made[static_cast<size_t>(i)].identity());
      EXPECT_EQ(again.attribute_names(), std::vector<std::string>{"k" + std::to_string(i)});
    }
  }
  const Type rebuilt = Type::object({{"k7", Type::string()}});
  EXPECT_EQ(rebuilt.attributes().size(), 1u);
  EXPECT_TRUE(*rebuilt.attribute_type("k7") == Type::string());
}

TEST(TypeInterning, ThreadsAgreeOnOneDescription) {
  constexpr int kThreads = 4;
  std::vector<std::vector<Type>> seen(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([t, &seen] {
      for (int i = 0; i < 2000; ++i) {
        // Shapes shared by all threads, and some only this thread makes (and drops).
        seen[static_cast<size_t>(t)].push_back(Type::list(Type::object({{"n" + std::to_string(i % 50), Type::number()}})));
        (void)Type::map(Type::object({{"t" + std::to_string(t) + "_" + std::to_string(i), Type::string()}}));
      }
    });
  for (auto& th : threads) th.join();
  for (int t = 1; t < kThreads; ++t)
    for (size_t i = 0; i < seen[0].size(); ++i) ASSERT_EQ(seen[0][i].identity(), seen[static_cast<size_t>(t)][i].identity()) << i;
}

TEST(TypeInterning, TypesFreedOnOneThreadWhileOthersLookThemUp) {
  // More shapes than a thread keeps alive for itself (64), shared by all threads: descriptions
  // die while other threads are looking the same shapes up, so every lookup races with a free.
  // A lookup must then either take the live description or build a new one, never a dying one
  // (the sanitizer build turns a mistake here into a use-after-free report).
  constexpr int kThreads = 4;
  std::vector<std::thread> threads;
  std::vector<int> wrong(kThreads, 0);
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([t, &wrong] {
      for (int i = 0; i < 20000; ++i) {
        const std::string name = "s" + std::to_string((i * 7 + t) % 150);
        const Type made = Type::list(Type::object({{name, Type::string()}}));
        const Type again = Type::list(Type::object({{name, Type::string()}}));
        if (made.identity() != again.identity() || made.element_type().attribute_names() != std::vector<std::string>{name})
          ++wrong[static_cast<size_t>(t)];
      }
    });
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(wrong[static_cast<size_t>(t)], 0) << t;
}

TEST(TypeFacts, DynamicAndOptionalAnywhere) {
  EXPECT_TRUE(Type::dynamic().has_dynamic_types());
  EXPECT_FALSE(Type::string().has_dynamic_types());
  EXPECT_TRUE(Type::list(Type::object({{"a", Type::tuple({Type::number(), Type::dynamic()})}})).has_dynamic_types());
  EXPECT_FALSE(Type::list(Type::object({{"a", Type::tuple({Type::number()})}})).has_dynamic_types());

  EXPECT_FALSE(person(false).has_optional_attributes_deep());
  EXPECT_TRUE(person(true).has_optional_attributes_deep());
  EXPECT_TRUE(Type::map(Type::tuple({Type::string(), person(true)})).has_optional_attributes_deep());
  EXPECT_FALSE(Type::map(Type::tuple({Type::string(), person(false)})).has_optional_attributes_deep());
}

TEST(TypeFacts, WithoutOptionalAttributesDeep) {
  const Type with = Type::list(Type::object({{"p", person(true)}, {"q", Type::string()}}, {"q"}));
  const Type without = Type::list(Type::object({{"p", person(false)}, {"q", Type::string()}}));
  EXPECT_FALSE(with == without);
  EXPECT_TRUE(with.without_optional_attributes_deep() == without);
  EXPECT_FALSE(with.without_optional_attributes_deep().has_optional_attributes_deep());
  // Built once: asking twice gives the same description, and a type without markers is itself.
  EXPECT_EQ(with.without_optional_attributes_deep().identity(), with.without_optional_attributes_deep().identity());
  EXPECT_EQ(without.without_optional_attributes_deep().identity(), without.identity());
}

TEST(ObjectKeys, ComeFromTheType) {
  const Value a = Value::object({{"b", Value::number(1)}, {"a", Value::string("x")}});
  const Value b = Value::object({{"a", Value::string("y")}, {"b", Value::number(2)}});
  EXPECT_EQ(a.keys(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(&a.keys(), &b.keys());  // one vector, the type's
  EXPECT_EQ(a.get("a")->as_string(), "x");
  EXPECT_EQ(b.get("b")->as_number(), Number(2));
  EXPECT_EQ(a.get("c"), nullptr);
  // A null or unknown object has no keys, whatever its type says.
  EXPECT_TRUE(Value::null(a.type()).keys().empty());
  EXPECT_TRUE(Value::unknown(a.type()).keys().empty());
  EXPECT_EQ(Value::null(a.type()).get("a"), nullptr);
  // Maps keep their own keys.
  const Value m = Value::map(Type::string(), {{"z", Value::string("1")}, {"y", Value::string("2")}, {"z", Value::string("3")}});
  EXPECT_EQ(m.keys(), (std::vector<std::string>{"y", "z"}));
  EXPECT_EQ(m.get("z")->as_string(), "3");
}

}  // namespace
}  // namespace hclschema
