#!/usr/bin/env bash
# Regenerates the lexer's golden files under tests/golden/lex/expected/ from HashiCorp's Go scanner
# (hclsyntax.LexConfig / LexTemplate, through `reference lex`). Run after changing the inputs.
#
#   tests/golden/lex/generate.sh            # builds the reference program if needed
#   REFERENCE=/path/to/reference tests/golden/lex/generate.sh
#
# Outputs (JSON lines; the first line of each marks it as generated):
#   inputs.jsonl     our hand-written inputs/*.hcl and *.tf (config mode), full token lists
#   templates.jsonl  inputs/*.tmpl lexed as bare templates, full token lists
#   specsuite.jsonl  every .hcl file of the Debian hcl/v2 specsuite, by path below its tests/ folder
#   corpus.jsonl     every file of /work/shared/corpus (../shared/corpus from the source tree), by path
#                    below the corpus root; token count and FNV-1a 64 hash instead of the list
#   fuzz.jsonl       1000 deterministic random inputs (make_fuzz.py), inputs and full token lists
#   unicode_classes.jsonl  code point runs the scanner takes as identifier start / continue
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
reference=${REFERENCE:-$root/build/reference/reference}
if [ -z "${REFERENCE:-}" ]; then "$root/tools/reference/build.sh" "$reference"; fi
spec=/usr/share/gocode/src/github.com/hashicorp/hcl/v2/specsuite/tests
corpus=${HCLSCHEMA_CORPUS:-$root/../shared/corpus}
out=$here/expected
mkdir -p "$out"
header='{"generated":"by tests/golden/lex/generate.sh from hclsyntax; do not edit"}'

cd "$here/inputs"
{ echo "$header"; "$reference" lex $(ls *.hcl *.tf | LC_ALL=C sort); } > "$out/inputs.jsonl"
{ echo "$header"; "$reference" lex --template $(ls *.tmpl | LC_ALL=C sort); } > "$out/templates.jsonl"
cd "$here"
{ echo "$header"; find "$spec" -name '*.hcl' -type f | LC_ALL=C sort | xargs "$reference" lex --root "$spec"; } > "$out/specsuite.jsonl"
{ echo "$header"; find "$corpus" -type f | LC_ALL=C sort | xargs "$reference" lex --hash --root "$corpus"; } > "$out/corpus.jsonl"
{ echo "$header"; python3 "$here/make_fuzz.py" "$reference" 1000; } > "$out/fuzz.jsonl"
{ echo "$header"; "$reference" lex --unicode-classes; } > "$out/unicode_classes.jsonl"
wc -c "$out"/*.jsonl
