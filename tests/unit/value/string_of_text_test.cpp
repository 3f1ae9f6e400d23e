// detail::string_of_text (src/value/string_of_text.hpp): the value Value::string gives, with text
// already in NFC taken over rather than copied, and other text normalised.
#include "value/string_of_text.hpp"

#include <gtest/gtest.h>

#include <string>

#include "hclschema/value.hpp"

namespace hclschema {
namespace {

TEST(StringOfText, TakesOverTextInNfc) {
  std::string text(100, 'x');  // past std::string's inline buffer: its heap block is what moves
  const char* block = text.data();
  const Value v = detail::string_of_text(std::move(text));
  EXPECT_EQ(v.as_string(), std::string(100, 'x'));
  EXPECT_EQ(v.as_string().data(), block);
  EXPECT_TRUE(raw_equals(v, Value::string(std::string(100, 'x'))));
}

TEST(StringOfText, NormalisesOtherText) {
  const std::string decomposed = "caf" "e\xCC\x81 " + std::string(40, 'y');
  const Value v = detail::string_of_text(std::string(decomposed));
  EXPECT_EQ(v.as_string(), "caf\xC3\xA9 " + std::string(40, 'y'));
  EXPECT_TRUE(raw_equals(v, Value::string(decomposed)));
  EXPECT_EQ(detail::string_of_text(std::string()).as_string(), "");
}

}  // namespace
}  // namespace hclschema
