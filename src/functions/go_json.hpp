// The syntax check go-cty's jsondecode does before decoding, with Go's encoding/json error texts:
// cty reads one value token by token with a json.Decoder (UseNumber) and then refuses anything but
// a closing bracket after it. Our own JSON reader decodes; this only decides what is accepted and
// says why not in Go's words ("invalid character 'a' looking for beginning of value", "EOF",
// "unexpected EOF", "extraneous data after JSON object", ...).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace hclschema::detail {

/// Where the first JSON value of `text` ends (what cty goes on to decode), or Go's error text.
struct GoJsonScan {
  bool ok = false;
  std::size_t end = 0;  // when ok: one past the first value
  std::string error;    // when not ok
};

[[nodiscard]] GoJsonScan go_json_scan(std::string_view text);

}  // namespace hclschema::detail
