// The network functions of the standard library: cidrhost, cidrnetmask, cidrsubnet, cidrsubnets,
// for IPv4 and IPv6 prefixes, with Terraform's (and go-cidr's) error texts. Addresses are held as
// 128-bit integers; an IPv4 address uses the low 32 bits.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "functions/families.hpp"
#include "functions/function_util.hpp"

namespace hclschema::detail {

namespace {

using namespace fn;
__extension__ typedef unsigned __int128 u128;  // GCC/Clang builtin; pedantic mode needs the marker

struct Prefix {
  u128 addr = 0;  // the network address (host bits cleared)
  int bits = 0;   // prefix length
  int width = 32; // 32 or 128
};

std::optional<u128> parse_v4(std::string_view s) {
  u128 out = 0;
  int parts = 0;
  size_t i = 0;
  while (parts < 4) {
    if (i >= s.size() || s[i] < '0' || s[i] > '9') return std::nullopt;
    unsigned v = 0;
    size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      v = v * 10 + static_cast<unsigned>(s[i] - '0');
      if (i - start > 2 || v > 255) return std::nullopt;
      ++i;
    }
    out = (out << 8) | v;
    ++parts;
    if (parts < 4) {
      if (i >= s.size() || s[i] != '.') return std::nullopt;
      ++i;
    }
  }
  if (i != s.size()) return std::nullopt;
  return out;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<u128> parse_v6(std::string_view s) {
  // Groups before and after a "::", each up to 8 in all; an IPv4 tail counts as two groups.
  std::vector<uint16_t> head, tail;
  bool gap = false;
  std::vector<uint16_t>* cur = &head;
  size_t i = 0;
  if (s.substr(0, 2) == "::") {
    gap = true;
    cur = &tail;
    i = 2;
  }
  while (i < s.size()) {
    size_t j = i;
    while (j < s.size() && s[j] != ':') ++j;
    std::string_view group = s.substr(i, j - i);
    if (group.find('.') != std::string_view::npos) {
      if (j != s.size()) return std::nullopt;
      auto v4 = parse_v4(group);
      if (!v4) return std::nullopt;
      cur->push_back(static_cast<uint16_t>(*v4 >> 16));
      cur->push_back(static_cast<uint16_t>(*v4 & 0xffff));
      i = j;
      break;
    }
    if (group.empty() || group.size() > 4) return std::nullopt;
    unsigned v = 0;
    for (char c : group) {
      int d = hex_digit(c);
      if (d < 0) return std::nullopt;
      v = v * 16 + static_cast<unsigned>(d);
    }
    cur->push_back(static_cast<uint16_t>(v));
    if (j == s.size()) { i = j; break; }
    if (s.substr(j, 2) == "::") {
      if (gap) return std::nullopt;
      gap = true;
      cur = &tail;
      i = j + 2;
    } else {
      i = j + 1;
      if (i == s.size()) return std::nullopt;
    }
  }
  size_t n = head.size() + tail.size();
  if (gap ? n > 7 : n != 8) return std::nullopt;
  u128 out = 0;
  for (auto g : head) out = (out << 16) | g;
  for (size_t k = 0; k < 8 - n; ++k) out <<= 16;
  for (auto g : tail) out = (out << 16) | g;
  return out;
}

u128 mask(int bits, int width) {
  if (bits == 0) return 0;
  u128 all = width == 128 ? ~u128(0) : ((u128(1) << 32) - 1);
  return (all << (width - bits)) & all;
}

std::optional<Prefix> parse_cidr(std::string_view s) {
  auto slash = s.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  std::string_view ip = s.substr(0, slash), len = s.substr(slash + 1);
  Prefix p;
  if (auto v4 = parse_v4(ip)) {
    p.addr = *v4;
    p.width = 32;
  } else if (auto v6 = parse_v6(ip)) {
    p.addr = *v6;
    p.width = 128;
  } else {
    return std::nullopt;
  }
  if (len.empty() || len.size() > 3) return std::nullopt;
  int b = 0;
  for (char c : len) {
    if (c < '0' || c > '9') return std::nullopt;
    b = b * 10 + (c - '0');
  }
  if (b > p.width) return std::nullopt;
  p.bits = b;
  p.addr &= mask(b, p.width);
  return p;
}

std::string format(u128 addr, int width) {
  if (width == 32) {
    auto v = static_cast<uint32_t>(addr);
    return std::to_string(v >> 24) + "." + std::to_string((v >> 16) & 255) + "." + std::to_string((v >> 8) & 255) + "." +
           std::to_string(v & 255);
  }
  // As Go's net.IP.String: an IPv4-mapped address (::ffff:a.b.c.d) prints as the IPv4 address.
  if ((addr >> 32) == 0xffff) return format(addr & 0xffffffffu, 32);
  uint16_t g[8];
  for (int k = 7; k >= 0; --k) {
    g[k] = static_cast<uint16_t>(addr & 0xffff);
    addr >>= 16;
  }
  // The longest run of two or more zero groups becomes "::" (the first such run on a tie).
  int best = -1, best_len = 0;
  for (int k = 0; k < 8;) {
    if (g[k] != 0) { ++k; continue; }
    int e = k;
    while (e < 8 && g[e] == 0) ++e;
    if (e - k > best_len && e - k >= 2) { best = k; best_len = e - k; }
    k = e;
  }
  static const char* digits = "0123456789abcdef";
  auto hex = [](uint16_t v) {
    std::string s;
    bool started = false;
    for (int sh = 12; sh >= 0; sh -= 4) {
      int d = (v >> sh) & 15;
      if (d || started || sh == 0) { s += digits[d]; started = true; }
    }
    return s;
  };
  std::string out;
  for (int k = 0; k < 8; ++k) {
    if (k == best) {
      out += "::";
      k += best_len - 1;
      continue;
    }
    if (!out.empty() && out.back() != ':') out += ':';
    out += hex(g[k]);
  }
  return out;
}

std::string cidr_text(const Prefix& p) { return format(p.addr, p.width) + "/" + std::to_string(p.bits); }

ValueOutcome bad_cidr(const std::string& s) {
  return ValueOutcome::fail("invalid CIDR expression: invalid CIDR address: " + s, 0);
}

Function cidrhost_fn() {
  FunctionSpec s;
  s.params = {param("prefix", Type::string()), param("hostnum", Type::number())};
  s.fixed_return_type = Type::string();
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    auto p = parse_cidr(a[0].as_string());
    if (!p) return bad_cidr(a[0].as_string());
    auto n = whole(a[1]);
    if (!n) return ValueOutcome::fail(whole_required, 1);
    int host_bits = p->width - p->bits;
    u128 size = host_bits >= 128 ? ~u128(0) : (u128(1) << host_bits);
    u128 offset;
    bool fits;
    if (*n >= 0) {
      offset = static_cast<u128>(*n);
      fits = host_bits >= 64 || offset < size;
    } else {
      u128 back = static_cast<u128>(-(*n + 1)) + 1;
      fits = host_bits >= 64 || back <= size;
      offset = fits ? size - back : 0;
    }
    if (!fits)
      return ValueOutcome::fail("prefix of " + std::to_string(p->bits) + " bits cannot accommodate a host numbered " +
                                std::to_string(*n));
    return ValueOutcome::ok(Value::string(format(p->addr | offset, p->width)));
  };
  return Function(std::move(s));
}

Function cidrnetmask_fn() {
  FunctionSpec s;
  s.params = {param("prefix", Type::string())};
  s.fixed_return_type = Type::string();
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    auto p = parse_cidr(a[0].as_string());
    if (!p) return bad_cidr(a[0].as_string());
    if (p->width == 128) return ValueOutcome::fail("IPv6 addresses cannot have a netmask: " + a[0].as_string(), 0);
    return ValueOutcome::ok(Value::string(format(mask(p->bits, 32), 32)));
  };
  return Function(std::move(s));
}

// go-cidr's Subnet: the `num`th prefix of `bits + newbits` bits inside `p`.
std::optional<Prefix> subnet(const Prefix& p, int64_t newbits, int64_t num, std::string& error) {
  if (newbits < 0 || newbits > p.width - p.bits) {  // compared this way round so huge newbits cannot overflow
    error = "insufficient address space to extend prefix of " + std::to_string(p.bits) + " by " + std::to_string(newbits);
    return std::nullopt;
  }
  int nb = static_cast<int>(newbits);
  if (num < 0 || (nb < 63 && static_cast<u128>(num) >= (u128(1) << nb))) {
    error = "prefix extension of " + std::to_string(newbits) + " does not accommodate a subnet numbered " + std::to_string(num);
    return std::nullopt;
  }
  Prefix out = p;
  out.bits = p.bits + nb;
  out.addr = p.addr | (static_cast<u128>(num) << (p.width - out.bits));
  return out;
}

Function cidrsubnet_fn() {
  FunctionSpec s;
  s.params = {param("prefix", Type::string()), param("newbits", Type::number()), param("netnum", Type::number())};
  s.fixed_return_type = Type::string();
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    auto p = parse_cidr(a[0].as_string());
    if (!p) return bad_cidr(a[0].as_string());
    auto nb = whole(a[1]);
    if (!nb) return ValueOutcome::fail(int_required, 1);
    auto num = whole(a[2]);
    if (!num) return ValueOutcome::fail(whole_required, 2);
    std::string err;
    auto r = subnet(*p, *nb, *num, err);
    if (!r) return ValueOutcome::fail(err);
    return ValueOutcome::ok(Value::string(cidr_text(*r)));
  };
  return Function(std::move(s));
}

Function cidrsubnets_fn() {
  FunctionSpec s;
  s.params = {param("prefix", Type::string())};
  s.var_param = param("newbits", Type::number());
  // (The type built once, not per call: a composite type is a lookup or an allocation.)
  s.fixed_return_type = Type::list(Type::string());
  s.impl = [](const Args& a, const Type&) -> ValueOutcome {
    auto p = parse_cidr(a[0].as_string());
    if (!p) return bad_cidr(a[0].as_string());
    std::vector<Value> out;
    // The next free address, counted from the prefix base; `end` when the space is used up.
    u128 next = p->addr;
    bool exhausted = false;
    std::string prev;
    for (size_t i = 1; i < a.size(); ++i) {
      auto nb = whole(a[i]);
      if (!nb) return ValueOutcome::fail(int_required, static_cast<int>(i));
      if (*nb < 1) return ValueOutcome::fail("must extend prefix by at least one bit", static_cast<int>(i));
      // Saturate so that a huge newbits cannot overflow; it is reported as too long either way.
      int64_t len = *nb > INT64_MAX - p->bits ? INT64_MAX : p->bits + *nb;
      if (len > p->width)
        return ValueOutcome::fail("would extend prefix to " + std::to_string(len) + " bits, which is too long for an " +
                                      (p->width == 32 ? "IPv4" : "IPv6") + " address",
                                  static_cast<int>(i));
      int host = p->width - static_cast<int>(len);
      u128 block = u128(1) << host;
      // Align up to this subnet's size.
      u128 start = (next + block - 1) & ~(block - 1);
      u128 end_of_parent = p->addr | (~mask(p->bits, p->width) & (p->width == 128 ? ~u128(0) : ((u128(1) << 32) - 1)));
      if (exhausted || start < next || start > end_of_parent || start - p->addr > end_of_parent - p->addr ||
          block - 1 > end_of_parent - start) {
        return ValueOutcome::fail("not enough remaining address space for a subnet with a prefix of " + std::to_string(len) +
                                      " bits after " + prev,
                                  static_cast<int>(i));
      }
      Prefix sub{start, static_cast<int>(len), p->width};
      prev = cidr_text(sub);
      out.push_back(Value::string(prev));
      u128 last = start + block - 1;
      if (last == end_of_parent) exhausted = true;
      else next = last + 1;
    }
    return ValueOutcome::ok(Value::list(Type::string(), std::move(out)));
  };
  return Function(std::move(s));
}

}  // namespace

void add_network_functions(FunctionTable& table) {
  table["cidrhost"] = cidrhost_fn();
  table["cidrnetmask"] = cidrnetmask_fn();
  table["cidrsubnet"] = cidrsubnet_fn();
  table["cidrsubnets"] = cidrsubnets_fn();
}

}  // namespace hclschema::detail
