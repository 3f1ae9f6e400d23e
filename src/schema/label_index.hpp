// The distinct labels of one level of labelled blocks, numbered in first-seen order: what the
// validate/decode walk needs to find duplicate blocks and to group blocks by label.
//
// The standard unordered containers allocate a node per label, and the walk asked for a fresh one
// for every labelled block type of every body (a Terraform file's top level: every resource). This
// is an open-addressing table over storage kept between uses: reset() clears it for the next
// level, so a walk allocates only when a level has more labels than any before it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

namespace hclschema::detail {

class LabelIndex {
 public:
  /// Empties the index for up to `expected` labels (more still fit: the table grows).
  void reset(size_t expected) {
    labels_.clear();
    size_t capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    slots_.assign(capacity, 0);
  }

  /// The number of `label` (its position among the distinct labels seen since reset()), and
  /// whether this call added it.
  std::pair<uint32_t, bool> insert(std::string_view label) {
    if ((labels_.size() + 1) * 2 > slots_.size()) grow();
    const size_t mask = slots_.size() - 1;
    for (size_t i = std::hash<std::string_view>{}(label) & mask;; i = (i + 1) & mask) {
      const uint32_t slot = slots_[i];
      if (slot == 0) {
        labels_.push_back(label);
        slots_[i] = static_cast<uint32_t>(labels_.size());
        return {slots_[i] - 1, true};
      }
      if (labels_[slot - 1] == label) return {slot - 1, false};
    }
  }

  /// The distinct labels, in first-seen order (views of the labels inserted).
  [[nodiscard]] const std::vector<std::string_view>& labels() const { return labels_; }

 private:
  void grow() {
    std::vector<uint32_t> old(slots_.size() * 2, 0);
    old.swap(slots_);
    const size_t mask = slots_.size() - 1;
    for (uint32_t n = 1; n <= labels_.size(); ++n) {
      size_t i = std::hash<std::string_view>{}(labels_[n - 1]) & mask;
      while (slots_[i] != 0) i = (i + 1) & mask;
      slots_[i] = n;
    }
  }

  std::vector<std::string_view> labels_;
  std::vector<uint32_t> slots_;  // 0: empty, else 1 + the label's number
};

}  // namespace hclschema::detail
