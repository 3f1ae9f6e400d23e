// The command-line tool's memory ceiling. A few bytes of configuration can ask for gigabytes (a for
// expression nested three deep over range(1024)); without a ceiling the operating system's
// out-of-memory killer ends the process, or the machine swaps. With one, an allocation past it
// fails: evaluate() turns that into a "Not enough memory" diagnostic at the expression, and main()
// turns anything else into a message and exit status 2.
#pragma once

#include <cstdint>
#include <string>

namespace hclschema::cli {

/// The ceiling the tool sets unless HCLSCHEMA_MAX_MEMORY_MB says otherwise.
inline constexpr uint64_t k_default_max_memory_mib = 4096;

struct MemoryLimit {
  uint64_t mib = 0;      // the ceiling in MiB; 0 = none
  bool applied = false;  // set on this process (not under the sanitizers, whose shadow memory it would refuse)
  std::string error;     // a malformed HCLSCHEMA_MAX_MEMORY_MB: the message to print (exit 2)
};

/// Reads HCLSCHEMA_MAX_MEMORY_MB (a whole number of MiB, 0 = no ceiling; unset = the default)
/// and caps the process's data memory (RLIMIT_DATA: heap and private mappings) there. A lower
/// ceiling set from outside (ulimit -d) is kept.
MemoryLimit apply_memory_limit();

}  // namespace hclschema::cli
