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

# Every attribute of the shared corpus, evaluated without a context (native-syntax files; files
# with namespaced function calls are left out: HCL 2.14 cannot parse them).
corpus=${HCLSCHEMA_CORPUS_DIR:-$root/../shared/corpus}
if [[ -d $corpus ]]; then
  (cd "$corpus" && find . -mindepth 2 -type f \( -name '*.tf' -o -name '*.hcl' -o -name '*.tfvars' \) | sed 's|^\./||' |
    LC_ALL=C sort | xargs grep -LE '::' | "$ref" eval --files) >"$here/corpus.jsonl"
  wc -l "$here/corpus.jsonl"
else
  echo "generate.sh: corpus not found at $corpus: keeping the existing corpus.jsonl" >&2
fi
