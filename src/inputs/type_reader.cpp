// Reading a type expression of the input language into an InputType.
//
// A type is parsed as an ordinary HCL expression (HCL's object constructors accept `name: T` as
// well as `name = T`, one per line or comma-separated) and then read as syntax through
// static_expr.hpp: a keyword (`string`, `int`), a dotted path (a named type), or a constructor
// call. The messages follow ext/typeexpr's where the vocabulary is the same, so users of both
// read the same words; malformed parts become `any` so every problem is reported in one run.
#include <algorithm>
#include <string>
#include <vector>

#include "hclschema/static_expr.hpp"
#include "inputs/inputs_detail.hpp"
#include "util/did_you_mean.hpp"
#include "util/go_format.hpp"

namespace hclschema::detail {

namespace {

constexpr const char* kInvalidType = "Invalid type specification";

const std::vector<std::string>& primitive_keywords() {
  static const std::vector<std::string> words{"string", "bool", "number", "int", "any"};
  return words;
}
const std::vector<std::string>& constructor_names() {
  static const std::vector<std::string> words{"list", "set", "map", "tuple", "object", "optional"};
  return words;
}

// The usage line of each constructor, for argument-count messages.
std::string constructor_usage(const std::string& name) {
  if (name == "tuple") return "The tuple type constructor takes one argument, a list of the element types: tuple([string, int]).";
  if (name == "object") return "The object type constructor takes one argument, an object of attribute types: object({name: string}).";
  if (name == "optional")
    return "The optional modifier takes the type and, optionally, a default value: optional(T) or optional(T, DEFAULT).";
  return "The " + name + " type constructor takes one argument, the element type: " + name + "(string).";
}

Range cover(const Range& a, const Range& b) {
  Range r = a;
  if (b.end.byte > r.end.byte) r.end = b.end;
  return r;
}

class TypeReader {
 public:
  explicit TypeReader(Diagnostics& diags) : diags_(diags) {}

  InputType read(const Expression& expr, TypeSite site) {
    InputType type;
    type.range = expr.range();
    if (expr.kind_name() == "ScopeTraversalExpr") return read_path(expr, std::move(type));
    StaticCallResult found = expr_call(expr);
    if (found.call) return read_call(*found.call, expr, site, std::move(type));
    return fail(std::move(type),
                "A type is a keyword such as string or int, a constructor such as list(string), or a named type such as "
                "aws.ec2.NatStrategy.",
                expr.range());
  }

 private:
  InputType fail(InputType type, const std::string& detail, const Range& subject, std::optional<Range> context = std::nullopt) {
    diags_.push_back(make_error(kInvalidType, detail, subject, std::move(context)));
    type.kind = InputType::Kind::any;
    type.children.clear();
    type.attribute_names.clear();
    type.attribute_name_ranges.clear();
    type.default_value.reset();
    return type;
  }

  // `string`, `int`, ..., or a named type: a dotted path of identifiers.
  InputType read_path(const Expression& expr, InputType type) {
    std::vector<Traversal> traversals = expr.variables();
    if (traversals.size() != 1 || traversals[0].empty()) return fail(std::move(type), "A named type must be a non-empty dotted path.", expr.range());
    const Traversal& t = traversals[0];
    std::string path;
    for (const TraversalStep& step : t) {
      if (step.kind != TraversalStep::Kind::root && step.kind != TraversalStep::Kind::attr)
        return fail(std::move(type), "A named type is a dotted path of identifiers, such as aws.ec2.NatStrategy; it cannot hold index or splat steps.",
                    step.range, expr.range());
      if (!path.empty()) path += '.';
      path += step.name;
    }
    if (t.size() == 1) {
      const std::string& word = t[0].name;
      if (word == "string") return with_kind(std::move(type), InputType::Kind::string);
      if (word == "bool") return with_kind(std::move(type), InputType::Kind::boolean);
      if (word == "number") return with_kind(std::move(type), InputType::Kind::number);
      if (word == "int") return with_kind(std::move(type), InputType::Kind::integer);
      if (word == "any") return with_kind(std::move(type), InputType::Kind::any);
      if (std::find(constructor_names().begin(), constructor_names().end(), word) != constructor_names().end())
        return fail(std::move(type), "The keyword " + go_quote(word) + " needs arguments. " + constructor_usage(word), expr.range());
      // A lone lower-case word one typo away from a keyword is most likely that keyword: say so,
      // but it is still a valid named type.
      if (std::string suggestion = name_suggestion(word, primitive_keywords()); !suggestion.empty()) {
        diags_.push_back(Diagnostic{Severity::warning, "Unknown type name",
                                    "There is no built-in type named " + go_quote(word) + "; did you mean " + go_quote(suggestion) +
                                        "? It is read as a named type, treated as any.",
                                    expr.range(), std::nullopt, {}});
      }
    }
    type.kind = InputType::Kind::named;
    type.path = std::move(path);
    return type;
  }

  static InputType with_kind(InputType type, InputType::Kind kind) {
    type.kind = kind;
    return type;
  }

  InputType read_call(const StaticCall& call, const Expression& expr, TypeSite site, InputType type) {
    const std::string& name = call.name;
    if (std::find(primitive_keywords().begin(), primitive_keywords().end(), name) != primitive_keywords().end())
      return fail(std::move(type), "The type keyword " + go_quote(name) + " does not take arguments.", call.args_range, expr.range());
    if (std::find(constructor_names().begin(), constructor_names().end(), name) == constructor_names().end()) {
      std::string detail = "There is no type constructor named " + go_quote(name) + ".";
      if (std::string suggestion = name_suggestion(name, constructor_names()); !suggestion.empty())
        detail += " Did you mean " + go_quote(suggestion) + "?";
      else
        detail += " The constructors are list, set, map, tuple, object and optional.";
      diags_.push_back(make_error("Unknown type constructor", detail, call.name_range, expr.range()));
      return fail_quietly(std::move(type));
    }

    const size_t most = name == "optional" ? 2 : 1;
    if (call.arguments.empty() || call.arguments.size() > most) {
      // Too many: the extra arguments are the subject. None: the parentheses.
      Range subject = call.args_range;
      if (call.arguments.size() > most) subject = cover(call.arguments[most]->range(), call.arguments.back()->range());
      diags_.push_back(make_error("Wrong number of type arguments", constructor_usage(name), subject, expr.range()));
      return fail_quietly(std::move(type));
    }

    if (name == "list" || name == "set" || name == "map") {
      type.kind = name == "list" ? InputType::Kind::list : name == "set" ? InputType::Kind::set : InputType::Kind::map;
      type.children.push_back(read(*call.arguments[0], TypeSite::nested));
      return type;
    }
    if (name == "optional") {
      if (site == TypeSite::nested)
        return fail(std::move(type), "The optional modifier is valid only as the whole type of a field or of an object attribute.", call.name_range,
                    expr.range());
      type.kind = InputType::Kind::optional;
      type.children.push_back(read(*call.arguments[0], TypeSite::nested));
      if (call.arguments.size() == 2) type.default_value = InputDefault{call.arguments[1], call.arguments[1]->range(), std::nullopt};
      return type;
    }
    if (name == "tuple") {
      StaticListResult list = expr_list(*call.arguments[0]);
      if (!list.elements) return fail(std::move(type), constructor_usage(name), call.arguments[0]->range(), expr.range());
      type.kind = InputType::Kind::tuple;
      for (const Expression* element : *list.elements) type.children.push_back(read(*element, TypeSite::nested));
      return type;
    }
    return read_object(call, expr, std::move(type));
  }

  // The error was already reported with its own summary.
  static InputType fail_quietly(InputType type) {
    type.kind = InputType::Kind::any;
    return type;
  }

  InputType read_object(const StaticCall& call, const Expression& expr, InputType type) {
    StaticMapResult map = expr_map(*call.arguments[0]);
    if (!map.items) return fail(std::move(type), constructor_usage("object"), call.arguments[0]->range(), expr.range());
    type.kind = InputType::Kind::object;
    for (const StaticMapItem& item : *map.items) {
      std::string name = expr_as_keyword(*item.key);
      if (name.empty() || !is_valid_identifier(name)) {
        diags_.push_back(make_error(kInvalidType, "The attribute names of an object type must be identifiers, as in object({name: string}).",
                                    item.key->range(), expr.range()));
        continue;
      }
      auto first = std::find(type.attribute_names.begin(), type.attribute_names.end(), name);
      if (first != type.attribute_names.end()) {
        const Range& first_range = type.attribute_name_ranges[static_cast<size_t>(first - type.attribute_names.begin())];
        diags_.push_back(make_error("Duplicate attribute",
                                    "The attribute " + go_quote(name) + " was already declared at " + range_string(first_range) +
                                        ". Each attribute of an object type may be declared only once.",
                                    item.key->range(), expr.range()));
        continue;
      }
      type.attribute_names.push_back(std::move(name));
      type.attribute_name_ranges.push_back(item.key->range());
      type.children.push_back(read(*item.value, TypeSite::attribute));
    }
    return type;
  }

  Diagnostics& diags_;
};

}  // namespace

InputType read_input_type(const Expression& expr, TypeSite site, Diagnostics& diags) {
  TypeReader reader(diags);
  return reader.read(expr, site);
}

}  // namespace hclschema::detail
