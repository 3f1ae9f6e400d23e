// "Did you mean" suggestions for unknown names, offered a table at a time and remembered per table
// index and name.
//
// A table's suggestion for a name (the first of its names, in the table's order, within two edits)
// is a pure function of the table's names and the name. Real files, and the corpus, misspell the
// same few names (type keywords, a dynamic block's iterator) over and over: working the answer out
// anew for each (a NameSuggester's table of characters, and a pass over every name of the table)
// was most of what an unknown name cost, over 4% of evaluating the corpus. So each thread
// remembers the answers of recent (index, name) pairs in a small table of its own.
//
// Why a remembered answer cannot go stale: it is keyed by the index's serial (NameIndex::serial),
// which no other index ever gets, and an index never changes: a table whose names change drops its
// index and builds a new one (with a new serial) when next asked. Values may change freely; the
// answer does not depend on them. Small tables (no index) are walked as before, unremembered.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "eval/name_index.hpp"
#include "hclschema/eval/name_table.hpp"
#include "util/did_you_mean.hpp"

namespace hclschema::detail {

/// What this thread remembers of `index`'s suggestion for `given`.
struct RememberedSuggestion {
  bool remembered = false;  // false: nothing remembered, the answer must be worked out
  bool found = false;       // (when remembered) whether the index has a name within two edits
  /// (When found) that name, in the thread's memo: valid until its next remember_suggestion().
  std::string_view suggestion;
  /// (When remembered) go_quotes_as_is() of the name asked about and of the suggestion (false
  /// when none), which the message quoting them asks: remembered with the answer.
  bool given_quotes_as_is = false;
  bool suggestion_quotes_as_is = false;
};
[[nodiscard]] RememberedSuggestion remembered_suggestion(const NameIndex& index, std::string_view given);
/// Remembers the answer `suggester` (made for `given`, offered every name of `index` it needed)
/// came to; a name or suggestion too long for the memo is not remembered.
void remember_suggestion(const NameIndex& index, std::string_view given, const NameSuggester& suggester);

/// A NameSuggester for `given` over whole tables, in the order offered (then single names, as a
/// for expression's), with each indexed table's answer taken from or put in the thread's memo. The
/// NameSuggester itself is made only when some answer has to be worked out.
class TableSuggester {
 public:
  explicit TableSuggester(std::string_view given) : given_(given) {}
  TableSuggester(const TableSuggester&) = delete;
  TableSuggester& operator=(const TableSuggester&) = delete;

  /// Offers the names of `table`; true once a suggestion has been found (in it or before).
  template <class V>
  bool offer_table(const NameTable<V>& table) {
    if (found_) return true;
    if (const NameIndex* index = table.name_index()) return offer_index(*index);
    NameSuggester& s = suggester();
    if (offer_table_names(s, table, NameCharacters{s.identifier_set()})) take(s);
    return found_;
  }
  /// Offers one more name; true once a suggestion has been found.
  bool offer(std::string_view candidate) {
    if (found_) return true;
    NameSuggester& s = suggester();
    if (s.offer_next(candidate)) take(s);
    return found_;
  }
  [[nodiscard]] bool found() const { return found_; }
  /// The suggestion, or "" when none of the offers was close enough. Valid while this object is,
  /// and until the thread's next remember_suggestion() (another TableSuggester's, say).
  [[nodiscard]] std::string_view suggestion() const { return suggestion_; }
  /// go_quotes_as_is() of the name and of the suggestion, as remembered when an answer was.
  [[nodiscard]] bool given_quotes_as_is() const {
    return given_quoting_ == Quoting::unknown ? quotes_as_is(given_) : given_quoting_ == Quoting::as_is;
  }
  [[nodiscard]] bool suggestion_quotes_as_is() const {
    return suggestion_quoting_ == Quoting::unknown ? quotes_as_is(suggestion_) : suggestion_quoting_ == Quoting::as_is;
  }

 private:
  bool offer_index(const NameIndex& index);
  NameSuggester& suggester() { return suggester_ ? *suggester_ : suggester_.emplace(given_); }
  void take(const NameSuggester& s) {
    found_ = true;
    suggestion_ = s.suggestion();
    suggestion_quoting_ = Quoting::unknown;
  }
  static bool quotes_as_is(std::string_view text);  // go_quotes_as_is (util/go_format.hpp)

  enum class Quoting : uint8_t { unknown, as_is, escaped };
  static Quoting quoting(bool as_is) { return as_is ? Quoting::as_is : Quoting::escaped; }

  std::string_view given_;
  bool found_ = false;
  Quoting given_quoting_ = Quoting::unknown;
  Quoting suggestion_quoting_ = Quoting::unknown;
  std::string_view suggestion_;
  std::optional<NameSuggester> suggester_;
};

}  // namespace hclschema::detail
