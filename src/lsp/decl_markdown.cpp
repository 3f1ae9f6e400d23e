// Markdown renderings of attribute, block and variable declarations for hover and completion.
#include "lsp/decl_markdown.hpp"

#include "hclschema/typeexpr.hpp"
#include "lsp/schema_lookup.hpp"

namespace hclschema::lsp {

namespace {

// Inline code that survives backticks inside the text (Markdown: a longer fence).
std::string code(const std::string& text) {
  const std::string fence = text.find('`') == std::string::npos ? "`" : "``";
  const std::string pad = fence.size() > 1 ? " " : "";
  return fence + pad + text + pad + fence;
}

std::string number_text(const Value& v) { return display_value(v.unmarked_deep(), false); }

}  // namespace

std::string attribute_type_text(const AttributeDecl& decl) { return decl.type ? type_string(decl.type->type()) : std::string("any"); }

std::string attribute_markdown(const AttributeDecl& decl) {
  std::string md = "**" + decl.name + "** (attribute)";
  if (!decl.description.empty()) md += "\n\n" + decl.description;
  md += "\n\n- Type: " + code(attribute_type_text(decl));
  md += decl.required ? "\n- Required" : "\n- Optional";
  if (decl.default_value) md += "\n- Default: " + code(display_value(*decl.default_value, decl.sensitive));
  if (!decl.enum_values.empty()) {
    md += "\n- Allowed values:";
    for (size_t i = 0; i < decl.enum_values.size(); ++i) md += (i ? ", " : " ") + code(hcl_literal(decl.enum_values[i]));
  }
  if (decl.pattern) md += "\n- Pattern: " + code(*decl.pattern);
  // min/max bound a number's value, and a string's, collection's or structure's length.
  const bool is_number = decl.type && decl.type->type() == Type::number();
  if (decl.min) md += std::string("\n- ") + (is_number ? "Minimum: " : "Minimum length: ") + number_text(*decl.min);
  if (decl.max) md += std::string("\n- ") + (is_number ? "Maximum: " : "Maximum length: ") + number_text(*decl.max);
  if (decl.sensitive) md += "\n- Sensitive: its value is never shown";
  if (decl.deprecated) md += "\n\n**Deprecated:** " + *decl.deprecated;
  return md;
}

std::string block_markdown(const BlockDecl& decl) {
  std::string md = "**" + decl.name + "** (block)";
  if (!decl.description.empty()) md += "\n\n" + decl.description;
  if (!decl.labels.empty()) {
    md += "\n\n- Labels:";
    for (size_t i = 0; i < decl.labels.size(); ++i) md += (i ? ", " : " ") + code(decl.labels[i]);
  } else {
    md += "\n";
  }
  if (decl.min_items) md += "\n- At least " + std::to_string(*decl.min_items);
  if (decl.max_items) md += "\n- At most " + std::to_string(*decl.max_items);
  if (!decl.min_items || *decl.min_items == 0) md += "\n- Optional";
  if (decl.deprecated) md += "\n\n**Deprecated:** " + *decl.deprecated;
  return md;
}

std::string variable_markdown(const VariableDeclaration& decl, const ExplainResult* explain) {
  std::string md = "**var." + decl.name + "** (variable)";
  if (!decl.description.empty()) md += "\n\n" + decl.description;
  md += "\n\n- Type: " + code(decl.type_given ? type_string(decl.constraint.type()) : std::string("any"));
  if (decl.default_value) {
    md += "\n- Default: " + code(display_value(*decl.default_value, decl.sensitive));
  } else {
    md += "\n- Required (no default)";
  }
  if (decl.sensitive) md += "\n- Sensitive";
  if (!decl.nullable) md += "\n- Not nullable";
  md += "\n- Declared in " + code(decl.decl_range.filename) + " line " + std::to_string(decl.decl_range.start.line);
  if (!explain) return md;
  const ResolvedVariable* v = explain->variable;
  if (v) {
    md += "\n\n**Value:** " + (v->value ? code(display_value(*v->value, v->sensitive)) : std::string("(no value)")) + " from " +
          describe_source(v->source);
  }
  if (!explain->steps.empty()) {
    md += "\n\nAssignments, lowest precedence first:";
    for (size_t i = 0; i < explain->steps.size(); ++i) {
      const VariableCandidate& c = *explain->steps[i].candidate;
      const bool sensitive = decl.sensitive || (v && v->sensitive);
      md += "\n" + std::to_string(i + 1) + ". " + describe_source(c.source) + ": " +
            (c.value ? code(display_value(*c.value, sensitive)) : std::string("(no value)"));
      if (c.won) {
        md += " (wins)";
      } else if (explain->winner && i < *explain->winner) {
        md += " (shadowed)";
      }
    }
  }
  for (const std::string& note : explain->notes) md += "\n\n" + note;
  return md;
}

}  // namespace hclschema::lsp
