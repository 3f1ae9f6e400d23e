// The thread's table of recent string literal values (literal_strings.hpp).
#include "eval/literal_strings.hpp"

#include <cstdint>
#include <cstring>

#include "hclschema/value/payload_ref.hpp"
#include "util/thread_table_drain.hpp"
#include "value/same_text.hpp"
#include "value/value_data.hpp"

namespace hclschema::eval_detail {

namespace {

// A slot per hash of the text, the last value made for it kept (a table of recent values, not of
// every one): 96 KiB of slots a thread, and at most as many short strings (as many as the thread's
// lists of freed payloads keep, value.cpp). A configuration has thousands of distinct short
// literals: with 1024 slots a fifth of the bench corpus's literals missed, each miss a new value
// and the release of the one its slot held.
constexpr size_t k_slots = 4096;
constexpr size_t k_max_length = 64;

// A hash of the length and the first and last eight bytes (four, or each byte, of a shorter text),
// read with a few loads rather than byte by byte: texts that differ only in between share a slot,
// and the text is compared in full before a slot's value is used.
uint64_t hash_text(std::string_view text) {
  constexpr uint64_t k_multiplier = 0x9E3779B97F4A7C15ULL;
  const char* p = text.data();
  const size_t n = text.size();
  uint64_t first = 0, last = 0;
  if (n >= 8) {
    std::memcpy(&first, p, 8);
    std::memcpy(&last, p + n - 8, 8);
  } else if (n >= 4) {
    uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, p + n - 4, 4);
    first = a;
    last = b;
  } else if (n > 0) {
    first = static_cast<unsigned char>(p[0]) | (static_cast<uint64_t>(static_cast<unsigned char>(p[n / 2])) << 8) |
            (static_cast<uint64_t>(static_cast<unsigned char>(p[n - 1])) << 16);
  }
  uint64_t h = (n * k_multiplier) ^ first;
  h = (h * k_multiplier) ^ last;
  h *= k_multiplier;
  return h >> 32;  // the product's high half, which every input bit reaches (its low bits see only the low bits)
}

}  // namespace

namespace {

// A slot: the payload of the value made last for a text that hashes here (one reference held
// while the slot is set), and that text, which is the payload's own: a hit compares it without
// asking the value (an out-of-line call) whether it is a string and what its text is, and makes the
// value from the payload (ValueData::string_of: a few stores and the count's increment) rather
// than copying a whole kept Value, each of whose handles was tested and copied. No text (nullptr)
// while the slot is empty. 24 bytes, where a kept Value and its text took 72.
//
// Plain data, as ThreadKeptList (thread_kept_list.hpp) is: a thread_local with a destructor is
// checked for set-up on every use, and that check's call path made the hit save and restore six
// registers. The payloads are released by the drain below when the thread ends.
struct Slot {
  const hclschema::detail::ValueData* payload;
  const char* text;
  size_t size;
};
struct Slots {
  Slot items[k_slots];
  bool armed;   // the drain will release the payloads kept
  bool closed;  // it did: nothing is kept any more
};
// Initial-exec: in the position-independent library GCC takes a thread_local's address as a call of
// __tls_get_addr (the link makes it one instruction) and a hit saved and restored six registers
// around it, a tenth of its cost (see value.cpp's payload lists).
[[gnu::tls_model("initial-exec")]] thread_local Slots t_slots;

// Gives up the slot's reference to its payload (the payload is freed if it was the last).
void release(const hclschema::detail::ValueData* payload) {
  (void)hclschema::detail::PayloadRef<hclschema::detail::ValueData>::adopt(payload);  // released at once
}

// Releases the thread's kept payloads (when it ends: the drain's).
void release_all(Slots& slots) {
  for (Slot& slot : slots.items) {
    if (!slot.text) continue;
    slot.text = nullptr;
    release(slot.payload);
  }
}
thread_local hclschema::detail::ThreadTableDrain<Slots, release_all> t_drain{t_slots};

// A text whose slot did not hold it: a new value, whose payload is kept in that slot when the text
// was NFC as written (then the value's text is the literal's own, so equal text is the same value)
// and the thread's table is still open. Not inlined: the hit's path is left a short body.
[[gnu::noinline]] Value make_literal(Slot& slot, std::string_view text) {
  Value made = Value::string(text);
  const std::string& made_text = made.as_string();
  if (!hclschema::detail::same_text(made_text, text) || !hclschema::detail::open_arming(t_slots, t_drain)) return made;
  const hclschema::detail::ValueData* payload = hclschema::detail::ValueData::payload_of(made);
  payload->refs.fetch_add(1, std::memory_order_relaxed);  // the slot's reference
  const hclschema::detail::ValueData* before = slot.text ? slot.payload : nullptr;
  slot.payload = payload;
  slot.text = made_text.data();
  slot.size = made_text.size();
  if (before) release(before);  // (freed here when the slot held its last reference)
  return made;
}

}  // namespace

Value literal_string(std::string_view text) {
  if (text.size() > k_max_length) return Value::string(text);
  Slot& slot = t_slots.items[hash_text(text) % k_slots];
  if (slot.text && hclschema::detail::same_text({slot.text, slot.size}, text)) return hclschema::detail::ValueData::string_of(slot.payload);
  return make_literal(slot, text);
}

size_t max_kept_literal_length() { return k_max_length; }

}  // namespace hclschema::eval_detail
