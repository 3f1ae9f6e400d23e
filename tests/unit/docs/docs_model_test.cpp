// The document model: every field of schema attributes and blocks, variables and inputs; nested
// object types flattened with their optionality and defaults; anchors; secrets withheld.
#include "docs/docs_detail.hpp"
#include "docs/input_detection.hpp"
#include "docs_testing.hpp"

namespace {

using namespace docs_testing;
using docs::Entry;

TEST(DocsModel, SchemaAttributeFields) {
  auto doc = schema_doc(R"(
attribute "mode" {
  type        = string
  enum        = ["fast", "safe"]
  default     = "safe"
  description = "  How to roll out.\n  Second line.\n"
}
attribute "image" {
  type     = string
  required = true
  pattern  = "^[a-z]+$"
  min      = 3
  max      = 40
}
attribute "replicas" {
  type = number
  min  = 1
  max  = 9
  validation {
    condition     = self % 2 == 1
    error_message = "must be odd"
  }
}
attribute "zones" {
  type = list(string)
  min  = 1
  max  = 3
}
attribute "old" {
  type       = number
  deprecated = "use new"
}
attribute "a" {
  type           = string
  exactly_one_of = ["b"]
  conflicts_with = ["c"]
}
attribute "b" {
  type           = string
  exactly_one_of = ["a"]
  required_with  = ["c"]
}
attribute "c" {
  type = string
}
attribute "anything" {
}
)");
  ASSERT_EQ(doc.entries.size(), 9u);
  const Entry& mode = doc.entries[0];
  EXPECT_EQ(mode.kind, Entry::Kind::attribute);
  EXPECT_EQ(mode.type, "string");
  EXPECT_FALSE(mode.required);
  EXPECT_EQ(mode.default_text, "\"safe\"");
  EXPECT_EQ(mode.description, "How to roll out.\nSecond line.");
  ASSERT_EQ(mode.constraints.size(), 1u);
  EXPECT_EQ(mode.constraints[0].label, "one of");
  EXPECT_EQ(mode.constraints[0].code, (std::vector<std::string>{"\"fast\"", "\"safe\""}));

  const Entry& image = doc.entries[1];
  EXPECT_TRUE(image.required);
  EXPECT_FALSE(image.default_text);
  ASSERT_EQ(image.constraints.size(), 3u);
  EXPECT_EQ(image.constraints[0].label, "matches");
  EXPECT_EQ(image.constraints[0].code[0], "^[a-z]+$");
  EXPECT_EQ(image.constraints[1].label, "at least");
  EXPECT_EQ(image.constraints[1].code[0], "3");
  EXPECT_EQ(image.constraints[1].text, "characters");
  EXPECT_EQ(image.constraints[2].label, "at most");

  const Entry& replicas = doc.entries[2];
  ASSERT_EQ(replicas.constraints.size(), 2u);
  EXPECT_EQ(replicas.constraints[0].text, "");  // a number's own value
  EXPECT_EQ(replicas.validations, std::vector<std::string>{"must be odd"});
  EXPECT_EQ(doc.entries[3].constraints[0].text, "element");  // "at least 1 element": min = 1
  EXPECT_EQ(doc.entries[3].constraints[1].text, "elements");  // "at most 3 elements"

  EXPECT_EQ(doc.entries[4].deprecated, "use new");

  // Cross-field rules in whatever order the loader keeps them; each with its group.
  auto constraint = [](const Entry& e, const std::string& label) -> const docs::Constraint* {
    for (const auto& c : e.constraints)
      if (c.label == label) return &c;
    return nullptr;
  };
  const Entry& a = doc.entries[5];
  ASSERT_EQ(a.constraints.size(), 2u);
  ASSERT_NE(constraint(a, "exactly one of"), nullptr);
  EXPECT_EQ(constraint(a, "exactly one of")->code, (std::vector<std::string>{"a", "b"}));
  ASSERT_NE(constraint(a, "conflicts with"), nullptr);
  EXPECT_EQ(constraint(a, "conflicts with")->code, std::vector<std::string>{"c"});
  ASSERT_NE(constraint(doc.entries[6], "required with"), nullptr);
  EXPECT_EQ(constraint(doc.entries[6], "required with")->code, std::vector<std::string>{"c"});

  EXPECT_EQ(doc.entries[8].type, "");  // untyped: renderers say "any"
}

TEST(DocsModel, SchemaBlocksNestWithPathsAndAnchors) {
  auto doc = schema_doc(R"(
block "service" {
  labels      = ["name"]
  min_items   = 1
  description = "A service."
  deprecated  = "use app"
  block "port" {
    labels = ["name"]
    attribute "container" {
      type = number
    }
  }
  block "health" {
    max_items = 1
  }
}
)");
  ASSERT_EQ(doc.entries.size(), 1u);
  const Entry& service = doc.entries[0];
  EXPECT_EQ(service.kind, Entry::Kind::block);
  EXPECT_EQ(service.labels, std::vector<std::string>{"name"});
  EXPECT_EQ(service.min_items, 1u);
  EXPECT_FALSE(service.max_items);
  EXPECT_TRUE(service.required);
  EXPECT_EQ(service.deprecated, "use app");
  EXPECT_EQ(service.anchor, "service");
  const Entry* container = find_entry(doc.entries, "service.port.container");
  ASSERT_NE(container, nullptr);
  EXPECT_EQ(container->anchor, "service-port-container");
  const Entry* health = find_entry(doc.entries, "service.health");
  ASSERT_NE(health, nullptr);
  EXPECT_EQ(health->max_items, 1u);
  EXPECT_FALSE(health->required);
  EXPECT_EQ(doc.title, "schema.hcl");
}

TEST(DocsModel, NestedOptionalObjectsAttributeByAttribute) {
  auto doc = schema_doc(R"(
attribute "settings" {
  type    = object({ logging = optional(object({ format = optional(string, "json"), level = optional(string) }), {}), name = string })
  default = { name = "x" }
}
)");
  const Entry& s = doc.entries.at(0);
  // Stored defaults are converted ({} became { format = null, level = null }); shown is the value
  // that takes effect, nested defaults applied.
  EXPECT_EQ(s.type, "object({ logging = optional(object({ format = optional(string, \"json\"), level = optional(string) }), { format = \"json\", level = null }), name = string })");
  EXPECT_EQ(s.type_block,
            "object({\n"
            "  logging = optional(object({\n"
            "    format = optional(string, \"json\")\n"
            "    level  = optional(string)\n"
            "  }), { format = \"json\", level = null })\n"
            "  name    = string\n"
            "})");
  ASSERT_EQ(s.nested.size(), 4u);
  const auto* logging = find_nested(s, "logging");
  ASSERT_NE(logging, nullptr);
  EXPECT_EQ(logging->type, "object({...})");
  EXPECT_FALSE(logging->required);
  EXPECT_EQ(logging->default_text, "{ format = \"json\", level = null }");
  EXPECT_EQ(logging->depth, 0);
  const auto* format = find_nested(s, "logging.format");
  ASSERT_NE(format, nullptr);
  EXPECT_EQ(format->type, "string");
  EXPECT_EQ(format->default_text, "\"json\"");
  EXPECT_EQ(format->depth, 1);
  EXPECT_EQ(format->anchor, "settings-logging-format");
  const auto* level = find_nested(s, "logging.level");
  ASSERT_NE(level, nullptr);
  EXPECT_FALSE(level->required);
  EXPECT_FALSE(level->default_text);  // optional without a default: null, shown as such by renderers
  const auto* name = find_nested(s, "name");
  ASSERT_NE(name, nullptr);
  EXPECT_TRUE(name->required);
  EXPECT_EQ(name->depth, 0);
  // The attribute's default as it takes effect: the loader applied the nested defaults.
  EXPECT_EQ(s.default_text, "{ logging = { format = \"json\", level = null }, name = \"x\" }");
}

TEST(DocsModel, CollectionsOfObjectsUseStarPaths) {
  auto doc = schema_doc(R"(
attribute "rules" {
  type = list(object({ port = number, peers = optional(map(object({ weight = optional(number, 1) }))) }))
}
attribute "pair" {
  type = tuple([string, object({ id = string })])
}
)");
  const Entry& rules = doc.entries.at(0);
  std::vector<std::string> paths;
  for (const auto& n : rules.nested) paths.push_back(n.path);
  EXPECT_EQ(paths, (std::vector<std::string>{"[*].peers", "[*].peers[*].weight", "[*].port"}));
  EXPECT_EQ(find_nested(rules, "[*].peers")->type, "map(object({...}))");
  EXPECT_EQ(find_nested(rules, "[*].peers[*].weight")->default_text, "1");
  EXPECT_EQ(doc.entries.at(1).nested.at(0).path, "[1].id");
}

TEST(DocsModel, SensitiveDefaultsAreNeverInTheModel) {
  auto doc = schema_doc(R"(
attribute "token" {
  type      = object({ key = optional(string, "hunter2-nested") })
  sensitive = true
  default   = { key = "hunter2-top" }
}
)");
  const Entry& t = doc.entries.at(0);
  EXPECT_TRUE(t.sensitive);
  EXPECT_TRUE(t.default_hidden);
  EXPECT_EQ(t.default_text, "(sensitive)");
  EXPECT_FALSE(contains(t.type, "hunter2"));
  EXPECT_FALSE(contains(t.type_block, "hunter2"));
  ASSERT_EQ(t.nested.size(), 1u);
  EXPECT_TRUE(t.nested[0].default_hidden);
  EXPECT_EQ(t.nested[0].default_text, "(sensitive)");
}

TEST(DocsModel, ModuleVariables) {
  auto doc = module_doc(R"(
variable "name" {
  type        = string
  description = <<DESCRIPTION
  The name.
    Indented more.
  DESCRIPTION
  nullable    = false
  validation {
    condition     = length(var.name) > 0
    error_message = "name must not be empty"
  }
  validation {
    condition     = length(var.name) < 10
    error_message = "${var.name} is too long"
  }
}
variable "password" {
  type      = string
  default   = "s3cret-default"
  sensitive = true
}
variable "subnet" {
  type = object({
    nat = optional(object({ id = string }))
    routes = optional(list(string), ["10.0.0.0/8"])
  })
  default = null
}
variable "untyped" {
  default = 1
}
)");
  ASSERT_EQ(doc.entries.size(), 4u);
  EXPECT_EQ(doc.title, "module network");
  const Entry& name = doc.entries[0];
  EXPECT_EQ(name.kind, Entry::Kind::variable);
  EXPECT_EQ(name.anchor, "input_name");
  EXPECT_TRUE(name.required);
  EXPECT_EQ(name.nullable, false);
  EXPECT_EQ(name.description, "The name.\n  Indented more.");
  // A literal message as its value; a template that needs the variable as written.
  EXPECT_EQ(name.validations, (std::vector<std::string>{"name must not be empty", "\"${var.name} is too long\""}));

  const Entry& password = doc.entries[1];
  EXPECT_TRUE(password.sensitive);
  EXPECT_FALSE(password.required);
  EXPECT_EQ(password.default_text, "(sensitive)");

  const Entry& subnet = doc.entries[2];
  EXPECT_EQ(subnet.default_text, "null");
  EXPECT_FALSE(subnet.required);
  ASSERT_NE(find_nested(subnet, "nat.id"), nullptr);
  EXPECT_TRUE(find_nested(subnet, "nat.id")->required);
  EXPECT_FALSE(find_nested(subnet, "nat")->default_text);
  EXPECT_EQ(find_nested(subnet, "routes")->default_text, "[\"10.0.0.0/8\"]");
  EXPECT_EQ(find_nested(subnet, "routes")->anchor, "input_subnet-routes");

  EXPECT_EQ(doc.entries[3].type, "any");
  EXPECT_EQ(doc.entries[3].default_text, "1");
}

TEST(DocsModel, InputsWithCommentDescriptions) {
  auto doc = inputs_doc(R"(# The app.
input "app" {
  # Its name.
  # Two lines.
  name: string
  count: int = 2  // How many.
  timeout: optional(number, 30)
  db: object({
    host: string
    port: optional(int, 5432)
  })
}
)");
  ASSERT_EQ(doc.entries.size(), 1u);
  const Entry& app = doc.entries[0];
  EXPECT_EQ(app.kind, Entry::Kind::input);
  EXPECT_EQ(app.description, "The app.");
  EXPECT_EQ(app.anchor, "input-app");
  ASSERT_EQ(app.children.size(), 4u);
  const Entry& name = app.children[0];
  EXPECT_EQ(name.kind, Entry::Kind::field);
  EXPECT_EQ(name.path, "app.name");
  EXPECT_EQ(name.description, "Its name.\nTwo lines.");
  EXPECT_TRUE(name.required);
  EXPECT_EQ(app.children[1].default_text, "2");
  EXPECT_EQ(app.children[1].description, "How many.");
  EXPECT_EQ(app.children[2].type, "optional(number, 30)");
  EXPECT_EQ(app.children[2].default_text, "30");
  EXPECT_FALSE(app.children[2].required);
  const Entry& db = app.children[3];
  EXPECT_EQ(db.description, "");
  ASSERT_EQ(db.nested.size(), 2u);
  EXPECT_EQ(db.nested[0].path, "host");  // declaration order
  EXPECT_TRUE(db.nested[0].required);
  EXPECT_EQ(db.nested[1].type, "int");
  EXPECT_EQ(db.nested[1].default_text, "5432");
}

TEST(DocsModel, LongInputTypesAreLaidOut) {
  auto doc = inputs_doc("input \"s\" {\n  pool: optional(object({size: optional(int, 10), timeouts: object({connect: number, idle: number})}))\n  short: object({a: int})\n}\n");
  const Entry& pool = doc.entries.at(0).children.at(0);
  EXPECT_EQ(pool.type_block,
            "optional(object({\n"
            "  size:     optional(int, 10)\n"
            "  timeouts: object({\n"
            "    connect: number\n"
            "    idle:    number\n"
            "  })\n"
            "}))");
  EXPECT_EQ(doc.entries.at(0).children.at(1).type_block, "");
}

TEST(DocsModel, AnchorsAreSluggedAndUnique) {
  std::set<std::string> anchors{"top"};
  EXPECT_EQ(docs::detail::make_anchor("", "Top", anchors), "top-2");
  EXPECT_EQ(docs::detail::make_anchor("input_", "a[*].b", anchors), "input_a-b");
  EXPECT_EQ(docs::detail::make_anchor("input_", "a.b", anchors), "input_a-b-2");
  EXPECT_EQ(docs::detail::make_anchor("", "my-other.input", anchors), "my-other-input");
  EXPECT_EQ(docs::detail::make_anchor("", "<>", anchors), "item");
}

TEST(DocsModel, ValueText) {
  struct Case {
    Value value;
    std::string text;
  } cases[] = {
      {Value::string("say \"hi\"\n${x} %{y} 50%"), R"("say \"hi\"\n$${x} %%{y} 50%")"},
      {Value::number(Number(3)), "3"},
      {Value::boolean(false), "false"},
      {Value::null(Type::string()), "null"},
      {Value::list_of({Value::string("a"), Value::string("b")}), R"(["a", "b"])"},
      {Value::object({{"a b", Value::number(Number(1))}, {"c", Value::list_of({}, Type::string())}}), R"({ "a b" = 1, c = [] })"},
      {Value::object({{"k", Value::string("v").with_mark("sensitive")}}), "(sensitive)"},
      {Value::unknown(Type::string()), "(known after apply)"},
  };
  for (const auto& c : cases) EXPECT_EQ(docs::detail::value_text(c.value), c.text);
  EXPECT_EQ(docs::detail::value_text(Value::list_of({Value::string("aaaa"), Value::string("bbbb")}), 10), "[\n  \"aaaa\",\n  \"bbbb\",\n]");
}

TEST(DocsModel, InputsFileDetection) {
  struct Case {
    const char* text;
    bool inputs;
  } cases[] = {
      {"input \"app\" {\n  name: string\n}\n", true},
      {"# comment\n// another\n/* block\n comment */\n\ninput app {\n}\n", true},
      {"\xEF\xBB\xBFinput \"x\" {}", true},
      {"draft = \"2026-09\"\ninput \"x\" {}\n", false},
      {"attribute \"input\" {\n}\n", false},
      {"input = 1\n", false},
      {"input_x \"a\" {}\n", false},
      {"", false},
  };
  for (const auto& c : cases) EXPECT_EQ(docs::looks_like_inputs_file(c.text), c.inputs) << c.text;
}

}  // namespace
