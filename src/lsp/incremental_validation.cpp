// IncrementalValidator: the root's checks plus memoised per-block validations (see the header).
#include "lsp/incremental_validation.hpp"

#include <algorithm>

#include "hclschema/native/ast.hpp"

namespace hclschema::lsp {

namespace {

// A body with nothing in it that reports nothing: what the root's check sees inside each block.
class EmptyBody final : public Body {
 public:
  [[nodiscard]] ContentResult content(const BodySchema&) const override { return {}; }
  [[nodiscard]] PartialContentResult partial_content(const BodySchema&) const override { return {{}, std::make_shared<EmptyBody>(), {}}; }
  [[nodiscard]] AttributesResult just_attributes() const override { return {}; }
  [[nodiscard]] Range missing_item_range() const override { return {}; }
};

// The document's root as `validate` sees it for the root's own checks: every block's body empty.
// It records the blocks the walk was given, which are the ones whose bodies the full walk enters.
class RootView final : public Body {
 public:
  explicit RootView(const Body& real) : real_(real) {}
  [[nodiscard]] ContentResult content(const BodySchema& schema) const override {
    ContentResult r = real_.content(schema);
    seen_ = r.content.blocks;
    for (Block& b : r.content.blocks) b.body = &empty_;
    return r;
  }
  [[nodiscard]] PartialContentResult partial_content(const BodySchema& schema) const override {
    PartialContentResult r = real_.partial_content(schema);
    seen_ = r.content.blocks;
    for (Block& b : r.content.blocks) b.body = &empty_;
    return r;
  }
  [[nodiscard]] AttributesResult just_attributes() const override { return real_.just_attributes(); }
  [[nodiscard]] Range missing_item_range() const override { return real_.missing_item_range(); }
  [[nodiscard]] const std::vector<Block>& seen() const { return seen_; }

 private:
  const Body& real_;
  EmptyBody empty_;
  mutable std::vector<Block> seen_;
};

void shift(Diagnostics& diags, int64_t delta) {
  auto move = [&](Range& r) {
    r.start.byte = static_cast<uint32_t>(static_cast<int64_t>(r.start.byte) + delta);
    r.end.byte = static_cast<uint32_t>(static_cast<int64_t>(r.end.byte) + delta);
  };
  for (Diagnostic& d : diags) {
    if (d.subject) move(*d.subject);
    if (d.context) move(*d.context);
  }
}

}  // namespace

Diagnostics IncrementalValidator::validate(const std::shared_ptr<const Schema>& schema, const File& file) {
  const native::NativeBody* root = file.native_body();
  if (!schema) return {};
  if (!root) return hclschema::validate(*schema, file.body());
  if (schema != schema_) {
    schema_ = schema;
    block_schemas_.clear();
    blocks_.clear();
    auto shallow = std::make_shared<Schema>(*schema);
    auto empty = std::make_shared<const BodyDecl>();
    for (BlockDecl& b : shallow->root.blocks) b.body = empty;
    shallow_ = shallow;
  }

  RootView view(*root);
  Diagnostics out = hclschema::validate(*shallow_, view);

  std::unordered_map<std::string, Diagnostics> kept;
  std::vector<std::string_view> single_seen;  // a single block's type: only its first block is walked
  const std::string_view text = file.source().text();
  for (const Block& block : view.seen()) {
    const BlockDecl* decl = schema->root.block(block.type);
    if (!decl || !decl->body || !block.body) continue;
    if (decl->is_single()) {
      if (std::find(single_seen.begin(), single_seen.end(), block.type) != single_seen.end()) continue;
      single_seen.push_back(block.type);
    }
    const auto* body = dynamic_cast<const native::NativeBody*>(block.body);
    const Range def_range = block.def_range();
    const uint32_t begin = def_range.start.byte;
    const uint32_t end = std::max(body ? body->span().end : begin, def_range.end.byte);
    std::string key = std::string(block.type) + '\n' + std::to_string(def_range.start.line) + ':' + std::to_string(def_range.start.column) + '\n';
    key.append(text.substr(begin, end - begin));

    auto found = blocks_.find(key);
    Diagnostics diags;
    if (found != blocks_.end()) {
      diags = found->second;
    } else {
      auto& sub = block_schemas_[decl];
      if (!sub) {
        auto s = std::make_shared<Schema>();
        s->draft = schema->draft;
        s->root = *decl->body;
        s->file = schema->file;
        sub = s;
      }
      diags = hclschema::validate(*sub, *block.body);
      shift(diags, -static_cast<int64_t>(begin));
    }
    Diagnostics placed = diags;
    shift(placed, begin);
    kept.emplace(std::move(key), std::move(diags));
    append(out, std::move(placed));
  }
  blocks_ = std::move(kept);  // only what this version of the document has

  // validate's order: by location, those without one last.
  std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (!a.subject || !b.subject) return a.subject.has_value() && !b.subject.has_value();
    return a.subject->start.byte < b.subject->start.byte;
  });
  return out;
}

}  // namespace hclschema::lsp
