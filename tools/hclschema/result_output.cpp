// Output shared by eval, type and convert (see result_output.hpp).
#include "result_output.hpp"

#include <iostream>
#include <sstream>

#include "cli.hpp"
#include "diagnostic/diagnostic_json.hpp"
#include "hclschema/diagnostic_writer.hpp"
#include "hclschema/value/json.hpp"

#include <nlohmann/json.hpp>

namespace hclschema::cli {

int report_diagnostics(const std::string& format, const std::vector<std::shared_ptr<const File>>& files, const Diagnostics& diags) {
  if (format == "json") {
    std::cout << nlohmann::json{{"diagnostics", detail::diagnostics_to_json_array(diags)}}.dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
              << '\n';
  } else {
    SourceFiles sources;
    for (const auto& file : files)
      if (file) sources.emplace(file->source().filename(), file->source_ptr());
    std::ostringstream err;
    DiagnosticTextWriter writer(err, sources, {.color = use_color(stderr), .width = terminal_width(stderr), .context = {}});
    writer.write_all(diags);
    std::cerr << err.str() << std::flush;
  }
  return has_errors(diags) ? exit_errors : exit_ok;
}

int print_value(const std::string& format, const Value& value, const std::vector<std::shared_ptr<const File>>& files,
                const Range& where, bool type_not_from_data) {
  const std::string type_json = type_to_json(type_not_from_data ? value.type() : redacted_type(value));
  // A sensitive value is never printed, in any format.
  const bool sensitive = value.has_mark("sensitive") || value.contains_marked();
  std::optional<std::string> value_json;
  ValueError error;
  if (!sensitive) {
    value_json = value_to_json(value, value.type(), &error);
    if (!value_json) return report_diagnostics(format, files, {unwritable_value_error(error, "result", "Result cannot be printed", where)});
  }
  if (format == "json") {
    // Spliced as text: a JSON library would round numbers that cty keeps exact.
    std::cout << "{\n  " << (sensitive ? std::string("\"sensitive\": true") : "\"value\": " + *value_json) << ",\n  \"type\": " << type_json
              << "\n}\n";
  } else {
    std::cout << (sensitive ? "(sensitive value)" : *value_json) << "\ntype: " << type_json << '\n';
  }
  return exit_ok;
}

Diagnostic unwritable_value_error(const ValueError& error, std::string_view what, std::string_view summary, const Range& where) {
  std::string detail = "The " + std::string(what) + " cannot be written in cty's JSON encoding";
  if (!error.path.empty()) detail += " (at " + error.path + ")";
  detail += ": " + error.message + ".";
  return make_error(error.number_too_long ? "Number too large to write out" : std::string(summary), std::move(detail), where);
}

std::string redacted_value_json(const Value& value) {
  if (value.has_mark("sensitive")) return "\"(sensitive value)\"";
  if (!value.is_known()) return "null";
  const Value plain = value.unmarked();
  if (!plain.contains_marked() && plain.is_wholly_known()) return value_to_json(plain, plain.type()).value_or("null");
  const Type& t = plain.type();
  std::string out;
  if (t.is_object() || t.is_map()) {
    out += '{';
    for (size_t i = 0; i < plain.length(); ++i) {
      if (i) out += ',';
      out += nlohmann::json(plain.keys()[i]).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + ":" + redacted_value_json(plain.elements()[i]);
    }
    return out + '}';
  }
  out += '[';
  for (size_t i = 0; i < plain.length(); ++i) out += (i ? "," : "") + redacted_value_json(plain.elements()[i]);
  return out + ']';
}

namespace {

// Whether `t` has an object or tuple type anywhere in it.
bool names_or_counts_parts(const Type& t) {
  if (t.is_object() || t.is_tuple()) return true;
  return t.is_collection() && names_or_counts_parts(t.element_type());
}

}  // namespace

Type redacted_type(const Value& value) {
  const Type& t = value.type();
  if (!names_or_counts_parts(t)) return t;
  if (value.has_mark(sensitive_mark)) return Type::dynamic();
  if (!value.is_known() || value.is_null() || !value.contains_marked()) return t;
  const Value plain = value.unmarked();
  const std::vector<Value>& elements = plain.elements();
  if (t.is_object()) {
    std::vector<std::pair<std::string, Type>> attributes;
    for (size_t i = 0; i < elements.size(); ++i) attributes.emplace_back(plain.keys()[i], redacted_type(elements[i]));
    return Type::object(std::move(attributes));
  }
  if (t.is_tuple()) {
    std::vector<Type> types;
    for (const Value& element : elements) types.push_back(redacted_type(element));
    return Type::tuple(std::move(types));
  }
  // The elements of a list, set or map share one type: what one element withholds, all do.
  bool withheld = false;
  for (const Value& element : elements) withheld = withheld || redacted_type(element) != t.element_type();
  if (!withheld) return t;
  if (t.is_list()) return Type::list(Type::dynamic());
  if (t.is_set()) return Type::set(Type::dynamic());
  return Type::map(Type::dynamic());
}

}  // namespace hclschema::cli
