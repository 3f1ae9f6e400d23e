// The thread's table of recent string literal values (literal_strings.hpp).
#include "eval/literal_strings.hpp"

#include <cstdint>

#include "util/swar.hpp"

namespace hclschema::eval_detail {

namespace {

// A slot per hash of the text, the last value made for it kept (a table of recent values, not of
// every one): 16 KiB of handles a thread, and at most as many short strings.
constexpr size_t k_slots = 1024;
constexpr size_t k_max_length = 64;

uint64_t hash_text(std::string_view text) {
  constexpr uint64_t k_multiplier = 0x9E3779B97F4A7C15ULL;
  uint64_t h = text.size() * k_multiplier;
  size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    h = (h ^ hclschema::detail::swar::load(text.data() + i)) * k_multiplier;
    h ^= h >> 29;
  }
  for (; i < text.size(); ++i) h = (h ^ static_cast<unsigned char>(text[i])) * k_multiplier;
  return h ^ (h >> 32);
}

}  // namespace

Value literal_string(std::string_view text) {
  if (text.size() > k_max_length) return Value::string(text);
  thread_local Value slots[k_slots];
  Value& slot = slots[hash_text(text) % k_slots];
  // A slot holds only text that was NFC as written (below): its value's text is then the literal's
  // own, so equal text is the same value.
  if (slot.type().kind() == Type::Kind::string && slot.as_string() == text) return slot;
  Value made = Value::string(text);
  if (made.as_string() == text) slot = made;
  return made;
}

size_t max_kept_literal_length() { return k_max_length; }

}  // namespace hclschema::eval_detail
