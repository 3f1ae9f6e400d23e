// JSON views of parsed files (see dump.hpp): the CLI's `parse --format json` output and, with
// DumpOptions::deep, whole native trees for the golden tests against the reference.
#include "syntax/dump.hpp"

#include <string>
#include <string_view>

#include "diagnostic/diagnostic_json.hpp"
#include "hclschema/native/ast.hpp"

namespace hclschema::detail {
namespace {

using nlohmann::json;

// nlohmann::json refuses to serialize invalid UTF-8, and source text may hold any bytes. Each
// byte that does not start a valid UTF-8 sequence becomes U+FFFD, one per byte, as Go's
// encoding (and so the reference program) does, so both dumps agree on bad input too.
std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t len = 0;
    uint32_t min = 0;
    uint32_t cp = 0;
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2, cp = c & 0x1F, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3, cp = c & 0x0F, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4, cp = c & 0x07, min = 0x10000;
    }
    bool ok = len != 0 && i + len <= s.size();
    for (size_t k = 1; ok && k < len; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) ok = false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    if (ok && (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))) ok = false;
    if (ok) {
      out.append(s.substr(i, len));
      i += len;
    } else {
      out += "\xEF\xBF\xBD";
      ++i;
    }
  }
  return out;
}

json str(std::string_view s) { return valid_utf8(s); }

std::string_view step_kind(TraversalStep::Kind k) {
  switch (k) {
    case TraversalStep::Kind::root: return "root";
    case TraversalStep::Kind::attr: return "attr";
    case TraversalStep::Kind::index: return "index";
    case TraversalStep::Kind::splat: return "splat";
  }
  return "?";
}

json dump_traversal(const native::TraversalSteps& steps, const SourceFile& file) {
  json out = json::array();
  for (const auto& step : steps) {
    json o = {{"kind", step_kind(step.kind())}, {"range", range_to_json(file.range(step.span))}};
    switch (step.kind()) {
      case TraversalStep::Kind::root:
      case TraversalStep::Kind::attr:
        o["name"] = str(step.name());
        break;
      case TraversalStep::Kind::index:
        // As the reference's dump: the key's value type, and the key itself only for a string.
        if (step.key().kind == TraversalKey::Kind::number) {
          o["key_type"] = "number";
        } else if (step.key_literal() == native::IndexKeyLiteral::as_written) {
          o["key_type"] = "string";
          o["key"] = str(step.key().text);
        } else {
          o["key_type"] = step.key_literal() == native::IndexKeyLiteral::null      ? "null"
                          : step.key_literal() == native::IndexKeyLiteral::unknown ? "unknown"
                                                                                    : "bool";
        }
        break;
      case TraversalStep::Kind::splat:
        break;
    }
    out.push_back(std::move(o));
  }
  return out;
}

std::string_view value_kind_name(native::LiteralValueExpr::ValueKind k) {
  using VK = native::LiteralValueExpr::ValueKind;
  switch (k) {
    case VK::null: return "null";
    case VK::boolean: return "bool";
    case VK::number: return "number";
    case VK::string: return "string";
    case VK::unknown: return "unknown";  // the placeholder after a parse error (cty.DynamicVal)
  }
  return "?";
}

// The node-specific details of a deep dump; children are added by the caller.
void add_native_details(const native::Expr& e, json& o) {
  using namespace native;
  switch (e.kind) {
    case NodeKind::literal_value: {
      const auto& n = static_cast<const LiteralValueExpr&>(e);
      o["value_type"] = value_kind_name(n.value_kind());
      if (n.value_kind() == LiteralValueExpr::ValueKind::string) o["value"] = str(n.text());
      if (n.value_kind() == LiteralValueExpr::ValueKind::boolean) o["value"] = n.bool_value();
      break;
    }
    case NodeKind::scope_traversal:
      o["traversal"] = dump_traversal(static_cast<const ScopeTraversalExpr&>(e).traversal(), e.file());
      break;
    case NodeKind::relative_traversal:
      o["traversal"] = dump_traversal(static_cast<const RelativeTraversalExpr&>(e).traversal(), e.file());
      break;
    case NodeKind::function_call: {
      const auto& n = static_cast<const FunctionCallExpr&>(e);
      o["name"] = str(n.name());
      o["expand_final"] = n.expand_final();
      break;
    }
    case NodeKind::binary_op:
      o["op"] = operation_symbol(static_cast<const BinaryOpExpr&>(e).op());
      break;
    case NodeKind::unary_op:
      o["op"] = operation_symbol(static_cast<const UnaryOpExpr&>(e).op());
      break;
    case NodeKind::for_expr: {
      const auto& n = static_cast<const ForExpr&>(e);
      o["key_var"] = str(n.key_var());
      o["val_var"] = str(n.val_var());
      o["group"] = n.group();
      break;
    }
    case NodeKind::object_cons_key:
      o["force_non_literal"] = static_cast<const ObjectConsKeyExpr&>(e).force_non_literal();
      break;
    default:
      break;
  }
}

json dump_native_expression(const native::Expr& e, const DumpOptions& options) {
  json o = {{"kind", e.kind_name()}, {"range", range_to_json(e.range())}};
  if (!options.deep) return o;
  add_native_details(e, o);
  json children = json::array();
  e.for_each_child([&](const native::Expr& child) { children.push_back(dump_native_expression(child, options)); });
  if (!children.empty()) o["children"] = std::move(children);
  return o;
}

json dump_attribute(const Expression& expr, const Range& range, const Range& name_range, const DumpOptions& options) {
  json a = {{"range", range_to_json(range)}, {"expr", dump_expression(expr, options)}};
  if (options.deep) a["name_range"] = range_to_json(name_range);
  if (options.on_attribute) options.on_attribute(expr, a);
  return a;
}

json dump_native_body(const native::NativeBody& body, const DumpOptions& options) {
  const SourceFile& file = body.file();
  json attributes = json::object();
  for (const auto& attr : body.attributes()) {
    std::string name = valid_utf8(attr.name());
    // A redefined attribute is an error; like the reference, the dump keeps the first definition.
    if (attributes.contains(name)) continue;
    attributes[name] = dump_attribute(*attr.expr, file.range(attr.span()), file.range(attr.name_span), options);
  }
  json blocks = json::array();
  for (const native::NativeBlock* block : body.blocks()) {
    json labels = json::array();
    for (std::string_view label : block->labels()) labels.push_back(str(label));
    json b = {{"type", str(block->type())},
              {"labels", std::move(labels)},
              {"range", range_to_json(file.range(block->span()))},
              {"body", dump_native_body(*block->body, options)}};
    if (options.deep) {
      json ranges = json::array();
      for (ByteSpan span : block->label_spans()) ranges.push_back(range_to_json(file.range(span)));
      b["label_ranges"] = std::move(ranges);
    }
    blocks.push_back(std::move(b));
  }
  return {{"attributes", std::move(attributes)}, {"blocks", std::move(blocks)}};
}

}  // namespace

json dump_expression(const Expression& expr, const DumpOptions& options) {
  if (const auto* native_expr = native::as_native(expr)) return dump_native_expression(*native_expr, options);
  return {{"kind", expr.kind_name()}, {"range", range_to_json(expr.range())}};
}

json dump_body(const Body& body, const DumpOptions& options) {
  if (const auto* native_body = dynamic_cast<const native::NativeBody*>(&body)) return dump_native_body(*native_body, options);
  // A JSON body has no blocks of its own without a schema: it is viewed as attributes only. The
  // diagnostics of just_attributes are not part of the dump (only the parse's are).
  json attributes = json::object();
  for (const auto& attr : body.just_attributes().attributes) {
    std::string name = valid_utf8(attr.name);
    if (attributes.contains(name)) continue;
    attributes[name] = dump_attribute(*attr.expr, attr.range(), attr.name_range(), options);
  }
  return {{"attributes", std::move(attributes)}, {"blocks", json::array()}};
}

json dump_file(const File& file, const Diagnostics& diagnostics, const DumpOptions& options) {
  return {{"filename", str(file.source().filename())},
          {"body", dump_body(file.body(), options)},
          {"diagnostics", diagnostics_to_json_array(diagnostics)}};
}

}  // namespace hclschema::detail
