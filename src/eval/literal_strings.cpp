// The thread's table of recent string literal values (literal_strings.hpp).
#include "eval/literal_strings.hpp"

#include <cstdint>
#include <cstring>

#include "hclschema/value/payload_ref.hpp"
#include "util/thread_table_drain.hpp"
#include "value/same_text.hpp"
#include "value/value_data.hpp"

namespace hclschema::eval_detail {

// (The table's storage: literal_strings.hpp.)
literal_strings_detail::Slots literal_strings_detail::k_no_slots;
[[gnu::tls_model("initial-exec")]] constinit thread_local literal_strings_detail::Slots* literal_strings_detail::t_slots =
    &literal_strings_detail::k_no_slots;

namespace {

using literal_strings_detail::k_max_length;
using literal_strings_detail::k_slots;
using literal_strings_detail::Slot;
using literal_strings_detail::Slots;
using literal_strings_detail::k_no_slots;
using literal_strings_detail::t_slots;

constinit thread_local bool t_closed = false;  // the drain ran

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
struct Drain {
  bool armed = false;
  ~Drain() { hclschema::detail::drain_table<Slots, release_all>(t_slots, k_no_slots, t_closed); }
};
thread_local Drain t_drain;

// A text whose slot did not hold it: a new value, whose payload is kept in that slot when the text
// was NFC as written (then the value's text is the literal's own, so equal text is the same value)
// and the thread's table could be opened (not after it was drained). Not inlined: the hit's path
// is left a short body.
[[gnu::noinline]] Value make_literal(size_t index, std::string_view text) {
  Value made = Value::string(text);
  const std::string& made_text = made.as_string();
  if (!hclschema::detail::same_text(made_text, text)) return made;
  Slots* slots = hclschema::detail::open_table(t_slots, k_no_slots, t_closed, t_drain);
  if (!slots) return made;
  Slot& slot = slots->items[index];
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

Value new_literal(std::string_view text) {
  if (text.size() > k_max_length) return Value::string(text);
  return make_literal(literal_strings_detail::hash_text(text) % k_slots, text);
}

size_t max_kept_literal_length() { return k_max_length; }

}  // namespace hclschema::eval_detail
