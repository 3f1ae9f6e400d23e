#!/usr/bin/env bash
# Regenerates tests/golden/functions/{vars.json,cases.jsonl,expected.jsonl}: generate.py writes the
# cases, the reference program (tools/reference, `functions` subcommand: go-cty's stdlib and HCL's
# tryfunc under hclschema's names) answers them. Generated files: do not edit by hand.
# Usage: tests/golden/functions/generate.sh [REFERENCE_BINARY]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
ref=${1:-$root/build/reference/reference}
if [[ ! -x $ref ]]; then
  "$root/tools/reference/build.sh" "$ref"
fi
python3 "$here/generate.py" --vars >"$here/vars.json"
python3 "$here/generate.py" >"$here/cases.jsonl"
"$ref" functions "$here/vars.json" <"$here/cases.jsonl" >"$here/expected.jsonl"
wc -l "$here/cases.jsonl" "$here/expected.jsonl"
