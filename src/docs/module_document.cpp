// The document of a Terraform module's input variables (`variable` blocks), like terraform-docs'
// inputs section but with the attributes of object types documented one by one.
#include <filesystem>

#include "docs/docs_detail.hpp"
#include "docs/document.hpp"

namespace hclschema::docs {

Document module_document(const Declarations& declarations, const std::string& source_name) {
  Document doc;
  doc.kind = Document::Kind::module;
  doc.source = source_name;
  std::string name = std::filesystem::path(source_name).lexically_normal().filename().string();
  if (name.empty() || name == ".") name = std::filesystem::path(source_name).lexically_normal().parent_path().filename().string();
  doc.title = name.empty() ? "module" : "module " + name;
  std::set<std::string> anchors{"contents", "top"};
  for (const VariableDeclaration& v : declarations.variables) {
    Entry e;
    e.kind = Entry::Kind::variable;
    e.name = v.name;
    e.path = v.name;
    // terraform-docs' anchor names, so links written for its output keep working.
    e.anchor = detail::make_anchor("input_", v.name, anchors);
    e.description = detail::clean_description(v.description);
    e.sensitive = v.sensitive;
    e.nullable = v.nullable;
    e.required = !v.default_value.has_value();
    const Type& t = v.constraint.type();
    e.type = detail::type_text(t, v.constraint.defaults(), v.sensitive);
    e.type_block = detail::type_block(t, v.constraint.defaults(), v.sensitive);
    e.nested = detail::nested_attributes(t, v.constraint.defaults(), v.sensitive, e.anchor + "-", anchors);
    if (v.default_value) {
      e.default_hidden = v.sensitive;
      e.default_text = v.sensitive ? std::string("(sensitive)") : detail::value_text(*v.default_value);
    }
    for (const VariableValidation& rule : v.validations)
      e.validations.push_back(detail::message_text(rule.error_message, declarations.files));
    doc.entries.push_back(std::move(e));
  }
  return doc;
}

}  // namespace hclschema::docs
