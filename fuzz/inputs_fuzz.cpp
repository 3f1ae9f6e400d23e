// libFuzzer target: files of `input` blocks (inputs.hpp): the field-line parser, the type reader,
// the typechecker and the Python emitter. Beyond "no crash, no hang, no sanitizer report", it
// checks properties that must hold for any input: every diagnostic range and every range of the
// model (inputs, fields, types, defaults) is a true position in the file; a field is required
// exactly when it has no default and is not optional, and its accessor says so; the canonical
// text of an error-free field's type reads back, as a field of a new file, as the same text; an
// error-free file documents (`hclschema docs`) safely.
#include <cstddef>
#include <cstdint>
#include <string>

#include "docs_checks.hpp"
#include "fuzz_checks.hpp"
#include "hclschema/inputs.hpp"

namespace {

using namespace hclschema;
using hclschema::fuzz::check_range;
using hclschema::fuzz::fail_text;

void check_type(const SourceFile& src, const InputType& type) {
  check_range(src, type.range, "type range");
  for (const Range& r : type.attribute_name_ranges) check_range(src, r, "object attribute name range");
  if (type.default_value) check_range(src, type.default_value->range, "optional default range");
  for (const InputType& child : type.children) check_type(src, child);
}

// A type without optional defaults prints to text that reads back as itself (defaults print as
// their JSON value, which may differ from the source text, so they are left out).
bool has_optional_default(const InputType& type) {
  if (type.default_value) return true;
  for (const InputType& child : type.children)
    if (has_optional_default(child)) return true;
  return false;
}

void check_round_trip(const std::string& text) {
  InputsResult again = read_inputs(SourceFile::from_string("round-trip.hcl", "input \"r\" {\n  f: " + text + "\n}\n"));
  if (has_errors(again.diagnostics) || again.inputs.size() != 1 || again.inputs[0].fields.size() != 1)
    fail_text("type text does not read back", text);
  if (type_text(again.inputs[0].fields[0].type) != text) fail_text("type text reads back as another type", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto source = SourceFile::from_string("inputs.hcl", std::string(reinterpret_cast<const char*>(data), size));
  InputsResult result = read_inputs(source);
  const SourceFile& src = *source;
  hclschema::fuzz::check_diagnostics(src, result.diagnostics);
  const bool clean = !has_errors(result.diagnostics);
  for (const InputBlock& block : result.inputs) {
    check_range(src, block.range, "input range");
    check_range(src, block.name_range, "input name range");
    for (const InputField& field : block.fields) {
      check_range(src, field.range, "field range");
      check_range(src, field.name_range, "field name range");
      check_type(src, field.type);
      if (field.default_value) check_range(src, field.default_value->range, "default range");
      const bool optional = field.type.kind == InputType::Kind::optional;
      if (field.required != (!field.default_value && !optional)) fail_text("required flag is wrong", field.name);
      if (field.accessor != accessor_for(field.type, field.required)) fail_text("accessor is wrong", field.name);
      if ((field.accessor.rfind("config.require", 0) == 0) != field.required) fail_text("accessor disagrees with required", field.accessor);
      const std::string text = type_text(field.type);
      if (clean && !has_optional_default(field.type)) check_round_trip(text);
    }
  }
  (void)emit_python(result.inputs, {"inputs.hcl"});
  if (clean) hclschema::fuzz::check_docs(docs::inputs_document(result.inputs, &src, "inputs.hcl"));
  return 0;
}
