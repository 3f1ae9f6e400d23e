// A type written back as HCL type-expression text (type_string in typeexpr.hpp), in the exact
// form of typeexpr.TypeString: no spaces, object attributes sorted, optional attributes shown as
// their plain type, names that are not identifiers quoted.
#include "hclschema/typeexpr.hpp"
#include "util/go_format.hpp"
#include "hclschema/static_expr.hpp"

namespace hclschema {

namespace {

void write_type(std::string& out, const Type& type) {
  switch (type.kind()) {
    case Type::Kind::dynamic: out += "any"; return;
    case Type::Kind::boolean: out += "bool"; return;
    case Type::Kind::number: out += "number"; return;
    case Type::Kind::string: out += "string"; return;
    case Type::Kind::list:
    case Type::Kind::set:
    case Type::Kind::map:
      out += type.is_list() ? "list(" : type.is_set() ? "set(" : "map(";
      write_type(out, type.element_type());
      out += ')';
      return;
    case Type::Kind::tuple: {
      out += "tuple([";
      bool first = true;
      for (const Type& e : type.tuple_elements()) {
        if (!first) out += ',';
        first = false;
        write_type(out, e);
      }
      out += "])";
      return;
    }
    case Type::Kind::object: {
      out += "object({";
      bool first = true;
      for (const auto& a : type.attributes()) {  // already sorted by name
        if (!first) out += ',';
        first = false;
        out += is_valid_identifier(a.name) ? a.name : detail::go_quote(a.name);
        out += '=';
        write_type(out, a.type);
      }
      out += "})";
      return;
    }
  }
}

}  // namespace

std::string type_string(const Type& type) {
  std::string out;
  write_type(out, type);
  return out;
}

}  // namespace hclschema
