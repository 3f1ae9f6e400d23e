// The thread's kept template buffers (template_buffers.hpp).
#include "eval/template_buffers.hpp"

#include <cstring>
#include <new>

namespace hclschema::eval_detail {

namespace {

using template_buffer_detail::t_kept;

void free_block(template_buffer_detail::Block& b) { ::operator delete(b.data); }
thread_local ThreadKeptDrain<template_buffer_detail::Kept, free_block> t_drain{t_kept};

}  // namespace

void TemplateBuffer::give_back() {
  if (capacity_ <= template_buffer_detail::k_max_capacity && keep_arming(t_kept, t_drain, template_buffer_detail::Block{data_, capacity_})) return;
  ::operator delete(data_);
}

void TemplateBuffer::grow(size_t n) {
  size_t capacity = capacity_ * 2;
  if (capacity < n) capacity = n;
  if (capacity < 64) capacity = 64;
  char* data = static_cast<char*>(::operator new(capacity));
  if (size_ > 0) std::memcpy(data, data_, size_);
  ::operator delete(data_);
  data_ = data;
  capacity_ = capacity;
}

size_t kept_template_buffers() { return t_kept.count; }
size_t max_kept_template_buffers() { return template_buffer_detail::Kept::most_kept(); }
size_t max_kept_template_capacity() { return template_buffer_detail::k_max_capacity; }

}  // namespace hclschema::eval_detail
