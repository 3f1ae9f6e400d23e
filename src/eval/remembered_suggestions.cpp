// The thread's memo of table suggestions, and TableSuggester's indexed tables
// (remembered_suggestions.hpp).
#include "eval/remembered_suggestions.hpp"

#include <array>
#include <cstdint>
#include <cstring>

#include "util/go_format.hpp"
#include "util/thread_table_drain.hpp"
#include "value/same_text.hpp"

namespace hclschema::detail {

namespace {

// A slot per hash of (serial, name), the last answer for it kept: a table of recent answers, not
// of every one (14 KiB a thread). Names and suggestions are kept in the slot itself, so that the
// memo needs no allocation and no destructor (a thread_local without one costs no guard to reach).
constexpr size_t k_slots = 128;
constexpr size_t k_max_text = 48;

struct Slot {
  uint64_t serial;  // 0: empty (serials start at 1)
  uint8_t given_size;
  uint8_t suggestion_size;
  bool found;
  bool given_quotes_as_is;
  bool suggestion_quotes_as_is;
  char given[k_max_text];
  char suggestion[k_max_text];
};

// On the heap, made on the thread's first use (util/thread_table_drain.hpp: 14 KiB of the
// library's static TLS otherwise).
constinit thread_local hclschema::detail::ThreadHeapObject<std::array<Slot, k_slots>> t_slots;

Slot& slot_for(uint64_t serial, std::string_view given) {
  uint64_t h = NameIndex::hash(given) ^ (serial * 0x9E3779B97F4A7C15ULL);
  h ^= h >> 32;
  return t_slots.get()[h & (k_slots - 1)];
}

// The slot remembering `index`'s answer for `given`, or null.
inline const Slot* remembered_slot(const NameIndex& index, std::string_view given) {
  const uint64_t serial = index.serial();
  const Slot& slot = slot_for(serial, given);
  if (slot.serial != serial || slot.given_size != given.size() || !same_text(std::string_view(slot.given, slot.given_size), given))
    return nullptr;
  return &slot;
}

}  // namespace

RememberedSuggestion remembered_suggestion(const NameIndex& index, std::string_view given) {
  const Slot* slot = remembered_slot(index, given);
  if (!slot) return {};
  return {true, slot->found, slot->found ? std::string_view(slot->suggestion, slot->suggestion_size) : std::string_view(),
          slot->given_quotes_as_is, slot->suggestion_quotes_as_is};
}

void remember_suggestion(const NameIndex& index, std::string_view given, const NameSuggester& suggester) {
  const std::string_view suggestion = suggester.suggestion();
  if (given.size() > k_max_text || suggestion.size() > k_max_text) return;
  Slot& slot = slot_for(index.serial(), given);
  slot.serial = index.serial();
  slot.given_size = static_cast<uint8_t>(given.size());
  slot.found = suggester.found();
  slot.suggestion_size = static_cast<uint8_t>(suggestion.size());
  slot.given_quotes_as_is = go_quotes_as_is(given);
  slot.suggestion_quotes_as_is = suggester.found() && go_quotes_as_is(suggestion);
  std::memcpy(slot.given, given.data(), given.size());
  std::memcpy(slot.suggestion, suggestion.data(), suggestion.size());
}

bool TableSuggester::offer_index(const NameIndex& index) {
  if (const Slot* slot = remembered_slot(index, given_)) {
    given_quoting_ = quoting(slot->given_quotes_as_is);
    if (slot->found) {
      found_ = true;
      suggestion_ = std::string_view(slot->suggestion, slot->suggestion_size);
      suggestion_quoting_ = quoting(slot->suggestion_quotes_as_is);
    }
    return found_;
  }
  // Worked out, with the suggester that has found nothing so far (an answer found before would
  // have ended the search): what it finds now is this index's own answer.
  NameSuggester& s = suggester();
  index.offer_names(s, NameCharacters{s.identifier_set()});
  remember_suggestion(index, given_, s);
  if (s.found()) take(s);
  return found_;
}

bool TableSuggester::quotes_as_is(std::string_view text) { return go_quotes_as_is(text); }

}  // namespace hclschema::detail
