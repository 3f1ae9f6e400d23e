// The value of a number literal (private to the evaluator). A configuration's numbers are short
// plain integers (ports, sizes, counts: "80", "2"), each parsed again at every evaluation: read
// here inline, digit by digit, they skip Number::parse's call and the optional it answers in.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>

#include "hclschema/value/number.hpp"
#include "hclschema/value/value.hpp"
#include "value/value_data.hpp"

namespace hclschema::eval_detail {

/// Value::number of Number::parse(text), or an unknown number when the text does not parse (the
/// parser makes number literals only of text that does).
[[nodiscard]] inline Value literal_number(std::string_view text) {
  // Up to 18 digits, no sign (a literal has none: `-1` is a negation): an int64 that cannot
  // overflow, as Number::parse's own fast path reads it.
  if (!text.empty() && text.size() <= 18) {
    int64_t v = 0;
    size_t i = 0;
    for (; i < text.size(); ++i) {
      const unsigned digit = static_cast<unsigned char>(text[i]) - unsigned{'0'};
      if (digit > 9) break;
      v = v * 10 + digit;
    }
    if (i == text.size()) return hclschema::detail::ValueData::small_number(v);
  }
  auto n = Number::parse(text);
  return n ? Value::number(std::move(*n)) : Value::unknown(Type::number());
}

}  // namespace hclschema::eval_detail
