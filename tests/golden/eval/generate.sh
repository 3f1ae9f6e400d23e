#!/usr/bin/env bash
# Regenerates tests/golden/eval/{vars.json,cases.jsonl,expected.jsonl}: generate.py writes the cases, the reference
# program (tools/reference, `eval` subcommand) answers them. Generated files: do not edit by hand.
# Usage: tests/golden/eval/generate.sh [REFERENCE_BINARY]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
ref=${1:-$root/build/reference/reference}
if [[ ! -x $ref ]]; then
  "$root/tools/reference/build.sh" "$ref"
fi
python3 "$here/generate.py" --vars >"$here/vars.json"
python3 "$here/generate.py" >"$here/cases.jsonl"
"$ref" eval "$here/vars.json" <"$here/cases.jsonl" >"$here/expected.jsonl"
wc -l "$here/cases.jsonl" "$here/expected.jsonl"
