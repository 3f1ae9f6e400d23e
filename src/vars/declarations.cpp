// Reading the root module's `variable` blocks from a directory's *.tf and *.tf.json files, with
// Terraform's decoding rules and diagnostics (configs.decodeVariableBlock and friends).
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <map>

#include "hclschema/eval.hpp"
#include "hclschema/static_expr.hpp"
#include "hclschema/value/convert.hpp"
#include "hclschema/vars.hpp"
#include "util/go_format.hpp"
#include "vars/vars_internal.hpp"

namespace hclschema {

namespace {

constexpr const char* bad_identifier_detail =
    "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.";

// Names a module block gives a meaning to; a variable cannot be called that (Terraform's rule,
// since such a variable could not be set from a module block).
constexpr std::array<std::string_view, 10> reserved_names = {"source", "version", "count",     "for_each", "depends_on",
                                                             "providers", "_",    "lifecycle", "locals",   "provider"};

bool ends_with(std::string_view s, std::string_view suffix) { return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix; }

// Terraform skips editor droppings and hidden files when it lists a module directory.
bool is_ignored_file(std::string_view name) {
  return name.starts_with(".") || ends_with(name, "~") || (name.size() > 1 && name.starts_with("#") && ends_with(name, "#"));
}

bool is_regular_file(const std::string& path) {
  struct stat st{};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// gohcl.DecodeExpression into a Go string or bool: no context, converted, never null.
template <class T>
void decode_literal(const Attribute& attr, const Type& want, T& out, Diagnostics& diags) {
  EvalResult r = evaluate(*attr.expr, nullptr);
  const bool failed = has_errors(r.diagnostics);
  append(diags, std::move(r.diagnostics));
  if (failed) return;
  ConvertResult c = convert(r.value, want);
  std::string why;
  if (!c.value) {
    why = c.error.message;
  } else if (c.value->is_null()) {
    why = "value must not be null";
  } else if (!c.value->is_known()) {
    why = "value must be known";
  }
  if (!why.empty()) {
    diags.push_back(make_error("Unsuitable value type", "Unsuitable value: " + why, attr.expr->start_range(), attr.expr->range()));
    return;
  }
  const Value v = c.value->unmarked();
  if constexpr (std::is_same_v<T, bool>) {
    out = v.as_bool();
  } else {
    out = v.as_string();
  }
}

// A native-syntax quoted string such as "string": Terraform 0.11's type hints.
bool is_native_quoted_string(const Expression& expr, const SourceFile& source) {
  if (expr.kind_name() != "TemplateExpr") return false;
  const Range r = expr.range();
  std::string_view text = source.text().substr(r.start.byte, r.end.byte - r.start.byte);
  return text.starts_with("\"") && text.find("${") == std::string_view::npos && text.find("%{") == std::string_view::npos;
}

void decode_type(const Attribute& attr, const SourceFile& source, VariableDeclaration& v, Diagnostics& diags) {
  v.type_given = true;
  v.parsing_mode = VariableParsingMode::hcl;
  v.constraint = TypeConstraint();
  if (is_native_quoted_string(*attr.expr, source)) {
    EvalResult r = evaluate(*attr.expr, nullptr);
    if (has_errors(r.diagnostics) || !r.value.type().is_primitive() || r.value.is_null()) {
      append(diags, std::move(r.diagnostics));
      return;
    }
    const std::string& hint = r.value.unmarked().as_string();
    const std::string legacy =
        "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a "
        "future version of Terraform. Remove the quotes around \"";
    if (hint == "string") {
      diags.push_back(make_error("Invalid quoted type constraints", legacy + "string\".", attr.expr->range()));
      v.parsing_mode = VariableParsingMode::literal;
    } else if (hint == "list" || hint == "map") {
      diags.push_back(make_error("Invalid quoted type constraints",
                                 legacy + hint + "\" and write " + hint +
                                     "(string) instead to explicitly indicate that the " + hint + " elements are strings.",
                                 attr.expr->range()));
    } else {
      diags.push_back(make_error("Invalid legacy variable type hint",
                                 "To provide a full type expression, remove the surrounding quotes and give the type expression directly.",
                                 attr.expr->range()));
    }
    return;
  }
  // The shorthands `list` and `map` of Terraform 0.11 mean list(any) and map(any).
  const std::string keyword = expr_as_keyword(*attr.expr);
  if (keyword == "list" || keyword == "map") {
    v.constraint = TypeConstraint(keyword == "list" ? Type::list(Type::dynamic()) : Type::map(Type::dynamic()), nullptr);
    return;
  }
  TypeConstraintResult tc = parse_type_constraint(*attr.expr, TypeExprMode::constraint_with_defaults);
  const bool failed = has_errors(tc.diagnostics);
  append(diags, std::move(tc.diagnostics));
  if (failed) return;
  v.constraint = std::move(tc.constraint);
  if (v.constraint.type().is_primitive()) v.parsing_mode = VariableParsingMode::literal;
}

void decode_default(const Attribute& attr, VariableDeclaration& v, Diagnostics& diags) {
  v.default_range = attr.expr->range();
  EvalResult r = evaluate(*attr.expr, nullptr);
  append(diags, std::move(r.diagnostics));
  Value val = r.value;
  // Defaults of optional attributes apply to the default too, but never to a null default: a
  // nullable variable may default to null.
  ConstraintConversion c = v.constraint.convert(val);
  if (c.value) {
    val = *c.value;
  } else {
    const std::string why = c.error.path.empty() ? c.error.message : c.error.path + ": " + c.error.message;
    diags.push_back(make_error("Invalid default value for variable",
                               "This default value is not compatible with the variable's type constraint: " + why + ".", attr.expr->range()));
    val = Value::unknown(Type::dynamic());
  }
  if (!v.nullable && val.is_null()) {
    diags.push_back(make_error("Invalid default value for variable", "A null default value is not valid when nullable=false.", attr.expr->range()));
  }
  v.default_value = std::move(val);
}

// A traversal that names input variable `name`: var.NAME or var["NAME"].
bool refers_to_variable(const Traversal& t, std::string_view name) {
  if (t.size() < 2 || t[0].name != "var") return false;
  if (t[1].kind == TraversalStep::Kind::attr) return t[1].name == name;
  return t[1].kind == TraversalStep::Kind::index && t[1].key.kind == TraversalKey::Kind::string && t[1].key.text == name;
}

void decode_validation(const Block& block, VariableDeclaration& v, Diagnostics& diags) {
  BodySchema schema{{{"condition", true}, {"error_message", true}}, {}};
  ContentResult content = block.body->content(schema);
  append(diags, std::move(content.diagnostics));
  VariableValidation rule;
  rule.decl_range = block.def_range();
  if (const Attribute* cond = content.content.attribute("condition")) {
    rule.condition = cond->expr;
    const std::vector<Traversal> refs = cond->expr->variables();
    if (refs.empty()) {
      diags.push_back(make_error("Invalid validation expression",
                                 "The condition expression must refer to at least one object from elsewhere in the configuration, or else its "
                                 "result would not be checking anything.",
                                 cond->expr->range()));
    }
    // The condition exists to test the incoming value, so it must look at it.
    if (std::none_of(refs.begin(), refs.end(), [&](const Traversal& t) { return refers_to_variable(t, v.name); })) {
      diags.push_back(make_error("Invalid variable validation condition",
                                 "The condition for variable " + detail::go_quote(v.name) + " must refer to var." + v.name +
                                     " in order to test incoming values.",
                                 cond->expr->range()));
    }
  }
  if (const Attribute* msg = content.content.attribute("error_message")) rule.error_message = msg->expr;
  v.validations.push_back(rule);
}

VariableDeclaration decode_variable(const Block& block, const SourceFile& source, Diagnostics& diags) {
  VariableDeclaration v;
  v.name = block.labels.empty() ? std::string() : std::string(block.labels[0]);
  v.decl_range = block.def_range();
  const Range label_range = block.labels.empty() ? v.decl_range : block.label_range(0);
  BodySchema schema{{{"description", false}, {"default", false}, {"type", false}, {"sensitive", false}, {"nullable", false}, {"ephemeral", false}},
                    {{"validation", {}}}};
  ContentResult content = block.body->content(schema);
  append(diags, std::move(content.diagnostics));

  if (!is_valid_identifier(v.name)) diags.push_back(make_error("Invalid variable name", bad_identifier_detail, label_range));
  for (std::string_view reserved : reserved_names) {
    if (v.name == reserved) {
      diags.push_back(make_error("Invalid variable name",
                                 "The variable name " + detail::go_quote(v.name) + " is reserved due to its special meaning inside module blocks.",
                                 label_range));
    }
  }
  const BodyContent& c = content.content;
  if (const Attribute* a = c.attribute("description")) decode_literal(*a, Type::string(), v.description, diags);
  if (const Attribute* a = c.attribute("type")) decode_type(*a, source, v, diags);
  if (const Attribute* a = c.attribute("sensitive")) decode_literal(*a, Type::boolean(), v.sensitive, diags);
  if (const Attribute* a = c.attribute("nullable")) decode_literal(*a, Type::boolean(), v.nullable, diags);
  if (const Attribute* a = c.attribute("ephemeral")) {
    bool ephemeral = false;  // accepted so Terraform 1.10 modules load; it changes nothing here
    decode_literal(*a, Type::boolean(), ephemeral, diags);
  }
  if (const Attribute* a = c.attribute("default")) decode_default(*a, v, diags);
  for (const Block& b : c.blocks) decode_validation(b, v, diags);
  return v;
}

}  // namespace

const VariableDeclaration* Declarations::find(std::string_view name) const {
  for (const auto& v : variables)
    if (v.name == name) return &v;
  return nullptr;
}

Declarations load_declarations(const std::string& directory) {
  Declarations out;
  DIR* dir = ::opendir(directory.c_str());
  if (!dir) {
    out.diagnostics.push_back(make_error("Failed to read module directory",
                                         "Module directory " + directory + " does not exist or cannot be read.", std::nullopt));
    return out;
  }
  std::vector<std::string> names;
  while (dirent* entry = ::readdir(dir)) {
    std::string name = entry->d_name;
    if (is_ignored_file(name) || !(ends_with(name, ".tf") || ends_with(name, ".tf.json"))) continue;
    if (!is_regular_file(detail::join_path(directory, name))) continue;
    names.push_back(std::move(name));
  }
  ::closedir(dir);
  std::sort(names.begin(), names.end());  // Terraform reads a directory in lexical order

  std::map<std::string, size_t, std::less<>> index;  // name -> position in out.variables
  for (const std::string& name : names) {
    std::string error;
    std::optional<std::string> text = detail::read_text_file(detail::join_path(directory, name), &error);
    if (!text) {
      out.diagnostics.push_back(make_error("Failed to read file", "The file " + detail::go_quote(name) + " could not be read: " + error + ".", std::nullopt));
      continue;
    }
    ParseResult parsed = parse_source(SourceFile::from_string(name, std::move(*text)));
    append(out.diagnostics, std::move(parsed.diagnostics));
    if (!parsed.file) continue;
    out.files.push_back(parsed.file);
    PartialContentResult content = parsed.file->body().partial_content(BodySchema{{}, {{"variable", {"name"}}}});
    append(out.diagnostics, std::move(content.diagnostics));
    for (const Block& block : content.content.blocks) {
      VariableDeclaration v = decode_variable(block, parsed.file->source(), out.diagnostics);
      auto [it, inserted] = index.try_emplace(v.name, out.variables.size());
      if (inserted) {
        out.variables.push_back(std::move(v));
        continue;
      }
      VariableDeclaration& existing = out.variables[it->second];
      out.diagnostics.push_back(make_error("Duplicate variable declaration",
                                           "A variable named " + detail::go_quote(v.name) + " was already declared at " +
                                               detail::range_string(existing.decl_range) + ". Variable names must be unique within a module.",
                                           v.decl_range));
      existing = std::move(v);  // Terraform keeps the last one
    }
  }
  return out;
}

}  // namespace hclschema
