// The command-line tool's memory ceiling (tools/hclschema/memory_limit.*): HCLSCHEMA_MAX_MEMORY_MB,
// an expression that needs more memory than the ceiling (a diagnostic where it is written), and a
// file too large to validate under it (reported for that file, the other files still checked).
// Under AddressSanitizer the tool sets no ceiling (its shadow memory would not fit under one), so
// the tests that need one to stop an input are skipped there.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "cli_run.hpp"
#include "util/sanitizers.hpp"

namespace {

using namespace hclschema_cli_test;

// A billion numbers: tens of gigabytes if built.
const std::string k_bomb = "'length(flatten([for i in range(1024) : [for j in range(1024) : [for k in range(1024) : k]]]))'";

TEST(CliMemory, AMalformedCeilingIsAUsageError) {
  for (const char* value : {"abc", "12MB", "-1", "", "17592186044416"}) {  // the last is 2^44 MiB: 2^64 bytes
    CliRun r = run("eval '1 + 1'", std::string("HCLSCHEMA_MAX_MEMORY_MB='") + value + "'");
    EXPECT_EQ(r.exit_code, 2) << value;
    EXPECT_TRUE(contains(r.err, "HCLSCHEMA_MAX_MEMORY_MB must be a whole number of MiB (0 for no ceiling)")) << r.err;
  }
}

TEST(CliMemory, ACeilingLeavesOrdinaryWorkAlone) {
  for (const char* value : {"0", "64", "4096"}) {
    CliRun r = run("eval 'join(\",\", [for i in range(3) : tostring(i)])'", std::string("HCLSCHEMA_MAX_MEMORY_MB=") + value);
    EXPECT_EQ(r.exit_code, 0) << value << r.err;
    EXPECT_EQ(r.out, "\"0,1,2\"\ntype: \"string\"\n") << value;
  }
}

TEST(CliMemory, AnExpressionPastTheCeilingGetsADiagnosticWhereItIsWritten) {
  if (hclschema::detail::k_address_sanitizer) GTEST_SKIP() << "no ceiling under AddressSanitizer";
  CliRun r = run("eval " + k_bomb, "HCLSCHEMA_MAX_MEMORY_MB=256");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(contains(r.err, "Error: Not enough memory")) << r.err;
  EXPECT_TRUE(contains(r.err, "on <expr> line 1:")) << r.err;
  EXPECT_TRUE(contains(r.err, "Evaluating this expression needs more memory than is available")) << r.err;
}

TEST(CliMemory, AFilePastTheCeilingIsReportedAndTheOthersAreStillChecked) {
  if (hclschema::detail::k_address_sanitizer) GTEST_SKIP() << "no ceiling under AddressSanitizer";
  // 16 MB of attributes: its syntax tree alone needs several times that.
  const std::string big = ::testing::TempDir() + "/hclschema_cli_memory_big.hcl";
  {
    std::ofstream out(big);
    for (int i = 0; i < 400000; ++i) out << "attribute_" << i << " = [\"value\", " << i << ", { k = \"v\" }]\n";
  }
  const std::string examples = std::string(HCLSCHEMA_SOURCE_DIR) + "/examples/";
  CliRun r = run("validate --schema '" + examples + "service.schema.hcl' '" + big + "' '" + examples + "service_invalid.hcl'",
                 "HCLSCHEMA_MAX_MEMORY_MB=48");
  std::remove(big.c_str());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "Error: Not enough memory")) << r.err;
  EXPECT_TRUE(contains(r.err, "Reading and validating \"" + big + "\" needs more memory than is available")) << r.err;
  EXPECT_TRUE(contains(r.err, "service_invalid.hcl")) << r.err;  // the other file's own errors
}

}  // namespace
