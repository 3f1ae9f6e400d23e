// Cross-field rules (see cross_field_checks.hpp). The declaring attribute is always a member of
// its own group; two declarations of the same group (`exactly_one_of` on both sides) are one rule,
// so they give one diagnostic.
#include "schema/cross_field_checks.hpp"

#include <algorithm>
#include <set>

#include "util/go_format.hpp"

namespace hclschema::detail {

namespace {

using Kind = CrossFieldRule::Kind;

std::string quoted_list(const std::vector<std::string>& names, const char* last_joiner) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += (i + 1 == names.size()) ? last_joiner : ", ";
    out += go_quote(names[i]);
  }
  return out;
}

// The members of `group` that are set, in source order.
std::vector<const Attribute*> set_members(const std::vector<std::string>& group,
                                          const std::map<std::string, const Attribute*, std::less<>>& present) {
  std::vector<const Attribute*> out;
  for (const auto& name : group)
    if (auto it = present.find(name); it != present.end()) out.push_back(it->second);
  std::sort(out.begin(), out.end(), [](const Attribute* a, const Attribute* b) { return a->span.begin < b->span.begin; });
  return out;
}

std::vector<std::string> names_of(const std::vector<const Attribute*>& attrs) {
  std::vector<std::string> out;
  for (const Attribute* a : attrs) out.emplace_back(a->name);
  return out;
}

}  // namespace

void check_cross_field_rules(const BodyDecl& decl, const std::map<std::string, const Attribute*, std::less<>>& present, const LazyRange& missing_item,
                             Diagnostics& diags) {
  std::set<std::pair<int, std::vector<std::string>>> reported;
  for (const AttributeDecl& a : decl.attributes) {
    for (const CrossFieldRule& rule : a.cross_field) {
      std::vector<std::string> group = rule.others;
      group.push_back(a.name);
      std::sort(group.begin(), group.end());
      group.erase(std::unique(group.begin(), group.end()), group.end());
      // required_with is about its declarer: the same names declared elsewhere are another rule.
      std::vector<std::string> key = group;
      if (rule.kind == Kind::required_with) key.insert(key.begin(), a.name);
      if (!reported.insert({static_cast<int>(rule.kind), key}).second) continue;

      const std::vector<const Attribute*> set = set_members(group, present);
      const bool self_set = present.count(a.name) > 0;
      switch (rule.kind) {
        case Kind::conflicts_with:
          if (self_set && set.size() > 1) {
            std::vector<std::string> others;
            for (const Attribute* m : set)
              if (m->name != a.name) others.emplace_back(m->name);
            diags.push_back(make_error("Conflicting attributes",
                                       go_quote(a.name) + " must not be set together with " + quoted_list(others, " or ") + ".",
                                       set[1]->expr->range(), set[0]->range()));
          }
          break;
        case Kind::required_with: {
          if (!self_set) break;
          std::vector<std::string> missing;
          for (const auto& other : rule.others)
            if (!present.count(other) && other != a.name) missing.push_back(other);
          if (!missing.empty())
            diags.push_back(make_error("Missing required attribute",
                                       "Setting " + go_quote(a.name) + " requires " + quoted_list(missing, " and ") + " to be set as well.",
                                       present.at(a.name)->range()));
          break;
        }
        case Kind::exactly_one_of:
          if (set.empty())
            diags.push_back(make_error("Missing required attribute", "Exactly one of " + quoted_list(group, " and ") + " must be set; none is.",
                                       missing_item.range()));
          else if (set.size() > 1)
            diags.push_back(make_error("Conflicting attributes",
                                       "Exactly one of " + quoted_list(group, " and ") + " must be set, but " +
                                           quoted_list(names_of(set), " and ") + (set.size() == 2 ? " are both set." : " are all set."),
                                       set[1]->expr->range(), set[0]->range()));
          break;
        case Kind::at_least_one_of:
          if (set.empty())
            diags.push_back(make_error("Missing required attribute", "At least one of " + quoted_list(group, " and ") + " must be set.",
                                       missing_item.range()));
          break;
      }
    }
  }
}

}  // namespace hclschema::detail
