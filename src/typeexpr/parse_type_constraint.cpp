// Reading a type constraint from an expression (parse_type_constraint in typeexpr.hpp).
//
// The expression is read as syntax (static_expr.hpp), never evaluated, except for the default
// values of `optional(T, DEFAULT)`. The order of checks and every diagnostic text follow HCL's
// ext/typeexpr, because users see these messages next to Terraform's and golden tests compare
// them; the one addition is an error for an attribute declared twice in one object type, which
// the reference silently resolves in favour of the last declaration.
#include <algorithm>
#include <map>
#include <set>

#include "hclschema/eval/evaluate.hpp"
#include "hclschema/static_expr.hpp"
#include "hclschema/typeexpr.hpp"
#include "util/go_format.hpp"

namespace hclschema {

namespace {

constexpr const char* kInvalidType = "Invalid type specification";

using DefaultsPtr = std::shared_ptr<const TypeDefaults>;

// hcl.RangeBetween: from the start of `first` to the end of `last`.
Range range_between(const Range& first, const Range& last) { return {first.filename, first.start, last.end}; }

struct Parsed {
  Type type;
  DefaultsPtr defaults;
};

class TypeExprReader {
 public:
  explicit TypeExprReader(TypeExprMode mode)
      : constraint_(mode != TypeExprMode::exact_type), with_defaults_(mode == TypeExprMode::constraint_with_defaults) {}

  Parsed read(const Expression& expr);
  Diagnostics take_diagnostics() { return std::move(diags_); }

 private:
  Parsed fail(std::string detail, const Range& subject, std::optional<Range> context = std::nullopt) {
    diags_.push_back(make_error(kInvalidType, std::move(detail), subject, std::move(context)));
    return {};
  }
  Parsed read_keyword(const std::string& keyword, const Expression& expr);
  Parsed read_object(const StaticCall& call, const Expression& expr);
  Parsed read_tuple(const StaticCall& call, const Expression& expr);
  static DefaultsPtr collection_defaults(const Type& type, DefaultsPtr element);

  bool constraint_;
  bool with_defaults_;
  Diagnostics diags_;
};

Parsed TypeExprReader::read_keyword(const std::string& kw, const Expression& expr) {
  if (kw == "bool") return {Type::boolean(), nullptr};
  if (kw == "string") return {Type::string(), nullptr};
  if (kw == "number") return {Type::number(), nullptr};
  if (kw == "any") {
    if (constraint_) return {Type::dynamic(), nullptr};
    return fail("The keyword " + detail::go_quote(kw) + " cannot be used in this type specification: an exact type is required.",
                expr.range());
  }
  if (kw == "list" || kw == "map" || kw == "set")
    return fail("The " + kw + " type constructor requires one argument specifying the element type.", expr.range());
  if (kw == "object")
    return fail("The object type constructor requires one argument specifying the attribute types and values as a map.", expr.range());
  if (kw == "tuple") return fail("The tuple type constructor requires one argument specifying the element types as a list.", expr.range());
  return fail("The keyword " + detail::go_quote(kw) + " is not a valid type specification.", expr.range());
}

Parsed TypeExprReader::read(const Expression& expr) {
  if (std::string kw = expr_as_keyword(expr); !kw.empty()) return read_keyword(kw, expr);

  StaticCallResult found = expr_call(expr);
  if (!found.call)
    return fail(
        "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like "
        "list(string).",
        expr.range());
  const StaticCall& call = *found.call;

  if (call.name == "bool" || call.name == "string" || call.name == "number")
    return fail("Primitive type keyword " + detail::go_quote(call.name) + " does not expect arguments.", call.args_range);
  if (call.name == "any") return fail("Type constraint keyword " + detail::go_quote(call.name) + " does not expect arguments.", call.args_range);

  const bool is_collection = call.name == "list" || call.name == "set" || call.name == "map";
  if (call.arguments.size() != 1 && (is_collection || call.name == "object" || call.name == "tuple")) {
    // Too many arguments: the extra ones are the subject. Too few: the parentheses.
    Range subject = call.args_range;
    if (call.arguments.size() > 1) subject = range_between(call.arguments[1]->range(), call.arguments.back()->range());
    if (is_collection)
      return fail("The " + call.name + " type constructor requires one argument specifying the element type.", subject, call.args_range);
    if (call.name == "object")
      return fail("The object type constructor requires one argument specifying the attribute types and values as a map.", subject,
                  call.args_range);
    return fail("The tuple type constructor requires one argument specifying the element types as a list.", subject, call.args_range);
  }

  if (is_collection) {
    Parsed element = read(*call.arguments[0]);
    Type type = call.name == "list" ? Type::list(element.type) : call.name == "set" ? Type::set(element.type) : Type::map(element.type);
    return {type, collection_defaults(type, std::move(element.defaults))};
  }
  if (call.name == "object") return read_object(call, expr);
  if (call.name == "tuple") return read_tuple(call, expr);
  if (call.name == "optional")
    return fail("Keyword " + detail::go_quote(call.name) + " is valid only as a modifier for object type attributes.", call.name_range);
  return fail("Keyword " + detail::go_quote(call.name) + " is not a valid type constructor.", expr.range());
}

DefaultsPtr TypeExprReader::collection_defaults(const Type& type, DefaultsPtr element) {
  if (!element) return nullptr;
  auto d = std::make_shared<TypeDefaults>();
  d->type = type;
  d->children.emplace_back("", std::move(element));
  return d;
}

Parsed TypeExprReader::read_object(const StaticCall& call, const Expression& expr) {
  StaticMapResult map = expr_map(*call.arguments[0]);
  if (!map.items)
    return fail("Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
                call.arguments[0]->range(), expr.range());

  std::vector<std::pair<std::string, Type>> attributes;
  std::vector<std::string> optional;
  std::map<std::string, Value> default_values;
  std::map<std::string, DefaultsPtr> children;
  std::map<std::string, Range> declared_at;

  for (const StaticMapItem& item : *map.items) {
    std::string name = expr_as_keyword(*item.key);
    if (name.empty()) {
      diags_.push_back(make_error(kInvalidType, "Object constructor map keys must be attribute names.", item.key->range(), expr.range()));
      continue;
    }
    if (auto first = declared_at.find(name); first != declared_at.end()) {
      diags_.push_back(make_error(kInvalidType,
                                  "The attribute " + detail::go_quote(name) + " was already declared at " + detail::range_string(first->second) +
                                      ". Each attribute of an object type may be declared only once.",
                                  item.key->range(), expr.range()));
      continue;
    }
    declared_at.emplace(name, item.key->range());

    // `optional(T)` / `optional(T, DEFAULT)` wraps the attribute's type.
    const Expression* type_expr = item.value;
    const Expression* default_expr = nullptr;
    std::optional<Value> default_value;
    StaticCallResult modifier = expr_call(*item.value);
    if (modifier.call && modifier.call->name == "optional") {
      const StaticCall& opt = *modifier.call;
      if (opt.arguments.empty()) {
        diags_.push_back(make_error(kInvalidType, "Optional attribute modifier requires the attribute type as its argument.", opt.args_range,
                                    item.value->range()));
        continue;
      }
      if (!constraint_) {
        diags_.push_back(make_error(kInvalidType, "Optional attribute modifier is only for type constraints, not for exact types.",
                                    opt.name_range, item.value->range()));
      } else if (!with_defaults_) {
        if (opt.arguments.size() == 1)
          optional.push_back(name);
        else
          diags_.push_back(make_error(kInvalidType, "Optional attribute modifier expects only one argument: the attribute type.", opt.args_range,
                                      item.value->range()));
      } else if (opt.arguments.size() == 1) {
        optional.push_back(name);
      } else if (opt.arguments.size() == 2) {
        default_expr = opt.arguments[1];
        // Defaults are constants: no variables, no functions.
        EvalResult evaluated = evaluate(*default_expr, nullptr);
        const bool failed = has_errors(evaluated.diagnostics);
        append(diags_, std::move(evaluated.diagnostics));
        if (!failed) {
          optional.push_back(name);
          default_value = std::move(evaluated.value);
        }
      } else {
        diags_.push_back(make_error(kInvalidType, "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.",
                                    opt.args_range, item.value->range()));
      }
      type_expr = opt.arguments[0];  // valid while `modifier` (which owns a JSON string's tree) lives
    }

    Parsed attribute = read(*type_expr);
    if (default_value) {
      ConvertResult converted = hclschema::convert(*default_value, attribute.type);
      if (!converted.value) {
        diags_.push_back(make_error("Invalid default value for optional attribute",
                                    "This default value is not compatible with the attribute's type constraint: " + converted.error.message + ".",
                                    default_expr->range()));
      } else {
        default_values.emplace(name, std::move(*converted.value));
      }
    }
    attributes.emplace_back(name, attribute.type);
    if (attribute.defaults) children.emplace(name, std::move(attribute.defaults));
  }

  Type type = Type::object(std::move(attributes), std::move(optional));
  if (default_values.empty() && children.empty()) return {type, nullptr};
  auto d = std::make_shared<TypeDefaults>();
  d->type = type;
  d->values.assign(std::make_move_iterator(default_values.begin()), std::make_move_iterator(default_values.end()));
  d->children.assign(std::make_move_iterator(children.begin()), std::make_move_iterator(children.end()));
  return {type, std::move(d)};
}

Parsed TypeExprReader::read_tuple(const StaticCall& call, const Expression& expr) {
  StaticListResult list = expr_list(*call.arguments[0]);
  if (!list.elements) return fail("Tuple type constructor requires a list of element types.", call.arguments[0]->range(), expr.range());
  std::vector<Type> elements;
  std::vector<std::pair<std::string, DefaultsPtr>> children;
  for (size_t i = 0; i < list.elements->size(); ++i) {
    Parsed element = read(*(*list.elements)[i]);
    elements.push_back(element.type);
    if (element.defaults) children.emplace_back(std::to_string(i), std::move(element.defaults));
  }
  Type type = Type::tuple(std::move(elements));
  if (children.empty()) return {type, nullptr};
  std::sort(children.begin(), children.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  auto d = std::make_shared<TypeDefaults>();
  d->type = type;
  d->children = std::move(children);
  return {type, std::move(d)};
}

}  // namespace

TypeConstraintResult parse_type_constraint(const Expression& expr, TypeExprMode mode) {
  TypeExprReader reader(mode);
  Parsed parsed = reader.read(expr);
  return {TypeConstraint(std::move(parsed.type), std::move(parsed.defaults)), reader.take_diagnostics()};
}

const Value* TypeDefaults::value(std::string_view name) const {
  auto it = std::lower_bound(values.begin(), values.end(), name, [](const auto& e, std::string_view n) { return e.first < n; });
  return it != values.end() && it->first == name ? &it->second : nullptr;
}

const TypeDefaults* TypeDefaults::child(std::string_view key) const {
  auto it = std::lower_bound(children.begin(), children.end(), key, [](const auto& e, std::string_view k) { return e.first < k; });
  return it != children.end() && it->first == key ? it->second.get() : nullptr;
}

}  // namespace hclschema
