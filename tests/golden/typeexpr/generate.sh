#!/usr/bin/env bash
# Regenerates tests/golden/typeexpr/{cases.jsonl,expected.jsonl,corpus.jsonl}: generate.py writes the
# cases, the reference program (tools/reference, `typeexpr` subcommand: HCL 2.14's ext/typeexpr and
# go-cty's convert) answers them. Random cases whose result depends on the HCL version's
# Defaults.Apply are dropped (see generate.py). Generated files: do not edit by hand.
# Usage: tests/golden/typeexpr/generate.sh [REFERENCE_BINARY]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
ref=${1:-$root/build/reference/reference}
if [[ ! -x $ref ]]; then
  "$root/tools/reference/build.sh" "$ref"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$here/generate.py" >"$tmp/all.jsonl"
"$ref" typeexpr <"$tmp/all.jsonl" >"$tmp/all.expected.jsonl"
python3 "$here/generate.py" --drop-divergent "$tmp/all.expected.jsonl" <"$tmp/all.jsonl" >"$here/cases.jsonl"
"$ref" typeexpr <"$here/cases.jsonl" >"$here/expected.jsonl"
wc -l "$here/cases.jsonl" "$here/expected.jsonl"

# Every `variable` block with a `type` in the native-syntax files of the shared corpus (files with
# namespaced function calls are left out: HCL 2.14 cannot parse them). Files are read in place.
corpus=${HCLSCHEMA_CORPUS_DIR:-$root/../shared/corpus}
if [[ -d $corpus ]]; then
  (cd "$corpus" && find . -mindepth 2 -type f -name '*.tf' | sed 's|^\./||' |
    LC_ALL=C sort | xargs grep -LE '::' | "$ref" typeexpr --corpus) >"$here/corpus.jsonl"
  wc -l "$here/corpus.jsonl"
else
  echo "generate.sh: corpus not found at $corpus: keeping the existing corpus.jsonl" >&2
fi
