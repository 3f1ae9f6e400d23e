// hcl.MergeBodies: the bodies of several files read as one. Required arguments are checked over the
// union (with a sourceless diagnostic, as HCL has nowhere to point), duplicates across files are
// errors, and the merged content has no missing-item range of its own, as in HCL.
#include "merged_body.hpp"

#include <string>

#include "decoder.hpp"

namespace hclschema::hcldec {

namespace {

class MergedBody final : public Body {
 public:
  explicit MergedBody(std::vector<const Body*> bodies, std::vector<std::shared_ptr<const Body>> owned = {})
      : bodies_(std::move(bodies)), owned_(std::move(owned)) {}

  ContentResult content(const BodySchema& schema) const override {
    auto r = merged(schema, false);
    return {std::move(r.content), std::move(r.diagnostics)};
  }
  PartialContentResult partial_content(const BodySchema& schema) const override { return merged(schema, true); }

  AttributesResult just_attributes() const override {
    AttributesResult out;
    for (const Body* b : bodies_) {
      AttributesResult r = b->just_attributes();
      append(out.diagnostics, std::move(r.diagnostics));
      for (auto& a : r.attributes) add_attribute(out.attributes, std::move(a), out.diagnostics);
    }
    return out;
  }

  Range missing_item_range() const override {
    if (bodies_.empty()) return Range{"<empty>", {}, {}};
    return bodies_.front()->missing_item_range();
  }

 private:
  std::vector<const Body*> bodies_;
  std::vector<std::shared_ptr<const Body>> owned_;  // leftover bodies of a partial read

  static void add_attribute(std::vector<Attribute>& into, Attribute a, Diagnostics& diags) {
    for (const auto& existing : into) {
      if (existing.name != a.name) continue;
      diags.push_back(make_error("Duplicate argument",
                                 "Argument \"" + std::string(a.name) + "\" was already set at " + range_string(existing.name_range()),
                                 a.name_range()));
      return;
    }
    into.push_back(std::move(a));
  }

  PartialContentResult merged(const BodySchema& schema, bool partial) const {
    BodySchema relaxed = schema;
    for (auto& a : relaxed.attributes) a.required = false;
    PartialContentResult out;
    std::vector<const Body*> leftovers;
    std::vector<std::shared_ptr<const Body>> owned;
    for (const Body* b : bodies_) {
      BodyContent c;
      if (partial) {
        PartialContentResult r = b->partial_content(relaxed);
        append(out.diagnostics, std::move(r.diagnostics));
        c = std::move(r.content);
        owned.push_back(r.remain);
        leftovers.push_back(r.remain.get());
      } else {
        ContentResult r = b->content(relaxed);
        append(out.diagnostics, std::move(r.diagnostics));
        c = std::move(r.content);
      }
      for (auto& a : c.attributes) add_attribute(out.content.attributes, std::move(a), out.diagnostics);
      for (auto& blk : c.blocks) out.content.blocks.push_back(std::move(blk));
    }
    for (const auto& a : schema.attributes)
      if (a.required && !out.content.attribute(a.name))
        out.diagnostics.push_back(
            make_error("Missing required argument", "The argument \"" + a.name + "\" is required, but was not set.", std::nullopt));
    if (partial) out.remain = std::make_shared<MergedBody>(std::move(leftovers), std::move(owned));
    return out;
  }
};

}  // namespace

std::shared_ptr<const Body> merge_bodies(std::vector<const Body*> bodies) {
  return std::make_shared<MergedBody>(std::move(bodies));
}

}  // namespace hclschema::hcldec
