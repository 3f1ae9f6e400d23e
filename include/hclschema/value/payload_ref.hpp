// The handle behind the shared payloads of Value, Number and Type (internal to the value layer).
//
// Values and types are copied, moved and destroyed constantly (every conversion and evaluation step), so
// their handles are one pointer each instead of std::shared_ptr's two: the reference count lives
// in the payload itself (PayloadHeader, its first base). The count is atomic because values are
// immutable and may be shared between threads. The payload types stay private: this header only
// forward-declares them, and freeing one is an out-of-line call made where the type is complete.
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>

namespace hclschema::detail {

struct ValueData;
struct BigNumber;
struct MarksData;
struct TypeData;

// The reference count at the start of every payload. A new payload starts with one reference,
// the one its first handle adopts; a copied payload is a new payload, so it starts at one too.
struct PayloadHeader {
  PayloadHeader() = default;
  PayloadHeader(const PayloadHeader&) {}
  PayloadHeader& operator=(const PayloadHeader&) = delete;
  mutable std::atomic<uint32_t> refs{1};
};

// Frees a payload whose last handle went away (defined with each payload type).
void free_payload(const PayloadHeader* header, const ValueData* tag);
void free_payload(const PayloadHeader* header, const BigNumber* tag);
void free_payload(const PayloadHeader* header, const MarksData* tag);
void free_payload(const PayloadHeader* header, const TypeData* tag);

// A counted reference to an immutable payload of type P (which derives from PayloadHeader).
// Only code that sees P's definition may dereference it; anyone may copy and destroy it.
template <class P>
class PayloadRef {
 public:
  PayloadRef() = default;
  // Takes over the one reference a newly made payload starts with.
  static PayloadRef adopt(const P* fresh) {
    PayloadRef r;
    r.header_ = fresh;
    return r;
  }
  PayloadRef(const PayloadRef& other) : header_(other.header_) {
    if (header_) header_->refs.fetch_add(1, std::memory_order_relaxed);
  }
  PayloadRef(PayloadRef&& other) noexcept : header_(std::exchange(other.header_, nullptr)) {}
  PayloadRef& operator=(const PayloadRef& other) {
    PayloadRef copy(other);
    std::swap(header_, copy.header_);
    return *this;
  }
  PayloadRef& operator=(PayloadRef&& other) noexcept {
    PayloadRef taken(std::move(other));
    std::swap(header_, taken.header_);
    return *this;
  }
  ~PayloadRef() { release(); }

  void reset() {
    release();
    header_ = nullptr;
  }
  explicit operator bool() const { return header_ != nullptr; }
  // The payload's address, without needing its definition (identity and hashing).
  const PayloadHeader* header() const { return header_; }
  // These need P's definition, so they are only usable where the payload type is known.
  const P* get() const { return static_cast<const P*>(header_); }
  const P* operator->() const { return get(); }
  const P& operator*() const { return *get(); }
  friend bool operator==(const PayloadRef& a, const PayloadRef& b) { return a.header_ == b.header_; }

 private:
  void release() {
    // acq_rel: the thread that frees the payload must see every other thread's last use of it.
    if (header_ && header_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
      free_payload(header_, static_cast<const P*>(nullptr));
  }
  const PayloadHeader* header_ = nullptr;
};

}  // namespace hclschema::detail
