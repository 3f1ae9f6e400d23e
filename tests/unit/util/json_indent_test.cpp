// indent_json: Go's json.Indent layout shared by `hclschema vars --format json` and tools/hcldec.
#include <gtest/gtest.h>

#include "util/json_indent.hpp"

namespace hclschema::detail {
namespace {

TEST(JsonIndent, LaysOutLikeGoJsonIndent) {
  const struct {
    const char* compact;
    const char* indented;
  } cases[] = {
      {"{}", "{}"},
      {"[]", "[]"},
      {"{\"a\":1,\"b\":[]}", "{\n  \"a\": 1,\n  \"b\": []\n}"},
      {"[{\"x\":{}},2]", "[\n  {\n    \"x\": {}\n  },\n  2\n]"},
      // Punctuation and escaped quotes inside strings are left alone.
      {"{\"k\":\"a,b:{[\\\"]}\"}", "{\n  \"k\": \"a,b:{[\\\"]}\"\n}"},
      // Whitespace outside strings is dropped; inside them it is kept.
      {"{ \"a\" : \"x y\" }", "{\n  \"a\": \"x y\"\n}"},
  };
  for (const auto& c : cases) EXPECT_EQ(indent_json(c.compact), c.indented) << c.compact;
}

}  // namespace
}  // namespace hclschema::detail
