// The typechecker of the input language: defaults against their declared types, and duplicates.
//
// The spec checks the literal kind of a default against a primitive type ("default value is a
// number literal but field type is string"); we check every default all the way down: elements of
// lists, sets and tuples, values of maps, attributes of objects (missing required ones and
// undeclared ones too), whole numbers for int. Nested problems name their path ("default value
// element 1: attribute \"port\": int required, got string") and point at the offending element
// when the default is written as a constructor. Defaults are constants: evaluated with no
// variables and no functions.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "hclschema/eval/evaluate.hpp"
#include "hclschema/inputs.hpp"
#include "hclschema/static_expr.hpp"
#include "inputs/inputs_detail.hpp"
#include "util/go_format.hpp"

namespace hclschema {

namespace {

constexpr const char* kInvalidDefault = "Invalid default value";

std::string value_kind(const Type& type) {
  switch (type.kind()) {
    case Type::Kind::boolean: return "bool";
    case Type::Kind::number: return "number";
    case Type::Kind::string: return "string";
    case Type::Kind::list: return "list";
    case Type::Kind::set: return "set";
    case Type::Kind::map: return "map";
    case Type::Kind::tuple: return "tuple";
    case Type::Kind::object: return "object";
    case Type::Kind::dynamic: return "value of unknown type";
  }
  return "value";
}

// What the default at the top of a field is, as the spec's messages say it: a literal's kind
// ("a number literal"), or the kind of the value an expression produced ("an object").
std::string describe(const Value& value, const Expression* expr) {
  const std::string_view node = expr ? expr->kind_name() : std::string_view{};
  const bool literal = node == "LiteralValueExpr" || node == "TemplateExpr" || (node == "UnaryOpExpr" && value.type() == Type::number());
  if (literal) {
    switch (value.type().kind()) {
      case Type::Kind::number: return "a number literal";
      case Type::Kind::string: return "a string literal";
      case Type::Kind::boolean: return "a boolean literal";
      default: break;
    }
  }
  const std::string kind = value_kind(value.type());
  return (kind[0] == 'o' ? "an " : "a ") + kind;
}

// The element `i` of a tuple constructor holding `n` elements, or nullptr.
const Expression* element_expr(const Expression* expr, size_t i, size_t n) {
  if (!expr) return nullptr;
  StaticListResult list = expr_list(*expr);
  if (!list.elements || list.elements->size() != n) return nullptr;
  return (*list.elements)[i];
}

// The value expression of key `key` in an object constructor, or nullptr.
const Expression* attribute_expr(const Expression* expr, const std::string& key) {
  if (!expr) return nullptr;
  StaticMapResult map = expr_map(*expr);
  if (!map.items) return nullptr;
  const Expression* found = nullptr;
  for (const StaticMapItem& item : *map.items) {
    std::string name = expr_as_keyword(*item.key);
    if (name.empty()) {
      EvalResult k = evaluate(*item.key, nullptr);
      if (has_errors(k.diagnostics) || !k.value.is_known() || k.value.is_null() || !(k.value.type() == Type::string())) continue;
      name = k.value.as_string();
    }
    if (name == key) found = item.value;  // the last one wins, as in evaluation
  }
  return found;
}

class DefaultChecker {
 public:
  DefaultChecker(Diagnostics& diags, const InputType& declared) : diags_(diags), declared_(declared) {}

  void check(const Value& value, const Expression* expr, const Range& range) {
    std::vector<std::string> path;
    walk(declared_, value, expr, range, path);
  }

 private:
  void report(const std::vector<std::string>& path, const std::string& message, const Range& range) {
    std::string text = "default value";
    for (const std::string& step : path) text += (&step == &path.front() ? " " : ": ") + step;
    diags_.push_back(make_error(kInvalidDefault, text + ": " + message, range));
  }

  void mismatch(const InputType& type, const Value& value, const Expression* expr, const Range& range, const std::vector<std::string>& path) {
    if (path.empty()) {
      diags_.push_back(make_error(kInvalidDefault, "default value is " + describe(value, expr) + " but field type is " + type_text(declared_), range));
      return;
    }
    report(path, type_text(type) + " required, got " + value_kind(value.type()), range);
  }

  void walk(const InputType& type, const Value& value, const Expression* expr, const Range& range, std::vector<std::string>& path) {
    using Kind = InputType::Kind;
    if (type.kind == Kind::optional) {
      if (!type.children.empty()) walk(type.children[0], value, expr, range, path);
      return;
    }
    if (value.is_null() || !value.is_known()) return;
    const Type& vt = value.type();
    switch (type.kind) {
      case Kind::any:
      case Kind::named:
      case Kind::optional: return;
      case Kind::string:
        if (!(vt == Type::string())) mismatch(type, value, expr, range, path);
        return;
      case Kind::boolean:
        if (!(vt == Type::boolean())) mismatch(type, value, expr, range, path);
        return;
      case Kind::number:
        if (!(vt == Type::number())) mismatch(type, value, expr, range, path);
        return;
      case Kind::integer:
        if (!(vt == Type::number())) {
          mismatch(type, value, expr, range, path);
        } else if (!value.as_number().is_integer()) {
          const std::string n = value.as_number().to_string();
          if (path.empty())
            diags_.push_back(make_error(kInvalidDefault, "default value " + n + " is not a whole number but field type is int", range));
          else
            report(path, "a whole number is required, got " + n, range);
        }
        return;
      case Kind::list:
      case Kind::set: {
        if (!vt.is_list() && !vt.is_set() && !vt.is_tuple()) return mismatch(type, value, expr, range, path);
        const auto& elements = value.elements();
        for (size_t i = 0; i < elements.size(); ++i) {
          // A set's elements are in cty's order, not the source's: point at the whole set.
          const Expression* sub = vt.is_set() ? nullptr : element_expr(expr, i, elements.size());
          path.push_back("element " + std::to_string(i));
          walk(type.children[0], elements[i], sub, sub ? sub->range() : range, path);
          path.pop_back();
        }
        return;
      }
      case Kind::tuple: {
        if (!vt.is_list() && !vt.is_tuple()) return mismatch(type, value, expr, range, path);
        const auto& elements = value.elements();
        if (elements.size() != type.children.size()) {
          if (path.empty())
            diags_.push_back(make_error(kInvalidDefault,
                                        "default value has " + std::to_string(elements.size()) + " elements but field type is " + type_text(declared_) +
                                            ", which has " + std::to_string(type.children.size()),
                                        range));
          else
            report(path, "exactly " + std::to_string(type.children.size()) + " elements required, got " + std::to_string(elements.size()), range);
          return;
        }
        for (size_t i = 0; i < elements.size(); ++i) {
          const Expression* sub = element_expr(expr, i, elements.size());
          path.push_back("element " + std::to_string(i));
          walk(type.children[i], elements[i], sub, sub ? sub->range() : range, path);
          path.pop_back();
        }
        return;
      }
      case Kind::map: {
        if (!vt.is_map() && !vt.is_object()) return mismatch(type, value, expr, range, path);
        for (size_t i = 0; i < value.keys().size(); ++i) {
          const Expression* sub = attribute_expr(expr, value.keys()[i]);
          path.push_back("element " + detail::go_quote(value.keys()[i]));
          walk(type.children[0], value.elements()[i], sub, sub ? sub->range() : range, path);
          path.pop_back();
        }
        return;
      }
      case Kind::object: {
        if (!vt.is_map() && !vt.is_object()) return mismatch(type, value, expr, range, path);
        for (size_t i = 0; i < type.attribute_names.size() && i < type.children.size(); ++i) {
          const std::string& name = type.attribute_names[i];
          const Value* attribute = value.get(name);
          if (!attribute) {
            if (!detail::is_optional(type.children[i])) report(path, "attribute " + detail::go_quote(name) + " is required", range);
            continue;
          }
          const Expression* sub = attribute_expr(expr, name);
          path.push_back("attribute " + detail::go_quote(name));
          walk(type.children[i], *attribute, sub, sub ? sub->range() : range, path);
          path.pop_back();
        }
        for (const std::string& key : value.keys()) {
          if (std::find(type.attribute_names.begin(), type.attribute_names.end(), key) != type.attribute_names.end()) continue;
          const Expression* sub = attribute_expr(expr, key);
          report(path, "unexpected attribute " + detail::go_quote(key) + ", which the type does not declare", sub ? sub->range() : range);
        }
        return;
      }
    }
  }

  Diagnostics& diags_;
  const InputType& declared_;
};

// Evaluates `d` into d.value and checks it against `declared`.
void check_default(InputDefault& d, const InputType& declared, Diagnostics& diags) {
  if (!d.expr) return;
  EvalResult evaluated = evaluate(*d.expr, nullptr);
  const bool failed = has_errors(evaluated.diagnostics);
  append(diags, std::move(evaluated.diagnostics));
  if (failed) return;
  d.value = evaluated.value;
  DefaultChecker(diags, declared).check(*d.value, d.expr, d.range);
}

// Every optional(T, DEFAULT) inside `type`, outside in.
void check_optional_defaults(InputType& type, Diagnostics& diags) {
  if (type.kind == InputType::Kind::optional && type.default_value && !type.children.empty())
    check_default(*type.default_value, type.children[0], diags);
  for (InputType& child : type.children) check_optional_defaults(child, diags);
}

}  // namespace

Diagnostics check_inputs(std::vector<InputBlock>& inputs) {
  Diagnostics diags;
  std::map<std::string, const InputBlock*> input_names;
  for (InputBlock& block : inputs) {
    if (auto [first, fresh] = input_names.emplace(block.name, &block); !fresh) {
      diags.push_back(make_error("Duplicate input",
                                 "An input named " + detail::go_quote(block.name) + " was already declared at " + detail::range_string(first->second->range) +
                                     ". Each input name may be used only once.",
                                 block.name_range, block.range));
    }
    std::map<std::string, const InputField*> field_names;
    for (InputField& field : block.fields) {
      if (auto [first, fresh] = field_names.emplace(field.name, &field); !fresh) {
        diags.push_back(make_error("Duplicate field",
                                   "The field " + detail::go_quote(field.name) + " was already declared at " + detail::range_string(first->second->name_range) +
                                       ". Each field of an input may be declared only once.",
                                   field.name_range, field.range));
      }
      check_optional_defaults(field.type, diags);
      if (field.default_value) {
        if (detail::is_optional(field.type) && field.type.default_value)
          diags.push_back(make_error("Conflicting defaults",
                                     "The field " + detail::go_quote(field.name) +
                                         " has a default both in optional(T, DEFAULT) and after its type; keep one of them.",
                                     field.default_value->range, field.range));
        check_default(*field.default_value, detail::without_optional(field.type), diags);
      }
    }
  }
  return diags;
}

}  // namespace hclschema
