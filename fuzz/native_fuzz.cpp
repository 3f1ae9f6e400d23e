// libFuzzer target: HCL native syntax. Any bytes must parse to a file plus diagnostics, without a
// crash, a hang or a sanitizer report, and with every range a true position in the input.
// Built with clang (-DHCLSCHEMA_BUILD_FUZZ=ON) it fuzzes; in the normal build replay_main.cpp runs
// it over the seed corpus (fuzz/corpus/native) as a ctest test.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace hclschema;
  auto source = SourceFile::from_string("fuzz.hcl", std::string(reinterpret_cast<const char*>(data), size));
  fuzz::exercise(parse_native(std::move(source)));
  return 0;
}
