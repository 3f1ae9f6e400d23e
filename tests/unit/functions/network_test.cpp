// Tests of the network functions (cidrhost, cidrnetmask, cidrsubnet, cidrsubnets) through evaluate().
#include <gtest/gtest.h>

#include "function_test_util.hpp"

namespace hclschema {
namespace {

using testing_fn::Case;
using testing_fn::outcome;

TEST(NetworkFunctionsTest, Table) {
  const std::vector<Case> cases = {
      {"cidrhost(\"10.12.112.0/20\", 16)", R"("string" "10.12.112.16")"},
      {"cidrhost(\"10.12.112.0/20\", 268)", R"("string" "10.12.113.12")"},
      {"cidrhost(\"10.12.112.0/20\", -1)", R"("string" "10.12.127.255")"},
      {"cidrhost(\"fd00:fd12:3456:7890:00a2::/72\", 34)", R"("string" "fd00:fd12:3456:7890::22")"},
      {"cidrhost(\"::ffff:1.2.3.0/120\", 1)", R"("string" "1.2.3.1")"},
      {"cidrhost(\"::/0\", 5)", R"("string" "::5")"},
      {"cidrhost(\"1::2::3/64\", 0)", "error: Invalid value for \"prefix\" parameter: invalid CIDR expression: invalid CIDR address: 1::2::3/64."},
      {"cidrhost(\"192.168.1.0/24\", 256)", "error: Call to function \"cidrhost\" failed: prefix of 24 bits cannot accommodate a host numbered 256."},
      {"cidrhost(\"192.168.1.0/24\", 1.5)", "error: Invalid value for \"hostnum\" parameter: value must be a whole number."},
      {"cidrhost(\"not-a-cidr\", 1)", "error: Invalid value for \"prefix\" parameter: invalid CIDR expression: invalid CIDR address: not-a-cidr."},
      {"cidrnetmask(\"172.16.0.0/12\")", R"("string" "255.240.0.0")"},
      {"cidrnetmask(\"10.0.0.0/0\")", R"("string" "0.0.0.0")"},
      {"cidrnetmask(\"fd00::/8\")", "error: Invalid value for \"prefix\" parameter: IPv6 addresses cannot have a netmask: fd00::/8."},
      {"cidrnetmask(\"10.0.0.0/33\")", "error: Invalid value for \"prefix\" parameter: invalid CIDR expression: invalid CIDR address: 10.0.0.0/33."},
      {"cidrsubnet(\"172.16.0.0/12\", 4, 2)", R"("string" "172.18.0.0/16")"},
      {"cidrsubnet(\"10.1.2.0/24\", 4, 15)", R"("string" "10.1.2.240/28")"},
      {"cidrsubnet(\"fd00:fd12:3456:7890::/56\", 16, 162)", R"("string" "fd00:fd12:3456:7800:a200::/72")"},
      {"cidrsubnet(\"10.0.0.0/30\", 4, 0)", "error: Call to function \"cidrsubnet\" failed: insufficient address space to extend prefix of 30 by 4."},
      {"cidrsubnet(\"10.0.0.0/8\", 2, 4)", "error: Call to function \"cidrsubnet\" failed: prefix extension of 2 does not accommodate a subnet numbered 4."},
      {"cidrsubnets(\"10.1.0.0/16\", 4, 4, 8, 4)", R"(["list","string"] ["10.1.0.0/20","10.1.16.0/20","10.1.32.0/24","10.1.48.0/20"])"},
      {"cidrsubnets(\"fd00:fd12:3456:7890::/56\", 16, 16, 16, 32)",
       R"(["list","string"] ["fd00:fd12:3456:7800::/72","fd00:fd12:3456:7800:100::/72","fd00:fd12:3456:7800:200::/72","fd00:fd12:3456:7800:300::/88"])"},
      {"cidrsubnet(\"10.0.0.0/8\", 1.5, 0)", "error: Invalid value for \"newbits\" parameter: value must be a whole number, between -9223372036854775808 and 9223372036854775807."},
      {"cidrsubnet(\"10.0.0.0/8\", 1, 0.5)", "error: Invalid value for \"netnum\" parameter: value must be a whole number."},
      {"cidrsubnet(\"10.0.0.0/8\", 9223372036854775807, 0)", "error: Call to function \"cidrsubnet\" failed: insufficient address space to extend prefix of 8 by 9223372036854775807."},
      {"cidrhost(\"10.0.0.0/8\", -9223372036854775808)", "error: Call to function \"cidrhost\" failed: prefix of 8 bits cannot accommodate a host numbered -9223372036854775808."},
      {"cidrsubnets(\"10.0.0.0/8\", 9223372036854775807)", "error: Invalid value for \"newbits\" parameter: would extend prefix to 9223372036854775807 bits, which is too long for an IPv4 address."},
      {"cidrsubnets(\"10.0.0.0/8\", 0)", "error: Invalid value for \"newbits\" parameter: must extend prefix by at least one bit."},
      {"cidrsubnets(\"10.0.0.0/8\", 25)", "error: Invalid value for \"newbits\" parameter: would extend prefix to 33 bits, which is too long for an IPv4 address."},
      {"cidrsubnets(\"10.0.0.0/30\", 1, 1, 1)", "error: Invalid value for \"newbits\" parameter: not enough remaining address space for a subnet with a prefix of 31 bits after 10.0.0.2/31."},
  };
  for (const auto& c : cases) EXPECT_EQ(outcome(c.expr), c.want) << c.expr;
}

TEST(NetworkFunctionsTest, SensitiveArgumentsGiveSensitiveResults) {
  for (const char* e : {"cidrhost(sensitive(\"10.0.0.0/8\"), 1)", "cidrnetmask(sensitive(\"10.0.0.0/8\"))",
                        "cidrsubnet(\"10.0.0.0/8\", snum, 1)", "cidrsubnets(sensitive(\"10.0.0.0/8\"), 2, 2)"})
    EXPECT_TRUE(testing_fn::sensitive_result(e)) << e;
}

}  // namespace
}  // namespace hclschema
