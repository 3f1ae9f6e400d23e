// The values of a file's short string literals, shared between the literals of equal text a thread
// evaluates (private to the evaluator). A configuration repeats the same few strings ("tcp",
// "0.0.0.0/0", tag names) throughout, and each evaluation of one made a new string value: a
// payload, an NFC check and a copy of the text, then the payload's release. Values are immutable,
// so two literals of the same text may well hold one payload.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "hclschema/value/value.hpp"
#include "value/same_text.hpp"
#include "value/value_data.hpp"

namespace hclschema::eval_detail {

namespace literal_strings_detail {

// Two slots per hash of the text (a set: the value made or found last for a text of that hash
// first, the one before it second), the values made last kept (a table of recent values, not of
// every one): 96 KiB of slots a thread, and at most as many short strings (as many as the thread's
// lists of freed payloads keep, value.cpp). A configuration has thousands of distinct short
// literals: with 1024 slots a fifth of the bench corpus's literals missed, each miss a new value
// and the release of the one its slot held; with 4096 single slots one in eight still did, two
// texts of a hash taking the one slot from each other in turn.
inline constexpr size_t k_slots = 4096;
inline constexpr size_t k_sets = k_slots / 2;
// Texts up to this long are kept: a resource's description or a policy line is written once and
// evaluated again with its file (up to 64 bytes, 864 of the bench corpus's literals were made anew
// at every evaluation).
inline constexpr size_t k_max_length = 256;

// A hash of the length and the first and last eight bytes (four, or each byte, of a shorter text),
// read with a few loads rather than byte by byte: texts that differ only in between share a slot,
// and the text is compared in full before a slot's value is used.
inline uint64_t hash_text(std::string_view text) {
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
  const detail::ValueData* payload = nullptr;
  const char* text = nullptr;
  size_t size = 0;
};
struct Slots {
  Slot items[k_slots] = {};
};
// The thread's table (literal_strings.cpp), read inline by literal_string: on the heap (96 KB),
// opened by the first literal kept, and until then (and again once the thread's end freed it) the
// shared k_no_slots, which is never written (util/thread_table_drain.hpp says why). Initial-exec:
// in the position-independent library GCC takes a general-dynamic thread_local's address as a call
// of __tls_get_addr (the link makes it one instruction) and a hit saved and restored six registers
// around it, a tenth of its cost (see value.cpp's payload lists); the library's thread-locals are
// all small, so a module loaded with dlopen still gets its static TLS (docs/architecture.md,
// "Thread-local state"). Constinit: no set-up to check for on each use.
extern Slots k_no_slots;
[[gnu::tls_model("initial-exec")]] extern constinit thread_local Slots* t_slots;

}  // namespace literal_strings_detail

/// literal_string when its text's set's first slot does not hold it, or the text is longer than
/// the table keeps: the second slot's value when it holds the text (the two slots then swapped),
/// else a new value, kept first in the set (the first slot's moved second) when the text is short
/// and NFC. Out of line, so that
/// literal_string's hit (most literals) is a short body, which GCC inlines at most of the
/// evaluator's literal sites: as one out-of-line function, every hit paid the call and saved
/// registers for the miss's calls (-37 K instructions on the bench corpus; forcing it inline at
/// every site pushed other inlines over evaluate.cpp's growth limit and cost more).
[[nodiscard]] Value new_literal(std::string_view text);

/// Value::string(text): the value the thread made last for a literal of the same text when its
/// set still holds it, else a new one (then kept first in that set when the text is short and NFC).
/// Only the set's first slot is read inline; new_literal reads the second.
[[nodiscard]] inline Value literal_string(std::string_view text) {
  if (text.size() <= literal_strings_detail::k_max_length) {
    const literal_strings_detail::Slot& slot =
        literal_strings_detail::t_slots->items[2 * (literal_strings_detail::hash_text(text) % literal_strings_detail::k_sets)];
    if (slot.text && detail::same_text({slot.text, slot.size}, text)) return detail::ValueData::string_of(slot.payload);
  }
  return new_literal(text);
}

/// The longest text kept, in bytes (a longer one is always made anew).
[[nodiscard]] size_t max_kept_literal_length();

}  // namespace hclschema::eval_detail
