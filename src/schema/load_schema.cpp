// Loading an hcl-schema file into the model of schema.hpp, finding every problem of the schema
// itself (load_schema). Each problem is an error located in the schema file; the loader keeps going
// after one so a single run lists them all.
//
// The schema is an ordinary HCL body, so unknown keys, missing labels and misplaced blocks are
// reported by Body::content in HCL's own words (with "did you mean"). What this file adds are the
// rules of the language: types, defaults that could never apply or do not fit, patterns that do not
// compile, bounds that contradict each other, cross-field rules naming no sibling, duplicates.
#include <algorithm>
#include <map>

#include "hclschema/eval/evaluate.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/schema.hpp"
#include "hclschema/value/convert.hpp"
#include "schema/compiled_pattern.hpp"
#include "schema/schema_messages.hpp"
#include "util/did_you_mean.hpp"
#include "util/go_format.hpp"
#include "util/go_regexp.hpp"

namespace hclschema {

namespace {

using detail::go_quote;

const char* cross_field_key(CrossFieldRule::Kind kind) {
  switch (kind) {
    case CrossFieldRule::Kind::conflicts_with: return "conflicts_with";
    case CrossFieldRule::Kind::required_with: return "required_with";
    case CrossFieldRule::Kind::exactly_one_of: return "exactly_one_of";
    case CrossFieldRule::Kind::at_least_one_of: return "at_least_one_of";
  }
  return "";
}

constexpr CrossFieldRule::Kind kCrossFieldKinds[] = {CrossFieldRule::Kind::conflicts_with, CrossFieldRule::Kind::required_with,
                                                     CrossFieldRule::Kind::exactly_one_of, CrossFieldRule::Kind::at_least_one_of};

class SchemaLoader {
 public:
  explicit SchemaLoader(Diagnostics& diags) : diags_(diags) {}

  void load_root(const Body& body, Schema& schema);

 private:
  std::shared_ptr<BodyDecl> load_body(const Body& body, const std::vector<std::string>& extra_attributes);
  AttributeDecl load_attribute(const Block& block);
  BlockDecl load_block(const Block& block);
  void load_value_constraints(const BodyContent& content, AttributeDecl& decl);
  void check_cross_field(const BodyDecl& body);

  // The value of a schema key, evaluated without variables or functions and converted to `want`.
  // nullopt (after reporting why) when it is absent, null, or does not fit.
  std::optional<Value> key_value(const BodyContent& content, std::string_view key, const Type& want);
  std::optional<std::string> key_string(const BodyContent& content, std::string_view key);
  std::optional<bool> key_bool(const BodyContent& content, std::string_view key);
  std::optional<std::vector<std::string>> key_string_list(const BodyContent& content, std::string_view key);
  std::optional<uint64_t> key_count(const BodyContent& content, std::string_view key);

  bool has_type_key() const { return draft_ >= std::string("2026-09"); }

  Diagnostics& diags_;
  std::string draft_ = kLatestSchemaDraft;
};

std::optional<Value> SchemaLoader::key_value(const BodyContent& content, std::string_view key, const Type& want) {
  const Attribute* attr = content.attribute(key);
  if (!attr) return std::nullopt;
  EvalResult r = evaluate(*attr->expr, nullptr);
  const bool failed = has_errors(r.diagnostics);
  append(diags_, std::move(r.diagnostics));
  if (failed || r.value.is_null()) return std::nullopt;
  ConvertResult converted = convert(r.value, want);
  if (!converted.value) {
    diags_.push_back(make_error("Incorrect attribute value type",
                                "Inappropriate value for attribute " + go_quote(key) + ": " + converted.error.message + ".", attr->expr->range(),
                                attr->range()));
    return std::nullopt;
  }
  return converted.value;
}

std::optional<std::string> SchemaLoader::key_string(const BodyContent& content, std::string_view key) {
  auto v = key_value(content, key, Type::string());
  return v && v->is_known() ? std::optional<std::string>(v->as_string()) : std::nullopt;
}

std::optional<bool> SchemaLoader::key_bool(const BodyContent& content, std::string_view key) {
  auto v = key_value(content, key, Type::boolean());
  return v && v->is_known() ? std::optional<bool>(v->as_bool()) : std::nullopt;
}

std::optional<std::vector<std::string>> SchemaLoader::key_string_list(const BodyContent& content, std::string_view key) {
  auto v = key_value(content, key, Type::list(Type::string()));
  if (!v || !v->is_wholly_known()) return std::nullopt;
  std::vector<std::string> out;
  for (const Value& e : v->elements()) {
    if (e.is_null()) continue;
    out.push_back(e.as_string());
  }
  return out;
}

std::optional<uint64_t> SchemaLoader::key_count(const BodyContent& content, std::string_view key) {
  auto v = key_value(content, key, Type::number());
  if (!v || !v->is_known()) return std::nullopt;
  auto n = v->as_number().to_int64();
  if (!n || *n < 0) {
    const Attribute* attr = content.attribute(key);
    diags_.push_back(make_error("Invalid " + std::string(key), "The value of " + go_quote(key) + " must be a whole number, zero or more.",
                                attr->expr->range(), attr->range()));
    return std::nullopt;
  }
  return static_cast<uint64_t>(*n);
}

void SchemaLoader::load_root(const Body& body, Schema& schema) {
  // The draft comes first: it decides what the rest of the file may say.
  PartialContentResult head = body.partial_content(BodySchema{{{"draft", false}}, {}});
  append(diags_, std::move(head.diagnostics));
  if (const Attribute* attr = head.content.attribute("draft")) {
    if (auto draft = key_string(head.content, "draft")) {
      const std::vector<std::string> known(std::begin(kSchemaDrafts), std::end(kSchemaDrafts));
      if (std::find(known.begin(), known.end(), *draft) == known.end()) {
        std::string detail = "This version of hclschema knows the drafts";
        for (size_t i = 0; i < known.size(); ++i) detail += (i == 0 ? " " : i + 1 == known.size() ? " and " : ", ") + go_quote(known[i]);
        detail += ".";
        if (std::string s = detail::name_suggestion(*draft, known); !s.empty()) detail += " Did you mean " + go_quote(s) + "?";
        diags_.push_back(make_error("Unknown schema draft", detail, attr->expr->range(), attr->range()));
      } else {
        draft_ = *draft;
      }
    }
  }
  schema.draft = draft_;
  schema.root = *load_body(body, {"draft"});
}

std::shared_ptr<BodyDecl> SchemaLoader::load_body(const Body& body, const std::vector<std::string>& extra_attributes) {
  BodySchema shape;
  for (const auto& name : extra_attributes) shape.attributes.push_back({name, false});
  shape.blocks = {{"attribute", {"name"}}, {"block", {"name"}}};
  ContentResult content = body.content(shape);
  append(diags_, std::move(content.diagnostics));

  auto decl = std::make_shared<BodyDecl>();
  std::map<std::string, Range, std::less<>> declared;
  for (const Block& block : content.content.blocks) {
    if (block.labels.empty()) continue;  // content() reported the missing label
    const std::string_view name = block.labels[0];
    if (auto first = declared.find(name); first != declared.end()) {
      diags_.push_back(make_error("Duplicate declaration",
                                  "An attribute or block named " + go_quote(name) + " was already declared at " + detail::range_string(first->second) +
                                      ". Each name may be declared only once in a body.",
                                  block.def_range()));
      continue;
    }
    declared.emplace(name, block.def_range());
    if (block.type == "attribute")
      decl->attributes.push_back(load_attribute(block));
    else
      decl->blocks.push_back(load_block(block));
  }
  check_cross_field(*decl);
  return decl;
}

AttributeDecl SchemaLoader::load_attribute(const Block& block) {
  AttributeDecl decl;
  decl.name = block.labels[0];
  decl.def_range = block.def_range();

  BodySchema shape;
  std::vector<std::string> keys = {"required", "default", "description", "deprecated", "sensitive", "enum", "pattern", "min", "max"};
  if (has_type_key()) keys.insert(keys.begin(), "type");
  for (CrossFieldRule::Kind kind : kCrossFieldKinds) keys.emplace_back(cross_field_key(kind));
  for (const auto& k : keys) shape.attributes.push_back({k, false});
  shape.blocks = {{"validation", {}}};
  ContentResult content = block.body->content(shape);
  append(diags_, std::move(content.diagnostics));
  const BodyContent& c = content.content;

  if (const Attribute* type_attr = c.attribute("type")) {
    TypeConstraintResult type = parse_type_constraint(*type_attr->expr);
    const bool failed = has_errors(type.diagnostics);
    append(diags_, std::move(type.diagnostics));
    if (!failed) {
      decl.type = std::move(type.constraint);
      decl.type_range = type_attr->expr->range();
    }
  }
  decl.required = key_bool(c, "required").value_or(false);
  decl.description = key_string(c, "description").value_or("");
  decl.deprecated = key_string(c, "deprecated");
  decl.sensitive = key_bool(c, "sensitive").value_or(false);
  load_value_constraints(c, decl);

  for (CrossFieldRule::Kind kind : kCrossFieldKinds) {
    const Attribute* attr = c.attribute(cross_field_key(kind));
    if (!attr) continue;
    if (auto names = key_string_list(c, cross_field_key(kind))) decl.cross_field.push_back({kind, std::move(*names), attr->expr->range()});
  }

  for (const Block& v : c.blocks) {
    ContentResult rule = v.body->content(BodySchema{{{"condition", true}, {"error_message", true}}, {}});
    append(diags_, std::move(rule.diagnostics));
    const Attribute* condition = rule.content.attribute("condition");
    const Attribute* message = rule.content.attribute("error_message");
    if (!condition || !message) continue;
    // A trial run with `self` unknown finds what can be known now: a JSON-syntax condition whose
    // template does not parse, or an expression that is wrong whatever `self` is.
    EvalContext trial;
    trial.partial = true;
    add_standard_functions(trial);
    trial.set_variable("self", Value::unknown(decl.type ? decl.type->type() : Type::dynamic()));
    EvalResult probe = evaluate(*condition->expr, &trial);
    if (has_errors(probe.diagnostics)) {
      append(diags_, std::move(probe.diagnostics));
      continue;
    }
    decl.validations.push_back({condition->expr, message->expr, v.def_range()});
  }
  return decl;
}

// default, enum, pattern, min and max: each checked against the type and against each other.
void SchemaLoader::load_value_constraints(const BodyContent& c, AttributeDecl& decl) {
  const Type want = decl.type ? decl.type->type() : Type::dynamic();

  if (const Attribute* attr = c.attribute("default")) {
    EvalResult r = evaluate(*attr->expr, nullptr);
    const bool failed = has_errors(r.diagnostics);
    append(diags_, std::move(r.diagnostics));
    if (decl.required) {
      diags_.push_back(make_error("Default on a required attribute",
                                  "The attribute " + go_quote(decl.name) +
                                      " is required, so this default could never apply. Remove the default, or the required flag.",
                                  attr->expr->range(), attr->range()));
    } else if (!failed && !r.value.is_null()) {
      ConstraintConversion converted = decl.type ? decl.type->convert(r.value) : ConstraintConversion{r.value, {}};
      if (!converted.value)
        diags_.push_back(make_error("Invalid default value",
                                    "The default value is not compatible with the attribute's type: " + error_text(converted.error) + ".",
                                    attr->expr->range(), attr->range()));
      else
        decl.default_value = std::move(converted.value);
    }
  }

  if (const Attribute* attr = c.attribute("enum")) {
    EvalResult r = evaluate(*attr->expr, nullptr);
    const bool failed = has_errors(r.diagnostics);
    append(diags_, std::move(r.diagnostics));
    const Type& t = r.value.type();
    if (!failed && !(t.is_list() || t.is_tuple() || t.is_set()) && !r.value.is_null()) {
      diags_.push_back(make_error("Incorrect attribute value type", "Inappropriate value for attribute \"enum\": a list of permitted values is required.",
                                  attr->expr->range(), attr->range()));
    } else if (!failed && !r.value.is_null()) {
      for (size_t i = 0; i < r.value.length(); ++i) {
        ConvertResult converted = convert(r.value.elements()[i], want);
        if (!converted.value) {
          diags_.push_back(make_error("Invalid enum value",
                                      "Enum value " + std::to_string(i) + " is not compatible with the attribute's type: " + converted.error.message + ".",
                                      attr->expr->range(), attr->range()));
          continue;
        }
        decl.enum_values.push_back(std::move(*converted.value));
      }
    }
    if (decl.default_value && !decl.enum_values.empty() && !detail::enum_contains(decl.enum_values, *decl.default_value)) {
      const Attribute* default_attr = c.attribute("default");
      diags_.push_back(make_error("Invalid default value",
                                  "The default value " + display_value(*decl.default_value, decl.sensitive) + " is not one of the permitted values.",
                                  default_attr->expr->range(), default_attr->range()));
    }
  }

  if (const Attribute* attr = c.attribute("pattern")) {
    if (auto pattern = key_string(c, "pattern")) {
      if (decl.type && !decl.type->type().is_dynamic() && decl.type->type() != Type::string()) {
        diags_.push_back(make_error("Pattern on a non-string attribute",
                                    "A pattern applies to string values only, but the type of " + go_quote(decl.name) + " is " +
                                        type_string(decl.type->type()) + ".",
                                    attr->expr->range(), attr->range()));
      }
      auto compiled = std::make_shared<detail::CompiledPattern>(*pattern);
      if (!compiled->re->ok()) {
        diags_.push_back(make_error("Invalid pattern", "The pattern is not a valid regular expression: " + detail::go_regexp_error(*compiled->re) + ".",
                                    attr->expr->range(), attr->range()));
      } else {
        decl.pattern = *pattern;
        decl.compiled_pattern = std::move(compiled);
      }
    }
  }

  for (const char* key : {"min", "max"}) {
    const Attribute* attr = c.attribute(key);
    if (!attr) continue;
    auto bound = key_value(c, key, Type::number());
    if (!bound || !bound->is_known()) continue;
    if (decl.type && decl.type->type() == Type::boolean()) {
      diags_.push_back(make_error("Bound on a bool attribute",
                                  std::string(key) + " bounds a number's value, a string's length or a collection's element count; " +
                                      go_quote(decl.name) + " is a bool.",
                                  attr->expr->range(), attr->range()));
      continue;
    }
    (std::string_view(key) == "min" ? decl.min : decl.max) = std::move(bound);
  }
  if (decl.min && decl.max && Number::compare(decl.min->as_number(), decl.max->as_number()) > 0) {
    const Attribute* attr = c.attribute("min");
    diags_.push_back(make_error("Invalid bounds",
                                "min (" + decl.min->as_number().to_string() + ") is greater than max (" + decl.max->as_number().to_string() +
                                    "): no value of " + go_quote(decl.name) + " could satisfy both.",
                                attr->expr->range(), attr->range()));
  }
}

void SchemaLoader::check_cross_field(const BodyDecl& body) {
  std::vector<std::string> siblings;
  for (const auto& a : body.attributes) siblings.push_back(a.name);
  for (const auto& a : body.attributes) {
    for (const auto& rule : a.cross_field) {
      for (const auto& other : rule.others) {
        if (other == a.name) {
          diags_.push_back(make_error("Invalid cross-field rule",
                                      std::string(cross_field_key(rule.kind)) + " of " + go_quote(a.name) +
                                          " names the attribute itself; the declaring attribute is always part of its own group, so name only the others.",
                                      rule.range));
        } else if (!body.attribute(other)) {
          std::string detail = std::string(cross_field_key(rule.kind)) + " of " + go_quote(a.name) + " names " + go_quote(other) +
                               ", but this body declares no attribute of that name.";
          if (std::string s = detail::name_suggestion(other, siblings); !s.empty()) detail += " Did you mean " + go_quote(s) + "?";
          diags_.push_back(make_error("Unknown sibling attribute", detail, rule.range));
        }
      }
    }
  }
}

BlockDecl SchemaLoader::load_block(const Block& block) {
  BlockDecl decl;
  decl.name = block.labels[0];
  decl.def_range = block.def_range();
  // The block's own keys, then its nested declarations.
  PartialContentResult own = block.body->partial_content(
      BodySchema{{{"labels", false}, {"min_items", false}, {"max_items", false}, {"description", false}, {"deprecated", false}}, {}});
  append(diags_, std::move(own.diagnostics));
  const BodyContent& c = own.content;
  decl.labels = key_string_list(c, "labels").value_or(std::vector<std::string>{});
  decl.min_items = key_count(c, "min_items");
  decl.max_items = key_count(c, "max_items");
  decl.description = key_string(c, "description").value_or("");
  decl.deprecated = key_string(c, "deprecated");
  if (decl.min_items && decl.max_items && *decl.min_items > *decl.max_items) {
    const Attribute* attr = c.attribute("min_items");
    diags_.push_back(make_error("Invalid bounds",
                                "min_items (" + std::to_string(*decl.min_items) + ") is greater than max_items (" + std::to_string(*decl.max_items) +
                                    "): no number of " + go_quote(decl.name) + " blocks could satisfy both.",
                                attr->expr->range(), attr->range()));
  }
  decl.body = own.remain ? load_body(*own.remain, {}) : std::make_shared<BodyDecl>();
  return decl;
}

}  // namespace

const AttributeDecl* BodyDecl::attribute(std::string_view name) const {
  for (const auto& a : attributes)
    if (a.name == name) return &a;
  return nullptr;
}

const BlockDecl* BodyDecl::block(std::string_view name) const {
  for (const auto& b : blocks)
    if (b.name == name) return &b;
  return nullptr;
}

SchemaLoadResult load_schema(std::shared_ptr<const File> file) {
  SchemaLoadResult result;
  if (!file) return result;
  auto schema = std::make_shared<Schema>();
  schema->file = file;
  SchemaLoader loader(result.diagnostics);
  loader.load_root(file->body(), *schema);
  result.schema = std::move(schema);
  return result;
}

SchemaLoadResult load_schema_file(const std::string& path) {
  ParseResult parsed = parse_path(path);
  if (!parsed.file) return {nullptr, std::move(parsed.diagnostics)};
  SchemaLoadResult loaded = load_schema(parsed.file);
  Diagnostics all = std::move(parsed.diagnostics);
  append(all, std::move(loaded.diagnostics));
  loaded.diagnostics = std::move(all);
  return loaded;
}

}  // namespace hclschema
