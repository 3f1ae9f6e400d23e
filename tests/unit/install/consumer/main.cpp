// Uses the installed library through its public headers only: parses a valid and a broken string
// and checks what the syntax-neutral API answers. Exit 0 and "ok" when all is as expected.
#include <cstdio>

#include "hclschema/parse.hpp"

using namespace hclschema;

static int fail(const char* what) {
  std::fprintf(stderr, "consumer: %s\n", what);
  return 1;
}

int main() {
  auto good = parse_source(SourceFile::from_string("service.hcl", "name = \"web\"\nport = 8080\n"));
  if (has_errors(good.diagnostics)) return fail("a valid file has errors");
  auto attrs = good.file->body().just_attributes();
  if (attrs.attributes.size() != 2) return fail("expected two attributes");
  const Attribute* port = nullptr;
  for (const auto& a : attrs.attributes)
    if (a.name == "port") port = &a;
  if (port == nullptr || port->expr->range().start.line != 2) return fail("port is not on line 2");

  auto json = parse_source(SourceFile::from_string("service.hcl.json", "{\"name\": \"web\"}"));
  if (has_errors(json.diagnostics) || json.file->body().just_attributes().attributes.size() != 1)
    return fail("the JSON file did not parse to one attribute");

  auto bad = parse_source(SourceFile::from_string("broken.hcl", "port = \n"));
  if (!has_errors(bad.diagnostics)) return fail("a broken file has no errors");

  std::puts("ok");
  return 0;
}
