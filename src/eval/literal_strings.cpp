// The thread's table of recent string literal values (literal_strings.hpp).
#include "eval/literal_strings.hpp"

#include <cstdint>
#include <cstring>
#include <utility>

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

// A text whose set did not hold it: a new value, whose payload is kept first in the set at `index`
// (the first slot's moved to the second, whose value is let go) when the text was NFC as written
// (then the value's text is the literal's own, so equal text is the same value) and the thread's
// table could be opened (not after it was drained). Not inlined: the hit's path is left a short
// body.
[[gnu::noinline]] Value make_literal(size_t index, std::string_view text) {
  Value made = Value::string(text);
  const std::string& made_text = made.as_string();
  if (!hclschema::detail::same_text(made_text, text)) return made;
  Slots* slots = hclschema::detail::open_table(t_slots, k_no_slots, t_closed, t_drain);
  if (!slots) return made;
  Slot& first = slots->items[index];
  Slot& second = slots->items[index + 1];
  const hclschema::detail::ValueData* payload = hclschema::detail::ValueData::payload_of(made);
  payload->refs.fetch_add(1, std::memory_order_relaxed);  // the slot's reference
  const hclschema::detail::ValueData* before = second.text ? second.payload : nullptr;
  second = first;
  first.payload = payload;
  first.text = made_text.data();
  first.size = made_text.size();
  if (before) release(before);  // (freed here when the slot held its last reference)
  return made;
}

}  // namespace

Value new_literal(std::string_view text) {
  if (text.size() > k_max_length) return Value::string(text);
  const size_t index = 2 * (literal_strings_detail::hash_text(text) % literal_strings_detail::k_sets);
  Slot* items = t_slots->items;
  Slot& second = items[index + 1];
  if (second.text && hclschema::detail::same_text({second.text, second.size}, text)) {
    // Found second: swapped first, so that of two texts of a hash evaluated in turn each is found.
    std::swap(items[index], second);
    return hclschema::detail::ValueData::string_of(items[index].payload);
  }
  return make_literal(index, text);
}

size_t max_kept_literal_length() { return k_max_length; }

}  // namespace hclschema::eval_detail
