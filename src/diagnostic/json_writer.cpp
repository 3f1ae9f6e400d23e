// The public JSON writer: serializes the terraform-validate document built in diagnostic_json.cpp.
#include "diagnostic/diagnostic_json.hpp"
#include "hclschema/diagnostic_writer.hpp"

namespace hclschema {

namespace {

// Diagnostic texts may quote bytes of a file that is not valid UTF-8; replacing them with U+FFFD
// keeps serialization from throwing (nlohmann's default is to throw on invalid UTF-8).
std::string serialize(const nlohmann::json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::string diagnostics_to_json(const Diagnostics& diags, int indent) { return serialize(detail::validate_document(diags), indent); }

std::string diagnostics_array_to_json(const Diagnostics& diags, int indent) {
  return serialize(detail::diagnostics_to_json_array(diags), indent);
}

}  // namespace hclschema
