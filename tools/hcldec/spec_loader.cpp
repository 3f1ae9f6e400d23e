// Loads an hcldec spec file into a Spec tree, with the diagnostics of HashiCorp's cmd/hcldec for a
// bad spec: every problem is a diagnostic located in the spec file, never an exception or a crash.
#include <utility>

#include "decoder.hpp"
#include "hclschema/eval/evaluate.hpp"
#include "hclschema/static_expr.hpp"
#include "hclschema/value/convert.hpp"
#include "spec.hpp"

namespace hclschema::hcldec {

SpecPtr error_spec() {
  static const SpecPtr spec = [] {
    auto s = std::make_shared<Spec>();
    s->kind = Spec::Kind::literal;
    s->value = Value::null(Type::dynamic());
    return s;
  }();
  return spec;
}

namespace {

// The spec block types cmd/hcldec accepts. block_attrs is decoded by hcldec but its CLI never lists
// it; we accept it too (an extension: a spec using it fails in the reference before decoding).
const char* const spec_block_types[] = {"object", "array", "literal", "attr", "block", "block_list",
                                        "block_map", "block_set", "block_attrs", "default", "transform"};

BodySchema spec_schema(bool labelled) {
  BodySchema schema;
  for (const char* type : spec_block_types) {
    BlockHeaderSchema b{type, {}};
    if (labelled) b.label_names = {"key"};
    schema.blocks.push_back(std::move(b));
  }
  return schema;
}

const BodySchema& unlabelled_schema() {
  static const BodySchema s = spec_schema(false);
  return s;
}
const BodySchema& labelled_schema() {
  static const BodySchema s = spec_schema(true);
  return s;
}

Diagnostic unsuitable(const Expression& expr, const std::string& message) {
  return make_error("Unsuitable value type", "Unsuitable value: " + message, expr.start_range(), expr.range());
}

// gohcl's decoding of one optional argument into a Go scalar: evaluate without a context, convert
// to the target type; a null leaves the field unset.
std::optional<Value> argument(const BodyContent& content, std::string_view name, const Type& type, Diagnostics& diags) {
  const Attribute* attr = content.attribute(name);
  if (!attr) return std::nullopt;
  EvalResult r = evaluate(*attr->expr, nullptr);
  bool failed = has_errors(r.diagnostics);
  append(diags, std::move(r.diagnostics));
  if (failed) return std::nullopt;
  ConvertResult c = convert(r.value, type);
  if (!c.value) {
    diags.push_back(unsuitable(*attr->expr, c.error.message));
    return std::nullopt;
  }
  if (!c.value->is_known()) {
    diags.push_back(unsuitable(*attr->expr, "value must be known"));
    return std::nullopt;
  }
  if (c.value->is_null()) return std::nullopt;
  return c.value->unmarked_deep();
}

std::optional<std::string> string_argument(const BodyContent& content, std::string_view name, Diagnostics& diags) {
  auto v = argument(content, name, Type::string(), diags);
  if (!v) return std::nullopt;
  return v->as_string();
}

std::optional<bool> bool_argument(const BodyContent& content, std::string_view name, Diagnostics& diags) {
  auto v = argument(content, name, Type::boolean(), diags);
  if (!v) return std::nullopt;
  return v->as_bool();
}

std::optional<long long> int_argument(const BodyContent& content, std::string_view name, Diagnostics& diags) {
  auto v = argument(content, name, Type::number(), diags);
  if (!v) return std::nullopt;
  auto i = v->as_number().is_integer() ? v->as_number().to_int64() : std::nullopt;
  if (!i) {
    diags.push_back(unsuitable(*content.attribute(name)->expr,
                               "value must be a whole number, between -9223372036854775808 and 9223372036854775807"));
    return std::nullopt;
  }
  return *i;
}

// An absent type means any type; otherwise hcldec's reading of a type expression (type_expr.cpp).
Type type_argument(const BodyContent& content, std::string_view name, Diagnostics& diags) {
  const Attribute* attr = content.attribute(name);
  if (!attr) return Type::dynamic();
  return eval_type_expr(*attr->expr, diags);
}

BodySchema args_schema(std::initializer_list<std::pair<const char*, bool>> attrs) {
  BodySchema schema;
  for (const auto& [name, required] : attrs) schema.attributes.push_back({name, required});
  return schema;
}

class Loader {
 public:
  explicit Loader(std::shared_ptr<const EvalContext> spec_ctx) : spec_ctx_(std::move(spec_ctx)) {}

  Diagnostics diags;

  // Keeps one step's diagnostics; true when they hold an error, so the caller can give up on its spec.
  bool keep(Diagnostics more) {
    bool failed = has_errors(more);
    append(diags, std::move(more));
    return failed;
  }

  // The single spec block a body must hold (the root, a block's nested spec, a transform's).
  SpecPtr single_child(const Body& body, const char* missing_detail, const char* extra_detail) {
    ContentResult c = body.content(unlabelled_schema());
    bool failed = keep(std::move(c.diagnostics));
    if (c.content.blocks.empty()) {
      if (failed) return error_spec();
      diags.push_back(make_error("Missing spec block", missing_detail, body.missing_item_range()));
      return error_spec();
    }
    if (c.content.blocks.size() > 1) {
      diags.push_back(make_error("Extraneous spec block", extra_detail, c.content.blocks[1].def_range()));
      return error_spec();
    }
    return block(c.content.blocks[0]);
  }

  SpecPtr root(const Body& body) {
    return single_child(body, "A spec file must have exactly one root block specifying how to map to a JSON value.",
                        "A spec file must have exactly one root block specifying how to map to a JSON value.");
  }

  SpecPtr block(const Block& b) {
    std::string implied = b.labels.empty() ? std::string() : std::string(b.labels[0]);
    const std::string_view t = b.type;
    if (t == "object") return object(*b.body);
    if (t == "array") return array(*b.body);
    if (t == "attr") return attr(*b.body, implied);
    if (t == "block") return block_spec(*b.body, implied);
    if (t == "block_list") return block_collection(*b.body, implied, Spec::Kind::block_list, "block_list");
    if (t == "block_set") return block_collection(*b.body, implied, Spec::Kind::block_set, "block_set");
    if (t == "block_map") return block_map(*b.body, implied);
    if (t == "block_attrs") return block_attrs(*b.body, implied);
    if (t == "default") return default_spec(*b.body);
    if (t == "transform") return transform(*b.body);
    if (t == "literal") return literal(*b.body);
    diags.push_back(make_error("Invalid spec block", "Blocks of type \"" + std::string(t) + "\" are not expected here.", b.type_range()));
    return error_spec();
  }

 private:
  std::shared_ptr<const EvalContext> spec_ctx_;

  SpecPtr object(const Body& body) {
    ContentResult c = body.content(labelled_schema());
    append(diags, std::move(c.diagnostics));
    auto spec = std::make_shared<Spec>();
    spec->kind = Spec::Kind::object;
    for (const Block& b : c.content.blocks) {
      if (b.labels.empty()) continue;
      SpecPtr child = block(b);
      // A map in hcldec: a second property of the same name replaces the first.
      bool replaced = false;
      for (auto& [name, existing] : spec->children)
        if (name == b.labels[0]) existing = child, replaced = true;
      if (!replaced) spec->children.emplace_back(b.labels[0], std::move(child));
    }
    return spec;
  }

  SpecPtr array(const Body& body) {
    ContentResult c = body.content(unlabelled_schema());
    append(diags, std::move(c.diagnostics));
    auto spec = std::make_shared<Spec>();
    spec->kind = Spec::Kind::tuple;
    for (const Block& b : c.content.blocks) spec->children.emplace_back(std::string(), block(b));
    return spec;
  }

  SpecPtr attr(const Body& body, const std::string& implied) {
    ContentResult c = body.content(args_schema({{"name", false}, {"type", false}, {"required", false}}));
    if (keep(std::move(c.diagnostics))) return error_spec();
    auto spec = std::make_shared<Spec>();
    spec->kind = Spec::Kind::attr;
    spec->name = implied;
    Diagnostics args;
    if (auto v = bool_argument(c.content, "required", args)) spec->required = *v;
    if (auto v = string_argument(c.content, "name", args)) spec->name = *v;
    if (keep(std::move(args))) return error_spec();
    spec->type = type_argument(c.content, "type", diags);
    if (spec->name.empty()) {
      diags.push_back(make_error("Missing name in attribute spec",
                                 "The name attribute is required, to specify the attribute name that is expected in an input HCL file.",
                                 body.missing_item_range()));
      return error_spec();
    }
    return spec;
  }

  // The nested spec of a block-like spec: what is left of its body after its own arguments.
  SpecPtr nested(const Body& remain) {
    return single_child(remain, "A block spec must have exactly one child spec specifying how to decode block contents.",
                        "A block spec must have exactly one child spec specifying how to decode block contents.");
  }

  Diagnostic missing_block_type(const char* kind, const Body& body) {
    return make_error(std::string("Missing block_type in ") + kind + " spec",
                      "The block_type attribute is required, to specify the block type name that is expected in an input HCL file.",
                      body.missing_item_range());
  }

  SpecPtr block_spec(const Body& body, const std::string& implied) {
    PartialContentResult c = body.partial_content(args_schema({{"block_type", false}, {"required", false}}));
    if (keep(std::move(c.diagnostics))) return error_spec();
    Diagnostics args;
    auto spec = std::make_shared<Spec>();
    spec->kind = Spec::Kind::block;
    spec->name = implied;
    if (auto v = bool_argument(c.content, "required", args)) spec->required = *v;
    if (auto v = string_argument(c.content, "block_type", args)) spec->name = *v;
    if (keep(std::move(args))) return error_spec();
    spec->children.emplace_back(std::string(), nested(*c.remain));
    // cmd/hcldec does not insist on a block type here; an empty one simply never matches.
    return spec;
  }

  SpecPtr block_collection(const Body& body, const std::string& implied, Spec::Kind kind, const char* kind_name) {
    PartialContentResult c =
        body.partial_content(args_schema({{"block_type", false}, {"min_items", false}, {"max_items", false}}));
    if (keep(std::move(c.diagnostics))) return error_spec();
    Diagnostics args;
    auto spec = std::make_shared<Spec>();
    spec->kind = kind;
    spec->name = implied;
    if (auto v = int_argument(c.content, "min_items", args)) spec->min_items = *v;
    if (auto v = int_argument(c.content, "max_items", args)) spec->max_items = *v;
    if (auto v = string_argument(c.content, "block_type", args)) spec->name = *v;
    if (keep(std::move(args))) return error_spec();
    spec->children.emplace_back(std::string(), nested(*c.remain));
    if (spec->name.empty()) {
      diags.push_back(missing_block_type(kind_name, body));
      return error_spec();
    }
    return spec;
  }

  SpecPtr block_map(const Body& body, const std::string& implied) {
    PartialContentResult c = body.partial_content(args_schema({{"block_type", false}, {"labels", true}}));
    if (keep(std::move(c.diagnostics))) return error_spec();
    Diagnostics args;
    auto spec = std::make_shared<Spec>();
    spec->kind = Spec::Kind::block_map;
    spec->name = implied;
    if (auto v = string_argument(c.content, "block_type", args)) spec->name = *v;
    if (auto v = argument(c.content, "labels", Type::list(Type::string()), args)) {
      for (const Value& e : v->elements()) {
        if (e.is_null()) {
          args.push_back(unsuitable(*c.content.attribute("labels")->expr, "value must not be null"));
          break;
        }
        spec->labels.push_back(e.as_string());
      }
    }
    if (keep(std::move(args))) return error_spec();
    spec->children.emplace_back(std::string(), nested(*c.remain));
    if (spec->name.empty()) {
      diags.push_back(missing_block_type("block_map", body));
      return error_spec();
    }
    if (spec->labels.empty()) {
      diags.push_back(make_error("Invalid block label name list", "A block_map must have at least one label specified.",
                                 body.missing_item_range()));
      return error_spec();
    }
    if (implied_type(*spec).has_dynamic_types()) {
      diags.push_back(make_error("Invalid block_map spec", "A block_map spec may not contain attributes with type 'any'.",
                                 body.missing_item_range()));
      // hcldec would panic decoding such a spec; we refuse it instead.
      return error_spec();
    }
    return spec;
  }

  SpecPtr block_attrs(const Body& body, const std::string& implied) {
    ContentResult c = body.content(args_schema({{"block_type", false}, {"element_type", false}, {"required", false}}));
    if (keep(std::move(c.diagnostics))) return error_spec();
    Diagnostics args;
    auto spec = std::make_shared<Spec>();
    spec->kind = Spec::Kind::block_attrs;
    spec->name = implied;
    if (auto v = bool_argument(c.content, "required", args)) spec->required = *v;
    if (auto v = string_argument(c.content, "block_type", args)) spec->name = *v;
    if (keep(std::move(args))) return error_spec();
    spec->type = type_argument(c.content, "element_type", diags);
    if (spec->name.empty()) {
      diags.push_back(missing_block_type("block_attrs", body));
      return error_spec();
    }
    return spec;
  }

  SpecPtr literal(const Body& body) {
    ContentResult c = body.content(args_schema({{"value", true}}));
    if (keep(std::move(c.diagnostics))) return error_spec();
    const Attribute* attr = c.content.attribute("value");
    if (!attr) return error_spec();
    EvalResult r = evaluate(*attr->expr, spec_ctx_.get());
    if (keep(std::move(r.diagnostics))) return error_spec();
    auto spec = std::make_shared<Spec>();
    spec->kind = Spec::Kind::literal;
    spec->value = r.value;
    return spec;
  }

  SpecPtr default_spec(const Body& body) {
    ContentResult c = body.content(unlabelled_schema());
    bool failed = keep(std::move(c.diagnostics));
    if (c.content.blocks.empty()) {
      if (failed) return error_spec();
      diags.push_back(make_error("Missing spec block",
                                 "A default block must have at least one nested spec, each specifying a possible outcome.",
                                 body.missing_item_range()));
      return error_spec();
    }
    if (c.content.blocks.size() == 1 && !failed) {
      // hcldec points this warning at a second block that does not exist (and crashes); we point
      // at the one block there is.
      diags.push_back(Diagnostic{Severity::warning, "Useless default block",
                                 "A default block with only one spec is equivalent to using that spec alone.",
                                 c.content.blocks[0].def_range(), std::nullopt, {}});
    }
    SpecPtr spec;
    for (const Block& b : c.content.blocks) {
      std::size_t before = diags.size();
      SpecPtr candidate = block(b);
      bool candidate_failed = false;
      for (std::size_t i = before; i < diags.size(); ++i)
        if (diags[i].severity == Severity::error) candidate_failed = true;
      if (candidate_failed) continue;
      if (!spec) {
        spec = candidate;
      } else {
        auto d = std::make_shared<Spec>();
        d->kind = Spec::Kind::default_;
        d->children.emplace_back(std::string(), spec);
        d->children.emplace_back(std::string(), candidate);
        spec = d;
      }
    }
    return spec ? spec : error_spec();
  }

  SpecPtr transform(const Body& body) {
    PartialContentResult c = body.partial_content(args_schema({{"result", false}}));
    if (keep(std::move(c.diagnostics))) return error_spec();
    auto spec = std::make_shared<Spec>();
    spec->kind = Spec::Kind::transform;
    const Attribute* result = c.content.attribute("result");
    spec->expr = result ? result->expr : nullptr;  // absent: the result is null
    spec->transform_ctx = spec_ctx_;
    ContentResult nested = c.remain->content(unlabelled_schema());
    bool nested_failed = keep(std::move(nested.diagnostics));
    if (nested.content.blocks.size() != 1) {
      if (nested_failed) return error_spec();
      diags.push_back(make_error("Invalid transform spec", "A transform spec block must have exactly one nested spec block.",
                                 body.missing_item_range()));
      return error_spec();
    }
    spec->children.emplace_back(std::string(), block(nested.content.blocks[0]));
    return spec;
  }
};

}  // namespace

SpecFileResult load_spec(std::shared_ptr<const File> file) {
  SpecFileResult out;
  out.spec.file = file;
  out.spec.spec_ctx = make_spec_context();
  out.spec.root = error_spec();
  if (!file) return out;

  UserFunctionsResult funcs = decode_user_functions(file->body(), out.spec.spec_ctx, file);
  append(out.diagnostics, std::move(funcs.diagnostics));
  out.spec.functions = std::move(funcs.functions);

  BodySchema vars_schema;
  vars_schema.blocks.push_back({"variables", {}});
  PartialContentResult vars = funcs.remain->partial_content(vars_schema);
  append(out.diagnostics, std::move(vars.diagnostics));
  for (const Block& b : vars.content.blocks) {
    AttributesResult attrs = b.body->just_attributes();
    append(out.diagnostics, std::move(attrs.diagnostics));
    for (const Attribute& a : attrs.attributes) {
      EvalResult r = evaluate(*a.expr, out.spec.spec_ctx.get());
      append(out.diagnostics, std::move(r.diagnostics));
      bool replaced = false;
      for (auto& [name, value] : out.spec.variables)
        if (name == a.name) value = r.value, replaced = true;
      if (!replaced) out.spec.variables.emplace_back(a.name, r.value);
    }
  }

  Loader loader(out.spec.spec_ctx);
  out.spec.root = loader.root(*vars.remain);
  append(out.diagnostics, std::move(loader.diags));
  return out;
}

SpecFileResult load_spec_file(const std::string& path) {
  ParseResult parsed = parse_path(path);
  if (!parsed.file) {
    SpecFileResult out;
    out.spec.root = error_spec();
    out.spec.spec_ctx = make_spec_context();
    out.diagnostics = std::move(parsed.diagnostics);
    return out;
  }
  // hcldec reads a spec file as native syntax whatever its name.
  if (parsed.file->syntax() != Syntax::native) parsed = parse_native(parsed.file->source_ptr());
  if (has_errors(parsed.diagnostics)) {
    SpecFileResult out;
    out.spec.file = parsed.file;
    out.spec.root = error_spec();
    out.spec.spec_ctx = make_spec_context();
    out.diagnostics = std::move(parsed.diagnostics);
    return out;
  }
  SpecFileResult out = load_spec(parsed.file);
  Diagnostics all = std::move(parsed.diagnostics);
  append(all, std::move(out.diagnostics));
  out.diagnostics = std::move(all);
  return out;
}

}  // namespace hclschema::hcldec
